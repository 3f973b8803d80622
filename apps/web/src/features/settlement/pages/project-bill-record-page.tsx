import { settlementOps, SUBLEDGER_ANCHOR, type SettlementRow } from '@merchant/contracts/finance/split';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { currentTab, writeTabState } from '../../../platform/tab-state.ts';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { countColumn, dash, moneyColumn, subledgerLinkColumn } from '../components/settlement-parts.tsx';
import { SETTLEMENT_PAGES } from '../settlement-paths.ts';

const SETTINGS_ID = 'settlement.bills';

/** The columns of the settlement bills (table, search and the export's filters). */
export function billColumns(splitLink: boolean): ListColumn<SettlementRow>[] {
  return [
    subledgerLinkColumn('settleNo', '结算单号', splitLink, { width: 190, search: { type: 'text', maxLength: 24, order: 0 } }),
    { key: 'businessDay', title: '业务日', width: 110 },
    countColumn('splitCount', '笔数'),
    moneyColumn('amount', '结算金额', { width: 130, sortable: true }),
    moneyColumn('merchantAmount', '商户'),
    moneyColumn('ownerAmount', '柜主'),
    moneyColumn('pointAmount', '点位方'),
    moneyColumn('supplierAmount', '供应商代销'),
    moneyColumn('feeAmount', '平台手续费'),
    { key: 'operatorName', title: '操作人', width: 100, render: dash },
    timeColumn<SettlementRow>('createdAt', '结算时间', {
      sortable: true,
      search: { type: 'dateRange', name: 'createdRange', label: '结算时间', order: 1 },
    }),
  ];
}

/**
 * 项目账单 (project-bill-record): the settlement bills, newest first — how many splits each settled and each party's
 * part —, searched by 结算单号 (?settleNo= opens one) and 结算时间; a bill's number opens its splits in 分账明细; 导出.
 */
export default function ProjectBillRecordPage() {
  const splitLink = useHasAnchor(SUBLEDGER_ANCHOR);
  const columns = useMemo(() => billColumns(splitLink), [splitLink]);
  const [search] = useSearchParams();
  const settleNo = search.get('settleNo')?.trim() ?? '';
  // A bill named in the address (a split's, a settlement run's) wins over the list this tab kept.
  useMemo(() => {
    if (settleNo) writeTabState(currentTab(), `list:${SETTINGS_ID}`, null);
  }, [settleNo]);
  const initialValues = useMemo(() => (settleNo ? { settleNo } : {}), [settleNo]);
  return (
    <QueryList<SettlementRow>
      key={settleNo}
      queryKey={['settlement', 'bills']}
      settingsId={SETTINGS_ID}
      request={listLoader(settlementOps.list)}
      columns={columns}
      rowKey="settleNo"
      title={SETTLEMENT_PAGES.billRecord.title}
      testId="settlement-bills"
      initialValues={initialValues}
      exportable={{ operation: settlementOps.list, exportName: SETTLEMENT_PAGES.billRecord.title }}
      emptyText="还没有结算账单"
    />
  );
}
