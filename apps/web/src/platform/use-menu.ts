import { useMemo } from 'react';
import type { AppRoute } from './route-types.ts';
import { useSession } from './session-store.ts';
import { buildMenu, type MenuEntry } from './menu.ts';

const join = (base: string, path: string) => (path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`);

/** Full path of every route with a page and an anchor, keyed by anchor. */
export function routePathByAnchor(routes: AppRoute[], base = '/website'): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of routes) {
    const full = join(base, r.path);
    if (r.anchor && r.page && !out.has(r.anchor)) out.set(r.anchor, full);
    if (r.children) for (const [k, v] of routePathByAnchor(r.children, full)) if (!out.has(k)) out.set(k, v);
  }
  return out;
}

/** The side menu of this session: the server tree matched against the routes generated for it. */
export function useMenu(): MenuEntry[] {
  const menuTree = useSession((s) => s.menuTree);
  const routes = useSession((s) => s.routes);
  const roleNames = useSession((s) => s.currentRoleName);
  const user = useSession((s) => s.userInfo);
  return useMemo(() => buildMenu(menuTree, routePathByAnchor(routes ?? []), { roleNames, user }), [menuTree, routes, roleNames, user]);
}
