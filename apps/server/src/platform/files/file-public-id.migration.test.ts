import { randomBytes } from 'node:crypto';
import { promises as fs, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.ts';
import { DIALECTS } from '../../test/harness.ts';
import { fileRefs } from './file-store.ts';

const MIGRATION = '0006-file-public-id';
const dir = path.join(import.meta.dirname, '../../db/migrations');

async function migrations(): Promise<Record<string, Migration>> {
  const files = (await fs.readdir(dir)).filter((f) => /^\d{4}-[a-z0-9-]+\.(ts|js)$/.test(f)).sort();
  const out: Record<string, Migration> = {};
  for (const f of files) out[f.replace(/\.(ts|js)$/, '')] = (await import(path.join(dir, f))) as Migration;
  return out;
}

/** Migration 0006 on a database that already has files and change requests naming them by row number. */
describe.each(DIALECTS)('migration %s (%s)', (dialect) => {
  let db: Db | undefined;
  let dataDir: string | undefined;
  let schema: string | undefined;
  afterEach(async () => {
    if (db && schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db.db);
    await db?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives every existing file a random public id and renames the files in change requests', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'merchant-mig-'));
    schema = dialect === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
    db = await createDb({ dataDir, databaseUrl: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, pgSchema: schema });
    const all = await migrations();
    const names = Object.keys(all);
    const before = names[names.indexOf(MIGRATION) - 1];
    // On PostgreSQL kysely's own tables go to the test schema (its existence check would otherwise see other schemas').
    const migrator = new Migrator({
      db: db.db as unknown as Kysely<unknown>,
      provider: { getMigrations: async () => all },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    // the schema before: files known by their row numbers
    const raw = db.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = Date.UTC(2026, 0, 5);
    const { id: mid } = (await raw
      .insertInto('merchant')
      .values({ code: 'M-MIG', name: '迁移商户', bus_code: 'x', status: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    const fileIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const row = (await raw
        .insertInto('file')
        .values({
          merchant_id: mid,
          original_name: `证件${i}.png`,
          mime: 'image/png',
          size: 10,
          sha256: 'a'.repeat(64),
          storage_name: `s${i}.png`,
          purpose: 'licence',
          created_by: 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      fileIds.push(row.id);
    }
    await raw.insertInto('merchant_profile').values({ merchant_id: mid, cert_file_id: fileIds[0], updated_at: now }).execute();
    const change = (extra: object[]) =>
      JSON.stringify([{ field: 'merchantName', label: '商户名称', before: '旧名', after: '新名' }, ...extra]);
    const common = { merchant_id: mid, reason: '更换证件', status: 1, submitted_by: 1, created_at: now };
    await raw
      .insertInto('merchant_change')
      .values([
        {
          ...common,
          change_code: 'BG1',
          changes: change([{ field: 'certFileId', label: '证件照片', before: fileIds[0], after: fileIds[1] }]),
        },
        // one pending request per merchant (migration 0005): the others already reviewed
        {
          ...common,
          status: 2,
          change_code: 'BG2',
          changes: change([{ field: 'certFileId', label: '证件照片', before: null, after: fileIds[2] }]),
        },
        { ...common, status: 3, change_code: 'BG3', changes: change([]) },
      ])
      .execute();

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();

    const files = await db.db.selectFrom('file').select(['id', 'public_id']).orderBy('id').execute();
    expect(files.map((f) => f.id)).toEqual(fileIds);
    for (const f of files) expect(f.public_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(files.map((f) => f.public_id)).size).toBe(3);
    const publicOf = new Map(files.map((f) => [f.id, f.public_id]));

    // references by row id are untouched and resolve to the public ids
    const profile = await db.db
      .selectFrom('merchant_profile')
      .select('cert_file_id')
      .where('merchant_id', '=', mid)
      .executeTakeFirstOrThrow();
    expect(profile.cert_file_id).toBe(fileIds[0]);
    expect((await fileRefs(db.db, mid, fileIds)).get(fileIds[1])).toEqual({ id: publicOf.get(fileIds[1]), name: '证件1.png' });

    // change requests now name the files by their public ids; other changes are as they were
    const changes = await db.db.selectFrom('merchant_change').select(['change_code', 'changes']).orderBy('id').execute();
    const parsed = changes.map((c) => JSON.parse(c.changes) as { field: string; before: unknown; after: unknown }[]);
    expect(parsed[0][1]).toMatchObject({ field: 'certFileId', before: publicOf.get(fileIds[0]), after: publicOf.get(fileIds[1]) });
    expect(parsed[1][1]).toMatchObject({ field: 'certFileId', before: null, after: publicOf.get(fileIds[2]) });
    expect(parsed[0][0]).toEqual({ field: 'merchantName', label: '商户名称', before: '旧名', after: '新名' });
    expect(changes[2].changes).toBe(change([]));

    // a second file with the same public id is refused by the database
    await expect(db.db.updateTable('file').set({ public_id: files[0].public_id }).where('id', '=', fileIds[1]).execute()).rejects.toThrow();
  });
});
