import { EXPORT_FILE_ROUTE, MENU_IDS } from '@merchant/contracts';
import type { MenuNode } from '@merchant/contracts/permission/session';
import { isHiddenByRoleRules, type AccessContext } from './permission.ts';

/** One side-menu entry built from a server menu node (spec §2, §3). */
export interface MenuEntry {
  key: string;
  id: number;
  name: string;
  iconUrl?: string;
  kind: 'folder' | 'page';
  anchor?: string;
  /** Where the page opens (registered route, else the server's routePath). */
  path?: string;
  /** A route for this page exists in the web app; otherwise the item is shown greyed (建设中). */
  available: boolean;
  children?: MenuEntry[];
}

export const HOME_ANCHOR = 'home';
export const EXPORT_FILE_ANCHOR = 'export-file';

/** The file section the client adds to every menu (menu ids 4000 and 4001). */
export function fileSectionNode(): MenuNode {
  return {
    id: MENU_IDS.fileSection,
    parentId: 0,
    name: '文件管理',
    iconUrl: 'FolderOpenOutlined',
    menuType: 1,
    sort: 9999,
    hidden: false,
    anchor: 'fileManage',
    anchorList: [],
    routePath: '/website/fileManage',
    children: [
      {
        id: MENU_IDS.exportFile,
        parentId: MENU_IDS.fileSection,
        name: '导出文件',
        iconUrl: '',
        menuType: 2,
        sort: 1,
        hidden: false,
        anchor: EXPORT_FILE_ANCHOR,
        anchorList: [EXPORT_FILE_ANCHOR],
        routePath: EXPORT_FILE_ROUTE,
        children: [],
      },
    ],
  };
}

function homeNode(): MenuNode {
  return {
    id: MENU_IDS.home,
    parentId: 0,
    name: '首页',
    iconUrl: 'HomeOutlined',
    menuType: 2,
    sort: -1,
    hidden: false,
    anchor: HOME_ANCHOR,
    anchorList: [HOME_ANCHOR],
    routePath: '/website/home',
    children: [],
  };
}

function containsId(nodes: MenuNode[], id: number): boolean {
  return nodes.some((n) => n.id === id || containsId(n.children ?? [], id));
}

/** The server tree plus the client's home (if the server left it out) and file section. */
export function withClientSections(tree: MenuNode[]): MenuNode[] {
  const out = [...tree];
  if (!containsId(out, MENU_IDS.home)) out.unshift(homeNode());
  if (!containsId(out, MENU_IDS.fileSection)) out.push(fileSectionNode());
  return out;
}

/**
 * Side menu (spec §2): hidden items skipped, §6 role rules applied, sorted, folders not clickable,
 * pages matched to registered routes by anchor.
 */
export function buildMenu(
  tree: MenuNode[],
  routePathByAnchor: ReadonlyMap<string, string>,
  ctx: Omit<AccessContext, 'anchors'>,
): MenuEntry[] {
  const build = (nodes: MenuNode[]): MenuEntry[] => {
    const sorted = [...nodes].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);
    const out: MenuEntry[] = [];
    for (const n of sorted) {
      if (n.hidden) continue;
      if (isHiddenByRoleRules({ anchor: n.anchor, name: n.name }, ctx)) continue;
      if (n.menuType === 1) {
        const children = build(n.children ?? []);
        if (children.length === 0) continue;
        out.push({
          key: `folder-${n.id}`,
          id: n.id,
          name: n.name,
          iconUrl: n.iconUrl || undefined,
          kind: 'folder',
          anchor: n.anchor,
          available: children.some((c) => c.available),
          children,
        });
      } else {
        const registered = n.anchor ? routePathByAnchor.get(n.anchor) : undefined;
        const path = registered ?? n.routePath;
        out.push({
          key: path || `page-${n.id}`,
          id: n.id,
          name: n.name,
          iconUrl: n.iconUrl || undefined,
          kind: 'page',
          anchor: n.anchor,
          path,
          available: !!registered,
        });
      }
    }
    return out;
  };
  return build(withClientSections(tree));
}

/** Pages of a built menu, depth first (quick links on home). */
export function menuPages(entries: MenuEntry[], trail: string[] = []): Array<MenuEntry & { trail: string[] }> {
  const out: Array<MenuEntry & { trail: string[] }> = [];
  for (const e of entries) {
    if (e.kind === 'page') out.push({ ...e, trail });
    else out.push(...menuPages(e.children ?? [], [...trail, e.name]));
  }
  return out;
}

/**
 * The menu item a page highlights: its route's activeMenu (a detail's list) — of several (a detail shared by several
 * lists), the first the role's menu holds, else the first — or the page's own path.
 */
export function selectedMenuKey(
  activeMenu: string | readonly string[] | undefined,
  pathname: string,
  held: (path: string) => boolean,
): string {
  if (typeof activeMenu === 'string') return activeMenu;
  if (!activeMenu || activeMenu.length === 0) return pathname;
  return activeMenu.find(held) ?? activeMenu[0];
}

/** Folder keys on the way to a path (to open the right sub-menus). */
export function openKeysFor(entries: MenuEntry[], path: string): string[] {
  for (const e of entries) {
    if (e.kind === 'page' && e.path === path) return [];
    if (e.kind === 'folder') {
      const inner = openKeysFor(e.children ?? [], path);
      if (inner.length > 0 || (e.children ?? []).some((c) => c.kind === 'page' && c.path === path)) return [e.key, ...inner];
    }
  }
  return [];
}

/** Folder name by server id (section titles in the breadcrumb). */
export function folderNameById(tree: MenuNode[], id: number): string | undefined {
  for (const n of tree) {
    if (n.id === id) return n.name;
    const inner = folderNameById(n.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
}
