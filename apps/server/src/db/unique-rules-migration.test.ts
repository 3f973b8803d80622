import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test/harness.ts';
import { createDb, type Db } from './database.ts';
import { migrateToLatest, migrationTableSchema } from './migrate.ts';
import * as m1 from './migrations/0001-platform.ts';
import * as m2 from './migrations/0002-gateway.ts';
import * as m3 from './migrations/0003-merchant.ts';
import * as m4 from './migrations/0004-export.ts';

/**
 * Migration 0005 adds the unique indexes of issue 10; a database written before it may hold the
 * duplicates concurrent requests slipped past the old checks. The migration must not fail on them.
 */
describe.each(DIALECTS)('migration 0005 on a database holding duplicates (%s)', (dialect) => {
  let db: Db;
  let cleanup: () => Promise<void>;

  afterEach(async () => {
    await cleanup();
  });

  async function openAt0004(): Promise<Kysely<never>> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merchant-mig-'));
    const schema = dialect === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
    db = await createDb({
      dataDir: dir,
      databaseUrl: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      pgSchema: schema,
    });
    cleanup = async () => {
      if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db.db);
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    const before: Record<string, Migration> = { '0001-platform': m1, '0002-gateway': m2, '0003-merchant': m3, '0004-export': m4 };
    const k = db.db as unknown as Kysely<unknown>;
    const { error } = await new Migrator({
      db: k,
      provider: { getMigrations: async () => before },
      migrationTableSchema: await migrationTableSchema(k),
    }).migrateToLatest();
    if (error) throw error;
    return db.db as unknown as Kysely<never>;
  }

  it('renames later duplicate names, withdraws all but the newest open application, then enforces both', async () => {
    const k = await openAt0004();
    const ins = async (table: string, values: Record<string, unknown>) =>
      (
        await sql<{
          id: number;
        }>`insert into ${sql.table(table)} (${sql.join(Object.keys(values).map((c) => sql.ref(c)))}) values (${sql.join(Object.values(values))}) returning id`.execute(
          k,
        )
      ).rows[0].id;
    const mid = await ins('merchant', { code: 'M1', name: '老商户', bus_code: 'mall', created_at: 1 });
    const root = await ins('organization', { merchant_id: mid, parent_id: null, name: '总部', created_at: 1 });
    const org = [];
    for (let i = 0; i < 3; i++) org.push(await ins('organization', { merchant_id: mid, parent_id: root, name: '华东大区', created_at: 1 }));
    // a row already named as the first rename would be: the migration picks another name
    const squatter = await ins('organization', { merchant_id: mid, parent_id: root, name: `华东大区（重复${org[1]}）`, created_at: 1 });
    const roles = [];
    for (let i = 0; i < 2; i++) roles.push(await ins('role', { merchant_id: mid, organization_id: root, name: '店长', created_at: 1 }));
    const store = (name: string, code: string) => ({
      merchant_id: mid,
      store_code: code,
      name,
      category_code: 'retail-cvs',
      contact_name: '张三',
      contact_phone: '13800000000',
      province: '上海市',
      city: '上海市',
      address: '测试路1号',
      lng: 121.4,
      lat: 31.2,
      open_time: '08:00',
      close_time: '20:00',
      business_days: '1',
      created_by: 1,
      created_at: 1,
      updated_at: 1,
    });
    const stores = [await ins('store', store('田林店', 'MD1')), await ins('store', store('田林店', 'MD2'))];
    const apply = (code: string, status: number) => ({
      merchant_id: mid,
      apply_code: code,
      subject_type: 'person',
      subject_name: '张三',
      cert_no: 'x',
      contact_name: '张三',
      contact_phone: '13800000000',
      province: '上海市',
      city: '上海市',
      address: '测试路1号',
      status,
      created_by: 1,
      created_at: 1,
      updated_at: 1,
    });
    const applies = [
      await ins('settle_apply', apply('RZ1', 1)),
      await ins('settle_apply', apply('RZ2', 0)),
      await ins('settle_apply', apply('RZ3', 0)),
      await ins('settle_apply', apply('RZ4', 3)),
    ];
    const change = (code: string) => ({
      merchant_id: mid,
      change_code: code,
      changes: '[]',
      reason: '变更',
      status: 1,
      submitted_by: 1,
      created_at: 1,
    });
    const changes = [await ins('merchant_change', change('BG1')), await ins('merchant_change', change('BG2'))];

    await migrateToLatest(db.db);

    const names = async (table: 'organization' | 'role' | 'store', ids: number[]) =>
      (await db.db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute()).map((r) => r.name);
    expect(await names('organization', [...org, squatter])).toEqual([
      '华东大区',
      `华东大区（重复${org[1]}-2）`,
      `华东大区（重复${org[2]}）`,
      `华东大区（重复${org[1]}）`,
    ]);
    expect(await names('role', roles)).toEqual(['店长', `店长（重复${roles[1]}）`]);
    expect(await names('store', stores)).toEqual(['田林店', `田林店（重复${stores[1]}）`]);
    const status = async (table: 'settle_apply' | 'merchant_change', ids: number[]) =>
      (await db.db.selectFrom(table).select(['status', 'review_remark']).where('id', 'in', ids).orderBy('id').execute()).map((r) => [
        r.status,
        r.review_remark !== '',
      ]);
    expect(await status('settle_apply', applies)).toEqual([
      [4, true],
      [4, true],
      [0, false],
      [3, false],
    ]);
    expect(await status('merchant_change', changes)).toEqual([
      [4, true],
      [1, false],
    ]);

    // The rules now hold in the database itself.
    await expect(ins('organization', { merchant_id: mid, parent_id: root, name: '华东大区', created_at: 1 })).rejects.toThrow();
    await expect(ins('role', { merchant_id: mid, organization_id: root, name: '店长', created_at: 1 })).rejects.toThrow();
    await expect(ins('store', store('田林店', 'MD3'))).rejects.toThrow();
    await expect(ins('settle_apply', apply('RZ5', 1))).rejects.toThrow();
    await expect(ins('merchant_change', change('BG3'))).rejects.toThrow();
    // …and only those: a closed application or another parent's name is fine.
    expect(await ins('settle_apply', apply('RZ6', 2))).toBeGreaterThan(0);
    expect(await ins('organization', { merchant_id: mid, parent_id: org[0], name: '华东大区', created_at: 1 })).toBeGreaterThan(0);
  });
});
