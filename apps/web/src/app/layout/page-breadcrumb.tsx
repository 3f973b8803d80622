import { useMemo } from 'react';
import { Link, useMatches } from 'react-router';
import { Breadcrumb } from 'antd';
import type { MenuNode } from '@merchant/contracts/permission/session';
import { resolveTitle, type RouteHandle } from '../../platform/route-types.ts';
import { withClientSections } from '../../platform/menu.ts';
import { useSession } from '../../platform/session-store.ts';

function findNode(tree: MenuNode[], id: number): MenuNode | undefined {
  for (const n of tree) {
    if (n.id === id) return n;
    const inner = findNode(n.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
}

interface Crumb {
  key: string;
  title: string;
  to?: string;
}

/**
 * Breadcrumb from the matched routes that have a title (spec §2); a route's server section
 * (folder) comes first and is not clickable, and neither is the last item.
 */
export function PageBreadcrumb() {
  const matches = useMatches();
  // The client's own sections (文件管理) are folders too.
  const serverTree = useSession((s) => s.menuTree);
  const menuTree = useMemo(() => withClientSections(serverTree), [serverTree]);
  const crumbs: Crumb[] = [];
  const search = new URLSearchParams(window.location.search);
  for (const m of matches) {
    const h = m.handle as RouteHandle | undefined;
    if (!h?.title) continue;
    if (h.serverId !== undefined) {
      const folder = findNode(menuTree, h.serverId);
      if (folder && folder.menuType === 1 && !crumbs.some((c) => c.key === `folder-${folder.id}`)) {
        crumbs.push({ key: `folder-${folder.id}`, title: folder.name });
      }
    }
    const title = resolveTitle(h.title, { params: m.params, search });
    if (title) crumbs.push({ key: m.id, title, to: h.cannotClick ? undefined : m.pathname });
  }
  return (
    <Breadcrumb
      items={crumbs.map((c, i) => ({
        key: c.key,
        title: c.to && i < crumbs.length - 1 ? <Link to={c.to}>{c.title}</Link> : c.title,
      }))}
    />
  );
}
