import { z } from 'zod';
import { optionalText, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { basisPointsField, partyCodeSchema } from './finance-fields.ts';

// 收款设置 (collection-setting, collection-setting-agreement, collection-setting-status; docs/finance.md "收款设置"):
// how the merchant collects — its payment channel, the T+1 settlement, the platform fee rate —, the 分账协议 that give a
// cabinet's owner (柜主) a share of its sales, and whether collecting is fully set up (开通状态).

export const COLLECTION_ANCHOR = 'collection-setting';
export const AGREEMENT_ANCHOR = 'collection-setting-agreement';
export const COLLECTION_STATUS_ANCHOR = 'collection-setting-status';
const ANCHORS = [COLLECTION_ANCHOR, AGREEMENT_ANCHOR, COLLECTION_STATUS_ANCHOR] as const;

/** The 开通状态 checklist's points, in order. */
export const COLLECTION_CHECKS = {
  provider: '支付渠道',
  party: '收款主体',
  card: '结算银行卡',
  fee: '平台手续费率',
  agreement: '柜主分账协议',
} as const;
export type CollectionCheckKey = keyof typeof COLLECTION_CHECKS;

/** One point of the 开通状态 checklist. */
export const collectionCheckSchema = z.object({
  key: z.enum(Object.keys(COLLECTION_CHECKS) as [CollectionCheckKey, ...CollectionCheckKey[]]),
  label: z.string(),
  done: z.boolean(),
  /** What is there, or what is missing and where to set it. */
  detail: z.string(),
});

export const collectionSettingSchema = z.object({
  /** The payment channel new payments use (沙箱支付 in the sandbox). */
  providerLabel: z.string(),
  sandbox: z.boolean(),
  /** The merchant's own account (收款主体). */
  merchantPartyCode: z.string(),
  merchantName: z.string(),
  /** Its default card, masked ('' when none). */
  defaultCard: z.string(),
  /** Basis points of each payment kept by the platform. */
  feeBp: z.number(),
  /** The T+1 sweep's interval in seconds (0: only 立即结算). */
  settleIntervalSeconds: z.number(),
  businessTimeZone: z.string(),
  agreementCount: z.number(),
  /** Every check done. */
  opened: z.boolean(),
  /** 已开通 when every check is done, else 待完善. */
  statusName: z.string(),
  checks: z.array(collectionCheckSchema),
  version: z.number(),
});
export type CollectionSetting = z.infer<typeof collectionSettingSchema>;

export const feeInput = z.object({
  feeBp: basisPointsField('平台手续费率').refine((v) => v <= 2_000, '平台手续费率不能超过20%'),
  version: versionField,
  reason: requiredText('调整原因', 2, 200),
});
export type FeeInput = z.input<typeof feeInput>;

export const deviceCodeField = z
  .string({ error: '请输入设备编号' })
  .trim()
  .toUpperCase()
  .min(1, '请输入设备编号')
  .max(20, '设备编号不正确')
  .regex(/^[A-Z0-9]+$/, '设备编号不正确');

export const agreementListInput = listInput(
  {
    deviceCode: z.string().trim().max(20, '设备编号不正确').optional(),
    ownerPartyCode: z.string().trim().max(10, '柜主账户不正确').optional(),
  },
  ['deviceCode', 'ownerBp', 'updatedAt'],
);

export const agreementRowSchema = z.object({
  id: z.number(),
  deviceCode: z.string(),
  deviceName: z.string(),
  pointName: z.string(),
  ownerPartyCode: z.string(),
  ownerName: z.string(),
  /** Masked. */
  ownerPhone: z.string(),
  ownerBp: z.number(),
  /** The point's commission and the platform fee the same sales pay (basis points): the owner's share fits beside them. */
  pointBp: z.number(),
  feeBp: z.number(),
  remark: z.string(),
  updatedAt: z.number(),
  version: z.number(),
});
export type AgreementRow = z.infer<typeof agreementRowSchema>;

export const agreementSaveInput = z.object({
  /** Absent: a new agreement. */
  id: z.coerce.number().int().positive().optional(),
  deviceCode: deviceCodeField,
  ownerPartyCode: partyCodeSchema,
  ownerBp: basisPointsField('柜主分成比例').refine((v) => v > 0, '柜主分成比例必须大于0'),
  remark: optionalText('备注', 200),
  version: versionField.optional(),
});
export type AgreementSaveInput = z.input<typeof agreementSaveInput>;

export const ownerCreateInput = z.object({
  name: requiredText('柜主姓名', 2, 32),
  phone: z
    .string({ error: '请输入手机号' })
    .trim()
    .regex(/^1[3-9]\d{9}$/, '手机号格式不正确'),
});
export type OwnerCreateInput = z.input<typeof ownerCreateInput>;

export const ownerOptionSchema = z.object({ partyCode: z.string(), name: z.string(), phone: z.string() });

export const collectionOps = defineOperations(
  {
    anchor: ANCHORS,
    merchantScope: 'merchant',
    targets: { deviceCode: '设备', ownerPartyCode: '柜主账户', id: '分账协议', feeBp: '平台手续费率' },
  },
  {
    get: { name: 'collection.get', label: '收款设置', input: z.object({}), output: collectionSettingSchema },
    setFee: {
      name: 'collection.setFee',
      label: '调整平台手续费率',
      summary: '之后的收款按新费率分账；已分账的订单不变',
      anchor: COLLECTION_ANCHOR,
      writes: true,
      input: feeInput,
      output: collectionSettingSchema,
    },
    history: {
      name: 'collection.history',
      label: '收款设置日志',
      input: historyInput({}),
      output: pagedOf(historyEntrySchema),
    },
    agreements: {
      name: 'collection.agreements',
      label: '分账协议列表',
      input: agreementListInput,
      output: pagedOf(agreementRowSchema),
      exportable: true,
    },
    saveAgreement: {
      name: 'collection.saveAgreement',
      label: '保存分账协议',
      summary: '一台设备的柜主与分成比例；柜主分成、点位佣金与平台手续费合计不超过100%；只影响之后的收款',
      anchor: AGREEMENT_ANCHOR,
      writes: true,
      input: agreementSaveInput,
      output: agreementRowSchema,
    },
    removeAgreement: {
      name: 'collection.removeAgreement',
      label: '解除分账协议',
      anchor: AGREEMENT_ANCHOR,
      writes: true,
      input: z.object({ id: z.coerce.number().int().positive(), version: versionField }),
      output: z.null(),
    },
    owners: {
      name: 'collection.owners',
      label: '柜主选项',
      input: z.object({ keyword: z.string().trim().max(40).optional() }),
      output: z.array(ownerOptionSchema),
    },
    createOwner: {
      name: 'collection.createOwner',
      label: '新增柜主',
      summary: '开立一位柜主的资金账户（按手机号唯一）',
      anchor: AGREEMENT_ANCHOR,
      writes: true,
      input: ownerCreateInput,
      output: ownerOptionSchema,
    },
  },
);
