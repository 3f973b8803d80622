import { SETTLEMENT_ANCHOR, splitOps, type SplitRow } from '@merchant/contracts/finance/split';
import { SPLIT_PENDING } from '@merchant/contracts/finance/finance-fields';
import type { OrderChannel } from '@merchant/contracts/order/order-fields';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { currentTab, writeTabState } from '../../../platform/tab-state.ts';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { KeysetParams, ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { billRecordPath, type SettlementPage, type SubledgerLinkFilter } from '../settlement-paths.ts';
import { bpPercent, channelOptions, dash, moneyColumn, SplitStatusTag, splitStatusOptions, TwoLines, yuan } from './settlement-parts.tsx';
import { useCapitalLink } from './capital-link.ts';
import { useOrderLink } from '../../../platform/use-order-link.ts';
import { SPLIT_TOTALS_KEY, SplitTotals, totalsFiltersOf } from './split-totals.tsx';
import './settlement.css';

/** Filters a page fixes: sent with every request (list, totals, export) and never offered in the search form. */
export interface SplitFixedFilters {
  withOwner?: boolean;
  status?: number;
  channel?: OrderChannel;
}

/**
 * How the list reads: `all` (分账明细, 商城分账明细), `owner` (柜主分账: the cabinet owner — its name over its account,
 * which leads to the account's detail —, share and rate lead, searched by the owner's account) or `wait` (待结算账单: 到期结算 leads, with whether the split is due now).
 * All but `owner` are also searched by a consigning supplier's account (供应商账户).
 */
export type SplitListLayout = 'all' | 'owner' | 'wait';

export interface SplitListProps {
  page: Extract<SettlementPage, 'subledger' | 'containerSubledger' | 'waitSettled' | 'mallSubledger'>;
  title: string;
  layout?: SplitListLayout;
  fixed?: SplitFixedFilters;
  /** Filters the address may carry (?deviceCode=…): the list opens with them, in the search form. */
  addressFilters?: readonly SubledgerLinkFilter[];
  toolbar?: ReactNode;
  emptyText?: string;
}

const NO_FIXED: SplitFixedFilters = {};
const NO_ADDRESS: readonly SubledgerLinkFilter[] = [];

interface ColumnOptions {
  layout: SplitListLayout;
  fixed: SplitFixedFilters;
  /** The role may open 项目账单 (a split's 结算单号 links to its bill). */
  billLink: boolean;
  /** When the page was opened: what is due (待结算账单). */
  now: number;
  /** The order's detail page, when the role may open it. */
  orderLink: (channel: string, orderNo: string) => string | null;
  /** A party's account page (资金账户详情), when the role may open it. */
  capitalLink: (partyCode: string) => string | null;
}

/** The rates of a split: the owner's and the point's shares and the platform's fee, each a percentage. */
function Rates({ r }: { r: SplitRow }) {
  return (
    <div className="settlement-rates">
      <div>柜主 {bpPercent(r.ownerBp)}</div>
      <div>点位 {bpPercent(r.pointBp)}</div>
      <div>手续费 {bpPercent(r.feeBp)}</div>
    </div>
  );
}

/**
 * The split list's one column definition (DESIGN §8): table, search form and the export's filters. A filter the page
 * fixes is not searched, and a column that would say the same on every row (渠道 of the mall's list, 结算状态 and
 * 结算单号 of the splits waiting for settlement) is left out.
 */
export function splitColumns({ layout, fixed, billLink, now, orderLink, capitalLink }: ColumnOptions): ListColumn<SplitRow>[] {
  const owner = layout === 'owner';
  const wait = layout === 'wait';
  const orderNo: ListColumn<SplitRow> = {
    key: 'orderNo',
    title: '订单号',
    width: 180,
    keyColumn: true,
    render: (v, r) => {
      const to = orderLink(r.channel, String(v ?? ''));
      return to ? <Link to={to}>{String(v)}</Link> : dash(v);
    },
    ...(owner ? {} : { search: { type: 'text', maxLength: 40, order: 0 } }),
  };
  const channel: ListColumn<SplitRow> = {
    key: 'channel',
    title: '渠道',
    dataIndex: 'channelName',
    width: 100,
    render: dash,
    ...(owner ? {} : { search: { type: 'select', options: channelOptions, order: 2 } }),
  };
  const device: ListColumn<SplitRow> = {
    key: 'deviceCode',
    title: '设备',
    width: 140,
    render: dash,
    search: { type: 'text', label: '设备编号', maxLength: 20, order: 1 },
  };
  const point: ListColumn<SplitRow> = { key: 'pointName', title: '点位', width: 140, ellipsis: true, render: dash };
  const ownerShare = moneyColumn<SplitRow>('ownerShare', '柜主分账', {
    width: 130,
    render: owner ? (v) => yuan(v) : (v, r) => <TwoLines top={yuan(v)} bottom={r.ownerName} />,
  });
  // the consigning suppliers' shares together, their names under it
  const supplierShare = moneyColumn<SplitRow>('supplierShare', '供应商代销', {
    width: 130,
    render: (v, r) => <TwoLines top={yuan(v)} bottom={r.supplierNames} />,
  });
  // the splits that paid one supplier (its account, FP…): a search field only
  const supplierParty: ListColumn<SplitRow> = {
    key: 'supplierPartyCode',
    title: '供应商账户',
    hideInTable: true,
    search: {
      type: 'text',
      maxLength: 10,
      placeholder: '供应商账户编号，如 FP00000001',
      order: 6,
      toParam: (v) => String(v).toUpperCase(),
    },
  };
  const ownerLead: ListColumn<SplitRow>[] = owner
    ? [
        {
          key: 'ownerName',
          title: '柜主',
          width: 160,
          ellipsis: true,
          // the owner's account under the name, leading to its 资金账户详情
          render: (v, r) => {
            const to = capitalLink(r.ownerPartyCode);
            const code = to ? <Link to={to}>{r.ownerPartyCode}</Link> : r.ownerPartyCode;
            return <TwoLines top={dash(v)} bottom={code} />;
          },
        },
        ownerShare,
        { key: 'ownerBp', title: '分成比例', width: 100, align: 'right', render: (v) => bpPercent(v) },
        {
          key: 'ownerPartyCode',
          title: '柜主账户',
          hideInTable: true,
          search: {
            type: 'text',
            maxLength: 10,
            placeholder: '柜主账户编号，如 FP00000001',
            order: 0,
            toParam: (v) => String(v).toUpperCase(),
          },
        },
      ]
    : [];
  const money: ListColumn<SplitRow>[] = [
    moneyColumn('captured', '实收'),
    moneyColumn('refunded', '退款'),
    moneyColumn('net', '净额'),
    moneyColumn('merchantShare', '商户分账'),
    ...(owner ? [] : [ownerShare]),
    moneyColumn('pointShare', '点位方分账'),
    supplierShare,
    moneyColumn('platformFee', '平台手续费'),
    { key: 'rates', title: '费率', width: 120, render: (_v, r) => <Rates r={r} /> },
  ];
  const status: ListColumn<SplitRow> = {
    key: 'status',
    title: '结算状态',
    width: 100,
    render: (v, r) => <SplitStatusTag status={Number(v)} name={r.statusName} />,
    search: { type: 'select', options: splitStatusOptions, order: 3 },
  };
  const paidAt = timeColumn<SplitRow>('paidAt', '支付时间', {
    sortable: true,
    search: { type: 'dateRange', name: 'paidRange', label: '支付时间', order: 4 },
  });
  const dueAt = timeColumn<SplitRow>(
    'dueAt',
    '到期结算',
    wait
      ? {
          width: 190,
          render: (v, r) => {
            const due = typeof v === 'number' && v <= now && r.status === SPLIT_PENDING;
            return (
              <span style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(v)} {due ? <Tag color="green">已到期</Tag> : <Tag>未到期</Tag>}
              </span>
            );
          },
        }
      : {},
  );
  const settleNo: ListColumn<SplitRow> = {
    key: 'settleNo',
    title: '结算单号',
    width: 180,
    render: (v) => (v && billLink ? <Link to={billRecordPath(String(v))}>{String(v)}</Link> : dash(v)),
    ...(owner ? {} : { search: { type: 'text', maxLength: 24, order: 5 } }),
  };

  const columns: ListColumn<SplitRow>[] = wait
    ? [orderNo, dueAt, paidAt, channel, device, point, ...money, supplierParty]
    : [orderNo, ...ownerLead, channel, device, point, ...money, status, paidAt, dueAt, settleNo, ...(owner ? [] : [supplierParty])];
  // What the page fixes is neither a column nor a search field.
  return columns.filter((c) => !(c.key in fixed));
}

