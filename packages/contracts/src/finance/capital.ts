import { z } from 'zod';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf, timeRange } from '../core/paging.ts';
import { historyEntrySchema, historyInput } from '../core/history.ts';
import { accountKindSchema, entryTypeSchema, partyCodeSchema, partyTypeSchema } from './finance-fields.ts';

// 资金账户 (capital-list, capital-detail/{id}, capital-record/{id}; docs/finance.md): every party's balances by kind,
// derived from the journal; a balance's records (its journal lines, newest first, each with the balance after it)
// lead to the entry and the order behind it.

export const CAPITAL_ANCHOR = 'capital-list';
export const SUPPLIER_CAPITAL_ANCHOR = 'capital-list-supplier';
/** 智能柜供应商资金: the smart cabinets' partners (柜主, 点位方). */
export const SMART_CAPITAL_ANCHOR = 'capital-list-supplier-smart-container';
/** Every page that opens a party's account (list, detail, records, cards, freezes, withdrawals). */
export const CAPITAL_ANCHORS = [CAPITAL_ANCHOR, SUPPLIER_CAPITAL_ANCHOR, SMART_CAPITAL_ANCHOR] as const;
export const CAPITAL_TARGETS = { partyCode: '资金账户', entryNo: '记账凭证', orderNo: '订单' } as const;

const balancesShape = {
  /** Cents. */
  available: z.number(),
  frozen: z.number(),
  pending: z.number(),
  inTransit: z.number(),
  /** available + frozen + pending + in transit. */
  total: z.number(),
};

export const partyRowSchema = z.object({
  partyCode: z.string(),
  partyType: z.string(),
  partyTypeName: z.string(),
  name: z.string(),
  /** Masked (138****0001). */
  phone: z.string(),
  ...balancesShape,
  /** Withdrawable now: 可用 when above zero. */
  withdrawable: z.number(),
  cardCount: z.number(),
  updatedAt: z.number(),
});
export type PartyRow = z.infer<typeof partyRowSchema>;

export const capitalListInput = listInput(
  {
    partyType: partyTypeSchema.optional(),
    /** Several types at once (智能柜供应商资金: 柜主 and 点位方). */
    partyTypes: z.array(partyTypeSchema, { error: '账户类型不正确' }).max(5, '账户类型不正确').optional(),
    keyword: z.string().trim().max(40, '关键字不能超过40个字').optional(),
  },
  ['available', 'pending', 'updatedAt'],
);

/** The merchant's books at a glance: what every party holds by kind, and what the payment channel holds. */
export const capitalSummarySchema = z.object({
  ...balancesShape,
  /** What the payment channel holds for all parties (the sum of every party balance). */
  channelHeld: z.number(),
  partyCount: z.number(),
  /** Withdrawals waiting for review or payment, and their sum. */
  openWithdrawals: z.number(),
  openWithdrawalAmount: z.number(),
});
export type CapitalSummary = z.infer<typeof capitalSummarySchema>;

export const partyDetailSchema = partyRowSchema.extend({
  /** Σ captured shares and Σ withdrawn, over the party's life. */
  totalIncome: z.number(),
  totalWithdrawn: z.number(),
  createdAt: z.number(),
});
export type PartyDetail = z.infer<typeof partyDetailSchema>;

const byParty = { partyCode: partyCodeSchema };

export const capitalRecordInput = keysetInput(
  {
    ...byParty,
    kind: accountKindSchema.optional(),
    entryType: entryTypeSchema.optional(),
    orderNo: z.string().trim().max(40, '订单号不正确').optional(),
    createdRange: timeRange,
  },
  ['createdAt'],
);

export const capitalRecordSchema = z.object({
  /** The line's id: a row key. */
  id: z.number(),
  entryNo: z.string(),
  entryType: z.string(),
  entryTypeName: z.string(),
  kind: z.string(),
  kindName: z.string(),
  /** Signed cents: + in, − out. */
  amount: z.number(),
  balanceAfter: z.number(),
  refNo: z.string(),
  orderNo: z.string(),
  /** ORDER_CHANNELS key of the order ('' when there is no order): where its detail page is. */
  orderChannel: z.string(),
  memo: z.string(),
  createdAt: z.number(),
});
export type CapitalRecord = z.infer<typeof capitalRecordSchema>;

export const entryLineSchema = z.object({
  partyCode: z.string(),
  partyName: z.string(),
  partyTypeName: z.string(),
  kind: z.string(),
  kindName: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
});
export const entryDetailSchema = z.object({
  entryNo: z.string(),
  type: z.string(),
  typeName: z.string(),
  refType: z.string(),
  refNo: z.string(),
  orderNo: z.string(),
  orderChannel: z.string(),
  /** Σ of the positive lines. */
  amount: z.number(),
  memo: z.string(),
  operatorName: z.string(),
  createdAt: z.number(),
  /** Always sums to zero. */
  lines: z.array(entryLineSchema),
});
export type EntryDetail = z.infer<typeof entryDetailSchema>;

/** A party to pick (withdrawal, freeze, split agreement forms). */
export const partyOptionSchema = z.object({ partyCode: z.string(), name: z.string(), partyTypeName: z.string() });

export const capitalOps = defineOperations(
  { anchor: CAPITAL_ANCHORS, merchantScope: 'merchant', targets: CAPITAL_TARGETS },
  {
    list: {
      name: 'capital.list',
      label: '资金账户列表',
      input: capitalListInput,
      output: pagedOf(partyRowSchema),
      exportable: true,
    },
    summary: { name: 'capital.summary', label: '资金总览', input: z.object({}), output: capitalSummarySchema },
    detail: { name: 'capital.detail', label: '资金账户详情', input: z.object(byParty), output: partyDetailSchema },
    records: {
      name: 'capital.records',
      label: '资金流水',
      summary: '一个资金账户的记账明细（收款、分账、结算、冻结、提现…），每条带变动后余额',
      input: capitalRecordInput,
      output: keysetOf(capitalRecordSchema),
      exportable: true,
    },
    entry: {
      name: 'capital.entry',
      label: '记账凭证',
      summary: '一张记账凭证的全部分录（借贷相抵为零）',
      input: z.object({ entryNo: z.string().trim().min(1, '请输入凭证号').max(24, '凭证号不正确') }),
      output: entryDetailSchema,
    },
    orderEntries: {
      name: 'capital.orderEntries',
      label: '订单资金记录',
      summary: '一个订单的全部记账凭证：收款、分账、退款、结算',
      input: z.object({ orderNo: z.string().trim().min(1, '请输入订单号').max(40, '订单号不正确') }),
      output: z.array(entryDetailSchema),
    },
    history: {
      name: 'capital.history',
      label: '资金账户日志',
      summary: '一个资金账户的变更记录：绑定、解绑银行卡，设置默认卡',
      input: historyInput(byParty),
      output: pagedOf(historyEntrySchema),
    },
    parties: {
      name: 'capital.parties',
      label: '资金账户选项',
      input: z.object({ keyword: z.string().trim().max(40).optional() }),
      output: z.array(partyOptionSchema),
    },
  },
);

/** The records page's search: the records input without its party and paging. */
export type CapitalRecordFilters = Omit<z.input<typeof capitalRecordInput>, 'partyCode' | 'cursor' | 'pageSize'>;
