import type { MenuNode } from '@merchant/contracts/permission/session';

/** A folder of the grant tree: its own pages, its sub-folders and every page id below it. */
export interface GrantGroup {
  key: string;
  name: string;
  pages: Array<{ id: number; name: string }>;
  groups: GrantGroup[];
  pageIds: number[];
}

const bySort = (a: MenuNode, b: MenuNode) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;

/** Ids of the pages (menuType 2) in the tree. */
export function pageIdsOf(nodes: MenuNode[]): number[] {
  return nodes.flatMap((n) => [...(n.menuType === 2 ? [n.id] : []), ...pageIdsOf(n.children ?? [])]);
}

function group(key: string, name: string, children: MenuNode[]): GrantGroup {
  const sorted = [...children].sort(bySort);
  return {
    key,
    name,
    pages: sorted.filter((c) => c.menuType === 2).map((c) => ({ id: c.id, name: c.name })),
    groups: sorted.filter((c) => c.menuType === 1 && (c.children?.length ?? 0) > 0).map((c) => group(`folder-${c.id}`, c.name, c.children)),
    pageIds: pageIdsOf(sorted),
  };
}

/**
 * The grantable menu tree as groups: one per top-level folder (in menu order), and the pages at
 * the top level (首页) in a leading 通用 group.
 */
export function grantGroups(menus: MenuNode[]): GrantGroup[] {
  const sorted = [...menus].sort(bySort);
  const topPages = sorted.filter((n) => n.menuType === 2);
  const folders = sorted.filter((n) => n.menuType === 1 && (n.children?.length ?? 0) > 0);
  return [...(topPages.length ? [group('top', '通用', topPages)] : []), ...folders.map((f) => group(`folder-${f.id}`, f.name, f.children))];
}

/**
 * What the role grants, as checked pages: only pages, and only pages the signed-in role may
 * grant (a folder's state follows from its pages).
 */
export function checkedPages(menuIds: readonly number[], tree: MenuNode[]): number[] {
  const pages = new Set(pageIdsOf(tree));
  return [...new Set(menuIds)].filter((id) => pages.has(id)).sort((a, b) => a - b);
}

/**
 * The menu ids to send: pages only. A folder is never sent, so a granter never asks for a folder
 * anchor it does not hold itself; the server shows a folder when it holds a granted page.
 */
export function menuIdsToSend(checked: ReadonlyArray<number | string>, tree: MenuNode[]): number[] {
  const pages = new Set(pageIdsOf(tree));
  return [...new Set(checked.map(Number))].filter((id) => pages.has(id)).sort((a, b) => a - b);
}

/** Checks (or unchecks) `ids` in the current grant. */
export function toggleGrant(current: readonly number[], ids: readonly number[], on: boolean): number[] {
  const next = new Set(current);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return [...next].sort((a, b) => a - b);
}

/** Checked state of a group: all, some (indeterminate) or none of its pages. */
export function groupState(g: Pick<GrantGroup, 'pageIds'>, checked: ReadonlySet<number>): { count: number; all: boolean; some: boolean } {
  const count = g.pageIds.filter((id) => checked.has(id)).length;
  return { count, all: count > 0 && count === g.pageIds.length, some: count > 0 && count < g.pageIds.length };
}
