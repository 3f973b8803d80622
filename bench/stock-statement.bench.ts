// 库存报表 at scale (issue 15, docs/stock.md): "the monthly statement for one merchant <= 1 s" on 10,000,000 movements.
// BENCH_STATEMENT_ROWS movements (10,000,000 on PostgreSQL when TEST_DATABASE_URL / DATABASE_URL is given — a schema of
// its own, dropped at the end —, else 2,000,000 on a file-backed SQLite) of the demo merchant, at BENCH_STATEMENT_STORES
// store locations (20) × up to 200 SKUs, evenly over one year. Times the statement as the service runs it
// (stock-statement.repo.ts statementPage: the count and the first page, 20 rows) for one month in the middle of the year,
// all stores, against the same statement for one day (the baseline: the opening lookups with few period movements), and
// for one month of one store. Medians of interleaved rounds; the month is reported in ms against the 1 s target.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { runSeeds } from '../apps/server/src/platform/seeds.ts';
import { statementPage, statementQuery, type StatementFilter } from '../apps/server/src/modules/stock/stock-statement.repo.ts';
import { medians } from './bench-kit.ts';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const ROWS = Number(process.env.BENCH_STATEMENT_ROWS ?? (url ? 10_000_000 : 2_000_000));
const STORES = Number(process.env.BENCH_STATEMENT_STORES ?? 20);
const ROUNDS = Number(process.env.BENCH_STATEMENT_ROUNDS ?? 7);
const TARGET_MS = 1000;
const CHUNK = 500_000;
const DAY = 86_400_000;
const YEAR = 365 * DAY;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-statement-'));
const schema = url ? `bench_${randomBytes(5).toString('hex')}` : undefined;
const db = await createDb({ dataDir: dir, databaseUrl: url, pgSchema: schema });
let failed = false;

try {
  console.log(`${db.dialect}${url ? ` (schema ${schema})` : ''}: ${ROWS.toLocaleString('en-US')} movements, ${STORES} stores`);
  await migrateToLatest(db.db);
  await runSeeds(db.db, { demoSeed: true, demoPassword: 'Bench12345' }, Date.now());
  const merchant = await db.db.selectFrom('merchant').select('id').orderBy('id').executeTakeFirstOrThrow();
  const mid = Number(merchant.id);
  const skus = (await db.db.selectFrom('goods_sku').select('id').where('merchant_id', '=', mid).orderBy('id').limit(200).execute()).map(
    (r) => Number(r.id),
  );
  const locs: number[] = [];
  for (let s = 0; s < STORES; s++) {
    const r = await db.db
      .insertInto('stock_location')
      .values({ merchant_id: mid, kind: 'store', code: `BENCH${s}`, name: `压测门店${s}`, created_at: 0, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    locs.push(Number(r.id));
  }
  const start = Date.UTC(2026, 0, 1);
  const step = Math.floor(YEAR / ROWS);

  // ---------------------------------------------------------------- rows (not timed): generated inside the database
  const t0 = performance.now();
  await sql.raw('CREATE TABLE bench_sku (pos integer primary key, sku_id integer not null)').execute(db.db);
  await sql.raw(`INSERT INTO bench_sku (pos, sku_id) VALUES ${skus.map((id, i) => `(${i}, ${id})`).join(', ')}`).execute(db.db);
  await sql.raw('CREATE TABLE bench_loc (pos integer primary key, location_id integer not null)').execute(db.db);
  await sql.raw(`INSERT INTO bench_loc (pos, location_id) VALUES ${locs.map((id, i) => `(${i}, ${id})`).join(', ')}`).execute(db.db);
  // one balance per location × SKU
  await sql
    .raw(
      `INSERT INTO stock_balance (merchant_id, location_id, location_kind, sku_id, on_hand, locked, updated_at)
       SELECT ${mid}, l.location_id, 'store', b.sku_id, 1000, 0, 0 FROM bench_loc l CROSS JOIN bench_sku b`,
    )
    .execute(db.db);
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    const series =
      db.dialect === 'postgres'
        ? `generate_series(${from}, ${to}) AS s(g)`
        : `(WITH RECURSIVE s(g) AS (SELECT ${from} UNION ALL SELECT g + 1 FROM s WHERE g < ${to}) SELECT g FROM s) AS s`;
    // in and out alternate per balance (3 in, then a sale of 2 …): the numbers are not the point, the rows read are
    await sql
      .raw(
        `INSERT INTO stock_movement (merchant_id, location_id, location_kind, sku_id, type, quantity, lock_delta, on_hand_before,
           on_hand_after, locked_before, locked_after, doc_type, doc_code, reason, operator_id, operator_name, created_at)
         SELECT ${mid}, l.location_id, 'store', b.sku_id, CASE WHEN g % 3 = 0 THEN 'sale' ELSE 'inbound' END,
           CASE WHEN g % 3 = 0 THEN -2 ELSE 3 END, 0, 100, 101, 0, 0, 'seed', 'BENCH', '', 0, 'bench', ${start} + CAST(g AS bigint) * ${step}
         FROM ${series}
         JOIN bench_loc l ON l.pos = g % ${STORES}
         JOIN bench_sku b ON b.pos = (g / ${STORES}) % ${skus.length}`,
      )
      .execute(db.db);
    process.stdout.write(`\r  ${to.toLocaleString('en-US')} rows`);
  }
  // PostgreSQL as autovacuum leaves it (statistics, the visibility map the index-only scans need); SQLite as the server
  // reads it (no ANALYZE).
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.db);
  console.log(`\nseeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const june = start + 151 * DAY;
  const base: StatementFilter = { kind: 'store', from: june, to: june + 30 * DAY - 1, sortOrder: 'ascend' };
  const run = (f: Partial<StatementFilter>) => statementPage(db.db, mid, { ...base, ...f, pageNum: 1, pageSize: 20 });
  const check = await run({});
  console.log(`month: ${check.total} SKUs; first row ${JSON.stringify(check.list[0])}`);
  if (process.env.BENCH_EXPLAIN) {
    const c = statementQuery(db.db, mid, base).limit(20).compile();
    const how = db.dialect === 'postgres' ? 'EXPLAIN (ANALYZE, BUFFERS) ' : 'EXPLAIN QUERY PLAN ';
    const plan = await db.db.executeQuery<Record<string, string>>(CompiledQuery.raw(`${how}${c.sql}`, [...c.parameters]));
    console.log(plan.rows.map((r) => Object.values(r).join(' ')).join('\n'));
  }
  const times = await medians(
    {
      day: () => run({ to: june + DAY - 1 }),
      month: () => run({}),
      monthOneStore: () => run({ locationCode: 'BENCH3' }),
    },
    ROUNDS,
  );
  const perMonth = Math.round(ROWS / 12);
  console.log(`one day, all stores (baseline):         ${times.day.toFixed(1)} ms`);
  console.log(
    `one month, all stores (~${perMonth.toLocaleString('en-US')} movements): ${times.month.toFixed(1)} ms  ratio ${(times.month / times.day).toFixed(2)}  (target <= ${TARGET_MS} ms)`,
  );
  console.log(`one month, one store:                   ${times.monthOneStore.toFixed(1)} ms`);
  if (times.month > TARGET_MS) {
    failed = true;
    console.log(`MISSED: the monthly statement took more than ${TARGET_MS} ms`);
  }
} catch (err) {
  failed = true;
  console.error('stock statement bench failed:', err);
} finally {
  if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db.db);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
