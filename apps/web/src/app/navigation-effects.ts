import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import type { createBrowserRouter } from 'react-router';
import type { RouteHandle } from '../platform/route-types.ts';
import { setCurrentAnchor } from '../platform/session-store.ts';
import { setNavigator } from '../platform/browser.ts';
import { installTracker, track } from '../platform/tracker.ts';
import { followReplaces } from './layout/page-tabs-store.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Anchor of the page on screen: its own, else the one of the menu item it belongs to. */
export function anchorOf(handles: unknown[]): string | null {
  for (let i = handles.length - 1; i >= 0; i--) {
    const h = handles[i] as RouteHandle | undefined;
    if (h?.anchor) return h.anchor;
  }
  return null;
}

/**
 * Router side effects that need no React: a progress bar while navigating (spec §2), the current
 * menu anchor for the http client (§7), page-view tracking, client-side navigation for the platform layer, and the
 * page tabs' replaced addresses stored as the address changes (layout/page-tabs-store.ts).
 */
export function installNavigationEffects(router: AppRouter): void {
  NProgress.configure({ showSpinner: false, trickleSpeed: 120 });
  setNavigator((to, opts) => void router.navigate(to, opts));
  installTracker();
  let busy = false;
  let lastPage = '';
  const apply = (state: AppRouter['state']) => {
    const loading = state.navigation.state !== 'idle' || !state.initialized;
    if (loading && !busy) NProgress.start();
    if (!loading && busy) NProgress.done();
    busy = loading;
    if (!loading) {
      setCurrentAnchor(anchorOf(state.matches.map((m) => m.route.handle)));
      if (state.location.pathname !== lastPage) {
        lastPage = state.location.pathname;
        track({ type: 'pageview', page: lastPage });
      }
    }
  };
  apply(router.state);
  router.subscribe(apply);
  followReplaces(router);
}
