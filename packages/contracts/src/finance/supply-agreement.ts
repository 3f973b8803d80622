import { z } from 'zod';
import { idSchema, optionalText } from '../core/fields.ts';
import { versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { amountField } from './finance-fields.ts';

// 供应商代销协议 (on collection-setting-agreement; docs/finance.md "供应商代销", decision 79): a supplier consigns one of
// the merchant's SKUs — the supplier's supply SKU and the merchant's SKU share a barcode — at a settlement price per
// unit. Every later sale of that SKU, in a cabinet or any channel, gives the supplier units × price of the sale's split
// (capped by what the fee, the point and the cabinet owner leave), settled T+1 into the supplier's account (供应商资金).

/** The page it is kept on: 分账协议 (its 供应商代销 tab). */
export const SUPPLY_AGREEMENT_ANCHOR = 'collection-setting-agreement';

export const supplyAgreementListInput = listInput(
  {
    /** The merchant's SKU: code, name or barcode. */
    keyword: z.string().trim().max(40, '关键字不能超过40个字').optional(),
    supplierId: z.coerce.number({ error: '供应商不正确' }).int('供应商不正确').positive('供应商不正确').optional(),
  },
  ['skuCode', 'unitPrice', 'updatedAt'],
);

export const supplyAgreementRowSchema = z.object({
  id: z.number(),
  /** The merchant's SKU (K…). */
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  barcode: z.string(),
  /** The SKU's own price (分): what it sells for before price rules. */
  basePrice: z.number(),
  supplierId: z.number(),
  supplierCode: z.string(),
  supplierName: z.string(),
  /** The supplier's account (FP…), opened with its first agreement. */
  supplierPartyCode: z.string(),
  /** The supply SKU (GK…) and its 采购价 (分) now. */
  supplySkuId: z.number(),
  supplySkuCode: z.string(),
  purchasePrice: z.number(),
  /** 代销结算价 (分 per unit sold). */
  unitPrice: z.number(),
  remark: z.string(),
  updatedAt: z.number(),
  version: z.number(),
});
export type SupplyAgreementRow = z.infer<typeof supplyAgreementRowSchema>;

/** 可选代销商品: a supplier's enabled supply SKU whose barcode is one of the merchant's live SKUs. */
export const supplyCandidateSchema = z.object({
  supplySkuId: z.number(),
  supplySkuCode: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  barcode: z.string(),
  purchasePrice: z.number(),
  basePrice: z.number(),
  /** The SKU has a 代销协议 already (with this supplier or another): edit that one. */
  agreed: z.boolean(),
});
export type SupplyCandidate = z.infer<typeof supplyCandidateSchema>;

export const supplyAgreementSaveInput = z.object({
  /** Absent: a new agreement (its SKU has none yet). */
  id: z.coerce.number().int().positive().optional(),
  supplySkuId: idSchema('供应链SKU'),
  unitPrice: amountField('代销结算价'),
  remark: optionalText('备注', 200),
  version: versionField.optional(),
});
export type SupplyAgreementSaveInput = z.input<typeof supplyAgreementSaveInput>;

export const supplyAgreementOps = defineOperations(
  {
    anchor: SUPPLY_AGREEMENT_ANCHOR,
    merchantScope: 'merchant',
    targets: { id: '代销协议', supplySkuId: '供应链SKU', unitPrice: '代销结算价', supplierId: '供应商' },
  },
  {
    list: {
      name: 'supplyAgreement.list',
      label: '代销协议列表',
      input: supplyAgreementListInput,
      output: pagedOf(supplyAgreementRowSchema),
      exportable: true,
    },
    candidates: {
      name: 'supplyAgreement.candidates',
      label: '可选代销商品',
      summary: '供应商启用的供应链SKU中，条码与本商户商品SKU相同的',
      input: z.object({ keyword: z.string().trim().max(40, '关键字不能超过40个字').optional() }),
      output: z.array(supplyCandidateSchema),
    },
    save: {
      name: 'supplyAgreement.save',
      label: '保存代销协议',
      summary: '供应商按代销结算价从该SKU之后的每笔销售分账；一个SKU只有一个代销供应商；已分账的订单不变',
      writes: true,
      input: supplyAgreementSaveInput,
      output: supplyAgreementRowSchema,
    },
    remove: {
      name: 'supplyAgreement.remove',
      label: '解除代销协议',
      writes: true,
      input: z.object({ id: z.coerce.number().int().positive(), version: versionField }),
      output: z.null(),
    },
  },
);
