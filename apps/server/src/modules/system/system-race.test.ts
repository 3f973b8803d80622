import { organizationOps } from '@merchant/contracts/system/organization';
import { roleOps } from '@merchant/contracts/system/role';
import { accountOps } from '@merchant/contracts/system/account';
import { CODES, type ApiClient } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { expectWinners, race } from '../../test/race.ts';

const N = 30;

/** Uniqueness rules of 用户管理 under concurrent identical requests (issue 10 item 4). */
describe.each(DIALECTS)('user management under concurrency (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let eastId: number;
  let roleOfEast: number;

  const rows = async (table: 'organization' | 'role' | 'account', where: { column: 'name' | 'user_name' | 'phone'; value: string }) =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(where.column as never, '=', where.value as never)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    const east = await t.db.db.selectFrom('organization').select('id').where('name', '=', '华东大区').executeTakeFirstOrThrow();
    eastId = east.id;
    roleOfEast = ((await op(admin, roleOps.add, { organizationId: eastId, name: '并发测试岗', menuIds: [] })).data as { id: number }).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes one organisation of a name among siblings; the others hear it already exists', async () => {
    const answers = await race(N, () => op(admin, organizationOps.add, { parentId: eastId, name: '并发运营中心' }));
    expectWinners(answers, { code: CODES.conflict, msg: '同一上级组织下已有同名组织' });
    expect(await rows('organization', { column: 'name', value: '并发运营中心' })).toBe(1);
  });

  it('renames sibling organisations to one name: one wins', async () => {
    for (let i = 0; i < 8; i++)
      expect((await op(admin, organizationOps.add, { parentId: eastId, name: `改名中心${i}` })).code).toBe(CODES.ok);
    const orgIds = (await t.db.db.selectFrom('organization').select('id').where('name', 'like', '改名中心%').execute()).map((o) => o.id);
    const answers = await race(orgIds.length, (i) => op(admin, organizationOps.edit, { id: orgIds[i], name: '改名后中心' }));
    expectWinners(answers, { code: CODES.conflict, msg: '同一上级组织下已有同名组织' });
    expect(await rows('organization', { column: 'name', value: '改名后中心' })).toBe(1);
  });

  it('makes one role of a name in an organisation', async () => {
    const answers = await race(N, () => op(admin, roleOps.add, { organizationId: eastId, name: '并发角色', menuIds: [] }));
    expectWinners(answers, { code: CODES.conflict, msg: '该组织下已有同名角色' });
    expect(await rows('role', { column: 'name', value: '并发角色' })).toBe(1);
  });

  it('renames roles of one organisation to one name: one wins', async () => {
    for (let i = 0; i < 8; i++)
      expect((await op(admin, roleOps.add, { organizationId: eastId, name: `改名角色${i}`, menuIds: [] })).code).toBe(CODES.ok);
    const roleIds = (await t.db.db.selectFrom('role').select('id').where('name', 'like', '改名角色%').execute()).map((r) => r.id);
    const answers = await race(roleIds.length, (i) => op(admin, roleOps.edit, { id: roleIds[i], name: '改名后角色', menuIds: [] }));
    expectWinners(answers, { code: CODES.conflict, msg: '该组织下已有同名角色' });
    expect(await rows('role', { column: 'name', value: '改名后角色' })).toBe(1);
  });

  it('makes one account of a user name, and one of a phone', async () => {
    const memberships = [{ organizationId: eastId, roleId: roleOfEast }];
    const byName = await race(12, (i) =>
      op(admin, accountOps.add, { userName: 'race_user', password: 'Race12345', phone: `1390000${String(1000 + i)}`, memberships }),
    );
    expectWinners(byName, { code: CODES.conflict, msg: '账号已存在，请换一个' });
    expect(await rows('account', { column: 'user_name', value: 'race_user' })).toBe(1);

    const byPhone = await race(12, (i) =>
      op(admin, accountOps.add, { userName: `race_phone_${i}`, password: 'Race12345', phone: '13900002000', memberships }),
    );
    expectWinners(byPhone, { code: CODES.conflict, msg: '该手机号已被其他账号使用' });
    expect(await rows('account', { column: 'phone', value: '13900002000' })).toBe(1);
  });

  it('moves one phone to several accounts at once: one wins', async () => {
    const memberships = [{ organizationId: eastId, roleId: roleOfEast }];
    for (let i = 0; i < 6; i++) {
      const res = await op(admin, accountOps.add, {
        userName: `phone_move_${i}`,
        password: 'Race12345',
        phone: `1390000${3000 + i}`,
        memberships,
      });
      expect(res.code).toBe(CODES.ok);
    }
    const ids = (await t.db.db.selectFrom('account').select('id').where('user_name', 'like', 'phone_move_%').execute()).map((a) => a.id);
    const answers = await race(ids.length, (i) => op(admin, accountOps.edit, { id: ids[i], phone: '13900003999', memberships }));
    expectWinners(answers, { code: CODES.conflict, msg: '该手机号已被其他账号使用' });
    expect(await rows('account', { column: 'phone', value: '13900003999' })).toBe(1);
  });
});
