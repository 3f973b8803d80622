import { CAPITAL_FREEZE_ANCHOR } from '@merchant/contracts/finance/finance-fields';
import type { PartyDetail } from '@merchant/contracts/finance/capital';
import { freezeOps, type FreezeRow } from '@merchant/contracts/finance/freeze';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { ellipsisCell } from '../../../shared/ui/list/ellipsis-cell.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { dash, FreezeStatusTag, freezeStatusOptions, moneyColumn } from '../components/finance-parts.tsx';
import { FreezeModal, ReleaseModal } from '../components/freeze-modals.tsx';
import { PartyHeader, PartyPage } from '../components/party-page.tsx';

const load = listLoader(freezeOps.list);

function FrozenView({ party }: { party: PartyDetail }) {
  const mayFreeze = useHasAnchor(CAPITAL_FREEZE_ANCHOR);
  const [freezing, setFreezing] = useState(false);
  const [releasing, setReleasing] = useState<FreezeRow | null>(null);
  const scoped = (filters: Record<string, unknown>) => ({ ...filters, partyCode: party.partyCode });
  const noAvailable = party.available <= 0 ? '没有可冻结的可用余额' : null;

  const columns: ListColumn<FreezeRow>[] = [
    { key: 'freezeNo', title: '冻结单号', width: 150 },
    moneyColumn<FreezeRow>('amount', '冻结金额'),
    {
      key: 'status',
      title: '状态',
      width: 100,
      render: (v, r) => <FreezeStatusTag status={Number(v)} name={r.statusName} />,
      search: { type: 'select', options: freezeStatusOptions },
    },
    { key: 'reason', title: '冻结原因', width: 220, ellipsis: { showTitle: false }, render: (v) => ellipsisCell(v) },
    { key: 'operatorName', title: '冻结人', width: 100, render: dash },
    timeColumn<FreezeRow>('createdAt', '冻结时间', { sortable: true }),
    { key: 'releaseReason', title: '解冻原因', width: 200, ellipsis: { showTitle: false }, render: (v) => ellipsisCell(v) },
    { key: 'releasedByName', title: '解冻人', width: 100, render: dash },
    timeColumn<FreezeRow>('releasedAt', '解冻时间'),
    ...(mayFreeze
      ? [rowActionsColumn<FreezeRow>(100, (r) => [{ key: 'release', label: '解冻', show: r.canRelease, onClick: () => setReleasing(r) }])]
      : []),
  ];

  return (
    <>
      <PartyHeader party={party} current="frozen" title="冻结记录" />
      <QueryList<FreezeRow>
        queryKey={['finance', 'freezes', party.partyCode]}
        settingsId="finance.freezes"
        request={(p) => load(scoped(p))}
        columns={columns}
        rowKey="freezeNo"
        testId="capital-freezes"
        toolbar={
          mayFreeze ? (
            <Tooltip title={noAvailable}>
              <Button type="primary" disabled={!!noAvailable} onClick={() => setFreezing(true)}>
                冻结资金
              </Button>
            </Tooltip>
          ) : null
        }
        emptyText="暂无冻结记录"
      />
      {freezing ? <FreezeModal party={party} onClose={() => setFreezing(false)} /> : null}
      {releasing ? <ReleaseModal row={releasing} onClose={() => setReleasing(null)} /> : null}
    </>
  );
}

/**
 * capital-frozen/:id — an account's 冻结记录 with their state; 冻结资金 and 解冻 (with its reason) for the holders of the
 * freeze permission (capital-freeze).
 */
export default function CapitalFrozenPage() {
  return <PartyPage>{(party) => <FrozenView party={party} />}</PartyPage>;
}
