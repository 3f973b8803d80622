import { capitalOps, type PartyRow } from '@merchant/contracts/finance/capital';
import type { PartyType } from '@merchant/contracts/finance/finance-fields';
import { Link, useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn, SearchField } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { capitalCardPath, capitalDetailPath, capitalFrozenPath, capitalRecordPath } from '../finance-paths.ts';
import { dash, moneyColumn, PartyTypeTag, partyTypeOptions, SMART_PARTY_TYPES, smartPartyTypeOptions } from './finance-parts.tsx';

const load = listLoader(capitalOps.list);

/**
 * Which accounts a list shows: every party (资金账户, searched by type), the suppliers only (供应商资金: the type is
 * fixed), or the smart cabinets' partners (智能柜供应商资金: 柜主 and 点位方 together, or the one type picked).
 */
export type CapitalScope = 'all' | 'supplier' | 'smart';

/** The filters a scope adds to every request (list and export): the types it is limited to, unless one was picked. */
const SCOPED: Record<CapitalScope, (filters: Record<string, unknown>) => Record<string, unknown>> = {
  all: (f) => f,
  supplier: (f) => ({ ...f, partyType: 'supplier' satisfies PartyType }),
  smart: (f) => (f.partyType ? f : { ...f, partyTypes: [...SMART_PARTY_TYPES] }),
};
const TYPE_SEARCH: Record<CapitalScope, SearchField | undefined> = {
  all: { type: 'select', name: 'partyType', label: '账户类型', options: partyTypeOptions, order: 0 },
  supplier: undefined,
  smart: {
    type: 'select',
    name: 'partyType',
    label: '账户类型',
    options: smartPartyTypeOptions,
    placeholder: '柜主和点位方',
    order: 0,
  },
};
const EMPTY_TEXT: Record<CapitalScope, string> = { all: '暂无资金账户', supplier: '暂无供应商资金账户', smart: '暂无智能柜供应商资金账户' };

/**
 * 资金账户: the parties' balances by kind — 可用, 冻结, 待结算, 在途 and their 合计 — in 元 (万 from 10,000 元), server
 * paging, sorting by 可用 / 待结算 / 更新时间, 导出; each account leads to its 详情, 流水, 银行卡 and 冻结记录.
 */
export function CapitalAccountList({ scope }: { scope: CapitalScope }) {
  const navigate = useNavigate();
  const scoped = SCOPED[scope];
  const typeSearch = TYPE_SEARCH[scope];

  const columns: ListColumn<PartyRow>[] = [
    {
      key: 'partyCode',
      title: '账户编号',
      width: 130,
      render: (v) => <Link to={capitalDetailPath(String(v))}>{String(v)}</Link>,
    },
    {
      key: 'keyword',
      title: '关键字',
      hideInTable: true,
      search: { type: 'text', maxLength: 40, placeholder: '账户编号 / 名称 / 手机号', order: 1 },
    },
    { key: 'name', title: '名称', width: 180, ellipsis: true },
    {
      key: 'partyType',
      title: '类型',
      width: 90,
      render: (v, r) => <PartyTypeTag type={String(v)} name={r.partyTypeName} />,
      ...(typeSearch ? { search: typeSearch } : {}),
    },
    { key: 'phone', title: '手机', width: 130, render: dash },
    moneyColumn<PartyRow>('available', '可用', { sortable: true }),
    moneyColumn<PartyRow>('frozen', '冻结'),
    moneyColumn<PartyRow>('pending', '待结算', { sortable: true }),
    moneyColumn<PartyRow>('inTransit', '在途'),
    moneyColumn<PartyRow>('total', '合计', { width: 140 }),
    { key: 'cardCount', title: '银行卡', width: 80, align: 'right', render: (v) => `${Number(v)} 张` },
    timeColumn<PartyRow>('updatedAt', '更新时间', { sortable: true }),
    rowActionsColumn(240, (r) => [
      { key: 'detail', label: '详情', onClick: () => navigate(capitalDetailPath(r.partyCode)) },
      { key: 'records', label: '流水', onClick: () => navigate(capitalRecordPath(r.partyCode)) },
      { key: 'cards', label: '银行卡', onClick: () => navigate(capitalCardPath(r.partyCode)) },
      { key: 'frozen', label: '冻结记录', onClick: () => navigate(capitalFrozenPath(r.partyCode)) },
    ]),
  ];

  return (
    <QueryList<PartyRow>
      queryKey={['finance', 'parties', scope]}
      request={(p) => load(scoped(p))}
      columns={columns}
      rowKey="partyCode"
      testId="capital-list"
      exportable={{ operation: capitalOps.list, exportName: '资金账户', body: scoped }}
      emptyText={EMPTY_TEXT[scope]}
    />
  );
}
