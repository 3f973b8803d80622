import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { CapitalAccountList } from '../components/capital-account-list.tsx';
import { CapitalSummary } from '../components/capital-summary.tsx';
import { WithdrawalList } from '../components/withdrawal-list.tsx';

const TABS = ['accounts', 'withdrawals'] as const;
type Tab = (typeof TABS)[number];

/**
 * capital-list — 资金账户: the books at a glance (summary cards), then two tabs: 资金账户 (every party's balances) and
 * 提现记录 (every withdrawal, reviewed here). The tab is kept in the address (?tab=withdrawals).
 */
export default function CapitalListPage() {
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'accounts';
  const select = (key: string) => {
    const next = new URLSearchParams(search);
    if (key === 'accounts') next.delete('tab');
    else next.set('tab', key);
    setSearch(next, { replace: true });
  };
  return (
    <>
      <CapitalSummary />
      <Tabs
        activeKey={tab}
        onChange={select}
        items={[
          { key: 'accounts', label: '资金账户', children: <CapitalAccountList scope="all" /> },
          { key: 'withdrawals', label: '提现记录', children: <WithdrawalList /> },
        ]}
      />
    </>
  );
}
