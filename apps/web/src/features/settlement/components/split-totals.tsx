import type { InputOf } from '@merchant/contracts';
import { splitOps, type SplitSummary } from '@merchant/contracts/finance/split';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import { call } from '../../../platform/call.ts';
import { formatWan } from '../../../shared/format/money.ts';
import { yuan } from './settlement-parts.tsx';

/** Cache key prefix of the split totals (under 'settlement', so a settlement run refreshes them with the lists). */
export const SPLIT_TOTALS_KEY = ['settlement', 'split-totals'] as const;

/** What the totals bar shows, in this order: 笔数, then the money. */
const ITEMS: { key: keyof SplitSummary; label: string; money: boolean }[] = [
  { key: 'count', label: '笔数', money: false },
  { key: 'net', label: '实收净额', money: true },
  { key: 'merchantShare', label: '商户', money: true },
  { key: 'ownerShare', label: '柜主', money: true },
  { key: 'pointShare', label: '点位方', money: true },
  { key: 'supplierShare', label: '供应商代销', money: true },
  { key: 'platformFee', label: '平台手续费', money: true },
];

/** The filters of a split list as the totals take them (no paging, no sorting). */
export function totalsFiltersOf(params: Record<string, unknown>): Record<string, unknown> {
  const { cursor: _c, pageSize: _p, pageNum: _n, sortField: _f, sortOrder: _o, ...filters } = params;
  return filters;
}

/**
 * 合计: the splits the list's filters match — how many, 实收净额 (paid less refunded) and each party's share
 * (split.summary with the same filters as the list). Money in 元, 万 from 10,000 元 up.
 */
export function SplitTotals({ filters }: { filters: Record<string, unknown> | null }) {
  const query = useQuery({
    queryKey: [...SPLIT_TOTALS_KEY, filters],
    // the list's search values, checked by the server against the contract (as the list's own are)
    queryFn: () => call(splitOps.summary, (filters ?? {}) as InputOf<typeof splitOps.summary>),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  return (
    <div className="settlement-totals" data-testid="split-totals" aria-label="合计" aria-busy={query.isFetching}>
      <Typography.Text type="secondary" className="settlement-totals-head">
        合计
      </Typography.Text>
      {ITEMS.map((it) => (
        <span key={it.key} className="settlement-totals-item" data-testid={`split-totals-${it.key}`}>
          <Typography.Text type="secondary">{it.label}</Typography.Text>
          <Typography.Text strong>
            {data ? (it.money ? `${yuan(data[it.key])} 元` : `${formatWan(data[it.key])} 笔`) : query.isError ? '--' : ''}
          </Typography.Text>
        </span>
      ))}
      {query.isFetching && !data ? <Spin size="small" /> : null}
    </div>
  );
}
