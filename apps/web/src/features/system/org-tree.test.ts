import { describe, expect, it } from 'vitest';
import type { OrgNode } from '@merchant/contracts/system/organization';
import {
  childStructureType,
  deleteBlocker,
  filterOrgTree,
  findOrgNode,
  flattenOrgs,
  orgIdPath,
  parentIds,
  structureTypeName,
  toOrgOptions,
  withoutEmptyChildren,
} from './org-tree.ts';

const node = (
  id: number,
  name: string,
  parentId: number | null,
  structureType: number,
  children: OrgNode[] = [],
  accountCount = 0,
): OrgNode => ({
  id,
  name,
  parentId,
  structureType,
  sort: 0,
  createdAt: 0,
  accountCount,
  roleCount: 0,
  children,
  manageable: true,
  manageNote: null,
});

const tree: OrgNode[] = [
  node(
    1,
    '总部',
    null,
    1,
    [
      node(2, '华东大区', 1, 2, [node(4, '上海运营中心', 2, 3, [], 1), node(5, '杭州运营中心', 2, 3)]),
      node(3, '华南大区', 1, 2, [node(6, '广州运营中心', 3, 3), node(7, '深圳运营中心', 3, 3)]),
    ],
    5,
  ),
];

describe('organisation tree helpers', () => {
  it('names structure types in Chinese', () => {
    expect([1, 2, 3, 4, 9].map(structureTypeName)).toEqual(['总部', '大区', '运营中心', '站点', '其他']);
  });

  it('builds picker options with the same shape as the tree', () => {
    const opts = toOrgOptions(tree);
    expect(opts[0]).toMatchObject({ title: '总部', value: 1 });
    expect(opts[0].children?.[0].children?.map((o) => o.title)).toEqual(['上海运营中心', '杭州运营中心']);
    expect(opts[0].children?.[0].children?.[0]).not.toHaveProperty('children');
  });

  it('flattens depth first with depth and path', () => {
    const flat = flattenOrgs(tree);
    expect(flat.map((n) => n.name)).toEqual([
      '总部',
      '华东大区',
      '上海运营中心',
      '杭州运营中心',
      '华南大区',
      '广州运营中心',
      '深圳运营中心',
    ]);
    expect(flat[2]).toMatchObject({ depth: 2, path: ['总部', '华东大区', '上海运营中心'] });
  });

  it('finds nodes and id paths', () => {
    expect(orgIdPath(tree, 6)).toEqual([1, 3, 6]);
    expect(orgIdPath(tree, 99)).toEqual([]);
    expect(findOrgNode(tree, 5)?.name).toBe('杭州运营中心');
  });

  it('filters by name keeping ancestors, and a matching region keeps its centres', () => {
    const hz = filterOrgTree(tree, '杭州');
    expect(flattenOrgs(hz).map((n) => n.name)).toEqual(['总部', '华东大区', '杭州运营中心']);
    const south = filterOrgTree(tree, '华南');
    expect(flattenOrgs(south).map((n) => n.name)).toEqual(['总部', '华南大区', '广州运营中心', '深圳运营中心']);
    expect(filterOrgTree(tree, '  ')).toBe(tree);
    expect(filterOrgTree(tree, '北京')).toEqual([]);
  });

  it('lists expandable ids and strips empty children arrays', () => {
    expect(parentIds(tree)).toEqual([1, 2, 3]);
    const stripped = withoutEmptyChildren(tree);
    expect(findOrgNode(stripped, 4)).not.toHaveProperty('children');
    expect(findOrgNode(stripped, 2)?.children).toHaveLength(2);
  });

  it('defaults a child to the next structure level, at most 站点', () => {
    expect(childStructureType(1)).toBe(2);
    expect(childStructureType(3)).toBe(4);
    expect(childStructureType(4)).toBe(4);
    expect(childStructureType(undefined)).toBe(1);
  });

  it('explains why an organisation cannot be deleted', () => {
    expect(deleteBlocker(tree[0])).toBe('根组织不能删除');
    expect(deleteBlocker(findOrgNode(tree, 2)!)).toBe('该组织下还有 2 个下级组织，不能删除');
    expect(deleteBlocker(findOrgNode(tree, 4)!)).toBe('该组织下还有 1 个账号，不能删除');
    expect(deleteBlocker(findOrgNode(tree, 5)!)).toBeNull();
    expect(deleteBlocker({ parentId: 1, accountCount: 0, childCount: 3 })).toBe('该组织下还有 3 个下级组织，不能删除');
    // The server's admin scope: the active organisation itself is managed from above.
    expect(deleteBlocker({ parentId: 1, accountCount: 0, manageable: false, manageNote: '当前所在的组织由上级组织管理' })).toBe(
      '当前所在的组织由上级组织管理',
    );
  });
});
