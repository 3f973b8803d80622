/**
 * Issue 10 items 1 and 3: the admin-scope rule of user management (docs/decisions.md). A clerk with
 * only 账号管理 cannot take over an administrator or give itself more; the 华东大区 admin sees and manages
 * only 华东大区 and below. Every refusal is checked to change nothing.
 */
import { organizationOps } from '@merchant/contracts/system/organization';
import { roleOps } from '@merchant/contracts/system/role';
import { accountOps } from '@merchant/contracts/system/account';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { CODES, GATEWAY_PATHS, type ApiClient } from '@merchant/contracts';
import type { OrgNode } from '@merchant/contracts/system/organization';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';

interface Role {
  id: number;
  name: string;
  organizationId: number;
  organizationName: string;
  isAdmin: boolean;
  manageable: boolean;
  manageNote: string | null;
}
interface Membership {
  organizationId: number;
  organizationName: string;
  roleId: number;
  roleName: string;
}
interface Account {
  id: number;
  userName: string;
  phone: string;
  status: number;
  memberships: Membership[];
  manageable: boolean;
  manageNote: string | null;
}
interface AccountPage {
  list: Account[];
  total: number;
}

const data = <T>(res: { code: string; msg: string; data?: unknown }): T => {
  if (res.code !== '200') throw new Error(`${res.code} ${res.msg}`);
  return res.data as T;
};

const names = (nodes: OrgNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);

