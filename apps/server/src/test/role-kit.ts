import { CODES, type ApiClient } from '@merchant/contracts';
import { accountOps } from '@merchant/contracts/system/account';
import { roleOps } from '@merchant/contracts/system/role';
import { op, TEST_PASSWORD, type TestApp } from './harness.ts';

/**
 * Signs in a new account of the merchant whose one role holds exactly one menu page (and the folders above it), made
 * through 角色管理 and 账号管理 by `admin`: how a test meets a role narrower than the demo's.
 */
export async function signInWithOnlyPage(
  t: TestApp,
  admin: ApiClient,
  a: { merchantId: number; anchor: string; roleName: string; userName: string; phone: string },
): Promise<ApiClient> {
  const menu = await t.db.db.selectFrom('menu').select(['id', 'parent_id']).where('anchor', '=', a.anchor).executeTakeFirstOrThrow();
  const ids = [Number(menu.id)];
  for (let p = Number(menu.parent_id); p;) {
    ids.push(p);
    const up = await t.db.db.selectFrom('menu').select('parent_id').where('id', '=', p).executeTakeFirst();
    p = Number(up?.parent_id ?? 0);
  }
  const root = await t.db.db
    .selectFrom('organization')
    .select('id')
    .where('merchant_id', '=', a.merchantId)
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  const role = await op(admin, roleOps.add, { organizationId: root.id, name: a.roleName, menuIds: ids });
  if (role.code !== CODES.ok) throw new Error(`role: ${role.code} ${role.msg}`);
  const added = await op(admin, accountOps.add, {
    userName: a.userName,
    phone: a.phone,
    password: TEST_PASSWORD,
    memberships: [{ organizationId: root.id, roleId: (role.data as { id: number }).id }],
  });
  if (added.code !== CODES.ok) throw new Error(`account: ${added.code} ${added.msg}`);
  return t.signIn(a.userName);
}
