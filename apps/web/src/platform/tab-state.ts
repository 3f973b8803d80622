/**
 * What a page keeps per tab of the multi-tab page bar (issue 20, decision 38): pages remount when their tab is
 * shown again, so whatever must survive a switch or a reload (a list's filters, page, page size, sort) is stored
 * here, in sessionStorage under the tab's path (pathname + search) and a part name of the page's choosing (e.g.
 * `list:<list id>` when a page has two lists). Closing a tab forgets its parts; another account, organisation or
 * role forgets them all. Pages outside the tab bar (sign-in and the like) keep nothing.
 *
 * Also the pages' loading signal: the tab bar restores a tab's window scroll once the lists of the page it shows
 * again have loaded (the page is only tall enough then).
 */
import { readJson, remove, writeJson } from './storage.ts';
import { getSession, type SessionState } from './session-store.ts';

/** sessionStorage key of every tab's parts: { owner, tabs: { [tab path]: { [part]: value } } }. */
export const TAB_STATE_KEY = 'TAB_STATE';

/**
 * Whose tabs: account, merchant, organisation and role. The tab bar starts afresh for another owner (spec §4
 * switches reload), and what the tabs kept is only read back by the same owner.
 */
export function tabOwner(s: Pick<SessionState, 'userInfo' | 'loginRole' | 'currentOrganization' | 'currentRole'>): string {
  return [s.userInfo?.userName ?? '', s.loginRole?.merchantId ?? '', s.currentOrganization.at(-1) ?? '', s.currentRole.join(',')].join('|');
}

/** Whether a path is a page of the tab bar. */
export const isTabPath = (pathname: string): boolean => pathname.startsWith('/website/');

/** The tab the browser shows now (pathname + search), or null outside the tab bar. */
export function currentTab(): string | null {
  const loc = globalThis.location;
  if (!loc || !isTabPath(loc.pathname)) return null;
  return loc.pathname + loc.search;
}

type AllTabs = Record<string, Record<string, unknown>>;

/** The current owner's tabs' parts (another owner's are not read). */
function readAll(): AllTabs {
  const stored = readJson<{ owner?: string; tabs?: AllTabs }>('session', TAB_STATE_KEY);
  if (!stored || stored.owner !== tabOwner(getSession()) || !stored.tabs || typeof stored.tabs !== 'object') return {};
  return stored.tabs;
}

function writeAll(all: AllTabs): void {
  if (Object.keys(all).length) writeJson('session', TAB_STATE_KEY, { owner: tabOwner(getSession()), tabs: all });
  else remove('session', TAB_STATE_KEY);
}

/** One part of a tab's state, or null when none was kept. */
export function readTabState<T>(tab: string | null, part: string): T | null {
  if (!tab) return null;
  const v = readAll()[tab]?.[part];
  return v === undefined || v === null ? null : (v as T);
}

/** Keeps one part of a tab's state (null forgets it). */
export function writeTabState(tab: string | null, part: string, value: unknown): void {
  if (!tab) return;
  const all = readAll();
  const parts = { ...all[tab] };
  if (value === null || value === undefined) delete parts[part];
  else parts[part] = value;
  if (Object.keys(parts).length) all[tab] = parts;
  else delete all[tab];
  writeAll(all);
}

/** Forgets every part of the given tabs (they were closed). */
export function forgetTabState(...tabs: string[]): void {
  const all = readAll();
  let changed = false;
  for (const t of tabs) {
    if (t in all) {
      delete all[t];
      changed = true;
    }
  }
  if (changed) writeAll(all);
}

/** Forgets every tab's parts except those of the tabs kept. */
export function keepTabState(tabs: string[]): void {
  const kept = new Set(tabs);
  forgetTabState(...Object.keys(readAll()).filter((t) => !kept.has(t)));
}

// ---- loading signal -------------------------------------------------------------------------------------------

const loading = new Set<symbol>();
const settledListeners = new Set<() => void>();

/**
 * Marks one piece of the shown page as loading (true) or loaded (false) under its own token; a list calls it
 * while its first page loads. Listeners of `onPageSettled` hear when nothing is loading any more.
 */
export function signalLoading(token: symbol, on: boolean): void {
  if (on) loading.add(token);
  else if (loading.delete(token) && loading.size === 0) for (const l of [...settledListeners]) l();
}

/** Whether some piece of the shown page is still loading. */
export const pageLoading = (): boolean => loading.size > 0;

/** Calls back whenever the shown page stops loading; returns the unsubscribe. */
export function onPageSettled(listener: () => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}
