import { SplitList } from '../components/split-list.tsx';
import { SETTLEMENT_PAGES, SUBLEDGER_LINK_FILTERS } from '../settlement-paths.ts';

/**
 * 分账明细 (capital-subledger): every paid payment's split, newest paid first, keyset paged, with the totals of the
 * search; ?deviceCode= (收入明细), ?settleNo= (项目账单), ?orderNo= and ?supplierPartyCode= (a supplier's 代销 shares)
 * open it filtered.
 */
export default function CapitalSubledgerPage() {
  return <SplitList page="subledger" title={SETTLEMENT_PAGES.subledger.title} addressFilters={SUBLEDGER_LINK_FILTERS} />;
}
