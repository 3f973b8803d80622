import type { Selectable } from 'kysely';
import type { MenuNode } from '@merchant/contracts/permission/session';
import type { MenuTable } from './menu.table.ts';

/** Builds the menu tree (spec §3 menu node) from the menus the roles may see. */
export function buildMenuTree(menus: readonly Selectable<MenuTable>[], visible: (anchor: string) => boolean): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const m of menus) {
    nodes.set(m.id, {
      id: m.id,
      parentId: m.parent_id,
      name: m.name,
      iconUrl: m.icon_url,
      menuType: m.menu_type === 1 ? 1 : 2,
      sort: m.sort,
      hidden: m.hidden === 1,
      anchor: m.anchor,
      anchorList: [],
      routePath: m.route_path,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === 0) roots.push(node);
  }
  // Keep granted pages and the folders that still hold one; anchorList lists every anchor below a node.
  const prune = (list: MenuNode[]): MenuNode[] =>
    list
      .map((n) => ({ ...n, children: prune(n.children) }))
      .filter((n) => (n.menuType === 1 ? n.children.length > 0 : visible(n.anchor)))
      .map((n) => ({ ...n, anchorList: [n.anchor, ...n.children.flatMap((c) => c.anchorList)] }))
      .sort((a, b) => a.sort - b.sort || a.id - b.id);
  return prune(roots);
}
