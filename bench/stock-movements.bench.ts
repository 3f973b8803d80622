// 库存流水 at scale (issue 15, docs/stock.md): BENCH_STOCK_ROWS movements (10,000,000 on PostgreSQL when
// TEST_DATABASE_URL / DATABASE_URL is given — a schema of its own, dropped at the end —, else 2,000,000 on a file-backed
// SQLite) at the demo merchant's 库存中心, half of them of one SKU, three seconds apart over the year. Times the list's own
// query (stock-movement.repo.ts movementQuery under fetchKeysetPage, as the service pages it) filtered by that SKU and a
// date range: the first page against a page one million rows deep (its cursor reached by walking, not timed), medians of
// interleaved rounds, printed as a ratio. Target: deep / first <= 2.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { fetchKeysetPage } from '../apps/server/src/platform/keyset-page.ts';
import { runSeeds } from '../apps/server/src/platform/seeds.ts';
import { movementQuery, type MovementFilter } from '../apps/server/src/modules/stock/stock-movement.repo.ts';
import { medians } from './bench-kit.ts';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const ROWS = Number(process.env.BENCH_STOCK_ROWS ?? (url ? 10_000_000 : 2_000_000));
const DEPTH = Math.min(1_000_000, Math.floor(ROWS / 2) - 1_000);
const PAGE_SIZE = 20;
const WALK_SIZE = 200;
const ROUNDS = 31;
const TARGET = 2;
const CHUNK = 500_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stock-'));
const schema = url ? `bench_${randomBytes(5).toString('hex')}` : undefined;
const db = await createDb({ dataDir: dir, databaseUrl: url, pgSchema: schema });
let failed = false;

try {
  console.log(`${db.dialect}${url ? ` (schema ${schema})` : ''}: ${ROWS.toLocaleString('en-US')} movements, page size ${PAGE_SIZE}`);
  await migrateToLatest(db.db);
  await runSeeds(db.db, { demoSeed: true, demoPassword: 'Bench12345' }, Date.now());
  const merchant = await db.db.selectFrom('merchant').select('id').orderBy('id').executeTakeFirstOrThrow();
  const mid = Number(merchant.id);
  const skus = (await db.db.selectFrom('goods_sku').select('id').where('merchant_id', '=', mid).orderBy('id').limit(200).execute()).map(
    (r) => Number(r.id),
  );
  const hot = skus[0]!;
  const loc = await db.db
    .insertInto('stock_location')
    .values({ merchant_id: mid, kind: 'hub', code: 'BENCH', name: '库存中心（压测）', created_at: 0, updated_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const start = Date.UTC(2026, 0, 1);

  // ---------------------------------------------------------------- rows (not timed): generated inside the database
  const t0 = performance.now();
  // the SKUs by position, for the odd rows (even rows: the hot SKU)
  await sql.raw('CREATE TABLE bench_sku (pos integer primary key, sku_id integer not null)').execute(db.db);
  await sql.raw(`INSERT INTO bench_sku (pos, sku_id) VALUES ${skus.map((id, i) => `(${i}, ${id})`).join(', ')}`).execute(db.db);
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    const series =
      db.dialect === 'postgres'
        ? `generate_series(${from}, ${to}) AS s(g)`
        : `(WITH RECURSIVE s(g) AS (SELECT ${from} UNION ALL SELECT g + 1 FROM s WHERE g < ${to}) SELECT g FROM s) AS s`;
    await sql
      .raw(
        `INSERT INTO stock_movement (merchant_id, location_id, location_kind, sku_id, type, quantity, lock_delta, on_hand_before,
           on_hand_after, locked_before, locked_after, doc_type, doc_code, reason, operator_id, operator_name, created_at)
         SELECT ${mid}, ${Number(loc.id)}, 'hub', CASE WHEN g % 2 = 0 THEN ${hot} ELSE b.sku_id END, 'inbound', 1, 0, 0, 1, 0,
           0, 'seed', 'BENCH', '', 0, 'bench', ${start} + CAST(g AS bigint) * 3000
         FROM ${series} JOIN bench_sku b ON b.pos = (g / 2) % ${skus.length}`,
      )
      .execute(db.db);
    process.stdout.write(`\r  ${to.toLocaleString('en-US')} rows`);
  }
  // PostgreSQL analyzes as autovacuum would. The server never runs ANALYZE on SQLite, and statistics of a one-merchant
  // table mislead SQLite's planner into a skip-scan of merchant_id that loses the index order (a sort of every row of the
  // SKU): the SQLite run reads the table as the server's database would be read.
  if (db.dialect === 'postgres') await sql`analyze`.execute(db.db);
  console.log(`\nseeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const filter: MovementFilter = { skuId: hot, createdRange: [start, start + (ROWS + 1) * 3000] };
  const page = (cursor: string | undefined, pageSize: number) =>
    fetchKeysetPage(db.db, movementQuery(db.db, mid, 'hub', filter), {
      sort: { key: 'createdAt', column: 'stock_movement.created_at', value: (r) => Number(r.created_at) },
      id: { column: 'stock_movement.id', value: (r) => Number(r.id) },
      order: 'desc',
      cursor,
      pageSize,
      scope: mid,
    });

  // walk DEPTH rows deep (not timed)
  const t1 = performance.now();
  let cursor: string | undefined;
  for (let seen = 0; seen < DEPTH; seen += WALK_SIZE) {
    const p = await page(cursor, WALK_SIZE);
    if (!p.nextCursor) throw new Error(`only ${seen} rows`);
    cursor = p.nextCursor;
  }
  console.log(`walked ${DEPTH.toLocaleString('en-US')} rows deep in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  const deepCursor = cursor;
  const deepFirst = (await page(deepCursor, PAGE_SIZE)).list[0];
  console.log(`the deep page starts at movement ${deepFirst?.id} (${new Date(Number(deepFirst?.created_at)).toISOString()})`);

  if (db.dialect === 'sqlite') {
    // how SQLite reads the deep page (the index it walks)
    const c = movementQuery(db.db, mid, 'hub', filter)
      .where('stock_movement.created_at', '<=', Number(deepFirst?.created_at))
      .orderBy('stock_movement.created_at', 'desc')
      .orderBy('stock_movement.id', 'desc')
      .limit(PAGE_SIZE + 1)
      .compile();
    const plan = await db.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
    console.log(`plan: ${plan.rows.map((r) => r.detail).join(' | ')}`);
  }
  const { first, deep } = await medians(
    {
      first: () => page(undefined, PAGE_SIZE),
      deep: () => page(deepCursor, PAGE_SIZE),
    },
    ROUNDS,
  );
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  console.log(`first page (SKU + date range):        ${ms(first)}  (baseline)`);
  console.log(
    `page ${DEPTH.toLocaleString('en-US')} rows deep by keyset: ${ms(deep)}  ratio ${(deep / first).toFixed(2)} (target <= ${TARGET})`,
  );
  if (deep / first > TARGET) {
    failed = true;
    console.log(`MISSED: a page ${DEPTH} rows deep costs more than ${TARGET}× the first page`);
  }
} catch (err) {
  failed = true;
  console.error('stock movements bench failed:', err);
} finally {
  if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db.db);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
