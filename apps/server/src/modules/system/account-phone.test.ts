import { organizationOps } from '@merchant/contracts/system/organization';
import { roleOps } from '@merchant/contracts/system/role';
import { accountOps } from '@merchant/contracts/system/account';
import { CODES, type ApiClient } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';

// Issue 10 item 12 for 账号详情: the account's phone is masked in the detail too; 账号管理 (the page
// that edits accounts) may reveal it through system.phone.reveal, which is logged; the read-only
// 用户账号 page may not; another merchant's account is not found.

const data = <T>(res: { code: string; msg: string; data?: unknown }): T => {
  if (res.code !== '200') throw new Error(`${res.code} ${res.msg}`);
  return res.data as T;
};

describe.each(DIALECTS)('account phones (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let viewer: ApiClient;
  let id: number;
  let memberships: { organizationId: number; roleId: number }[];
  const stored = async () => (await t.db.db.selectFrom('account').select('phone').where('id', '=', id).executeTakeFirstOrThrow()).phone;
  const log = () =>
    t.db.db
      .selectFrom('operation_log')
      .select(['user_name', 'target_ids', 'result_code'])
      .where('operation', '=', accountOps.phoneReveal.name)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家账号商户', 'acctboss', '13700000099');
    const hq = data<{ id: number }[]>(await op(admin, organizationOps.tree))[0];
    const accountRead = await t.db.db
      .selectFrom('menu')
      .select('id')
      .where('anchor', '=', 'stock-management-account')
      .executeTakeFirstOrThrow();
    const role = data<{ id: number }>(
      await op(admin, roleOps.add, { organizationId: hq.id, name: '账号只读', menuIds: [1999, accountRead.id] }),
    );
    memberships = [{ organizationId: hq.id, roleId: role.id }];
    id = data<{ id: number }>(
      await op(admin, accountOps.add, { userName: 'phoneview', password: 'Phone1234', phone: '13655557777', memberships }),
    ).id;
    viewer = await t.signIn('phoneview', 'Phone1234');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the phone masked in the detail, to editors and readers alike', async () => {
    expect(data<{ phone: string }>(await op(admin, accountOps.detail, { id })).phone).toBe('136****7777');
    expect(data<{ phone: string }>(await op(viewer, accountOps.detail, { id })).phone).toBe('136****7777');
  });

  it('reveals the full number to 账号管理 and writes the operation log', async () => {
    expect(data<{ phone: string }>(await op(admin, accountOps.phoneReveal, { kind: 'account', id }))).toEqual({ phone: '13655557777' });
    expect((await log()).at(-1)).toEqual({ user_name: 'admin', target_ids: `kind=account;id=${id}`, result_code: '200' });
  });

  it('refuses the read-only 用户账号 role (logged) and another merchant’s account', async () => {
    expect(await op(viewer, accountOps.phoneReveal, { kind: 'account', id })).toMatchObject({ code: CODES.forbidden, data: null });
    expect((await log()).at(-1)).toEqual({ user_name: 'phoneview', target_ids: `kind=account;id=${id}`, result_code: CODES.forbidden });
    expect(await op(other, accountOps.phoneReveal, { kind: 'account', id })).toMatchObject({
      code: CODES.notFound,
      msg: '账号不存在',
      data: null,
    });
  });

  it('an edit with the masked phone keeps the number; the mask of another number is refused', async () => {
    data(await op(admin, accountOps.edit, { id, phone: '136****7777', memberships }));
    expect(await stored()).toBe('13655557777');
    expect(await op(admin, accountOps.edit, { id, phone: '136****0000', memberships })).toMatchObject({
      code: CODES.badInput,
      msg: '手机号不完整：修改手机号时请输入完整的号码（字段：phone）',
    });
    expect(await stored()).toBe('13655557777');
    data(await op(admin, accountOps.edit, { id, phone: '13655558888', memberships }));
    expect(await stored()).toBe('13655558888');
    // a masked number is no number for a new account
    expect((await op(admin, accountOps.add, { userName: 'masked01', password: 'Phone1234', phone: '136****7777', memberships })).code).toBe(
      CODES.badInput,
    );
  });
});
