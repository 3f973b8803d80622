import { CAPITAL_ANCHORS } from '@merchant/contracts/finance/capital';
import { useMemo } from 'react';
import { collectAnchors } from '../../../platform/permission.ts';
import { useSession } from '../../../platform/session-store.ts';
import { capitalDetailPath } from '../settlement-paths.ts';

/**
 * The detail page of a party's account (资金账户详情, FP…), when the active role may open it — it holds one of the
 * pages that open an account (资金账户, 供应商资金, 智能柜供应商资金: the contract's CAPITAL_ANCHORS); null when there is no
 * account ('') or the role may not (the code is then shown as text).
 */
export function useCapitalLink(): (partyCode: string) => string | null {
  const menuTree = useSession((s) => s.menuTree);
  const allowed = useMemo(() => {
    const anchors = collectAnchors(menuTree);
    return CAPITAL_ANCHORS.some((a) => anchors.has(a));
  }, [menuTree]);
  return useMemo(() => (partyCode) => (partyCode && allowed ? capitalDetailPath(partyCode) : null), [allowed]);
}
