import { roleOps } from '@merchant/contracts/system/role';
import { storeOps, type StoreRow } from '@merchant/contracts/merchant/store';
import { type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validStore } from '../test/store-data.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../test/harness.ts';
import { escapeLike } from './like.ts';

describe.each(DIALECTS)('keyword filters match %, _ and \\ literally (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  const roleNames = ['满100%立减', '会员_专享', '反斜杠\\角色', '普通角色甲', '普通角色乙'];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    const org = await t.db.db
      .selectFrom('organization')
      .innerJoin('account', 'account.merchant_id', 'organization.merchant_id')
      .select('organization.id')
      .where('account.user_name', '=', 'admin')
      .where('organization.parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    for (const name of roleNames) {
      expect((await op(admin, roleOps.add, { organizationId: org.id, name, packageName: '标准版', menuIds: [] })).code).toBe('200');
    }
    for (const name of ['田林路便利店_一号', '田林路便利店二号']) {
      expect((await admin.envelope({ method: 'POST', path: storeOps.create.rest!.path, body: { ...validStore, name } })).code).toBe('200');
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const roles = async (name: string) => {
    const res = await op(admin, roleOps.list, { name });
    expect(res.code).toBe('200');
    const data = res.data as Array<{ name: string }> | { list: Array<{ name: string }> };
    return (Array.isArray(data) ? data : data.list).map((r) => r.name).sort();
  };

  it('a role search for % or _ or \\ finds only the roles containing it', async () => {
    expect(await roles('%')).toEqual(['满100%立减']);
    expect(await roles('100%')).toEqual(['满100%立减']);
    expect(await roles('_')).toEqual(['会员_专享']);
    expect(await roles('员_专')).toEqual(['会员_专享']);
    expect(await roles('\\')).toEqual(['反斜杠\\角色']);
    expect(await roles('%_')).toEqual([]);
    // ordinary keywords still match anywhere in the name
    expect(await roles('普通角色')).toEqual(['普通角色乙', '普通角色甲']);
  });

  it('a store search (REST alias) for _ finds only the store containing it', async () => {
    const res = await admin.envelope<Paged<StoreRow>>({ method: 'POST', path: storeOps.list.rest!.path, body: { name: '_' } });
    expect(res.data?.list.map((s) => s.name)).toEqual(['田林路便利店_一号']);
    const all = await admin.envelope<Paged<StoreRow>>({ method: 'POST', path: storeOps.list.rest!.path, body: { name: '田林路便利店' } });
    expect(all.data?.list.map((s) => s.name).sort()).toEqual(['田林路便利店_一号', '田林路便利店二号']);
  });
});

describe('escapeLike', () => {
  it('escapes the wildcards and the escape character, nothing else', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
    expect(escapeLike('门店 A-1')).toBe('门店 A-1');
  });
});
