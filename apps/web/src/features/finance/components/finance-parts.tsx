import {
  ACCOUNT_KINDS,
  ENTRY_TYPE_COLORS,
  ENTRY_TYPES,
  FREEZE_STATUS,
  FREEZE_STATUS_COLORS,
  PARTY_ACCOUNT_KINDS,
  PARTY_TYPE_COLORS,
  PARTY_TYPES,
  WITHDRAWAL_STATUS,
  WITHDRAWAL_STATUS_COLORS,
  type EntryType,
  type FreezeStatus,
  type PartyType,
  type WithdrawalStatus,
} from '@merchant/contracts/finance/finance-fields';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { centsToYuan, formatMoney } from '../../../shared/format/money.ts';
import type { ListColumn, ListOption } from '../../../shared/ui/list/list-columns.ts';

// 资金账户 (docs/finance.md): the shared bits of the finance pages — tags, options, money cells.

export const optionsOf = (labels: Record<string | number, string>, numeric: boolean): ListOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value: numeric ? Number(value) : value, label }));

export const partyTypeOptions = optionsOf(PARTY_TYPES, false);
/** The smart cabinets' partners (智能柜供应商资金). */
export const SMART_PARTY_TYPES: readonly PartyType[] = ['cabinet_owner', 'point_owner'];
export const smartPartyTypeOptions = partyTypeOptions.filter((o) => (SMART_PARTY_TYPES as readonly unknown[]).includes(o.value));
/** The kinds of a party's own accounts (支付通道 is the platform's books). */
export const partyKindOptions: ListOption[] = PARTY_ACCOUNT_KINDS.map((k) => ({ value: k, label: ACCOUNT_KINDS[k] }));
export const entryTypeOptions = optionsOf(ENTRY_TYPES, false);
export const withdrawalStatusOptions = optionsOf(WITHDRAWAL_STATUS, true);
export const freezeStatusOptions = optionsOf(FREEZE_STATUS, true);

export const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '--' : String(v));

/** 商户 / 柜主 / 点位方 / 供应商 / 平台 as a tag, by the type's key (or, failing that, its name). */
export function PartyTypeTag({ type, name }: { type?: string; name?: string }) {
  const key = (type && type in PARTY_TYPES ? type : (Object.keys(PARTY_TYPES) as PartyType[]).find((k) => PARTY_TYPES[k] === name)) as
    PartyType | undefined;
  if (!key && !name) return <>--</>;
  return <Tag color={key ? PARTY_TYPE_COLORS[key] : 'default'}>{name || (key ? PARTY_TYPES[key] : type)}</Tag>;
}

/** 收款 / 分账 / 结算 / 冻结 / 提现… as a tag. */
export function EntryTypeTag({ type, name }: { type: string; name?: string }) {
  const t = type as EntryType;
  return <Tag color={ENTRY_TYPE_COLORS[t] ?? 'default'}>{name || ENTRY_TYPES[t] || type || '--'}</Tag>;
}

/** 待审核 / 待打款 / 已打款 / 已驳回 as a tag. */
export function WithdrawalStatusTag({ status, name }: { status: number; name?: string }) {
  const s = status as WithdrawalStatus;
  return <Tag color={WITHDRAWAL_STATUS_COLORS[s] ?? 'default'}>{name || WITHDRAWAL_STATUS[s] || String(status)}</Tag>;
}

/** 冻结中 / 已解冻 as a tag. */
export function FreezeStatusTag({ status, name }: { status: number; name?: string }) {
  const s = status as FreezeStatus;
  return <Tag color={FREEZE_STATUS_COLORS[s] ?? 'default'}>{name || FREEZE_STATUS[s] || String(status)}</Tag>;
}

/** Cents as 元 for a table cell: 万 at 10,000 元 and above (1,234.56 / 12.35万). */
export const money = (v: unknown): string => formatMoney(typeof v === 'number' ? v : null);

/** Cents as exact 元 text (a form's 可提现, a confirmation): 1,234,567.89 — never rounded to 万. */
export const exactYuan = (cents: number): string => centsToYuan(cents);

/** A signed amount: + in green, − in red, 0 plain. */
export function SignedMoney({ cents, exact = false }: { cents: number; exact?: boolean }) {
  const text = exact ? centsToYuan(Math.abs(cents)) : formatMoney(Math.abs(cents));
  if (cents === 0) return <span>{text}</span>;
  return (
    <Typography.Text type={cents > 0 ? 'success' : 'danger'} className="finance-signed-money">
      {cents > 0 ? '+' : '-'}
      {text}
    </Typography.Text>
  );
}

/** A money column (cents → 元, right-aligned); its title says the unit. */
export function moneyColumn<T>(key: string, title: string, over: Partial<ListColumn<T>> = {}): ListColumn<T> {
  return { key, title: `${title}（元）`, width: 130, align: 'right', render: (v) => money(v), ...over };
}

/** A label and its value, side by side (a modal's 可提现 line). */
export function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId}>
      <Typography.Text type="secondary">{label}：</Typography.Text>
      {children}
    </span>
  );
}
