import { useMemo } from 'react';
import { collectAnchors, isAdmin } from './permission.ts';
import { useSession } from './session-store.ts';

/** Whether the active role holds a page anchor (to show links and actions it may use). */
export function useHasAnchor(anchor: string): boolean {
  const menuTree = useSession((s) => s.menuTree);
  return useMemo(() => collectAnchors(menuTree).has(anchor), [menuTree, anchor]);
}

/** Reviews (settle applications, change requests) are for administrators; the server decides. */
export function useIsAdmin(): boolean {
  const roleNames = useSession((s) => s.currentRoleName);
  return isAdmin(roleNames);
}
