import type { OutputOf } from '@merchant/contracts';
import { SPLIT_PENDING } from '@merchant/contracts/finance/finance-fields';
import { SETTLEMENT_ANCHOR, settlementOps, splitOps } from '@merchant/contracts/finance/split';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Tooltip, Typography } from 'antd';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../../platform/call.ts';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { formatWan } from '../../../shared/format/money.ts';
import { SplitList, type SplitFixedFilters } from '../components/split-list.tsx';
import { SPLIT_TOTALS_KEY } from '../components/split-totals.tsx';
import { billRecordPath, SETTLEMENT_PAGES } from '../settlement-paths.ts';

/** Only the splits still waiting for their settlement. */
const PENDING: SplitFixedFilters = { status: SPLIT_PENDING };

type SettleResult = OutputOf<typeof settlementOps.run>;

/**
 * How many splits 立即结算 would settle now: the 待结算 ones already due (split.summary's dueCount) of all of them, not
 * only of the search — the run settles every due split. Cached as the totals of the unsearched list (same filters), so
 * the page asks once; a settlement run or the list's refresh reloads it with the totals.
 */
function useDueCount(): number | undefined {
  const query = useQuery({
    queryKey: [...SPLIT_TOTALS_KEY, PENDING],
    queryFn: () => call(splitOps.summary, PENDING),
  });
  return query.data?.dueCount;
}

/** 立即结算, with how many splits are due: disabled, with the reason, when none is. */
function RunButton({ onRun }: { onRun: () => void }) {
  const due = useDueCount();
  const none = due === 0;
  const button = (
    <Button type="primary" icon={<ThunderboltOutlined />} onClick={onRun} disabled={none}>
      立即结算
    </Button>
  );
  return (
    <Space size={12}>
      {due === undefined ? null : (
        <Typography.Text type={none ? 'secondary' : undefined} data-testid="due-count">
          已到期 {formatWan(due)} 笔
        </Typography.Text>
      )}
      {none ? (
        // a disabled button takes no pointer events: the tooltip listens on its wrapper
        <Tooltip title="没有已到期（T+1）的分账，无需结算">
          <span style={{ display: 'inline-block', cursor: 'not-allowed' }} data-testid="settle-run-wrapper">
            {button}
          </span>
        </Tooltip>
      ) : (
        button
      )}
    </Space>
  );
}

/** What a settlement run did: how many splits it settled and in which bills (each opens in 项目账单). */
function RunResult({ result, onClose }: { result: SettleResult; onClose: () => void }) {
  const billLink = useHasAnchor(SETTLEMENT_ANCHOR);
  if (result.settled === 0) {
    return (
      <Alert type="info" showIcon closable={{ onClose }} title="没有已到期（T+1）的分账，本次未生成结算单" data-testid="settle-result" />
    );
  }
  return (
    <Alert
      type="success"
      showIcon
      closable={{ onClose }}
      data-testid="settle-result"
      title={`已结算 ${formatWan(result.settled)} 笔分账，生成结算单 ${result.bills.length} 张`}
      description={
        <span>
          结算单：
          {result.bills.map((no, i) => (
            <Fragment key={no}>
              {i > 0 ? '、' : null}
              {billLink ? <Link to={billRecordPath(no)}>{no}</Link> : no}
            </Fragment>
          ))}
        </span>
      }
    />
  );
}

/**
 * 待结算账单 (capital-wait-settled-bill): the splits still 待结算, with when each falls due (T+1) and the totals of the
 * search; 立即结算 (with how many splits are already due: disabled when none is) settles every split already due
 * (settlement.run) after a confirmation, then tells how many were settled and in which bills, and reloads the list,
 * the totals and the due count.
 */
export default function WaitSettledBillPage() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<SettleResult | null>(null);

  const run = () =>
    modal.confirm({
      title: '立即结算',
      content: '结算所有已到期（T+1）的分账？',
      okText: '确认结算',
      onOk: async () => {
        const r = await call(settlementOps.run);
        setResult(r);
        if (r.settled > 0) message.success(`已结算 ${formatWan(r.settled)} 笔分账`);
        else message.info('没有已到期的分账');
        await queryClient.invalidateQueries({ queryKey: ['settlement'] });
      },
    });

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {result ? <RunResult result={result} onClose={() => setResult(null)} /> : null}
      <SplitList
        page="waitSettled"
        title={SETTLEMENT_PAGES.waitSettled.title}
        layout="wait"
        fixed={PENDING}
        emptyText="没有待结算的分账"
        toolbar={<RunButton onRun={run} />}
      />
    </div>
  );
}
