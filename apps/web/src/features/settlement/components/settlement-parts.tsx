import { SPLIT_STATUS, SPLIT_STATUS_COLORS, type SplitStatus } from '@merchant/contracts/finance/finance-fields';
import { ORDER_CHANNELS } from '@merchant/contracts/order/order-fields';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money.ts';
import type { ListColumn, ListOption } from '../../../shared/ui/list/list-columns.ts';
import { subledgerPath, type SubledgerLinkFilter } from '../settlement-paths.ts';

// 分账 and 结算 (section 106): the shared bits of the split lists, the settlement bills and the device income — money
// and rate cells, the state tag, the search options.

const optionsOf = (labels: Record<string | number, string>, numeric: boolean): ListOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value: numeric ? Number(value) : value, label }));
export const channelOptions = optionsOf(ORDER_CHANNELS, false);
export const splitStatusOptions = optionsOf(SPLIT_STATUS, true);

/** Cents as 元 (万 from 10,000 元 up): 123456 → 1,234.56, 1234567890 → 1,234.57万. */
export const yuan = (v: unknown): string => (typeof v === 'number' ? formatMoney(v) : '--');

/** A rate in basis points as a percentage with two decimals: 60 → 0.60%. */
export function bpPercent(bp: unknown): string {
  if (typeof bp !== 'number' || !Number.isFinite(bp)) return '--';
  const bps = Math.round(bp);
  const sign = bps < 0 ? '-' : '';
  const abs = Math.abs(bps);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
}

/** A money column in 元, right-aligned (DESIGN §8). */
export function moneyColumn<T>(key: string, title: string, over: Partial<ListColumn<T>> = {}): ListColumn<T> {
  return { key, title: `${title}（元）`, width: 120, align: 'right', render: (v) => yuan(v), ...over };
}

/** A count column, right-aligned. */
export function countColumn<T>(key: string, title: string, over: Partial<ListColumn<T>> = {}): ListColumn<T> {
  return { key, title, width: 90, align: 'right', ...over };
}

/**
 * A column of what 分账明细 filters by (a device's code, a bill's number): the value opens its splits there when the
 * role may open that page (`splitLink`), else it is plain text.
 */
export function subledgerLinkColumn<T>(
  filter: SubledgerLinkFilter,
  title: string,
  splitLink: boolean,
  over: Partial<ListColumn<T>> = {},
): ListColumn<T> {
  return {
    key: filter,
    title,
    render: (v) => (splitLink ? <Link to={subledgerPath(filter, String(v))}>{String(v)}</Link> : String(v)),
    ...over,
  };
}

/** 待结算 / 已结算 as a tag. */
export function SplitStatusTag({ status, name }: { status: number; name?: string }) {
  const s = status as SplitStatus;
  return <Tag color={SPLIT_STATUS_COLORS[s] ?? 'default'}>{name || SPLIT_STATUS[s] || String(status)}</Tag>;
}

/** A value with a smaller secondary line under it. */
export function TwoLines({ top, bottom }: { top: ReactNode; bottom?: ReactNode }) {
  return (
    <div style={{ lineHeight: 1.4 }}>
      <div>{top === '' || top === null || top === undefined ? '--' : top}</div>
      {bottom ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {bottom}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** '--' for an empty text. */
export const dash = (v: unknown): string => (v === null || v === undefined || v === '' ? '--' : String(v));
