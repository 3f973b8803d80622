import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@merchant/contracts/permission/session';
import { checkedPages, grantGroups, groupState, menuIdsToSend, pageIdsOf, toggleGrant } from './menu-grant.ts';

const m = (id: number, name: string, menuType: 1 | 2, sort: number, children: MenuNode[] = []): MenuNode => ({
  id,
  parentId: 0,
  name,
  iconUrl: '',
  menuType,
  sort,
  hidden: false,
  anchor: `a${id}`,
  anchorList: [],
  routePath: '',
  children,
});

const menus: MenuNode[] = [
  m(115, '用户管理', 1, 20, [m(11502, '角色管理', 2, 2), m(11501, '组织管理', 2, 1)]),
  m(1999, '首页', 2, 0),
  m(104, '订单管理', 1, 10, [m(10401, '线上零售订单', 2, 1), m(10402, '批发订单', 2, 2)]),
  m(200, '空目录', 1, 30),
];

describe('menu grant helpers', () => {
  it('groups pages under their folders in menu order, top-level pages first as 通用', () => {
    const groups = grantGroups(menus);
    expect(groups.map((g) => g.name)).toEqual(['通用', '订单管理', '用户管理']);
    expect(groups[2].pages.map((p) => p.name)).toEqual(['组织管理', '角色管理']);
    expect(groups[2].pageIds).toEqual([11501, 11502]);
    expect(groups[0].pageIds).toEqual([1999]);
  });

  it('keeps only grantable pages as checked keys', () => {
    expect(checkedPages([115, 11501, 99999, 11501, 1999], menus)).toEqual([1999, 11501]);
  });

  it('never sends a folder id', () => {
    expect(menuIdsToSend([104, 10401, '10402', 115], menus)).toEqual([10401, 10402]);
    expect(pageIdsOf(menus)).toHaveLength(5);
  });

  it('toggles a set of pages', () => {
    expect(toggleGrant([1999], [10401, 10402], true)).toEqual([1999, 10401, 10402]);
    expect(toggleGrant([1999, 10401, 10402], [10401, 10402], false)).toEqual([1999]);
  });

  it('reports a folder as all, some (half-checked) or none', () => {
    const orders = grantGroups(menus)[1];
    expect(groupState(orders, new Set([10401]))).toEqual({ count: 1, all: false, some: true });
    expect(groupState(orders, new Set([10401, 10402]))).toEqual({ count: 2, all: true, some: false });
    expect(groupState(orders, new Set())).toEqual({ count: 0, all: false, some: false });
  });
});