describe.each(DIALECTS)('user management: admin scope (%s)', (dialect) => {
  let t: TestApp;
  /** admin, active in 总部 as 管理员 (its first membership). */
  let root: ApiClient;
  /** admin again (another session), switched to 华东大区 / 管理员. */
  let east: ApiClient;
  let clerk: ApiClient;
  const org: Record<string, number> = {};
  const role: Record<string, Role> = {};
  const id: Record<string, number> = {};
  let clerkRoleId: number;

  /** Everything user management can change, to prove a refusal changed nothing. */
  const fingerprint = async () => {
    const db = t.db.db;
    const [accounts, memberships, roles, roleMenus, orgs, sessions] = await Promise.all([
      db.selectFrom('account').selectAll().orderBy('id').execute(),
      db.selectFrom('membership').selectAll().orderBy('account_id').orderBy('organization_id').orderBy('role_id').execute(),
      db.selectFrom('role').selectAll().orderBy('id').execute(),
      db.selectFrom('role_menu').selectAll().orderBy('role_id').orderBy('menu_id').execute(),
      db.selectFrom('organization').selectAll().orderBy('id').execute(),
      db.selectFrom('session').select(['id', 'revoked_at', 'revoked_reason']).orderBy('id').execute(),
    ]);
    return JSON.stringify({ accounts, memberships, roles, roleMenus, orgs, sessions });
  };

  /** Calls an operation that must be refused with `code`, and checks that nothing changed. */
  const refused = async (client: ApiClient, name: string, body: unknown, code: string, msg?: string | RegExp) => {
    const before = await fingerprint();
    const res = await op(client, name, body);
    expect(res.code, `${name} ${JSON.stringify(body)}: ${res.msg}`).toBe(code);
    if (typeof msg === 'string') expect(res.msg).toContain(msg);
    else if (msg) expect(res.msg).toMatch(msg);
    expect(await fingerprint(), `${name} changed data although refused`).toBe(before);
    return res;
  };

  const accountId = async (userName: string) =>
    (await t.db.db.selectFrom('account').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
  const membershipsOf = async (accountId: number) =>
    (await t.db.db.selectFrom('membership').select(['organization_id', 'role_id']).where('account_id', '=', accountId).execute())
      .map((m) => `${m.organization_id}:${m.role_id}`)
      .sort();

  const switchTo = async (client: ApiClient, organizationId: number, roleId: number) => {
    const res = await client.envelope<{ selected: { organizationId: number; roleIds: number[] } }>({
      method: 'GET',
      path: GATEWAY_PATHS.resourceFetch,
      query: { appKey: 'A1001000', clientType: 'web', organizationId, roleIds: String(roleId) },
    });
    expect(data<{ selected: { organizationId: number } }>(res).selected.organizationId).toBe(organizationId);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    root = await t.signIn('admin');
    const tree = data<OrgNode[]>(await op(root, organizationOps.tree));
    const walk = (nodes: OrgNode[]) => nodes.forEach((n) => ((org[n.name] = n.id), walk(n.children)));
    walk(tree);
    for (const r of data<Role[]>(await op(root, roleOps.list))) role[`${r.organizationName}/${r.name}`] = r;
    for (const u of ['admin', 'operator', 'finance', 'multi', 'sh.zhangwei', 'sh.wangfang', 'gz.zhangwei']) id[u] = await accountId(u);

    // A clerk holding only 账号管理 (anchor account-list), in 总部.
    clerkRoleId = data<{ id: number }>(await op(root, roleOps.add, { organizationId: org['总部'], name: '账号专员', menuIds: [11503] })).id;
    id.clerk01 = data<{ id: number }>(
      await op(root, accountOps.add, {
        userName: 'clerk01',
        password: 'Clerk1234',
        phone: '13600001001',
        memberships: [{ organizationId: org['总部'], roleId: clerkRoleId }],
      }),
    ).id;
    clerk = await t.signIn('clerk01', 'Clerk1234');

    east = await t.signIn('admin');
    await switchTo(east, org['华东大区'], role['华东大区/管理员'].id);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('a clerk with only 账号管理', () => {
    it('cannot reset the password of, disable, edit or delete an administrator', async () => {
      const admin = id.admin;
      await refused(clerk, accountOps.resetPassword.name, { id: admin, password: 'Hijack1234' }, CODES.forbidden, '管理员');
      await refused(clerk, accountOps.disable.name, { id: admin }, CODES.forbidden, '管理员');
      await refused(clerk, accountOps.enable.name, { id: admin }, CODES.forbidden, '管理员');
      await refused(clerk, accountOps.delete.name, { id: admin }, CODES.forbidden, '管理员');
      await refused(
        clerk,
        accountOps.edit.name,
        {
          id: admin,
          phone: '13600001999',
          memberships: [{ organizationId: org['总部'], roleId: clerkRoleId }],
        },
        CODES.forbidden,
        '管理员',
      );
      // The admin still signs in with its own password, and not with the clerk's.
      expect((await op(t.anon, signInOps.loginPassword, { userName: 'admin', password: 'Hijack1234' })).code).toBe(CODES.loginFailed);
      await t.signIn('admin');
    });

    it('cannot act on an account whose role holds pages it lacks (运营, 财务)', async () => {
      await refused(
        clerk,
        accountOps.resetPassword.name,
        { id: id.operator, password: 'Hijack1234' },
        CODES.forbidden,
        '含有您自己没有的菜单权限',
      );
      await refused(clerk, accountOps.disable.name, { id: id.finance }, CODES.forbidden, '总部/财务');
    });

    it('cannot give itself 总部·财务, nor change its own memberships or reset its own password here', async () => {
      await refused(
        clerk,
        accountOps.edit.name,
        {
          id: id.clerk01,
          phone: '13600001001',
          memberships: [
            { organizationId: org['总部'], roleId: clerkRoleId },
            { organizationId: org['总部'], roleId: role['总部/财务'].id },
          ],
        },
        CODES.forbidden,
        '不能修改当前登录账号的组织角色',
      );
      await refused(
        clerk,
        accountOps.edit.name,
        {
          id: id.clerk01,
          phone: '13600001001',
          memberships: [{ organizationId: org['总部'], roleId: role['总部/财务'].id }],
        },
        CODES.forbidden,
        '不能修改当前登录账号的组织角色',
      );
      await refused(clerk, accountOps.resetPassword.name, { id: id.clerk01, password: 'Clerk5678' }, CODES.conflict, '忘记密码');
      expect(await membershipsOf(id.clerk01)).toEqual([`${org['总部']}:${clerkRoleId}`]);
    });

    it('cannot grant a role it could not: 财务, 运营, an admin role — on a new account or on one it manages', async () => {
      for (const [name, msg] of [
        ['总部/财务', '含有您自己没有的菜单权限'],
        ['总部/运营', '含有您自己没有的菜单权限'],
        ['总部/管理员', '管理员'],
      ] as const) {
        await refused(
          clerk,
          accountOps.add.name,
          {
            userName: 'sneaky01',
            password: 'Sneaky123',
            phone: '13600001002',
            memberships: [{ organizationId: org['总部'], roleId: role[name].id }],
          },
          CODES.forbidden,
          msg,
        );
      }
      expect(await t.db.db.selectFrom('account').select('id').where('user_name', '=', 'sneaky01').executeTakeFirst()).toBeUndefined();

      // Inside its rights: an account holding its own role — created, edited, disabled, enabled, reset, deleted.
      const helper = data<{ id: number }>(
        await op(clerk, accountOps.add, {
          userName: 'helper01',
          password: 'Helper123',
          phone: '13600001003',
          memberships: [{ organizationId: org['总部'], roleId: clerkRoleId }],
        }),
      ).id;
      await refused(
        clerk,
        accountOps.edit.name,
        {
          id: helper,
          phone: '13600001003',
          memberships: [
            { organizationId: org['总部'], roleId: clerkRoleId },
            { organizationId: org['总部'], roleId: role['总部/财务'].id },
          ],
        },
        CODES.forbidden,
        '不能分配“总部/财务”',
      );
      data(
        await op(clerk, accountOps.edit, {
          id: helper,
          phone: '13600001004',
          memberships: [{ organizationId: org['总部'], roleId: clerkRoleId }],
        }),
      );
      data(await op(clerk, accountOps.disable, { id: helper }));
      data(await op(clerk, accountOps.enable, { id: helper }));
      t.clock.advance(1);
      data(await op(clerk, accountOps.resetPassword, { id: helper, password: 'Helper456' }));
      await t.signIn('helper01', 'Helper456');
      data(await op(clerk, accountOps.delete, { id: helper }));
    });

    it('sees per row what it may change, and why not', async () => {
      const list = data<AccountPage>(await op(clerk, accountOps.list, { pageSize: 200 })).list;
      const row = (u: string) => list.find((a) => a.userName === u)!;
      expect(row('admin')).toMatchObject({ manageable: false, manageNote: expect.stringContaining('管理员') });
      expect(row('finance')).toMatchObject({ manageable: false, manageNote: expect.stringContaining('含有您自己没有的菜单权限') });
      expect(data<Account>(await op(clerk, accountOps.detail, { id: id.admin }))).toMatchObject({ manageable: false });
      const roles = data<Role[]>(await op(clerk, roleOps.list, { organizationId: org['总部'] }));
      expect(roles.find((r) => r.id === clerkRoleId)).toMatchObject({ manageable: true, manageNote: null });
      expect(roles.find((r) => r.name === '财务')).toMatchObject({ manageable: false });
      expect(roles.find((r) => r.isAdmin)).toMatchObject({ manageable: false });
    });
  });

  describe('a role manager without admin rights', () => {
    it('cannot change a role holding pages it lacks, nor an admin role; changes roles within its own pages', async () => {
      const { id: managerRole } = data<{ id: number }>(
        await op(root, roleOps.add, { organizationId: org['总部'], name: '角色专员', menuIds: [11502, 11503] }),
      );
      data(
        await op(root, accountOps.add, {
          userName: 'roles01',
          password: 'Roles1234',
          phone: '13600001005',
          memberships: [{ organizationId: org['总部'], roleId: managerRole }],
        }),
      );
      const manager = await t.signIn('roles01', 'Roles1234');
      const finance = role['总部/财务'];
      await refused(manager, roleOps.edit.name, { id: finance.id, name: '财务', menuIds: [] }, CODES.forbidden, '含有您自己没有的菜单权限');
      await refused(manager, roleOps.edit.name, { id: role['总部/管理员'].id, name: '超级管理员', menuIds: [] }, CODES.forbidden, '管理员');
      await refused(manager, roleOps.delete.name, { id: role['华东大区/管理员'].id }, CODES.conflict, '管理员角色不能删除');
      const { id: own } = data<{ id: number }>(
        await op(manager, roleOps.add, { organizationId: org['上海运营中心'], name: '账号助理', menuIds: [11503] }),
      );
      data(await op(manager, roleOps.edit, { id: own, name: '账号助理', menuIds: [11502, 11503] }));
      await refused(
        manager,
        roleOps.edit.name,
        { id: own, name: '账号助理', menuIds: [11502, 11503, 10601] },
        CODES.forbidden,
        '不能授予自己没有的权限',
      );
      data(await op(manager, roleOps.delete, { id: own }));
    });
  });

  describe('the 华东大区 admin', () => {
    it('sees only 华东大区 and below in the organisation tree, its details and its export', async () => {
      const tree = data<OrgNode[]>(await op(east, organizationOps.tree));
      expect(tree.map((n) => n.name)).toEqual(['华东大区']);
      expect(names(tree)).toEqual(['华东大区', '上海运营中心', '杭州运营中心']);
      expect(tree[0]).toMatchObject({ manageable: false, manageNote: expect.stringContaining('上级组织') });
      expect(tree[0].children.every((n) => n.manageable)).toBe(true);
      const file = await exportList(east, organizationOps.tree, {}, { exportName: '组织架构' });
      if (file.kind !== 'file') throw new Error('no file');
      expect(
        sheetRows(file.workbook)
          .slice(1)
          .map((r) => r[0]),
      ).toEqual(['华东大区', '上海运营中心', '杭州运营中心']);
      for (const name of [organizationOps.detail.name, organizationOps.children.name, organizationOps.parents.name]) {
        for (const outside of ['总部', '华南大区', '广州运营中心']) {
          expect((await op(east, name, { id: org[outside] })).code, `${name} ${outside}`).toBe(CODES.notFound);
        }
      }
      expect(
        data<{ path: string[]; parentName: string | null; manageable: boolean }>(
          await op(east, organizationOps.detail, { id: org['华东大区'] }),
        ),
      ).toMatchObject({ path: [], parentName: null, manageable: false });
      expect(data<{ name: string }[]>(await op(east, organizationOps.parents, { id: org['上海运营中心'] })).map((o) => o.name)).toEqual([
        '华东大区',
      ]);
      // The root admin still sees the whole tree.
      expect(names(data<OrgNode[]>(await op(root, organizationOps.tree)))).toContain('华南大区');
    });

    it('cannot create, edit or delete organisations outside its subtree, nor its own', async () => {
      await refused(east, organizationOps.edit.name, { id: org['华南大区'], name: '华南大区X' }, CODES.notFound, '组织不存在');
      await refused(east, organizationOps.edit.name, { id: org['总部'], name: '总部X' }, CODES.notFound);
      await refused(east, organizationOps.delete.name, { id: org['深圳运营中心'] }, CODES.notFound);
      await refused(east, organizationOps.add.name, { parentId: org['华南大区'], name: '佛山运营中心' }, CODES.notFound, '上级组织不存在');
      await refused(east, organizationOps.add.name, { parentId: org['总部'], name: '华北大区' }, CODES.notFound, '上级组织不存在');
      await refused(east, organizationOps.edit.name, { id: org['华东大区'], name: '华东总部' }, CODES.forbidden, '上级组织');
      await refused(east, organizationOps.delete.name, { id: org['华东大区'] }, CODES.forbidden, '上级组织');
      // Inside: add, edit, delete.
      const { id: nanjing } = data<{ id: number }>(
        await op(east, organizationOps.add, { parentId: org['华东大区'], name: '南京运营中心' }),
      );
      data(await op(east, organizationOps.edit, { id: nanjing, name: '南京中心', sort: 3 }));
      expect(names(data<OrgNode[]>(await op(east, organizationOps.tree)))).toContain('南京中心');
      data(await op(east, organizationOps.delete, { id: nanjing }));
    });

    it('sees and changes only the roles of its subtree; its own admin role only from above', async () => {
      const roles = data<Role[]>(await op(east, roleOps.list));
      expect(new Set(roles.map((r) => r.organizationName))).toEqual(new Set(['华东大区', '上海运营中心', '杭州运营中心']));
      expect(roles.find((r) => r.isAdmin)).toMatchObject({ organizationName: '华东大区', manageable: false });
      expect(roles.filter((r) => !r.isAdmin).every((r) => r.manageable)).toBe(true);
      const exported = await exportList(east, roleOps.list, {}, { exportName: '角色列表' });
      if (exported.kind !== 'file') throw new Error('no file');
      expect(
        sheetRows(exported.workbook)
          .slice(1)
          .map((r) => r[2]),
      ).toEqual(roles.map((r) => r.organizationName));
      expect((await op(east, roleOps.list, { organizationId: org['华南大区'] })).code).toBe(CODES.notFound);

      const southAdmin = role['华南大区/管理员'];
      expect((await op(east, roleOps.detail, { id: southAdmin.id })).code).toBe(CODES.notFound);
      await refused(east, roleOps.edit.name, { id: southAdmin.id, name: '华南管理员', menuIds: [] }, CODES.notFound, '角色不存在');
      await refused(east, roleOps.edit.name, { id: role['广州运营中心/财务'].id, name: '财务', menuIds: [] }, CODES.notFound);
      await refused(east, roleOps.delete.name, { id: role['深圳运营中心/运营'].id }, CODES.notFound);
      await refused(east, roleOps.add.name, { organizationId: org['华南大区'], name: '华南运营', menuIds: [] }, CODES.notFound);
      await refused(
        east,
        roleOps.edit.name,
        { id: role['华东大区/管理员'].id, name: '华东超管', menuIds: [] },
        CODES.forbidden,
        '上级组织的管理员',
      );
      // Inside: add, edit, delete a role in 上海.
      const { id: rid } = data<{ id: number }>(
        await op(east, roleOps.add, { organizationId: org['上海运营中心'], name: '上海巡检', menuIds: [1999, 11503] }),
      );
      data(await op(east, roleOps.edit, { id: rid, name: '上海巡检员', menuIds: [1999] }));
      data(await op(east, roleOps.delete, { id: rid }));
      // The root admin edits the 华东大区 admin role (it is above it).
      data(await op(root, roleOps.edit, { id: role['华东大区/管理员'].id, name: '管理员', menuIds: [] }));
    });

    it('lists and exports only accounts of its subtree, showing only memberships inside it', async () => {
      const page = data<AccountPage>(await op(east, accountOps.list, { pageSize: 200 }));
      const users = page.list.map((a) => a.userName);
      expect(users.some((u) => u.startsWith('gz.') || u.startsWith('sz.'))).toBe(false);
      expect(users).not.toContain('operator');
      expect(users).toEqual(expect.arrayContaining(['sh.zhangwei', 'hz.zhangwei', 'multi', 'admin']));
      const inside = new Set([org['华东大区'], org['上海运营中心'], org['杭州运营中心']]);
      for (const a of page.list)
        expect(
          a.memberships.every((m) => inside.has(m.organizationId)),
          a.userName,
        ).toBe(true);
      expect(page.list.find((a) => a.userName === 'multi')).toMatchObject({
        manageable: false,
        manageNote: expect.stringContaining('管理范围以外'),
        memberships: [{ organizationName: '上海运营中心', roleName: '运营' }],
      });
      expect(page.list.find((a) => a.userName === 'sh.zhangwei')).toMatchObject({ manageable: true, manageNote: null });
      expect(page.total).toBe(page.list.length);
      const file = await exportList(east, accountOps.list, {}, { exportName: '账号列表' });
      if (file.kind !== 'file') throw new Error('no file');
      const rows = sheetRows(file.workbook).slice(1);
      expect(rows.map((r) => r[0]).sort()).toEqual([...users].sort());
      expect(rows.find((r) => r[0] === 'multi')![4]).toBe('上海运营中心/运营');
      expect((await op(east, accountOps.list, { organizationId: org['广州运营中心'] })).code).toBe(CODES.notFound);
      expect((await op(east, accountOps.detail, { id: id['gz.zhangwei'] })).code).toBe(CODES.notFound);
      expect((await op(east, accountOps.detail, { id: id.operator })).code).toBe(CODES.notFound);
      // Nor its full phone: an account outside the subtree is not found for the audited reveal either.
      expect((await op(east, accountOps.phoneReveal, { kind: 'account', id: id['gz.zhangwei'] })).code).toBe(CODES.notFound);
      expect(data<{ phone: string }>(await op(east, accountOps.phoneReveal, { kind: 'account', id: id['sh.zhangwei'] })).phone).toMatch(
        /^1\d{10}$/,
      );
    });

    it('cannot create an account with 总部·管理员 (nor its own 华东大区·管理员); creates one inside', async () => {
      await refused(
        east,
        accountOps.add.name,
        {
          userName: 'eastmole',
          password: 'Mole12345',
          phone: '13600001006',
          memberships: [{ organizationId: org['总部'], roleId: role['总部/管理员'].id }],
        },
        CODES.notFound,
        '组织不存在',
      );
      await refused(
        east,
        accountOps.add.name,
        {
          userName: 'eastmole',
          password: 'Mole12345',
          phone: '13600001006',
          memberships: [{ organizationId: org['华东大区'], roleId: role['华东大区/管理员'].id }],
        },
        CODES.forbidden,
        '上级组织的管理员',
      );
      await refused(
        east,
        accountOps.add.name,
        {
          userName: 'eastmole',
          password: 'Mole12345',
          phone: '13600001006',
          memberships: [{ organizationId: org['广州运营中心'], roleId: role['广州运营中心/财务'].id }],
        },
        CODES.notFound,
      );
      expect((await op(t.anon, signInOps.loginPassword, { userName: 'eastmole', password: 'Mole12345' })).code).toBe(CODES.loginFailed);
      const { id: staff } = data<{ id: number }>(
        await op(east, accountOps.add, {
          userName: 'sh.newbie',
          password: 'Newbie123',
          phone: '13600001007',
          memberships: [{ organizationId: org['上海运营中心'], roleId: role['上海运营中心/运营'].id }],
        }),
      );
      await t.signIn('sh.newbie', 'Newbie123');
      data(
        await op(east, accountOps.edit, {
          id: staff,
          phone: '13600001008',
          memberships: [
            { organizationId: org['上海运营中心'], roleId: role['上海运营中心/运营'].id },
            { organizationId: org['杭州运营中心'], roleId: role['杭州运营中心/运营'].id },
          ],
        }),
      );
      await refused(
        east,
        accountOps.edit.name,
        {
          id: staff,
          phone: '13600001008',
          memberships: [{ organizationId: org['广州运营中心'], roleId: role['广州运营中心/运营'].id }],
        },
        CODES.notFound,
      );
      data(await op(east, accountOps.delete, { id: staff }));
    });

    it('cannot reset a password in 广州, nor of an account also in 广州; resets one in 上海', async () => {
      await refused(east, accountOps.resetPassword.name, { id: id['gz.zhangwei'], password: 'Hijack1234' }, CODES.notFound, '账号不存在');
      await refused(east, accountOps.disable.name, { id: id['gz.zhangwei'] }, CODES.notFound);
      await refused(east, accountOps.resetPassword.name, { id: id.multi, password: 'Hijack1234' }, CODES.forbidden, '管理范围以外');
      await refused(east, accountOps.delete.name, { id: id.multi }, CODES.forbidden, '管理范围以外');
      await refused(
        east,
        accountOps.edit.name,
        {
          id: id.multi,
          phone: '13800000006',
          memberships: [{ organizationId: org['上海运营中心'], roleId: role['上海运营中心/运营'].id }],
        },
        CODES.forbidden,
        '管理范围以外',
      );
      expect((await op(t.anon, signInOps.loginPassword, { userName: 'gz.zhangwei', password: 'Hijack1234' })).code).toBe(CODES.loginFailed);
      t.clock.advance(1);
      data(await op(east, accountOps.resetPassword, { id: id['sh.zhangwei'], password: 'Shanghai123' }));
      await t.signIn('sh.zhangwei', 'Shanghai123');
      data(await op(east, accountOps.disable, { id: id['sh.wangfang'] }));
      data(await op(east, accountOps.enable, { id: id['sh.wangfang'] }));
    });

    it('manages another 华东大区 admin only from above; root admins manage each other', async () => {
      const { id: eastBoss } = data<{ id: number }>(
        await op(root, accountOps.add, {
          userName: 'eastboss',
          password: 'EastBoss1',
          phone: '13600001009',
          memberships: [{ organizationId: org['华东大区'], roleId: role['华东大区/管理员'].id }],
        }),
      );
      await refused(east, accountOps.disable.name, { id: eastBoss }, CODES.forbidden, '上级组织的管理员');
      await refused(east, accountOps.resetPassword.name, { id: eastBoss, password: 'Hijack1234' }, CODES.forbidden, '上级组织的管理员');
      data(await op(root, accountOps.disable, { id: eastBoss }));
      data(await op(root, accountOps.enable, { id: eastBoss }));

      const { id: rootBoss } = data<{ id: number }>(
        await op(root, accountOps.add, {
          userName: 'rootboss',
          password: 'RootBoss1',
          phone: '13600001010',
          memberships: [{ organizationId: org['总部'], roleId: role['总部/管理员'].id }],
        }),
      );
      data(await op(root, accountOps.disable, { id: rootBoss }));
      data(await op(root, accountOps.enable, { id: rootBoss }));
      const other = await t.signIn('rootboss', 'RootBoss1');
      expect(data<Account>(await op(other, accountOps.detail, { id: id.admin }))).toMatchObject({ manageable: true });
      // …but the 华东大区 admin cannot touch either.
      expect((await op(east, accountOps.detail, { id: rootBoss })).code).toBe(CODES.notFound);
    });
  });

  describe('the signed-in account itself', () => {
    it('may change its own phone, never its own memberships', async () => {
      const before = await membershipsOf(id.admin);
      const mine = data<Account & { merchantAccountType: number; useSite: boolean }>(await op(root, accountOps.detail, { id: id.admin }));
      const memberships = mine.memberships.map((m) => ({ organizationId: m.organizationId, roleId: m.roleId }));
      await refused(
        root,
        accountOps.edit.name,
        {
          id: id.admin,
          phone: mine.phone,
          memberships: [...memberships, { organizationId: org['总部'], roleId: role['总部/财务'].id }],
        },
        CODES.forbidden,
        '不能修改当前登录账号的组织角色',
      );
      await refused(root, accountOps.edit.name, { id: id.admin, phone: mine.phone, memberships, merchantAccountType: 1 }, CODES.forbidden);
      await refused(root, accountOps.resetPassword.name, { id: id.admin, password: 'Admin12345' }, CODES.conflict, '忘记密码');
      data(
        await op(root, accountOps.edit, {
          id: id.admin,
          phone: '13800000099',
          memberships,
          merchantAccountType: mine.merchantAccountType,
          useSite: mine.useSite,
        }),
      );
      expect(await membershipsOf(id.admin)).toEqual(before);
      // The 华东大区 session sees only part of its memberships; saving them unchanged keeps the others.
      const seen = data<Account>(await op(east, accountOps.detail, { id: id.admin }));
      expect(seen.memberships.map((m) => m.organizationName)).toEqual(['华东大区']);
      data(
        await op(east, accountOps.edit, {
          id: id.admin,
          phone: '13800000001',
          memberships: seen.memberships.map((m) => ({ organizationId: m.organizationId, roleId: m.roleId })),
        }),
      );
      expect(await membershipsOf(id.admin)).toEqual(before);
      void TEST_PASSWORD;
    });
  });
});
