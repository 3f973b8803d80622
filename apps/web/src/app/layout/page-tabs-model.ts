/**
 * The multi-tab page bar's model (issue 20): the pages a person has open, 首页 pinned first. Pure functions;
 * the store in page-tabs-store.ts keeps the result in sessionStorage (a reload keeps the tabs, another browser
 * window has its own).
 */
export interface PageTab {
  /** pathname + search: one tab per page and its parameters. */
  path: string;
  title: string;
}

export const HOME_PATH = '/website/home';
export const HOME_TAB: PageTab = { path: HOME_PATH, title: '首页' };
/** The most tabs kept open; opening one more closes the oldest (never 首页 or the one being opened). */
export const MAX_TABS = 20;

const withHome = (tabs: PageTab[]): PageTab[] => [HOME_TAB, ...tabs.filter((t) => t.path !== HOME_PATH)];

/** Opens (or re-titles) a tab; a new one goes to the end. */
export function openTab(tabs: PageTab[], tab: PageTab): PageTab[] {
  const all = withHome(tabs);
  const at = all.findIndex((t) => t.path === tab.path);
  if (at >= 0) return all[at].title === tab.title || tab.path === HOME_PATH ? all : all.map((t, i) => (i === at ? tab : t));
  const next = [...all, tab];
  while (next.length > MAX_TABS) next.splice(1, 1);
  return next;
}

/**
 * A page replaced its own address (navigate(…, { replace: true }): a stale link put right, an add page become the
 * record's view): the tab of the old address becomes the new one in place, so one tab remains. When the new
 * address is already open elsewhere, the old tab closes instead; when the old one is not open, this is openTab.
 */
export function replaceTab(tabs: PageTab[], from: string, tab: PageTab): PageTab[] {
  const all = withHome(tabs);
  const at = all.findIndex((t) => t.path === from);
  if (at <= 0 || from === tab.path) return openTab(all, tab);
  if (all.some((t) => t.path === tab.path))
    return openTab(
      all.filter((_, i) => i !== at),
      tab,
    );
  return all.map((t, i) => (i === at ? tab : t));
}

/**
 * Closes one tab (首页 cannot be closed). When it was the active one, `go` is where to go instead: its right
 * neighbour, else its left one.
 */
export function closeTab(tabs: PageTab[], path: string, active: string): { tabs: PageTab[]; go?: string } {
  const all = withHome(tabs);
  const at = all.findIndex((t) => t.path === path);
  if (at <= 0) return { tabs: all };
  const next = all.filter((_, i) => i !== at);
  if (path !== active) return { tabs: next };
  return { tabs: next, go: (next[at] ?? next[at - 1]).path };
}

/** Keeps 首页 and the given tab. */
export function closeOthers(tabs: PageTab[], path: string): PageTab[] {
  return withHome(tabs).filter((t) => t.path === HOME_PATH || t.path === path);
}

/** Closes every tab to the right of the given one. */
export function closeRight(tabs: PageTab[], path: string): PageTab[] {
  const all = withHome(tabs);
  const at = all.findIndex((t) => t.path === path);
  return at < 0 ? all : all.slice(0, at + 1);
}

/** Whether the tabs to the right of one exist (the menu greys 关闭右侧 otherwise). */
export const hasRight = (tabs: PageTab[], path: string): boolean => {
  const at = withHome(tabs).findIndex((t) => t.path === path);
  return at >= 0 && at < withHome(tabs).length - 1;
};
