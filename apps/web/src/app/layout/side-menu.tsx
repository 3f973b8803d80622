import { useMemo, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { Menu, Tooltip, type MenuProps } from 'antd';
import type { RouteHandle } from '../../platform/route-types.ts';
import { openKeysFor, selectedMenuKey, type MenuEntry } from '../../platform/menu.ts';
import { useMenu } from '../../platform/use-menu.ts';
import { useSession } from '../../platform/session-store.ts';
import { menuIcon } from './menu-icon.tsx';

type Item = Required<MenuProps>['items'][number];

function toItems(entries: MenuEntry[], depth: number): Item[] {
  return entries.map((e): Item => {
    const icon = depth === 0 ? menuIcon(e) : undefined;
    if (e.kind === 'folder') {
      // Folders open and close; they are never a link (spec §2).
      return { key: e.key, icon, label: e.name, children: toItems(e.children ?? [], depth + 1) };
    }
    if (!e.available) {
      return {
        key: e.key,
        icon,
        disabled: true,
        title: `${e.name}（建设中）`,
        label: (
          <Tooltip title="该页面建设中，暂不可用" placement="right">
            <span className="menu-building">
              <span className="menu-building-name">{e.name}</span>
              <span className="menu-building-tag">建设中</span>
            </span>
          </Tooltip>
        ),
      };
    }
    return { key: e.key, icon, label: e.name, title: e.name };
  });
}

/** Side menu from the server menu tree (spec §2). */
export function SideMenu() {
  const entries = useMenu();
  const collapsed = useSession((s) => s.collapsed);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const matches = useMatches();
  const items = useMemo(() => toItems(entries, 0), [entries]);
  const pages = useMemo(() => {
    const map = new Map<string, MenuEntry>();
    const walk = (list: MenuEntry[]) => list.forEach((e) => (e.kind === 'page' ? map.set(e.key, e) : walk(e.children ?? [])));
    walk(entries);
    return map;
  }, [entries]);
  const activeMenu = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.activeMenu)
    .find(Boolean);
  const selected = selectedMenuKey(activeMenu, pathname, (p) => pages.has(p));
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(entries, selected));
  // On navigation, open the folders leading to the new page (kept open what the user opened).
  const [shownFor, setShownFor] = useState(selected);
  if (shownFor !== selected) {
    setShownFor(selected);
    setOpenKeys((prev) => Array.from(new Set([...prev, ...openKeysFor(entries, selected)])));
  }

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[selected]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        const entry = pages.get(key);
        if (entry?.available && entry.path && entry.path !== pathname) navigate(entry.path);
      }}
    />
  );
}
