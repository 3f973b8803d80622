import { BUSI_CODES, MENU_IDS } from '@merchant/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import type { Seed } from '../../platform/seeds.ts';
import { DEMO_ROLE_SECTIONS, DEMO_ROLE_WITHHELD, SECTIONS } from './menu-catalogue.ts';
import { syncMenuCatalogue } from './menu-catalogue.repo.ts';

export const CHANNELS = [
  { code: 'container', name: '智能柜', sort: 1 },
  { code: 'mall', name: '批发商城', sort: 2 },
  { code: 'online', name: '线上零售', sort: 3 },
  { code: 'locallife', name: '本地生活', sort: 4 },
];

/**
 * Every start: the menu catalogue and the sales channels. On an empty database: the demo merchant with
 * its organisations, roles, accounts, channels and sites (first, so other areas' demos can build on it).
 */
export const seed: Seed = {
  order: 10,
  async sync(db) {
    await syncMenuCatalogue(db);
    await syncChannels(db);
  },
  demo: (db, { password, now }) => seedDemo(db, password, now),
};

/** Product data written at every start: the sales channels. */
export async function syncChannels(db: Kysely<Database>): Promise<void> {
  for (const c of CHANNELS) {
    await db
      .insertInto('channel')
      .values(c)
      .onConflict((oc) => oc.column('code').doUpdateSet({ name: c.name, sort: c.sort }))
      .execute();
  }
}

export interface DemoAccount {
  userName: string;
  phone: string;
  sees: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { userName: 'admin', phone: '13800000001', sees: '管理员：全部菜单；可在 总部（管理员/运营）与 华东大区（管理员）之间切换' },
  { userName: 'operator', phone: '13800000002', sees: '运营：商品、库存、订单、设备、点位、营销等' },
  { userName: 'owner', phone: '13800000003', sees: '柜主：智能柜库存与订单、设备、点位、财务（无收入明细、无柜主分账）' },
  { userName: 'finance', phone: '13800000004', sees: '财务：财务、订单、经营分析' },
  { userName: 'site', phone: '13800000005', sees: '站点运营：设备、点位、智能柜；顶栏为站点选择' },
  { userName: 'multi', phone: '13800000006', sees: '两个组织：上海运营中心（运营）与 广州运营中心（财务）' },
];

/**
 * Seeds the demo merchant on an empty database: organisations 总部 → 2 regions → operation centres,
 * roles with differing grants, one account per role, channels and sites.
 */
