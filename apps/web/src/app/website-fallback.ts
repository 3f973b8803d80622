import { matchPath } from 'react-router';
import type { MenuNode, UserInfo } from '@merchant/contracts/permission/session';
import { buildMenu, menuPages } from '../platform/menu.ts';
import { resolveTitle, type AppRoute } from '../platform/route-types.ts';
import { routePathByAnchor } from '../platform/use-menu.ts';

/**
 * What a path under /website that no route of this session matches is (decision: unknown paths
 * outside /website go to the root, spec §2; under /website the person is told why):
 * - building: a page of this account's menu that is not built yet (greyed 建设中 in the menu);
 * - forbidden: a page the app has, but this account's role does not hold;
 * - missing: nothing of that name (页面不存在).
 */
export type WebsiteFallback =
  { kind: 'building'; name: string; trail: string[] } | { kind: 'forbidden'; title?: string } | { kind: 'missing' };

export interface FallbackContext {
  menuTree: MenuNode[];
  /** Routes generated for this session (null before they are). */
  routes: AppRoute[] | null;
  /** Every website route the app registers. */
  registered: AppRoute[];
  roleNames: string[];
  user: UserInfo | null;
}

const join = (base: string, path: string) => (path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`);

function flatten(routes: AppRoute[], base = '/website'): Array<{ route: AppRoute; fullPath: string }> {
  return routes.flatMap((r) => {
    const fullPath = join(base, r.path);
    return [{ route: r, fullPath }, ...flatten(r.children ?? [], fullPath)];
  });
}

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

export function classifyWebsitePath(pathname: string, ctx: FallbackContext): WebsiteFallback {
  const path = trimSlash(pathname);
  const menu = buildMenu(ctx.menuTree, routePathByAnchor(ctx.routes ?? []), { roleNames: ctx.roleNames, user: ctx.user });
  const page = menuPages(menu).find((e) => e.path && trimSlash(e.path) === path);
  if (page && !page.available) return { kind: 'building', name: page.name, trail: page.trail };
  for (const { route, fullPath } of flatten(ctx.registered)) {
    if (!route.page) continue;
    const match = matchPath(fullPath, path);
    if (match) {
      const title = resolveTitle(route.title, { params: match.params, search: new URLSearchParams() });
      return { kind: 'forbidden', title };
    }
  }
  return { kind: 'missing' };
}

/** Title of the fallback page (document title and breadcrumb). */
export function fallbackTitle(f: WebsiteFallback): string {
  if (f.kind === 'building') return f.name;
  if (f.kind === 'forbidden') return '无权访问';
  return '页面不存在';
}
