import { AGREEMENT_ANCHOR, COLLECTION_ANCHOR, type CollectionSetting } from '@merchant/contracts/finance/collection';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Card, Flex, Result, Typography } from 'antd';
import { Link } from 'react-router';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { COLLECTION_PAGES, pathOf } from '../collection-paths.ts';
import { SettingState, StatusTag, useCapitalLinks, useCollectionSetting } from '../components/collection-parts.tsx';

type Check = CollectionSetting['checks'][number];

/** Where a missing point is set, by the check's key; null when the merchant cannot set it here (the payment channel). */
function useFixLinks(merchantPartyCode: string): (check: Check) => { to: string; text: string } | null {
  const capital = useCapitalLinks();
  const setting = useHasAnchor(COLLECTION_ANCHOR);
  const agreement = useHasAnchor(AGREEMENT_ANCHOR);
  return (check) => {
    const to = (() => {
      switch (check.key) {
        case 'party':
          return capital.detail(merchantPartyCode);
        case 'card':
          return capital.card(merchantPartyCode);
        case 'fee':
          return setting ? pathOf('setting') : null;
        case 'agreement':
          return agreement ? pathOf('agreement') : null;
        default:
          return null;
      }
    })();
    if (!to) return null;
    const text = check.key === 'card' ? '去绑定银行卡' : check.key === 'agreement' ? '去签分账协议' : '去设置';
    return { to, text };
  };
}

function StatusView({ s }: { s: CollectionSetting }) {
  const fixOf = useFixLinks(s.merchantPartyCode);
  const opened = s.checks.every((c) => c.done);
  const missing = s.checks.filter((c) => !c.done).length;
  return (
    <Card variant="borderless" title={COLLECTION_PAGES.status.title}>
      <Result
        status={opened ? 'success' : 'warning'}
        title={<StatusTag done={opened} name={s.statusName} big />}
        subTitle={opened ? '收款所需的各项均已完成' : `还有 ${missing} 项待完善，完善后即可完整收款分账`}
      />
      <ul data-testid="collection-checks" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {s.checks.map((c) => {
          const fix = c.done ? null : fixOf(c);
          return (
            <li key={c.key} data-testid={`check-${c.key}`} style={{ padding: '12px 16px', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
              <Flex gap={12} align="center" justify="space-between">
                <Flex gap={12} align="flex-start">
                  {c.done ? (
                    <CheckCircleFilled style={{ color: '#52c41a', fontSize: 18, marginTop: 2 }} aria-label="已完成" />
                  ) : (
                    <CloseCircleFilled style={{ color: '#ff4d4f', fontSize: 18, marginTop: 2 }} aria-label="未完成" />
                  )}
                  <div>
                    <Typography.Text strong>{c.label}</Typography.Text>
                    <div>
                      <Typography.Text type={c.done ? 'secondary' : 'danger'}>{c.detail}</Typography.Text>
                    </div>
                  </div>
                </Flex>
                {fix ? <Link to={fix.to}>{fix.text}</Link> : null}
              </Flex>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/**
 * collection-setting-status — 开通状态: whether collecting is fully set up (已开通 when every check is done, else 待完善)
 * and the checks one by one — the payment channel, the merchant's account, its bank card, the platform fee, the 分账协议 —
 * each missing one with a link to where it is set.
 */
export default function CollectionStatusPage() {
  const q = useCollectionSetting();
  return <SettingState q={q}>{(s) => <StatusView s={s} />}</SettingState>;
}
