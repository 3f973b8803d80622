import { z } from 'zod';

// The money ledger's words (docs/finance.md): parties, account kinds, journal entry types, and the states of the
// documents that post to it. Money is integer cents (分) on the wire.

/** Who money is owed to. */
export const PARTY_TYPES = {
  merchant: '商户',
  cabinet_owner: '柜主',
  point_owner: '点位方',
  supplier: '供应商',
  platform: '平台',
} as const;
export type PartyType = keyof typeof PARTY_TYPES;
export const PARTY_TYPE_COLORS: Readonly<Record<PartyType, string>> = {
  merchant: 'blue',
  cabinet_owner: 'purple',
  point_owner: 'cyan',
  supplier: 'orange',
  platform: 'default',
};
export const partyTypeSchema = z.enum(Object.keys(PARTY_TYPES) as [PartyType, ...PartyType[]], { error: '请选择账户类型' });

/**
 * An account is a party's balance of one kind. 可用 may be withdrawn or frozen; 冻结 is held back; 待结算 is a split
 * share waiting for its T+1 settlement; 在途 is a withdrawal on its way to the bank. 支付通道 (the platform's only) is
 * the money the payment channel holds for everyone: its balance is minus the sum of all the others.
 */
export const ACCOUNT_KINDS = {
  available: '可用',
  frozen: '冻结',
  pending: '待结算',
  in_transit: '在途',
  channel: '支付通道',
} as const;
export type AccountKind = keyof typeof ACCOUNT_KINDS;
export const accountKindSchema = z.enum(Object.keys(ACCOUNT_KINDS) as [AccountKind, ...AccountKind[]], { error: '请选择账户' });
/** The kinds a party's page shows (支付通道 belongs to the platform's books). */
export const PARTY_ACCOUNT_KINDS: readonly AccountKind[] = ['available', 'frozen', 'pending', 'in_transit'];

/** Journal entry types: what moved the money. */
export const ENTRY_TYPES = {
  capture: '收款',
  refund: '退款',
  split: '分账',
  split_reversal: '分账退回',
  settle: '结算',
  freeze: '冻结',
  unfreeze: '解冻',
  withdraw_apply: '提现申请',
  withdraw_pay: '提现打款',
  withdraw_reject: '提现驳回',
} as const;
export type EntryType = keyof typeof ENTRY_TYPES;
export const ENTRY_TYPE_COLORS: Readonly<Record<EntryType, string>> = {
  capture: 'green',
  refund: 'volcano',
  split: 'blue',
  split_reversal: 'orange',
  settle: 'cyan',
  freeze: 'magenta',
  unfreeze: 'lime',
  withdraw_apply: 'gold',
  withdraw_pay: 'purple',
  withdraw_reject: 'default',
};
export const entryTypeSchema = z.enum(Object.keys(ENTRY_TYPES) as [EntryType, ...EntryType[]], { error: '请选择业务类型' });

/** 分账 state: a split waits in 待结算 until its settlement (T+1). */
export const SPLIT_STATUS = { 0: '待结算', 1: '已结算' } as const;
export type SplitStatus = keyof typeof SPLIT_STATUS;
export const SPLIT_PENDING = 0;
export const SPLIT_SETTLED = 1;
export const SPLIT_STATUS_COLORS: Readonly<Record<SplitStatus, string>> = { 0: 'gold', 1: 'success' };

/** 提现: 待审核 → 待打款 → 已打款, or 已驳回 before it is paid. */
export const WITHDRAWAL_STATUS = { 0: '待审核', 1: '待打款', 2: '已打款', 3: '已驳回' } as const;
export type WithdrawalStatus = keyof typeof WITHDRAWAL_STATUS;
export const WITHDRAWAL_STATUS_COLORS: Readonly<Record<WithdrawalStatus, string>> = {
  0: 'gold',
  1: 'processing',
  2: 'success',
  3: 'default',
};
export const WITHDRAWAL_TRANSITIONS = {
  approve: { label: '审核通过', from: [0], to: 1 },
  pay: { label: '确认打款', from: [1], to: 2 },
  reject: { label: '驳回', from: [0, 1], to: 3 },
} as const satisfies Record<string, { label: string; from: readonly WithdrawalStatus[]; to: WithdrawalStatus }>;
export type WithdrawalAction = keyof typeof WITHDRAWAL_TRANSITIONS;
export const WITHDRAWAL_ACTIONS = ['approve', 'pay', 'reject'] as const;
export const withdrawalAllowed = (a: WithdrawalAction, status: number) =>
  (WITHDRAWAL_TRANSITIONS[a].from as readonly number[]).includes(status);

/** 资金冻结: 冻结中 → 已解冻. */
export const FREEZE_STATUS = { 0: '冻结中', 1: '已解冻' } as const;
export type FreezeStatus = keyof typeof FREEZE_STATUS;
export const FREEZE_STATUS_COLORS: Readonly<Record<FreezeStatus, string>> = { 0: 'magenta', 1: 'default' };

/** The permission points of the finance pages (granted like pages in 角色管理). */
export const WITHDRAWAL_REVIEW_ANCHOR = 'capital-withdraw-review';
export const CAPITAL_FREEZE_ANCHOR = 'capital-freeze';

/** An amount typed by a person, in cents: 0.01 元 up to 1,000 万元 (an empty one: 请输入…). */
export const amountField = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}必须是数字`) })
      .int(`${label}须精确到分`)
      .min(1, `${label}必须大于0`)
      .max(1_000_000_000, `${label}不能超过10000000元`),
  );

/** A rate in basis points (万分之一): 0 – 100 % (an empty one: 请输入…). */
export const basisPointsField = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}必须是数字`) })
      .int(`${label}须精确到0.01%`)
      .min(0, `${label}不能小于0`)
      .max(10_000, `${label}不能超过100%`),
  );

/** A party's code: FP + 8 digits. */
export const partyCodeSchema = z
  .string({ error: '请选择账户' })
  .trim()
  .regex(/^FP\d{8}$/, '账户编号不正确');
