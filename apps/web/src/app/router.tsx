import { createBrowserRouter, redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import type { AppRoute, RouteHandle } from '../platform/route-types.ts';
import { getSession } from '../platform/session-store.ts';
import { guardMiddleware, loadRoutesOrEnd } from './route-guard.ts';
import { isPublicPath, publicRoutes, websiteRoutes } from './route-registry.ts';
import { loadChunk } from './lazy-chunk.ts';
import { BootSplash, RouteError } from './route-error.tsx';
import { classifyWebsitePath, fallbackTitle } from './website-fallback.ts';

export const WEBSITE_ROUTE_ID = 'website';
export const WEBSITE_FALLBACK_ID = 'website-fallback';

/**
 * Any other path under /website (decision 27): a menu page not built yet shows 建设中, a page
 * this role does not hold 无权访问, anything else 页面不存在 — each with a way back. Generated
 * routes are more specific and win; unknown paths outside /website still go to the root.
 */
function websiteFallbackRoute(): RouteObject {
  const handle: RouteHandle = {
    name: WEBSITE_FALLBACK_ID,
    title: ({ params }) => {
      const s = getSession();
      const pathname = `/website/${params['*'] ?? ''}`;
      return fallbackTitle(
        classifyWebsitePath(pathname, {
          menuTree: s.menuTree,
          routes: s.routes,
          registered: websiteRoutes,
          roleNames: s.currentRoleName,
          user: s.userInfo,
        }),
      );
    },
  };
  return {
    id: WEBSITE_FALLBACK_ID,
    path: '*',
    handle,
    lazy: async () => ({ Component: (await loadChunk(() => import('./website-fallback-page.tsx'))).WebsiteFallbackPage }),
  };
}

const join = (base: string, path: string) => (path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`);

/** A feature route table entry as a router entry: handle carries the meta, the page is lazy. */
export function toRouteObject(r: AppRoute, base: string): RouteObject {
  const fullPath = join(base, r.path);
  const handle: RouteHandle = {
    name: r.name,
    title: r.title,
    icon: r.icon,
    anchor: r.anchor,
    serverId: r.serverId,
    activeMenu: r.activeMenu,
    cannotClick: r.cannotClick,
    shadow: r.shadow,
    noPadding: r.noPadding,
    fullPath,
  };
  const page = r.page;
  return {
    id: r.name,
    path: r.path,
    handle,
    ...(page ? { lazy: async () => ({ Component: (await loadChunk(page)).default }) } : {}),
    ...(r.children ? { children: r.children.map((c) => toRouteObject(c, fullPath)) } : {}),
  };
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      // The guard runs before every navigation (spec §4).
      middleware: [guardMiddleware],
      lazy: async () => ({ Component: (await loadChunk(() => import('./app-shell.tsx'))).AppShell }),
      HydrateFallback: BootSplash,
      ErrorBoundary: RouteError,
      children: [
        { index: true, loader: () => redirect('/website/home') },
        ...publicRoutes.map((r) => toRouteObject(r, '/')),
        {
          id: WEBSITE_ROUTE_ID,
          path: 'website',
          handle: { name: WEBSITE_ROUTE_ID } satisfies RouteHandle,
          lazy: async () => ({ Component: (await loadChunk(() => import('./layout/basic-layout.tsx'))).BasicLayout }),
          children: [{ index: true, loader: () => redirect('/website/home') }, websiteFallbackRoute()],
        },
        // Unknown paths outside /website go to the root (spec §2).
        { path: '*', loader: () => redirect('/') },
      ],
    },
  ];
}

let patched = false;

/**
 * Spec §4: on navigation with a token and no role list, routes are generated from the roles and
 * menus and added under /website. Patched once per page load; switching organisation or role and
 * logging out reload the page, so no other account's routes survive.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (patched || !getSession().token || isPublicPath(path.split('?')[0])) return;
  const routes = await loadRoutesOrEnd();
  if (!routes || patched) return;
  patch(
    WEBSITE_ROUTE_ID,
    routes.map((r) => toRouteObject(r, '/website')),
  );
  patched = true;
};

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { patchRoutesOnNavigation });
}
