import { CODES } from '@merchant/contracts';
import {
  CAPITAL_ANCHOR,
  capitalOps,
  SMART_CAPITAL_ANCHOR,
  SUPPLIER_CAPITAL_ANCHOR,
  type PartyDetail,
} from '@merchant/contracts/finance/capital';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { DocumentLoading } from '../../../platform/document-detail.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { isNotFoundError, LoadFailedResult, NotFoundResult, type WayBack } from '../../../shared/ui/page-result.tsx';
import {
  CAPITAL_LIST_PATH,
  capitalCardPath,
  capitalDetailPath,
  capitalFrozenPath,
  capitalRecordPath,
  isPartyCode,
  SMART_CAPITAL_LIST_PATH,
  SUPPLIER_CAPITAL_LIST_PATH,
} from '../finance-paths.ts';
import { money, PartyTypeTag } from './finance-parts.tsx';

/** The cache key of an account's detail (the modals reload it after a change: every key under ['finance']). */
export const partyKey = (partyCode: string) => ['finance', 'party', partyCode] as const;

/** An account's detail (capital.detail); a code that does not exist is shown by the page, not as a toast. */
export function useParty(partyCode: string) {
  return useQuery({
    queryKey: partyKey(partyCode),
    queryFn: () => call(capitalOps.detail, { partyCode }, { shownByCaller: [CODES.notFound] }),
    enabled: isPartyCode(partyCode),
    retry: false,
  });
}

/** The way back to the list of accounts the role holds (资金账户, else 供应商资金, else 智能柜供应商资金). */
export function useCapitalListBack(): WayBack {
  const all = useHasAnchor(CAPITAL_ANCHOR);
  const supplier = useHasAnchor(SUPPLIER_CAPITAL_ANCHOR);
  const smart = useHasAnchor(SMART_CAPITAL_ANCHOR);
  if (!all && supplier) return { label: '返回供应商资金', to: SUPPLIER_CAPITAL_LIST_PATH };
  if (!all && smart) return { label: '返回智能柜供应商资金', to: SMART_CAPITAL_LIST_PATH };
  return { label: '返回资金账户', to: CAPITAL_LIST_PATH };
}

/**
 * An account's page (…/:id, id the party's code): loads the account and hands it to the page; a malformed code or
 * one that does not exist reads 资金账户不存在 with the way back, a failed load offers 重新加载.
 */
export function PartyPage({ children }: { children: (party: PartyDetail) => ReactNode }) {
  const { id = '' } = useParams();
  const q = useParty(id);
  const back = useCapitalListBack();
  const missing = <NotFoundResult title="资金账户不存在" subTitle={`找不到账户编号为 ${id || '--'} 的资金账户`} back={back} />;
  if (!isPartyCode(id)) return missing;
  if (q.isLoading) return <DocumentLoading />;
  if (q.isError) return isNotFoundError(q.error) ? missing : <LoadFailedResult back={back} onRetry={() => void q.refetch()} />;
  if (!q.data) return missing;
  return <>{children(q.data)}</>;
}

export type PartySection = 'detail' | 'records' | 'cards' | 'frozen';
const SECTIONS: { key: PartySection; label: string; path: (code: string) => string }[] = [
  { key: 'detail', label: '账户详情', path: capitalDetailPath },
  { key: 'records', label: '资金流水', path: capitalRecordPath },
  { key: 'cards', label: '银行卡', path: capitalCardPath },
  { key: 'frozen', label: '冻结记录', path: capitalFrozenPath },
];

/** Links to an account's other pages (the one shown left out). */
export function PartyLinks({ party, current }: { party: Pick<PartyDetail, 'partyCode'>; current: PartySection }) {
  return (
    <Space size={16} data-testid="party-links">
      {SECTIONS.filter((s) => s.key !== current).map((s) => (
        <Link key={s.key} to={s.path(party.partyCode)}>
          {s.label}
        </Link>
      ))}
    </Space>
  );
}

/** The balances of an account in one line (可用 · 冻结 · 待结算 · 在途 · 合计). */
export function BalanceLine({ party }: { party: PartyDetail }) {
  const items = [
    ['可用', party.available],
    ['冻结', party.frozen],
    ['待结算', party.pending],
    ['在途', party.inTransit],
    ['合计', party.total],
  ] as const;
  return (
    <Space size={24} wrap data-testid="party-balances">
      {items.map(([label, cents]) => (
        <span key={label}>
          <Typography.Text type="secondary">{label}：</Typography.Text>
          <Typography.Text strong>{money(cents)}</Typography.Text> 元
        </span>
      ))}
    </Space>
  );
}

/** The head of an account's sub-page (资金流水, 银行卡, 冻结记录): who it is, its balances, its other pages. */
export function PartyHeader({ party, current, title }: { party: PartyDetail; current: PartySection; title: string }) {
  return (
    <Card
      variant="borderless"
      style={{ marginBottom: 16 }}
      title={
        <Space>
          <span data-testid="party-title">
            {title}：{party.name}（{party.partyCode}）
          </span>
          <PartyTypeTag type={party.partyType} name={party.partyTypeName} />
        </Space>
      }
      extra={<PartyLinks party={party} current={current} />}
    >
      <BalanceLine party={party} />
    </Card>
  );
}
