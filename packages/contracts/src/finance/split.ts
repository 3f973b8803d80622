import { z } from 'zod';
import { CONTAINER_SUBLEDGER_ANCHOR, DEVICE_INCOME_ANCHOR } from '../core/constants.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf, timeRange } from '../core/paging.ts';
import { ORDER_CHANNELS, type OrderChannel } from '../order/order-fields.ts';
import { SPLIT_STATUS } from './finance-fields.ts';

// 分账明细 (capital-subledger), 待结算账单 (capital-wait-settled-bill) and 项目账单 (project-bill-record; docs/finance.md
// "分账", "结算"): one split per paid payment — the merchant's, the cabinet owner's, the point's and the platform's
// shares, always adding up to what was paid less what was refunded — settled T+1 (待结算 → 已结算) in settlement
// bills.

export const SUBLEDGER_ANCHOR = 'capital-subledger';
export const WAIT_SETTLED_ANCHOR = 'capital-wait-settled-bill';
export const SETTLEMENT_ANCHOR = 'project-bill-record';
/** 商城分账明细: the split list of the 批发商城 channel only (a role holding just this anchor sees no other channel). */
export const PURCHASE_MALL_SUBLEDGER_ANCHOR = 'capital-subledger-purchase-mall';

export const splitStatusSchema = z.coerce
  .number({ error: '结算状态不正确' })
  .int('结算状态不正确')
  .refine((v) => v in SPLIT_STATUS, '结算状态不正确');
const channelSchema = z.enum(Object.keys(ORDER_CHANNELS) as [OrderChannel, ...OrderChannel[]], { error: '请选择渠道' });

export const splitListInput = keysetInput(
  {
    orderNo: z.string().trim().max(40, '订单号不正确').optional(),
    deviceCode: z.string().trim().max(20, '设备编号不正确').optional(),
    channel: channelSchema.optional(),
    status: splitStatusSchema.optional(),
    /** 柜主分账: only the splits with a cabinet owner's share, or one owner's (FP code). */
    withOwner: z.boolean({ error: '仅柜主分账只能是是或否' }).optional(),
    ownerPartyCode: z.string().trim().max(10, '柜主账户不正确').optional(),
    /** The splits that gave one supplier (FP code) a 代销 share. */
    supplierPartyCode: z.string().trim().max(10, '供应商账户不正确').optional(),
    /** The splits one settlement bill settled. */
    settleNo: z.string().trim().max(24, '结算单号不正确').optional(),
    paidRange: timeRange,
  },
  ['paidAt'],
);

export const splitRowSchema = z.object({
  payNo: z.string(),
  orderNo: z.string(),
  channel: z.string(),
  channelName: z.string(),
  deviceCode: z.string(),
  pointName: z.string(),
  ownerName: z.string(),
  /** The cabinet owner's account (FP…, '' when none). */
  ownerPartyCode: z.string(),
  /** Cents. */
  captured: z.number(),
  refunded: z.number(),
  /** captured − refunded = merchantShare + ownerShare + pointShare + supplierShare + platformFee. */
  net: z.number(),
  merchantShare: z.number(),
  ownerShare: z.number(),
  pointShare: z.number(),
  /** The consigning suppliers' shares together (供应商代销). */
  supplierShare: z.number(),
  /** Their names, '、'-joined ('' when none). */
  supplierNames: z.string(),
  platformFee: z.number(),
  /** Basis points. */
  ownerBp: z.number(),
  pointBp: z.number(),
  feeBp: z.number(),
  status: z.number(),
  statusName: z.string(),
  paidAt: z.number(),
  dueAt: z.number(),
  settledAt: z.number().nullable(),
  settleNo: z.string(),
});
export type SplitRow = z.infer<typeof splitRowSchema>;

export const splitSummarySchema = z.object({
  count: z.number(),
  /** Of those, the 待结算 ones already due (T+1 passed): what 立即结算 would settle now. */
  dueCount: z.number(),
  net: z.number(),
  merchantShare: z.number(),
  ownerShare: z.number(),
  pointShare: z.number(),
  supplierShare: z.number(),
  platformFee: z.number(),
});
export type SplitSummary = z.infer<typeof splitSummarySchema>;