/**
 * The split list of 分账明细, 柜主分账, 待结算账单 and 商城分账明细: one row per paid payment — what was paid and refunded
 * and how the rest was split between the merchant, the cabinet owner, the point, the consigning suppliers (供应商代销,
 * their names under their share) and the platform —, newest paid first, keyset paged; the totals of the same filters
 * above the table (split.summary); 导出 through the export center. The page's fixed filters go with the list, the totals
 * and the export alike.
 */
export function SplitList({
  page,
  title,
  layout = 'all',
  fixed = NO_FIXED,
  addressFilters = NO_ADDRESS,
  toolbar,
  emptyText = '没有分账记录',
}: SplitListProps) {
  const billLink = useHasAnchor(SETTLEMENT_ANCHOR);
  const orderLink = useOrderLink();
  const capitalLink = useCapitalLink();
  const [now] = useState(() => Date.now());
  const columns = useMemo(
    () => splitColumns({ layout, fixed, billLink, now, orderLink, capitalLink }),
    [layout, fixed, billLink, now, orderLink, capitalLink],
  );
  const settingsId = `settlement.split.${page}`;

  // Filters in the address (a settlement bill's splits, a device's) win over the list this tab kept.
  const [search] = useSearchParams();
  const initialValues = useMemo(() => {
    const v: Record<string, unknown> = {};
    for (const k of addressFilters) {
      const value = search.get(k)?.trim();
      if (value) v[k] = value;
    }
    return v;
  }, [search, addressFilters]);
  const linked = JSON.stringify(initialValues);
  useMemo(() => {
    if (linked !== '{}') writeTabState(currentTab(), `list:${settingsId}`, null);
  }, [linked, settingsId]);

  // The totals follow the filters of the list's first page (a search, a reset, a refresh), the fixed ones included.
  const queryClient = useQueryClient();
  const [totalsFilters, setTotalsFilters] = useState<Record<string, unknown> | null>(null);
  const shownTotals = useRef<string | null>(null);
  const request = useMemo(() => {
    const load = listLoader(splitOps.list);
    return (params: KeysetParams & Record<string, unknown>) => {
      const input = { ...params, ...fixed };
      if (!input.cursor) {
        const filters = totalsFiltersOf(input);
        const key = JSON.stringify(filters);
        if (shownTotals.current === key) {
          void queryClient.refetchQueries(
            { queryKey: [...SPLIT_TOTALS_KEY, filters], exact: true, type: 'active' },
            { cancelRefetch: false },
          );
        } else {
          shownTotals.current = key;
          setTotalsFilters(filters);
        }
      }
      return load(input);
    };
  }, [fixed, queryClient]);

  return (
    <QueryList<SplitRow>
      key={linked}
      queryKey={['settlement', 'split', page]}
      settingsId={settingsId}
      paging="keyset"
      request={request}
      columns={columns}
      rowKey="payNo"
      title={
        <div className="settlement-title">
          <span>{title}</span>
          <SplitTotals filters={totalsFilters} />
        </div>
      }
      toolbar={toolbar}
      testId={`split-list-${page}`}
      initialValues={initialValues}
      exportable={{ operation: splitOps.list, exportName: title, body: (f) => ({ ...f, ...fixed }) }}
      emptyText={emptyText}
    />
  );
}
