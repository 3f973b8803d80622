import { CapitalAccountList } from '../components/capital-account-list.tsx';

/**
 * capital-list-supplier-smart-container — 智能柜供应商资金: the smart cabinets' partners, 柜主 and 点位方 together
 * (partyTypes), or the one type picked.
 */
export default function SmartCapitalListPage() {
  return <CapitalAccountList scope="smart" />;
}
