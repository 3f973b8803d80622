import { roleOps } from '@merchant/contracts/system/role';
import { accountOps } from '@merchant/contracts/system/account';
import { storeOps } from '@merchant/contracts/merchant/store';
import { type ApiClient, CODES, GATEWAY_PATHS } from '@merchant/contracts';
import { FILE_PATHS } from '@merchant/contracts/file/upload';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validStore } from '../../test/store-data.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { findNul } from './input-guard.ts';

const NUL = '\u0000';
const refusal = (field: string) => ({ code: CODES.badInput, msg: `内容包含不可见的空字符，请删除后重试（字段：${field}）` });

describe.each(DIALECTS)('a NUL character in any input is bad input, never a server error (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (table: 'role' | 'store' | 'login_log' | 'operation_log') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('in a gateway operation’s body: refused naming the field, nothing written', async () => {
    const roles = await count('role');
    const role = { organizationId: 1, name: `角色${NUL}甲`, packageName: '标准版', menuIds: [] };
    expect(await op(admin, roleOps.add, role)).toMatchObject(refusal('name'));
    expect(await op(admin, roleOps.add, { ...role, name: '角色甲', [`x${NUL}`]: 1 })).toMatchObject(refusal('x'));
    expect(await count('role')).toBe(roles);
    // a keyword filter (LIKE on PostgreSQL used to fail with HTTP 500)
    expect(await op(admin, accountOps.list, { userName: `ad${NUL}` })).toMatchObject(refusal('userName'));
    // the unified envelope's own fields
    expect(
      await admin.envelope({
        method: 'POST',
        path: GATEWAY_PATHS.request,
        body: { name: roleOps.list.name, body: {}, source: `web${NUL}` },
      }),
    ).toMatchObject(refusal('source'));
    // a public operation: no login attempt recorded
    const logins = await count('login_log');
    expect(
      await op(t.anon, signInOps.loginPassword.name, { userName: `admin${NUL}`, password: 'Wrong12345' }, { public: true }),
    ).toMatchObject(refusal('userName'));
    expect(await count('login_log')).toBe(logins);
  });

  it('in a REST alias’s body, nested too', async () => {
    const stores = await count('store');
    expect(
      await admin.envelope({ method: 'POST', path: storeOps.create.rest!.path, body: { ...validStore, name: `门店${NUL}` } }),
    ).toMatchObject(refusal('name'));
    expect(
      await admin.envelope({
        method: 'POST',
        path: storeOps.create.rest!.path,
        body: { ...validStore, tagCodes: ['24h', `pickup${NUL}`] },
      }),
    ).toMatchObject(refusal('tagCodes.1'));
    expect(await admin.envelope({ method: 'POST', path: storeOps.list.rest!.path, body: { name: `${NUL}` } })).toMatchObject(
      refusal('name'),
    );
    expect(await count('store')).toBe(stores);
  });

  it('in a query string, plain or travelling encrypted in a secure GET', async () => {
    const plain = await admin.envelope({
      method: 'GET',
      path: GATEWAY_PATHS.resourceFetch,
      query: { appKey: 'A1001000', clientType: `web${NUL}` },
    });
    expect(plain).toMatchObject(refusal('clientType'));
    const secure = await admin.envelope({ method: 'GET', path: FILE_PATHS.download, query: { id: `1${NUL}` } });
    expect(secure).toMatchObject(refusal('id'));
    const verifyCode = await t.anon.envelope({
      method: 'POST',
      path: GATEWAY_PATHS.verifyCode,
      body: { phone: `1380000000${NUL}2`, purpose: 'login' },
    });
    expect(verifyCode).toMatchObject(refusal('phone'));
  });
});

describe('findNul', () => {
  it('finds a NUL in any string or key, however deep, without recursion', () => {
    expect(findNul({ a: [{ b: 'ok' }, { c: `x${NUL}` }] })).toBe('a.1.c');
    expect(findNul(`${NUL}`)).toBe('');
    expect(findNul({ ok: 1, list: [1, 'two', null, true] })).toBeUndefined();
    let deep: unknown = `end${NUL}`;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});
