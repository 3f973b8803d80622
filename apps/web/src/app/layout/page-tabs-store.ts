import type { createBrowserRouter } from 'react-router';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { readJson, writeJson } from '../../platform/storage.ts';
import { getSession, type SessionState } from '../../platform/session-store.ts';
import { forgetTabState, isTabPath, keepTabState, tabOwner } from '../../platform/tab-state.ts';
import { pageTitleOf } from '../page-title.ts';
import { closeOthers, closeRight, closeTab, HOME_TAB, openTab, replaceTab, type PageTab } from './page-tabs-model.ts';

/** sessionStorage key of the open tabs (a reload keeps them; another browser window has its own). */
export const PAGE_TABS_KEY = 'PAGE_TABS';

interface Stored {
  /** Whose tabs: account, merchant, organisation and role. Another owner starts afresh (spec §4 switches). */
  owner: string;
  tabs: PageTab[];
  /** Window scroll per tab, restored when the tab is shown again. */
  scroll: Record<string, number>;
}

interface TabsState extends Stored {
  /** Bumped by 刷新: the page body remounts under a new key. */
  refreshNonce: number;
}

export const ownerOf = (s: Pick<SessionState, 'userInfo' | 'loginRole' | 'currentOrganization' | 'currentRole'>): string => tabOwner(s);

function restore(owner: string): Stored {
  const stored = readJson<Stored>('session', PAGE_TABS_KEY);
  if (stored && stored.owner === owner && Array.isArray(stored.tabs)) return { owner, tabs: stored.tabs, scroll: stored.scroll ?? {} };
  return { owner, tabs: [HOME_TAB], scroll: {} };
}

export const pageTabsStore = createStore<TabsState>(() => ({ ...restore(ownerOf(getSession())), refreshNonce: 0 }));

function save(next: Partial<Stored>): void {
  pageTabsStore.setState(next);
  const { owner, tabs, scroll } = pageTabsStore.getState();
  writeJson('session', PAGE_TABS_KEY, { owner, tabs, scroll });
}

export const usePageTabs = <T>(selector: (s: TabsState) => T): T => useStore(pageTabsStore, selector);

/**
 * Makes the store belong to the current session; organisation or role switches and a new sign-in start afresh
 * (and forget what the old tabs kept: platform/tab-state.ts).
 */
export function adoptOwner(owner: string): void {
  if (pageTabsStore.getState().owner === owner) return;
  const next = restore(owner);
  keepTabState(next.tabs.map((t) => t.path));
  save(next);
}

/** Sets the open tabs; the ones no longer open lose their scroll and whatever their pages kept per tab. */
function setTabs(tabs: PageTab[]): void {
  const open = new Set(tabs.map((t) => t.path));
  const closed = pageTabsStore
    .getState()
    .tabs.filter((t) => !open.has(t.path))
    .map((t) => t.path);
  const scroll = Object.fromEntries(Object.entries(pageTabsStore.getState().scroll).filter(([p]) => open.has(p)));
  if (closed.length) forgetTabState(...closed);
  save({ tabs, scroll });
}

export const rememberTab = (tab: PageTab) => setTabs(openTab(pageTabsStore.getState().tabs, tab));
/** The page at `from` replaced its address with `tab.path`: its tab becomes the new one (what it kept is dropped). */
export const replaceRememberedTab = (from: string, tab: PageTab) => setTabs(replaceTab(pageTabsStore.getState().tabs, from, tab));
export function forgetTab(path: string, active: string): string | undefined {
  const { tabs, go } = closeTab(pageTabsStore.getState().tabs, path, active);
  setTabs(tabs);
  return go;
}
export const keepOnly = (path: string) => setTabs(closeOthers(pageTabsStore.getState().tabs, path));
export const dropRight = (path: string) => setTabs(closeRight(pageTabsStore.getState().tabs, path));
export const saveScroll = (path: string, y: number) => save({ scroll: { ...pageTabsStore.getState().scroll, [path]: y } });
export const refreshActive = () => pageTabsStore.setState((s) => ({ refreshNonce: s.refreshNonce + 1 }));

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Follows the router's replace navigations (navigate(…, { replace: true }): a stale address put right, an add page
 * become the record's view) and stores the replaced tab in the router's own update, in the same task that changes
 * the address. PageTabs does the same in an effect, but that runs only after React has rendered the new location:
 * a reload in between (F5, a test's page.goto right after the address changed) read the stored tabs with the old tab
 * still there, and showed it next to the new one. Idempotent with the effect (the old tab is gone by then).
 */
export function followReplaces(router: Pick<AppRouter, 'state' | 'subscribe'>): () => void {
  const address = (l: { pathname: string; search: string }) => l.pathname + l.search;
  let last = address(router.state.location);
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle') return;
    const to = address(state.location);
    const from = last;
    if (to === from) return;
    last = to;
    if (state.historyAction !== 'REPLACE' || !isTabPath(state.location.pathname) || !isTabPath(from)) return;
    const matches = state.matches.map((m) => ({ handle: m.route.handle, params: m.params }));
    replaceRememberedTab(from, { path: to, title: pageTitleOf(matches, state.location.search) ?? '未命名页面' });
  });
}
