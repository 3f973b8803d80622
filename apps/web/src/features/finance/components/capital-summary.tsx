import { capitalOps } from '@merchant/contracts/finance/capital';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { call } from '../../../platform/call.ts';
import { exactYuan, money } from './finance-parts.tsx';

/** One figure of the summary: the amount (万 at 10,000 元 and above, with the exact amount under it). */
function MoneyCard({ title, cents, testId }: { title: string; cents: number; testId: string }) {
  const shown = money(cents);
  return (
    <Card variant="borderless" size="small" data-testid={testId}>
      <Statistic title={title} value={shown} suffix="元" />
      {/* 万 rounds: the exact amount under it */}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {shown.endsWith('万') ? `${exactYuan(cents)} 元` : '\u00a0'}
      </Typography.Text>
    </Card>
  );
}

/**
 * The merchant's books at a glance (capital.summary): what all parties hold by kind — 可用, 冻结, 待结算, 在途 and their
 * 合计 —, what the payment channel holds for them, and the withdrawals waiting for review or payment.
 */
export function CapitalSummary() {
  const q = useQuery({ queryKey: ['finance', 'summary'], queryFn: () => call(capitalOps.summary, {}) });
  if (q.isLoading)
    return (
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  const s = q.data;
  if (!s) return null;
  const cards = [
    { key: 'available', title: '可用', cents: s.available },
    { key: 'frozen', title: '冻结', cents: s.frozen },
    { key: 'pending', title: '待结算', cents: s.pending },
    { key: 'inTransit', title: '在途', cents: s.inTransit },
    { key: 'total', title: `合计（${s.partyCount} 个账户）`, cents: s.total },
    { key: 'channelHeld', title: '支付通道持有', cents: s.channelHeld },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="capital-summary">
      {cards.map((c) => (
        <Col key={c.key} xs={12} md={8} xl={6} xxl={3}>
          <MoneyCard title={c.title} cents={c.cents} testId={`capital-summary-${c.key}`} />
        </Col>
      ))}
      <Col xs={24} md={16} xl={12} xxl={6}>
        <Card variant="borderless" size="small" data-testid="capital-summary-openWithdrawals">
          <Statistic title="待处理提现" value={s.openWithdrawals} suffix="笔" />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            共 {money(s.openWithdrawalAmount)} 元（待审核与待打款）
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}