export async function seedDemo(db: Kysely<Database>, password: string, now: number): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const merchant = await trx
      .insertInto('merchant')
      .values({ code: 'M20261101DEMO01', name: '鲜速达智能零售有限公司', bus_code: BUSI_CODES.mall, status: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mid = merchant.id;
    const org = async (name: string, parent: number | null, structureType: number, sort: number) =>
      (
        await trx
          .insertInto('organization')
          .values({ merchant_id: mid, parent_id: parent, name, structure_type: structureType, sort, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const hq = await org('总部', null, 1, 0);
    const east = await org('华东大区', hq, 2, 1);
    const south = await org('华南大区', hq, 2, 2);
    const shanghai = await org('上海运营中心', east, 3, 1);
    const hangzhou = await org('杭州运营中心', east, 3, 2);
    const guangzhou = await org('广州运营中心', south, 3, 1);
    const shenzhen = await org('深圳运营中心', south, 3, 2);

    const role = async (orgId: number, name: string) => {
      const sections = DEMO_ROLE_SECTIONS[name];
      const withheld = new Set(DEMO_ROLE_WITHHELD[name] ?? []);
      const pages = new Map(SECTIONS.map((s) => [s.id, s.pages.filter((p) => !withheld.has(p.anchor)).map((p) => p.id)]));
      const { id } = await trx
        .insertInto('role')
        .values({
          merchant_id: mid,
          organization_id: orgId,
          name,
          package_name: name === '管理员' ? '旗舰版' : '标准版',
          is_admin: sections === 'all' ? 1 : 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const menuIds = sections === 'all' ? [] : [MENU_IDS.home, ...sections.flatMap((s) => [s, ...(pages.get(s) ?? [])])];
      if (menuIds.length)
        await trx
          .insertInto('role_menu')
          .values(menuIds.map((menu_id) => ({ role_id: id, menu_id })))
          .execute();
      return id;
    };
    const roleId = async (orgId: number, name: string) =>
      (await trx.selectFrom('role').select('id').where('organization_id', '=', orgId).where('name', '=', name).executeTakeFirstOrThrow())
        .id;
    const hqAdmin = await role(hq, '管理员');
    const hqOps = await role(hq, '运营');
    const hqOwner = await role(hq, '柜主');
    const hqFinance = await role(hq, '财务');
    const hqSite = await role(hq, '站点运营');
    const eastAdmin = await role(east, '管理员');
    await role(south, '管理员');
    const shOps = await role(shanghai, '运营');
    await role(shanghai, '财务');
    await role(hangzhou, '运营');
    await role(guangzhou, '运营');
    const gzFinance = await role(guangzhou, '财务');
    await role(shenzhen, '运营');

    const account = async (i: number, extra: { merchant_account_type?: number; use_site?: number; bus_code?: string }) => {
      const a = DEMO_ACCOUNTS[i];
      return (
        await trx
          .insertInto('account')
          .values({
            merchant_id: mid,
            user_name: a.userName,
            phone: a.phone,
            password_hash: passwordHash,
            merchant_account_type: extra.merchant_account_type ?? 0,
            use_site: extra.use_site ?? 0,
            bus_code: extra.bus_code ?? BUSI_CODES.mall,
            status: 1,
            password_changed_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const member = (account_id: number, organization_id: number, role_id: number) =>
      trx.insertInto('membership').values({ account_id, organization_id, role_id, merchant_id: mid }).execute();

    const admin = await account(0, {});
    await member(admin, hq, hqAdmin);
    await member(admin, hq, hqOps);
    await member(admin, east, eastAdmin);
    await member(await account(1, {}), hq, hqOps);
    await member(await account(2, { merchant_account_type: 1, bus_code: BUSI_CODES.containerOwner }), hq, hqOwner);
    await member(await account(3, {}), hq, hqFinance);
    await member(await account(4, { use_site: 1 }), hq, hqSite);
    const multi = await account(5, {});
    await member(multi, shanghai, shOps);
    await member(multi, guangzhou, gzFinance);

    // Staff of the operation centres, so the account list has realistic volume (some disabled).
    const centres = [
      ['sh', shanghai, shOps],
      ['hz', hangzhou, await roleId(hangzhou, '运营')],
      ['gz', guangzhou, await roleId(guangzhou, '运营')],
      ['sz', shenzhen, await roleId(shenzhen, '运营')],
    ] as const;
    const names = ['zhangwei', 'wangfang', 'lina', 'liuyang', 'chenjing', 'yangli', 'zhaolei', 'huangmin'];
    let n = 0;
    for (const [prefix, orgId, role] of centres) {
      for (const name of names.slice(0, 6)) {
        n++;
        const { id } = await trx
          .insertInto('account')
          .values({
            merchant_id: mid,
            user_name: `${prefix}.${name}`,
            phone: `139${String(10_000_000 + n * 7_919).slice(0, 8)}`,
            password_hash: passwordHash,
            merchant_account_type: 0,
            use_site: 0,
            bus_code: BUSI_CODES.mall,
            status: n % 7 === 0 ? 0 : 1,
            password_changed_at: now,
            created_at: now - n * 86_400_000,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await member(id, orgId, role);
      }
    }

    await trx
      .insertInto('merchant_channel')
      .values(CHANNELS.map((c) => ({ merchant_id: mid, channel_code: c.code })))
      .execute();
    const sites = [
      ['S0001', '上海徐汇滨江站', shanghai],
      ['S0002', '上海静安寺站', shanghai],
      ['S0003', '杭州西湖文化广场站', hangzhou],
      ['S0004', '广州天河城站', guangzhou],
      ['S0005', '深圳科技园站', shenzhen],
    ] as const;
    await trx
      .insertInto('site')
      .values(sites.map(([code, name, organization_id]) => ({ merchant_id: mid, code, name, organization_id, created_at: now })))
      .execute();
  });
}
