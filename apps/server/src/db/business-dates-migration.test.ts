import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test/harness.ts';
import { createDb, type Db } from './database.ts';
import { migrateToLatest, migrationTableSchema } from './migrate.ts';

// Migration 0007 turns the epoch-ms business dates of existing rows into 'YYYY-MM-DD' on the
// Asia/Shanghai calendar — the same answer on SQLite and PostgreSQL.

/** The migrations before 0007, as the real loader finds them. */
async function migrateBefore0007(db: Kysely<unknown>): Promise<void> {
  const dir = path.join(import.meta.dirname, 'migrations');
  const files = (await fsp.readdir(dir)).filter((f) => /^\d{4}-[a-z0-9-]+\.ts$/.test(f) && f < '0007').sort();
  const migrations: Record<string, Migration> = {};
  for (const f of files) migrations[f.replace(/\.ts$/, '')] = (await import(path.join(dir, f))) as Migration;
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await migrationTableSchema(db),
  }).migrateToLatest();
  if (error) throw error;
}

describe.each(DIALECTS)('migration 0007: business dates (%s)', (dialect) => {
  let db: Db | undefined;
  let dir: string | undefined;
  let schema: string | undefined;

  afterEach(async () => {
    if (db && schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db.db);
    await db?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('converts the stored instants to calendar dates in Asia/Shanghai and keeps the index', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merchant-mig-'));
    schema = dialect === 'postgres' ? `m_${randomBytes(6).toString('hex')}` : undefined;
    db = await createDb({
      dataDir: dir,
      databaseUrl: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      pgSchema: schema,
    });
    const k = db.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await migrateBefore0007(k as unknown as Kysely<unknown>);

    const now = Date.UTC(2026, 0, 1);
    const { id: mid } = (await k
      .insertInto('merchant')
      .values({ code: 'M0007', name: '迁移测试商户', bus_code: 'A1001005', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    const contract = (no: string, sign: number, start: number, end: number) => ({
      merchant_id: mid,
      contract_no: no,
      name: '合同',
      contract_type: 'lease',
      party_name: '甲方',
      amount: 100,
      sign_date: sign,
      start_date: start,
      end_date: end,
      file_id: null,
      remark: '',
      terminated_at: null,
      terminate_reason: '',
      created_by: 1,
      created_at: now,
      updated_at: now,
    });
    // 00:00 Shanghai as a Shanghai browser sent it; 23:59:59.999 Shanghai (end of day); 16:00 UTC = next day in Shanghai
    await k
      .insertInto('contract')
      .values([
        contract('HT1', Date.UTC(2025, 11, 7, 16), Date.UTC(2025, 11, 7, 16), Date.UTC(2026, 11, 8, 15, 59, 59, 999)),
        contract('HT2', Date.UTC(2025, 11, 7, 0), Date.UTC(2025, 11, 7, 16, 0), Date.UTC(2025, 11, 31, 23, 59, 59, 999)),
      ])
      .execute();
    const staff = (no: string, phone: string, entry: number | null) => ({
      merchant_id: mid,
      staff_no: no,
      name: '员工',
      phone,
      position: 'clerk',
      status: 1,
      entry_date: entry,
      remark: '',
      created_at: now,
      updated_at: now,
    });
    await k
      .insertInto('store_staff')
      .values([staff('YG1', '13800000001', Date.UTC(2024, 1, 28, 16)), staff('YG2', '13800000002', null)])
      .execute();

    await migrateToLatest(db.db);

    const contracts = await db.db
      .selectFrom('contract')
      .select(['contract_no', 'sign_date', 'start_date', 'end_date'])
      .orderBy('contract_no')
      .execute();
    expect(contracts).toEqual([
      { contract_no: 'HT1', sign_date: '2025-12-08', start_date: '2025-12-08', end_date: '2026-12-08' },
      { contract_no: 'HT2', sign_date: '2025-12-07', start_date: '2025-12-08', end_date: '2026-01-01' },
    ]);
    const people = await db.db.selectFrom('store_staff').select(['staff_no', 'entry_date']).orderBy('staff_no').execute();
    expect(people).toEqual([
      { staff_no: 'YG1', entry_date: '2024-02-29' },
      { staff_no: 'YG2', entry_date: null },
    ]);
    // the columns are text now, compared as dates, and the list's index is back
    const soon = await db.db.selectFrom('contract').select('contract_no').where('end_date', '<=', '2026-01-01').execute();
    expect(soon.map((r) => r.contract_no)).toEqual(['HT2']);
    const indexes =
      dialect === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename = 'contract' and schemaname = ${schema}`.execute(db.db)
          ).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'contract'`.execute(db.db)).rows;
    expect(indexes.map((r) => r.name)).toContain('contract_merchant_idx');
    // new rows take a date string; NOT NULL is kept on the contract dates
    await expect(
      db.db
        .insertInto('contract')
        .values({ ...contract('HT3', 0, 0, 0), sign_date: null } as never)
        .execute(),
    ).rejects.toThrow();
  });
});
