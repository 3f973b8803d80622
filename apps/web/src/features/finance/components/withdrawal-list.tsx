import { withdrawalOps, type WithdrawalRow } from '@merchant/contracts/finance/withdrawal';
import { Link } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { ellipsisCell } from '../../../shared/ui/list/ellipsis-cell.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { capitalDetailPath } from '../finance-paths.ts';
import { dash, moneyColumn, PartyTypeTag, WithdrawalStatusTag, withdrawalStatusOptions } from './finance-parts.tsx';
import { useWithdrawalActions } from './withdrawal-actions.tsx';

const load = listLoader(withdrawalOps.list);

/**
 * 提现记录: the withdrawals, newest first (server paging), searched by 状态, 提现单号 and 申请时间; 审核通过 / 确认打款 /
 * 驳回 as each row's `actions` allow (reviewers only), 日志, 导出. With `partyCode`: one account's withdrawals (its
 * detail page), without the account columns.
 */
export function WithdrawalList({ partyCode, compact = false }: { partyCode?: string; compact?: boolean }) {
  const { buttonsOf, modals } = useWithdrawalActions();
  const scoped = (filters: Record<string, unknown>) => (partyCode ? { ...filters, partyCode } : filters);

  const columns: ListColumn<WithdrawalRow>[] = [
    {
      key: 'withdrawNo',
      title: '提现单号',
      width: 150,
      keyColumn: true,
      search: { type: 'text', maxLength: 24, order: 1, inCompact: true },
    },
    ...(partyCode
      ? []
      : [
          {
            key: 'partyName',
            title: '资金账户',
            width: 200,
            render: (_v: unknown, r: WithdrawalRow) => (
              <span>
                <Link to={capitalDetailPath(r.partyCode)}>{r.partyCode}</Link> {r.partyName}
              </span>
            ),
          },
          {
            key: 'partyTypeName',
            title: '账户类型',
            width: 100,
            render: (v: unknown) => <PartyTypeTag name={String(v ?? '')} />,
          },
        ]),
    moneyColumn<WithdrawalRow>('amount', '提现金额', { sortable: true }),
    { key: 'cardText', title: '收款银行卡', width: 240, render: dash },
    {
      key: 'status',
      title: '状态',
      width: 100,
      render: (v, r) => <WithdrawalStatusTag status={Number(v)} name={r.statusName} />,
      search: { type: 'select', options: withdrawalStatusOptions, order: 0, inCompact: true },
    },
    { key: 'remark', title: '备注', width: 160, ellipsis: { showTitle: false }, render: (v) => ellipsisCell(v) },
    { key: 'rejectReason', title: '驳回原因', width: 160, ellipsis: { showTitle: false }, render: (v) => ellipsisCell(v) },
    { key: 'applicantName', title: '申请人', width: 100, render: dash },
    { key: 'reviewerName', title: '审核人', width: 100, render: dash },
    timeColumn<WithdrawalRow>('createdAt', '申请时间', {
      sortable: true,
      search: { type: 'dateRange', name: 'createdRange', label: '申请时间', order: 2, inCompact: true },
    }),
    timeColumn<WithdrawalRow>('reviewedAt', '审核时间'),
    timeColumn<WithdrawalRow>('paidAt', '打款时间'),
    rowActionsColumn<WithdrawalRow>(220, buttonsOf),
  ];

  return (
    <>
      <QueryList<WithdrawalRow>
        queryKey={['finance', 'withdrawals', partyCode ?? 'all']}
        settingsId={partyCode ? 'finance.withdrawals.party' : 'finance.withdrawals'}
        request={(p) => load(scoped(p))}
        columns={columns}
        rowKey="withdrawNo"
        title={partyCode ? '提现记录' : undefined}
        compact={compact}
        testId="withdrawal-list"
        exportable={{ operation: withdrawalOps.list, exportName: '提现记录', body: scoped }}
        emptyText="暂无提现记录"
      />
      {modals}
    </>
  );
}
