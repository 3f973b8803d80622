import { capitalOps, type CapitalRecord, type PartyDetail } from '@merchant/contracts/finance/capital';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { centsToYuan } from '../../../shared/format/money.ts';
import { ellipsisCell } from '../../../shared/ui/list/ellipsis-cell.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { EntryModal } from '../components/entry-modal.tsx';
import { EntryTypeTag, entryTypeOptions, partyKindOptions, SignedMoney } from '../components/finance-parts.tsx';
import { useOrderLink } from '../../../platform/use-order-link.ts';
import { PartyHeader, PartyPage } from '../components/party-page.tsx';

const load = listLoader(capitalOps.records);

function RecordsView({ party }: { party: PartyDetail }) {
  const orderLink = useOrderLink();
  const [entryNo, setEntryNo] = useState<string | null>(null);
  const scoped = (filters: Record<string, unknown>) => ({ ...filters, partyCode: party.partyCode });

  const columns: ListColumn<CapitalRecord>[] = [
    timeColumn<CapitalRecord>('createdAt', '时间', {
      sortable: true,
      search: { type: 'dateRange', name: 'createdRange', label: '时间', order: 3 },
    }),
    {
      key: 'entryNo',
      title: '凭证号',
      width: 160,
      render: (v) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setEntryNo(String(v))}>
          {String(v)}
        </Button>
      ),
    },
    {
      key: 'entryType',
      title: '业务类型',
      width: 100,
      render: (v, r) => <EntryTypeTag type={String(v)} name={r.entryTypeName} />,
      search: { type: 'select', options: entryTypeOptions, order: 1 },
    },
    {
      key: 'kind',
      title: '账户类别',
      width: 100,
      render: (_v, r) => r.kindName,
      search: { type: 'select', label: '账户', options: partyKindOptions, order: 0 },
    },
    {
      key: 'amount',
      title: '金额（元）',
      width: 130,
      align: 'right',
      render: (v) => <SignedMoney cents={Number(v)} />,
    },
    { key: 'balanceAfter', title: '变动后余额（元）', width: 150, align: 'right', render: (v) => centsToYuan(Number(v)) },
    {
      key: 'orderNo',
      title: '订单号',
      width: 180,
      render: (v, r) => {
        if (!v) return '--';
        const to = orderLink(r.orderChannel, String(v));
        return to ? <Link to={to}>{String(v)}</Link> : String(v);
      },
      search: { type: 'text', maxLength: 40, order: 2 },
    },
    { key: 'memo', title: '摘要', width: 240, ellipsis: { showTitle: false }, render: (v) => ellipsisCell(v) },
  ];

  return (
    <>
      <PartyHeader party={party} current="records" title="资金流水" />
      <QueryList<CapitalRecord>
        queryKey={['finance', 'records', party.partyCode]}
        settingsId="finance.records"
        paging="keyset"
        request={(p) => load(scoped(p))}
        columns={columns}
        rowKey="id"
        testId="capital-records"
        exportable={{ operation: capitalOps.records, exportName: `资金流水-${party.partyCode}`, body: scoped }}
        emptyText="暂无资金流水"
      />
      {entryNo ? <EntryModal entryNo={entryNo} onClose={() => setEntryNo(null)} /> : null}
    </>
  );
}

/**
 * capital-record/:id — an account's 资金流水: its journal lines, newest first (keyset paging), each with the balance
 * after it; searched by 账户 (可用 / 冻结 / 待结算 / 在途), 业务类型, 订单号 and time; a 凭证号 opens the whole entry; an
 * order number leads to the order; 导出.
 */
export default function CapitalRecordPage() {
  return <PartyPage>{(party) => <RecordsView party={party} />}</PartyPage>;
}