export const settlementListInput = listInput(
  { settleNo: z.string().trim().max(24, '结算单号不正确').optional(), createdRange: timeRange },
  ['createdAt', 'amount'],
);
export const settlementRowSchema = z.object({
  settleNo: z.string(),
  businessDay: z.string(),
  splitCount: z.number(),
  amount: z.number(),
  merchantAmount: z.number(),
  ownerAmount: z.number(),
  pointAmount: z.number(),
  supplierAmount: z.number(),
  feeAmount: z.number(),
  operatorName: z.string(),
  createdAt: z.number(),
});
export type SettlementRow = z.infer<typeof settlementRowSchema>;

export const settleResultSchema = z.object({
  /** How many splits were settled and in how many bills. */
  settled: z.number(),
  bills: z.array(z.string()),
});

/** 收入明细: what each cabinet took in a period and how it was split. */
export const deviceIncomeInput = listInput({ deviceCode: z.string().trim().max(20, '设备编号不正确').optional(), paidRange: timeRange }, [
  'net',
  'orderCount',
  'deviceCode',
]);
export const deviceIncomeRowSchema = z.object({
  deviceCode: z.string(),
  pointName: z.string(),
  orderCount: z.number(),
  captured: z.number(),
  refunded: z.number(),
  net: z.number(),
  merchantShare: z.number(),
  ownerShare: z.number(),
  pointShare: z.number(),
  supplierShare: z.number(),
  platformFee: z.number(),
  lastPaidAt: z.number(),
});
export type DeviceIncomeRow = z.infer<typeof deviceIncomeRowSchema>;

export const splitOps = defineOperations(
  {
    anchor: [SUBLEDGER_ANCHOR, WAIT_SETTLED_ANCHOR, CONTAINER_SUBLEDGER_ANCHOR, DEVICE_INCOME_ANCHOR, PURCHASE_MALL_SUBLEDGER_ANCHOR],
    merchantScope: 'merchant',
    targets: {
      orderNo: '订单',
      payNo: '支付单',
      deviceCode: '设备',
      ownerPartyCode: '柜主账户',
      supplierPartyCode: '供应商账户',
      settleNo: '结算单',
    },
  },
  {
    list: {
      name: 'split.list',
      label: '分账明细',
      summary: '每笔已支付订单的分账：商户、柜主、点位方、代销供应商与平台手续费，合计等于实收减退款',
      input: splitListInput,
      output: keysetOf(splitRowSchema),
      exportable: true,
    },
    summary: {
      name: 'split.summary',
      label: '分账合计',
      input: splitListInput.omit({ cursor: true, pageSize: true, sortField: true, sortOrder: true }),
      output: splitSummarySchema,
    },
    deviceIncome: {
      name: 'split.deviceIncome',
      label: '设备收入明细',
      summary: '按设备汇总一段时间的实收、退款与各方分账',
      anchor: DEVICE_INCOME_ANCHOR,
      input: deviceIncomeInput,
      output: pagedOf(deviceIncomeRowSchema),
      exportable: true,
    },
  },
);

export const settlementOps = defineOperations(
  { anchor: [SETTLEMENT_ANCHOR, WAIT_SETTLED_ANCHOR], merchantScope: 'merchant', targets: { settleNo: '结算单' } },
  {
    list: {
      name: 'settlement.list',
      label: '结算账单',
      input: settlementListInput,
      output: pagedOf(settlementRowSchema),
      exportable: true,
    },
    run: {
      name: 'settlement.run',
      label: '立即结算',
      summary: '结算已到期（T+1）的分账：各方待结算金额转入可用余额，生成结算账单',
      anchor: WAIT_SETTLED_ANCHOR,
      writes: true,
      input: z.object({}),
      output: settleResultSchema,
    },
  },
);
