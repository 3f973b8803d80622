import { SplitList, type SplitFixedFilters } from '../components/split-list.tsx';
import { SETTLEMENT_PAGES } from '../settlement-paths.ts';

/** The wholesale mall's orders only. */
const MALL: SplitFixedFilters = { channel: 'mall' };

/** 商城分账明细 (capital-subledger-purchase-mall): the splits of the wholesale mall's (批发商城) orders. */
export default function MallSubledgerPage() {
  return <SplitList page="mallSubledger" title={SETTLEMENT_PAGES.mallSubledger.title} fixed={MALL} emptyText="没有商城分账记录" />;
}
