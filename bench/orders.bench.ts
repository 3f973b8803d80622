// 智能柜订单 at scale (issue 16, docs/orders.md): BENCH_ORDER_ROWS orders (10,000,000 on PostgreSQL when
// TEST_DATABASE_URL / DATABASE_URL is given — a schema of its own, dropped at the end —, else 2,000,000 on a file-backed
// SQLite) of the demo merchant's cabinets, half of them at one cabinet and the rest over 19 others, mostly 已完成 with
// some 异常 / 待付款, three seconds apart. Times the list's own query (cabinet-order.repo.ts listQuery under
// fetchKeysetPage, as cabinet-order.service.ts list pages it: the first page with its count up to ORDER_COUNT_UP_TO)
// filtered by that cabinet, a date range and 已完成: the first page against a page up to one million matching rows deep
// (its cursor reached by walking, not timed), medians of interleaved rounds, printed as a ratio, and the p95 of both.
// Targets: deep / first <= 2, p95 <= 50 ms.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORDER_COUNT_UP_TO } from '@merchant/contracts/order/order-fields';
import { CompiledQuery, sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { fetchKeysetPage } from '../apps/server/src/platform/keyset-page.ts';
import { runSeeds } from '../apps/server/src/platform/seeds.ts';
import { listQuery, type OrderFilter } from '../apps/server/src/modules/order/cabinet-order.repo.ts';
import { medians } from './bench-kit.ts';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const ROWS = Number(process.env.BENCH_ORDER_ROWS ?? (url ? 10_000_000 : 2_000_000));
const DEVICES = 20;
const HOT = 'DBENCH0';
// the hot cabinet's 已完成 orders: even rows whose (g / 2) % 10 is neither 7 (异常) nor 9 (待付款)
const MATCHING = Array.from({ length: 10 }, (_, r) => r)
  .filter((r) => r !== 7 && r !== 9)
  .reduce((n, r) => n + Math.max(0, Math.floor((Math.floor(ROWS / 2) - r) / 10) + (r === 0 ? 0 : 1)), 0);
const DEPTH = Math.min(1_000_000, MATCHING - 1_000);
const PAGE_SIZE = 20;
const WALK_SIZE = 200;
const ROUNDS = 61;
const TARGET = 2;
const P95_TARGET_MS = 50;
const CHUNK = 500_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
const schema = url ? `bench_${randomBytes(5).toString('hex')}` : undefined;
const db = await createDb({ dataDir: dir, databaseUrl: url, pgSchema: schema });
let failed = false;

try {
  console.log(`${db.dialect}${url ? ` (schema ${schema})` : ''}: ${ROWS.toLocaleString('en-US')} orders, page size ${PAGE_SIZE}`);
  await migrateToLatest(db.db);
  await runSeeds(db.db, { demoSeed: true, demoPassword: 'Bench12345' }, Date.now());
  const merchant = await db.db.selectFrom('merchant').select('id').orderBy('id').executeTakeFirstOrThrow();
  const mid = Number(merchant.id);
  const start = Date.UTC(2026, 0, 1);

  // ---------------------------------------------------------------- rows (not timed): generated inside the database
  const t0 = performance.now();
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    const series =
      db.dialect === 'postgres'
        ? `generate_series(${from}, ${to}) AS s(g)`
        : `(WITH RECURSIVE s(g) AS (SELECT ${from} UNION ALL SELECT g + 1 FROM s WHERE g < ${to}) SELECT g FROM s) AS s`;
    // even rows at the hot cabinet, odd rows over the other 19; by (g / 2) % 10: 7 异常, 9 待付款 (支付中), else 已完成
    await sql
      .raw(
        `INSERT INTO sale_order (merchant_id, order_no_sub, channel, status, pay_status, excep_type, excep_reason, device_code,
           device_name, point_name, user_id, stock_posted, item_count, goods_amount, pay_amount, paid_amount, pay_no, priced_at,
           paid_at, completed_at, created_at, updated_at)
         SELECT ${mid}, 'XB' || g, 'container', st, CASE st WHEN 3 THEN 2 WHEN 0 THEN 1 ELSE 0 END,
           CASE st WHEN 5 THEN 'low-confidence' ELSE '' END, CASE st WHEN 5 THEN '识别置信度低（压测）' ELSE '' END,
           CASE WHEN g % 2 = 0 THEN '${HOT}' ELSE 'DBENCH' || (1 + (g / 2) % ${DEVICES - 1}) END, '压测柜', '压测点位',
           'wx-bench-' || (g % 5000), CASE st WHEN 5 THEN 0 ELSE 1 END, 1, 500, 500, CASE st WHEN 3 THEN 500 ELSE 0 END,
           CASE st WHEN 0 THEN 'PYB' || g ELSE '' END, t, CASE st WHEN 3 THEN t ELSE 0 END, CASE st WHEN 3 THEN t ELSE 0 END, t, t
         FROM (SELECT g, ${start} + CAST(g AS bigint) * 3000 AS t,
                 CASE (g / 2) % 10 WHEN 7 THEN 5 WHEN 9 THEN 0 ELSE 3 END AS st
               FROM ${series}) AS r`,
      )
      .execute(db.db);
    process.stdout.write(`\r  ${to.toLocaleString('en-US')} rows`);
  }
  // PostgreSQL analyzes as autovacuum would; the server never runs ANALYZE on SQLite (stock-movements.bench.ts says why)
  if (db.dialect === 'postgres') await sql`analyze`.execute(db.db);
  console.log(`\nseeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const filter: OrderFilter = { deviceCode: HOT, status: 3, createdRange: [start, start + (ROWS + 1) * 3000] };
  const page = (cursor: string | undefined, pageSize: number) =>
    fetchKeysetPage(db.db, listQuery(db.db, mid, filter), {
      sort: { key: 'createdAt', column: 'created_at', value: (r) => Number(r.created_at) },
      id: { column: 'id', value: (r) => Number(r.id) },
      order: 'desc',
      cursor,
      pageSize,
      count: cursor ? false : { upTo: ORDER_COUNT_UP_TO },
      scope: mid,
    });

  // walk DEPTH matching rows deep (not timed)
  const t1 = performance.now();
  let cursor: string | undefined;
  for (let seen = 0; seen < DEPTH; seen += WALK_SIZE) {
    const p = await page(cursor, WALK_SIZE);
    if (!p.nextCursor) throw new Error(`only ${seen} rows`);
    cursor = p.nextCursor;
  }
  console.log(
    `walked ${DEPTH.toLocaleString('en-US')} of ${MATCHING.toLocaleString('en-US')} matching rows deep in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );
  const deepCursor = cursor;
  const deepFirst = (await page(deepCursor, PAGE_SIZE)).list[0];
  console.log(`the deep page starts at order ${deepFirst?.order_no_sub} (${new Date(Number(deepFirst?.created_at)).toISOString()})`);

  if (db.dialect === 'sqlite') {
    // how SQLite reads the deep page (the index it walks)
    const c = listQuery(db.db, mid, filter)
      .where('created_at', '<=', Number(deepFirst?.created_at))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PAGE_SIZE + 1)
      .compile();
    const plan = await db.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
    console.log(`plan: ${plan.rows.map((r) => r.detail).join(' | ')}`);
  }
  // every timing of the rounds (the warm-up call excluded), for the p95
  const times = { first: [] as number[], deep: [] as number[] };
  const timed = (into: number[], run: () => Promise<unknown>) => async () => {
    const t = performance.now();
    await run();
    into.push(performance.now() - t);
  };
  const { first, deep } = await medians(
    {
      first: timed(times.first, () => page(undefined, PAGE_SIZE)),
      deep: timed(times.deep, () => page(deepCursor, PAGE_SIZE)),
    },
    ROUNDS,
  );
  const p95 = (xs: number[]) => {
    const rounds = xs.slice(1).sort((a, b) => a - b);
    return rounds[Math.ceil(rounds.length * 0.95) - 1]!;
  };
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  const [firstP95, deepP95] = [p95(times.first), p95(times.deep)];
  console.log(
    `first page (cabinet + date range + 已完成, count up to ${ORDER_COUNT_UP_TO}): ${ms(first)}  (baseline)  p95 ${ms(firstP95)}`,
  );
  console.log(
    `page ${DEPTH.toLocaleString('en-US')} rows deep by keyset: ${ms(deep)}  ratio ${(deep / first).toFixed(2)} (target <= ${TARGET})  p95 ${ms(deepP95)}`,
  );
  if (deep / first > TARGET) {
    failed = true;
    console.log(`MISSED: a page ${DEPTH} rows deep costs more than ${TARGET}× the first page`);
  }
  if (Math.max(firstP95, deepP95) > P95_TARGET_MS) {
    failed = true;
    console.log(`MISSED: p95 of a page above ${P95_TARGET_MS} ms (first ${ms(firstP95)}, deep ${ms(deepP95)})`);
  }
} catch (err) {
  failed = true;
  console.error('orders bench failed:', err);
} finally {
  if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db.db);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
