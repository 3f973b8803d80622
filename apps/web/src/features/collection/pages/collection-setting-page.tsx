import {
  AGREEMENT_ANCHOR,
  COLLECTION_ANCHOR,
  COLLECTION_STATUS_ANCHOR,
  collectionOps,
  type CollectionSetting,
} from '@merchant/contracts/finance/collection';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { COLLECTION_PAGES, pathOf } from '../collection-paths.ts';
import { SETTING_KEY, SettingState, StatusTag, useCapitalLinks, useCollectionSetting } from '../components/collection-parts.tsx';
import { FeeModal } from '../components/fee-modal.tsx';
import { bpPercent } from '../components/percent.ts';

/** T+1, and how the due splits are settled: by the sweep every N seconds, or only by 立即结算. */
export function settleCycleText(intervalSeconds: number): string {
  return intervalSeconds > 0 ? `T+1；每 ${intervalSeconds} 秒自动结算` : 'T+1；仅手动结算';
}

function SettingView({ s }: { s: CollectionSetting }) {
  const mayAdjust = useHasAnchor(COLLECTION_ANCHOR);
  const agreementLink = useHasAnchor(AGREEMENT_ANCHOR);
  const statusLink = useHasAnchor(COLLECTION_STATUS_ANCHOR);
  const capital = useCapitalLinks();
  const [adjusting, setAdjusting] = useState(false);
  const detailTo = capital.detail(s.merchantPartyCode);
  const cardTo = capital.card(s.merchantPartyCode);
  const opened = s.checks.every((c) => c.done);
  const agreements = `${s.agreementCount} 份`;
  const status = <StatusTag done={opened} name={s.statusName} />;

  return (
    <Card variant="borderless" title={COLLECTION_PAGES.setting.title}>
      <Descriptions
        bordered
        column={{ xs: 1, lg: 2 }}
        data-testid="collection-setting"
        items={[
          {
            key: 'provider',
            label: '支付渠道',
            children: (
              <Space size={4}>
                {s.providerLabel}
                {s.sandbox ? <Tag color="orange">沙箱</Tag> : null}
              </Space>
            ),
          },
          {
            key: 'merchant',
            label: '收款主体',
            children: (
              <Space size={4}>
                {s.merchantName}
                {detailTo ? <Link to={detailTo}>{s.merchantPartyCode}</Link> : <span>{s.merchantPartyCode}</span>}
              </Space>
            ),
          },
          {
            key: 'card',
            label: '默认银行卡',
            children: s.defaultCard ? (
              s.defaultCard
            ) : (
              <Space size={8}>
                <Typography.Text type="warning">未绑定</Typography.Text>
                {cardTo ? <Link to={cardTo}>去绑定银行卡</Link> : null}
              </Space>
            ),
          },
          {
            key: 'cycle',
            label: '结算周期',
            children: (
              <Space size={8} wrap>
                <span data-testid="settle-cycle">{settleCycleText(s.settleIntervalSeconds)}</span>
                <Typography.Text type="secondary">按业务时区 {s.businessTimeZone} 计日</Typography.Text>
              </Space>
            ),
          },
          {
            key: 'fee',
            label: '平台手续费率',
            children: (
              <Space size={8}>
                <span data-testid="fee-rate">{bpPercent(s.feeBp)}</span>
                {mayAdjust ? (
                  <Button size="small" onClick={() => setAdjusting(true)}>
                    调整费率
                  </Button>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'agreements',
            label: '分账协议',
            children: agreementLink ? <Link to={pathOf('agreement')}>{agreements}</Link> : agreements,
          },
          {
            key: 'status',
            label: '开通状态',
            children: statusLink ? <Link to={pathOf('status')}>{status}</Link> : status,
          },
        ]}
      />
      {adjusting ? <FeeModal setting={s} onClose={() => setAdjusting(false)} /> : null}
    </Card>
  );
}

/**
 * collection-setting — 收款设置: the payment channel (沙箱 in the sandbox), the merchant's account (收款主体, leading to its
 * detail) and default card (or 未绑定, leading to its cards), the T+1 settlement, the platform fee rate with 调整费率
 * (with the page's permission: only later payments use the new rate), the 分账协议 count and the 开通状态 (leading to
 * their pages), and the log of every change (the fee, the agreements, the owners opened).
 */
export default function CollectionSettingPage() {
  const q = useCollectionSetting();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <SettingState q={q}>{(s) => <SettingView s={s} />}</SettingState>
      <Card variant="borderless" title="日志" data-testid="collection-history">
        <RecordHistory operation={collectionOps.history} input={{}} queryKey={SETTING_KEY} />
      </Card>
    </Space>
  );
}
