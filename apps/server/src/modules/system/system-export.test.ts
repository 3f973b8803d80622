import { organizationOps } from '@merchant/contracts/system/organization';
import { roleOps } from '@merchant/contracts/system/role';
import { CODES, type ApiClient } from '@merchant/contracts';
import type { OrgNode } from '@merchant/contracts/system/organization';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterSummary } from '../../platform/export/filter-summary.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { orgTree } from './organization.ops.ts';
import { roleList } from './role.ops.ts';

interface Role {
  id: number;
  name: string;
  organizationId: number;
  organizationName: string;
  isAdmin: boolean;
  packageName: string;
  accountCount: number;
}

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const data = <T>(res: { code: string; msg: string; data?: unknown }): T => {
  if (res.code !== '200') throw new Error(`${res.code} ${res.msg}`);
  return res.data as T;
};

async function exported(c: ApiClient, name: string, body: object, exportName: string): Promise<unknown[][]> {
  const res = await exportList(c, name, body, { exportName });
  if (res.kind !== 'file') throw new Error(JSON.stringify(res.envelope));
  expect(res.fileName).toMatch(new RegExp(`^${exportName}_\\d{14}\\.xlsx$`));
  return sheetRows(res.workbook);
}

const countNodes = (nodes: OrgNode[]): number => nodes.reduce((n, x) => n + 1 + countNodes(x.children), 0);

describe.each(DIALECTS)('user management exports (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家导出商户', 'exportboss', '13700000088');
  });
  afterAll(async () => {
    await t.close();
  });

  it('exports the roles as the list shows them, in the list’s order', async () => {
    const header = ['角色名称', '管理员角色', '所属组织', '套餐名称', '账号数', '创建时间'];
    const roles = data<Role[]>(await op(admin, roleOps.list));
    const rows = await exported(admin, roleOps.list.name, {}, '角色列表');
    expect(rows[0]).toEqual(header);
    expect(rows.length - 1).toBe(roles.length);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4]])).toEqual(
      roles.map((r) => [r.name, r.isAdmin ? '是' : '否', r.organizationName, r.packageName, r.accountCount]),
    );
    expect(rows.slice(1).every((r) => TIME.test(String(r[5])))).toBe(true);

    // Filters narrow the file exactly as they narrow the list.
    const hq = data<OrgNode[]>(await op(admin, organizationOps.tree))[0];
    for (const filter of [{ name: '运营' }, { organizationId: hq.id }, { organizationId: hq.id, name: '管理员' }]) {
      const listed = data<Role[]>(await op(admin, roleOps.list, filter));
      const file = await exported(admin, roleOps.list.name, filter, '角色列表');
      expect(file.slice(1).map((r) => r[0])).toEqual(listed.map((r) => r.name));
      expect(listed.length).toBeLessThan(roles.length);
    }
    expect(filterSummary({ organizationId: hq.id, name: '运营' }, roleList.export)).toBe(`组织ID：${hq.id}；角色名称：运营`);

    // Another merchant exports only its own roles.
    const theirs = await exported(other, roleOps.list.name, {}, '角色列表');
    expect(theirs.slice(1).map((r) => r[0])).toEqual(data<Role[]>(await op(other, roleOps.list)).map((r) => r.name));
    expect((await exported(other, roleOps.list.name, { organizationId: hq.id }, '角色列表')).length).toBe(1);
  });

  it('exports the organisation tree flattened: one row per organisation with level, path and type', async () => {
    const header = ['组织名称', '层级', '组织路径', '上级组织', '组织类型', '账号数', '角色数', '排序', '创建时间'];
    const tree = data<OrgNode[]>(await op(admin, organizationOps.tree));
    const rows = await exported(admin, organizationOps.tree.name, {}, '组织架构');
    expect(rows[0]).toEqual(header);
    expect(rows.length - 1).toBe(countNodes(tree));
    const hq = tree[0];
    expect(rows[1].slice(0, 8)).toEqual(['总部', 1, '总部', undefined, '总部', hq.accountCount, hq.roleCount, hq.sort]);
    expect(String(rows[1][8])).toMatch(TIME);
    // Depth first, as the tree table shows it: each region followed by its centres.
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      '总部',
      '华东大区',
      '上海运营中心',
      '杭州运营中心',
      '华南大区',
      '广州运营中心',
      '深圳运营中心',
    ]);
    const shanghai = rows.find((r) => r[0] === '上海运营中心')!;
    expect(shanghai.slice(1, 5)).toEqual([3, '总部 / 华东大区 / 上海运营中心', '华东大区', '运营中心']);
    expect(rows.find((r) => r[0] === '华南大区')![4]).toBe('大区');

    // The name search of the page: matches with their ancestors and their whole subtree, in list and file alike.
    const cut = data<OrgNode[]>(await op(admin, organizationOps.tree, { keyword: '华东' }));
    const file = await exported(admin, organizationOps.tree.name, { keyword: '华东' }, '组织架构');
    expect(file.length - 1).toBe(countNodes(cut));
    expect(file.slice(1).map((r) => r[0])).toEqual(['总部', '华东大区', '上海运营中心', '杭州运营中心']);
    expect((await exported(admin, organizationOps.tree.name, { keyword: '杭州' }, '组织架构')).slice(1).map((r) => r[0])).toEqual([
      '总部',
      '华东大区',
      '杭州运营中心',
    ]);
    expect(await exported(admin, organizationOps.tree.name, { keyword: '不存在的组织' }, '组织架构')).toEqual([header]);
    expect(filterSummary({ keyword: '华东' }, orgTree.export)).toBe('组织名称：华东');

    const theirs = await exported(other, organizationOps.tree.name, {}, '组织架构');
    expect(theirs.slice(1).map((r) => r[0])).toEqual(['别家导出商户']);
  });

  it('refuses an account without the pages (A0301)', async () => {
    const operator = await t.signIn('operator');
    for (const name of [roleOps.list.name, organizationOps.tree.name]) {
      const res = await exportList(operator, name, {});
      expect(res.kind === 'json' && res.envelope.code).toBe(CODES.forbidden);
    }
  });
});
