import { SplitList, type SplitFixedFilters } from '../components/split-list.tsx';
import { SETTLEMENT_PAGES } from '../settlement-paths.ts';

/** Only the splits that gave a cabinet owner a share. */
const WITH_OWNER: SplitFixedFilters = { withOwner: true };

/**
 * 柜主分账 (finance-container-subledger): the splits with a cabinet owner's share — the owner, the share and its rate
 * first —, searched by the owner's account (FP…), the device, the state and the paid time. Hidden from a container
 * owner's account (spec §6, platform/permission.ts).
 */
export default function ContainerSubledgerPage() {
  return (
    <SplitList
      page="containerSubledger"
      title={SETTLEMENT_PAGES.containerSubledger.title}
      layout="owner"
      fixed={WITH_OWNER}
      emptyText="没有柜主分账记录"
    />
  );
}
