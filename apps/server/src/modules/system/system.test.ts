import { signInOps } from '@merchant/contracts/permission/sign-in';
import { organizationOps } from '@merchant/contracts/system/organization';
import { roleOps } from '@merchant/contracts/system/role';
import { accountOps } from '@merchant/contracts/system/account';
import { loginLogOps } from '@merchant/contracts/system/login-log';
import { CODES, type ApiClient } from '@merchant/contracts';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';

interface OrgNode {
  id: number;
  name: string;
  parentId: number | null;
  accountCount: number;
  roleCount: number;
  children: OrgNode[];
}
interface Role {
  id: number;
  name: string;
  organizationId: number;
  isAdmin: boolean;
  accountCount: number;
}

const data = <T>(res: { code: string; msg: string; data?: unknown }): T => {
  if (res.code !== '200') throw new Error(`${res.code} ${res.msg}`);
  return res.data as T;
};

describe.each(DIALECTS)('user management (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let tree: OrgNode[];
  let hq: OrgNode;
  let east: OrgNode;
  const count = async (table: 'organization' | 'role' | 'account' | 'membership' | 'role_menu') =>
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    other = await registerMerchant(t, '别家商户', 'otherboss', '13700000077');
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => undefined);

  it('shows the organisation tree with counts; another merchant sees only its own', async () => {
    admin = await t.signIn('admin');
    tree = data<OrgNode[]>(await op(admin, organizationOps.tree));
    hq = tree[0];
    expect(tree).toHaveLength(1);
    expect(hq.name).toBe('总部');
    east = hq.children.find((c) => c.name === '华东大区')!;
    expect(east.children.map((c) => c.name)).toEqual(['上海运营中心', '杭州运营中心']);
    expect(hq.accountCount).toBe(5);
    expect(hq.roleCount).toBe(5);
    const theirs = data<OrgNode[]>(await op(other, organizationOps.tree));
    expect(theirs.map((n) => n.name)).toEqual(['别家商户']);
  });

  it('adds, edits and deletes an organisation, with clear refusals', async () => {
    const before = await count('organization');
    const bad = await op(admin, organizationOps.add, { parentId: east.id, name: 'x' });
    expect(bad.code).toBe(CODES.badInput);
    expect(bad.msg).toContain('组织名称至少2个字');
    expect(await count('organization')).toBe(before);
    const dup = await op(admin, organizationOps.add, { parentId: east.id, name: '上海运营中心' });
    expect(dup.code).toBe(CODES.conflict);
    const { id } = data<{ id: number }>(await op(admin, organizationOps.add, { parentId: east.id, name: '南京运营中心', sort: 3 }));
    const detail = data<{ name: string; path: string[]; structureType: number }>(await op(admin, organizationOps.detail, { id }));
    expect(detail).toMatchObject({ name: '南京运营中心', path: ['总部', '华东大区'], structureType: 3 });
    data(await op(admin, organizationOps.edit, { id, name: '南京中心', sort: 1 }));
    expect(data<{ name: string }[]>(await op(admin, organizationOps.children, { id: east.id })).map((o) => o.name)).toContain('南京中心');
    expect(data<{ name: string }[]>(await op(admin, organizationOps.parents, { id })).map((o) => o.name)).toEqual(['总部', '华东大区']);
    const withChildren = await op(admin, organizationOps.delete, { id: east.id });
    expect(withChildren).toMatchObject({ code: CODES.conflict, msg: '该组织下还有下级组织，不能删除' });
    const shanghai = east.children[0];
    const withAccounts = await op(admin, organizationOps.delete, { id: shanghai.id });
    expect(withAccounts).toMatchObject({ code: CODES.conflict, msg: '该组织下还有账号，不能删除' });
    expect((await op(admin, organizationOps.delete, { id: hq.id })).msg).toBe('根组织不能删除');
    data(await op(admin, organizationOps.delete, { id }));
    expect(await count('organization')).toBe(before);
  });

  it('refuses another merchant’s organisations as not found, changing nothing', async () => {
    for (const [name, body] of [
      [organizationOps.detail.name, { id: hq.id }],
      [organizationOps.edit.name, { id: hq.id, name: '改名了' }],
      [organizationOps.delete.name, { id: east.id }],
      [organizationOps.add.name, { parentId: hq.id, name: '偷偷加的' }],
    ] as const) {
      const res = await op(other, name, body);
      expect(res.code).toBe(CODES.notFound);
    }
    expect(data<OrgNode[]>(await op(admin, organizationOps.tree))[0].name).toBe('总部');
  });

  it('refuses roles without the anchor', async () => {
    const operator = await t.signIn('operator');
    for (const name of [organizationOps.tree.name, roleOps.list.name, accountOps.list.name, accountOps.disable.name]) {
      expect((await op(operator, name, { id: 1 })).code).toBe(CODES.forbidden);
    }
  });

  it('creates a role with a partial grant; cannot grant beyond its own role', async () => {
    const grantable = data<{ id: number; children: { id: number }[] }[]>(await op(admin, roleOps.grantableMenus));
    expect(grantable.length).toBeGreaterThan(10);
    const goods = grantable.find((m) => m.id === 102)!;
    const menuIds = [1999, 102, ...goods.children.map((c) => c.id)];
    const bad = await op(admin, roleOps.add, { organizationId: hq.id, name: '', menuIds });
    expect(bad.msg).toContain('请输入角色名称');
    expect((await op(admin, roleOps.add, { organizationId: hq.id, name: '商品专员', menuIds: [999999] })).msg).toContain('菜单不存在');
    const { id } = data<{ id: number }>(await op(admin, roleOps.add, { organizationId: hq.id, name: '商品专员', menuIds }));
    const detail = data<{ menuIds: number[]; organizationName: string }>(await op(admin, roleOps.detail, { id }));
    expect(detail.menuIds.sort()).toEqual([...menuIds].sort());
    expect(detail.organizationName).toBe('总部');
    expect((await op(admin, roleOps.add, { organizationId: hq.id, name: '商品专员', menuIds })).code).toBe(CODES.conflict);
    // a finance admin? finance cannot even reach role management; an org-scoped check: other merchant cannot see it
    expect((await op(other, roleOps.detail, { id })).code).toBe(CODES.notFound);
    // a non-admin role manager cannot grant beyond itself: give 运营 role-management and try
    const roles = data<Role[]>(await op(admin, roleOps.list, { organizationId: hq.id }));
    const ops = roles.find((r) => r.name === '运营')!;
    const opsDetail = data<{ menuIds: number[] }>(await op(admin, roleOps.detail, { id: ops.id }));
    data(await op(admin, roleOps.edit, { id: ops.id, name: '运营', menuIds: [...opsDetail.menuIds, 115, 11502] }));
    const operator = await t.signIn('operator');
    const beyond = await op(operator, roleOps.add, { organizationId: hq.id, name: '财务助理', menuIds: [106, 10601] });
    expect(beyond.code).toBe(CODES.forbidden);
    expect(beyond.msg).toContain('不能授予自己没有的权限');
    const within = await op(operator, roleOps.add, { organizationId: hq.id, name: '商品助理', menuIds: [102, 10201] });
    expect(within.code).toBe('200');
    data(await op(admin, roleOps.edit, { id: ops.id, name: '运营', menuIds: opsDetail.menuIds }));
    const adminRole = roles.find((r) => r.isAdmin)!;
    expect((await op(admin, roleOps.delete, { id: adminRole.id })).msg).toBe('管理员角色不能删除');
    expect((await op(admin, roleOps.delete, { id: ops.id })).msg).toBe('该角色下还有账号，不能删除');
  });

  it('creates an account with that role: it signs in and sees exactly the granted menu', async () => {
    const roles = data<Role[]>(await op(admin, roleOps.list, { name: '商品专员' }));
    const role = roles[0];
    const beforeAccounts = await count('account');
    const bad = await op(admin, accountOps.add, {
      userName: 'goods01',
      password: 'short',
      phone: '13600000001',
      memberships: [{ organizationId: hq.id, roleId: role.id }],
    });
    expect(bad.code).toBe(CODES.badInput);
    expect(bad.msg).toContain('密码长度至少8位');
    const wrongOrg = await op(admin, accountOps.add, {
      userName: 'goods01',
      password: 'Goods1234',
      phone: '13600000001',
      memberships: [{ organizationId: east.id, roleId: role.id }],
    });
    expect(wrongOrg.msg).toContain('不属于所选组织');
    expect(
      (
        await op(admin, accountOps.add, {
          userName: 'admin',
          password: 'Goods1234',
          phone: '13600000001',
          memberships: [{ organizationId: hq.id, roleId: role.id }],
        })
      ).code,
    ).toBe(CODES.conflict);
    expect(await count('account')).toBe(beforeAccounts);
    const { id } = data<{ id: number }>(
      await op(admin, accountOps.add, {
        userName: 'goods01',
        password: 'Goods1234',
        phone: '13600000001',
        memberships: [{ organizationId: hq.id, roleId: role.id }],
      }),
    );
    const goods = await t.signIn('goods01', 'Goods1234');
    const res = await goods.call<{ menuTreeList: { id: number; children: { id: number }[] }[] }>({
      method: 'GET',
      path: '/uni-api/permission/resource/v2/fetch',
    });
    expect(res.menuTreeList.map((m) => m.id)).toEqual([1999, 102]);
    const list = data<{ list: { id: number; userName: string; phone: string; memberships: { roleName: string }[] }[]; total: number }>(
      await op(admin, accountOps.list, { userName: 'goods' }),
    );
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id, userName: 'goods01', phone: '136****0001', memberships: [{ roleName: '商品专员' }] });
    expect(data<{ phone: string }>(await op(admin, accountOps.detail, { id })).phone).toBe('136****0001');
    expect((await op(other, accountOps.detail, { id })).code).toBe(CODES.notFound);
    expect((await op(other, accountOps.disable, { id })).code).toBe(CODES.notFound);
  });

  it('disables an account and ends its open session; enables it again; resets its password', async () => {
    const list = data<{ list: { id: number }[] }>(await op(admin, accountOps.list, { userName: 'goods01' }));
    const id = list.list[0].id;
    const session = await t.signIn('goods01', 'Goods1234');
    data(await op(admin, accountOps.disable, { id }));
    expect((await op(session, organizationOps.tree)).code).toBe(CODES.accountDisabled);
    data(await op(admin, accountOps.enable, { id }));
    const again = await t.signIn('goods01', 'Goods1234');
    t.clock.advance(1);
    data(await op(admin, accountOps.resetPassword, { id, password: 'NewGoods123' }));
    const res = await again.envelope({ method: 'POST', path: '/ben-api/v1/permission/getInfo', body: {} });
    expect(res.code).toBe(CODES.passwordChanged);
    await t.signIn('goods01', 'NewGoods123');
    const me = data<{ list: { id: number }[] }>(await op(admin, accountOps.list, { userName: 'admin' })).list[0].id;
    expect((await op(admin, accountOps.disable, { id: me })).msg).toBe('不能停用当前登录的账号');
    expect((await op(admin, accountOps.delete, { id: me })).msg).toBe('不能删除当前登录的账号');
  });

  it('lets a role granted only 用户账号 read accounts, not change them', async () => {
    const { id: roleId } = data<{ id: number }>(
      await op(admin, roleOps.add, { organizationId: hq.id, name: '账号查看', menuIds: [1999, 11504] }),
    );
    data(
      await op(admin, accountOps.add, {
        userName: 'viewer01',
        password: 'Viewer123',
        phone: '13600000009',
        memberships: [{ organizationId: hq.id, roleId }],
      }),
    );
    const viewer = await t.signIn('viewer01', 'Viewer123');
    const list = await op(viewer, accountOps.list, {});
    expect(list.code).toBe('200');
    expect((await op(viewer, accountOps.detail, { id: (list.data as { list: { id: number }[] }).list[0].id })).code).toBe('200');
    expect((await op(viewer, accountOps.disable, { id: 1 })).code).toBe(CODES.forbidden);
    expect((await op(viewer, roleOps.add, { organizationId: hq.id, name: '越权角色', menuIds: [] })).code).toBe(CODES.forbidden);
  });

  it('logs a refused sign-in of a disabled account', async () => {
    const id = data<{ list: { id: number }[] }>(await op(admin, accountOps.list, { userName: 'viewer01' })).list[0].id;
    data(await op(admin, accountOps.disable, { id }));
    const res = await op(t.anon, signInOps.loginPassword, { userName: 'viewer01', password: 'Viewer123' });
    expect(res.code).toBe(CODES.accountDisabled);
    const logs = data<{ list: { userName: string; success: boolean; reason: string }[] }>(
      await op(admin, loginLogOps.list.name, { userName: 'viewer01', success: false }),
    );
    expect(logs.list[0]).toMatchObject({ userName: 'viewer01', success: false, reason: 'disabled' });
  });

  it('edits memberships (a removed role ends access) and deletes an account', async () => {
    const id = data<{ list: { id: number }[] }>(await op(admin, accountOps.list, { userName: 'goods01' })).list[0].id;
    const session = await t.signIn('goods01', 'NewGoods123');
    const ops = data<Role[]>(await op(admin, roleOps.list, { organizationId: hq.id })).find((r) => r.name === '运营')!;
    data(await op(admin, accountOps.edit, { id, phone: '13600000002', memberships: [{ organizationId: hq.id, roleId: ops.id }] }));
    const res = await session.envelope({ method: 'GET', path: '/uni-api/permission/resource/v2/fetch' });
    expect(res.code).toBe('200'); // falls back to the role it still holds
    data(await op(admin, accountOps.delete, { id }));
    expect((await op(admin, accountOps.detail, { id })).code).toBe(CODES.notFound);
    expect((await session.envelope({ method: 'POST', path: '/ben-api/v1/permission/getInfo', body: {} })).code).toBe(CODES.sessionInvalid);
    // the operation log has the trail
    const log = await t.db.db
      .selectFrom('operation_log')
      .select(['operation', 'result_code'])
      .where('operation', 'like', 'system.account.%')
      .execute();
    expect(log.map((r) => r.operation)).toEqual(
      expect.arrayContaining([
        accountOps.add.name,
        accountOps.disable.name,
        accountOps.enable.name,
        accountOps.edit.name,
        accountOps.delete.name,
      ]),
    );
    void TEST_PASSWORD;
  });
});
