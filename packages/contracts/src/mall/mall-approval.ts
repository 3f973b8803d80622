import { z } from 'zod';
import { historyEntrySchema, historyInput } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { pagedOf } from '../core/paging.ts';
import {
  approvalApproveInput,
  approvalCodeSchema,
  approvalDetailSchema,
  approvalEditKey,
  approvalKeyInput,
  approvalListInputOf,
  approvalRejectInput,
  approvalRowSchema,
  approvalStateSchema,
  approvalStepInput,
  approvalWithdrawInput,
  requireEditVersion,
} from '../goods/approval.ts';
import { productFields, specValueSchema } from '../goods/goods-fields.ts';
import { MALL_TARGETS, mallSaleFields } from './mall-fields.ts';
import { mallGoodsIdSchema } from './mall-goods.ts';
import { mallSkuFields } from './mall-sku.ts';
import { priceTierSchema, priceTiersSchema } from './price-tiers.ts';

// 批发商城 → 新品申请 (mall-add-new-product, mall-apply-detail/:approvalCode?/:detail?, mall-apply-sku,
// mall-apply-detail-pdf): applications for a new mall product (kind 3: a product for the standard library
// listed in the mall with its wholesale breaks) and for a new SKU of a mall SPU (kind 4). They live in the
// goods applications' table with the same state machine (APPROVAL_TRANSITIONS), review rules and PDF.

/** The application kinds of the mall (APPROVAL_KINDS 3 and 4). */
export const MALL_APPROVAL_KINDS = [3, 4] as const;

/** 商城新品申请: the product, how the mall sells it, and its first SKU's breaks (spec value = the product's spec). */
export const mallNewProductFields = { ...productFields, ...mallSaleFields, priceTiers: priceTiersSchema };
/** 商城SKU申请: the mall SPU and the SKU. */
export const mallSkuApplyFields = { mallGoodsId: mallGoodsIdSchema, ...mallSkuFields };

export const mallNewProductSaveInput = z.object({
  kind: z.literal(3, { error: '申请类型不正确' }),
  ...approvalEditKey,
  ...mallNewProductFields,
});
export const mallSkuApplySaveInput = z.object({
  kind: z.literal(4, { error: '申请类型不正确' }),
  ...approvalEditKey,
  ...mallSkuApplyFields,
});
export const mallApprovalSaveInput = z
  .discriminatedUnion('kind', [mallNewProductSaveInput, mallSkuApplySaveInput], { error: '申请类型不正确' })
  .superRefine(requireEditVersion);
export type MallApprovalSaveInput = z.output<typeof mallApprovalSaveInput>;

export const mallApprovalListInput = approvalListInputOf(
  z.coerce
    .number()
    .int()
    .refine((v) => v === 3 || v === 4, '申请类型不正确')
    .optional(),
);

export const mallApprovalDetailSchema = approvalDetailSchema.extend({
  /** Kind 3: the product and how the mall sells it. */
  mallProduct: z
    .object({
      name: z.string(),
      barcode: z.string(),
      brand: z.string(),
      categoryId: z.number(),
      categoryPath: z.string(),
      spec: z.string(),
      unit: z.string(),
      shelfLifeDays: z.number(),
      storageStyle: z.number(),
      storageStyleName: z.string(),
      imageIds: z.array(z.string()),
      guidePrice: z.number(),
      saleUnit: z.string(),
      piecesPerUnit: z.number(),
      priceTiers: z.array(priceTierSchema),
      tierText: z.string(),
    })
    .nullable(),
  /** Kind 4: the SKU and its mall SPU. */
  mallSku: z
    .object({
      mallGoodsId: z.number(),
      mallCode: z.string(),
      mallTitle: z.string(),
      saleUnit: z.string(),
      categoryPath: z.string(),
      specValues: z.array(specValueSchema),
      barcode: z.string(),
      priceTiers: z.array(priceTierSchema),
      tierText: z.string(),
    })
    .nullable(),
});
export type MallApprovalDetail = z.infer<typeof mallApprovalDetailSchema>;

export const mallReviewReasonSchema = z.object({
  approvalCode: z.string(),
  status: z.number(),
  statusName: z.string(),
  /** The latest reason: 驳回原因, 撤回原因 or 审核意见 (empty when none was given). */
  reason: z.string(),
  reviewerName: z.string(),
  reviewedAt: z.number().nullable(),
});

/** Secure GET `?approvalCode=`: the printable mall application, for holders of mall-add-new-product. */
export const MALL_APPROVAL_PDF_PATH = '/ben-api/v1/mall/new-product/pdf';

const REVIEW = 'mall-new-product-review';

export const mallApprovalOps = defineOperations(
  { anchor: 'mall-add-new-product', merchantScope: 'merchant', targets: MALL_TARGETS },
  {
    list: {
      name: 'mall.new-product.list',
      label: '商城新品申请列表',
      input: mallApprovalListInput,
      output: pagedOf(approvalRowSchema),
      exportable: true,
    },
    detail: {
      name: 'mall.new-product.detail',
      label: '商城新品申请详情',
      input: approvalKeyInput,
      output: mallApprovalDetailSchema,
    },
    save: {
      name: 'mall.new-product.save',
      label: '保存商城新品申请',
      summary: '保存商城新品申请/商城SKU申请（新建草稿或编辑草稿、已驳回、已撤回的申请）',
      writes: true,
      input: mallApprovalSaveInput,
      output: approvalStateSchema,
    },
    submit: {
      name: 'mall.new-product.submit',
      label: '提交商城新品申请',
      summary: '提交审核（复核条码、分类与商城商品）',
      writes: true,
      input: approvalStepInput,
      output: approvalStateSchema,
    },
    withdraw: {
      name: 'mall.new-product.withdraw',
      label: '撤回商城新品申请',
      summary: '撤回待审核的申请（仅申请人）',
      writes: true,
      input: approvalWithdrawInput,
      output: approvalStateSchema,
    },
    delete: {
      name: 'mall.new-product.delete',
      label: '删除商城新品申请',
      summary: '删除草稿或已撤回的申请',
      writes: true,
      input: approvalStepInput,
      output: z.object({ approvalCode: z.string() }),
    },
    approve: {
      name: 'mall.new-product.approve',
      label: '审核通过商城新品申请',
      summary: '审核通过（新品：入标准商品库并上架批发商城为商城商品和SKU；SKU申请：新增商城SKU），一个事务',
      anchor: REVIEW,
      writes: true,
      input: approvalApproveInput,
      output: approvalStateSchema.extend({
        standardProductId: z.number().nullable(),
        mallGoodsId: z.number().nullable(),
        mallSkuId: z.number().nullable(),
      }),
    },
    reject: {
      name: 'mall.new-product.reject',
      label: '驳回商城新品申请',
      summary: '审核驳回（须填写原因）',
      anchor: REVIEW,
      writes: true,
      input: approvalRejectInput,
      output: approvalStateSchema,
    },
    history: {
      name: 'mall.new-product.history',
      label: '商城新品申请操作记录',
      input: historyInput({ approvalCode: approvalCodeSchema }),
      output: pagedOf(historyEntrySchema),
    },
    reviewReason: {
      name: 'mall.sku.reviewReason',
      label: '商城SKU审核原因',
      summary: '商城SKU申请（或新品申请）的审核结果与原因（驳回原因、撤回原因或审核意见）',
      anchor: ['mall-add-new-product', 'mall-sku-list'],
      input: approvalKeyInput,
      output: mallReviewReasonSchema,
    },
  },
);
