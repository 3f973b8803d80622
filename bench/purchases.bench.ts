// Sustained 智能柜 purchases (issue 16, docs/orders.md "智能柜购物"): BENCH_PURCHASES purchases (600 by default),
// BENCH_PURCHASE_CONCURRENCY at a time (8, one cabinet each), on a fresh migrated and demo-seeded database — a file-backed
// SQLite, and PostgreSQL too (a schema of its own, dropped at the end) when TEST_DATABASE_URL / DATABASE_URL is given.
// Each purchase runs the server's own path without the device link: its door session 已开门 (what requestOpen and the
// cabinet's door-opened make), then door-session.service.ts onDoorClosed with one or two items of stocked slots, which
// prices the lines, writes the order and its lines, posts the 销售 movements and charges 沙箱支付. Baseline in the same
// run: as many single-row insert transactions into a scratch table at the same concurrency. Prints purchases/s, the
// baseline's tx/s and their ratio (purchase cost / baseline cost); checks that every purchase made exactly one paid order
// and that the order and stock ledgers reconcile. No target; exits non-zero on an error.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOOR_OPENED } from '@merchant/contracts/order/door-session';
import { ORDER_COMPLETED } from '@merchant/contracts/order/order-fields';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb, type Dialect } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { actingAsSystem, type Services } from '../apps/server/src/platform/gateway/op-context.ts';
import { demoMerchantId, runSeeds } from '../apps/server/src/platform/seeds.ts';
import { onDoorClosed } from '../apps/server/src/modules/order/door-session.service.ts';
import { check as orderCheck } from '../apps/server/src/modules/order/order.reconcile.ts';
import { cabinetSlotLocations, postMovements } from '../apps/server/src/modules/stock/stock-ledger.service.ts';
import { check as stockCheck } from '../apps/server/src/modules/stock/stock.reconcile.ts';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const N = Number(process.env.BENCH_PURCHASES ?? 600);
const CONCURRENCY = Number(process.env.BENCH_PURCHASE_CONCURRENCY ?? 8);
const SLOTS = 4;

/** Runs `work(i)` for i = 0 … N - 1, `CONCURRENCY` at a time (worker w takes i ≡ w mod CONCURRENCY); seconds. */
async function sustained(work: (i: number, worker: number) => Promise<void>): Promise<number> {
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      for (let i = w; i < N; i += CONCURRENCY) await work(i, w);
    }),
  );
  return (performance.now() - t) / 1000;
}

async function bench(dialect: Dialect): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-purchases-'));
  const schema = dialect === 'postgres' ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', PAYMENT_SANDBOX_FAIL_RATE: '0' }),
    ...(schema ? { databaseUrl: url, pgSchema: schema } : {}),
  };
  const db = await createDb({ dataDir: dir, databaseUrl: schema ? url : undefined, pgSchema: schema });
  try {
    console.log(`${db.dialect}${schema ? ` (schema ${schema})` : ''}: ${N} purchases, ${CONCURRENCY} at a time`);
    await migrateToLatest(db.db);
    await runSeeds(db.db, { demoSeed: true, demoPassword: 'Bench12345' }, Date.now());
    const mid = (await demoMerchantId(db.db))!;
    // the device module's context of a cabinet's report (device.routes.ts), without the device link
    const ctx = actingAsSystem(
      {
        db: db.db,
        dialect: db.dialect,
        stream: db.stream,
        config,
        clock: systemClock,
        log: Fastify({ logger: false }).log,
        services: {} as Services,
      },
      mid,
      { userName: '系统（设备上报）', userAgent: 'device-link' },
    );

    // one cabinet per worker, its first SLOTS slots stocked for every purchase it will make
    const devices = (
      await db.db
        .selectFrom('device_goods')
        .select('device_code')
        .where('merchant_id', '=', mid)
        .groupBy('device_code')
        .orderBy('device_code')
        .limit(CONCURRENCY)
        .execute()
    ).map((d) => d.device_code);
    if (devices.length < CONCURRENCY) throw new Error(`only ${devices.length} cabinets with a planogram`);
    const slotsOf = new Map<string, { slotNo: string; skuId: number }[]>();
    for (const device of devices) {
      const rows = await db.db
        .selectFrom('device_goods')
        .select(['slot_no', 'sku_id'])
        .where('device_code', '=', device)
        .orderBy('layer')
        .orderBy('col')
        .limit(SLOTS)
        .execute();
      slotsOf.set(
        device,
        rows.map((s) => ({ slotNo: s.slot_no, skuId: Number(s.sku_id) })),
      );
    }
    const now = Date.now();
    await db.db.transaction().execute(async (trx) => {
      const slots = devices.flatMap((deviceCode) => slotsOf.get(deviceCode)!.map((s) => ({ deviceCode, ...s })));
      const locations = await cabinetSlotLocations(trx, mid, slots, now);
      await postMovements(
        trx,
        { merchantId: mid, operatorId: 0, operatorName: '压测', now },
        slots.map((s, i) => ({
          locationId: Number(locations[i]!.id),
          skuId: s.skuId,
          type: 'inbound' as const,
          quantity: 4 * Math.ceil(N / CONCURRENCY),
          docType: 'inbound' as const,
          docCode: `RKBENCH${String(i).padStart(4, '0')}`,
          reason: '压测备货',
        })),
      );
    });

    // ---------------------------------------------------------------- purchases
    const code = (i: number) => `KMB${String(i).padStart(9, '0')}`;
    const purchasesS = await sustained(async (i, w) => {
      const device = devices[w]!;
      const slots = slotsOf.get(device)!;
      const applyCode = code(i);
      const at = Date.now();
      await db.db
        .insertInto('door_session')
        .values({
          merchant_id: mid,
          apply_code: applyCode,
          device_code: device,
          user_id: `wx-bench-${w}`,
          request_id: `BENCH-${applyCode}`,
          status: DOOR_OPENED,
          opened_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const picked = i % 3 === 0 ? [slots[i % SLOTS]!, slots[(i + 1) % SLOTS]!] : [slots[i % SLOTS]!];
      await onDoorClosed(ctx, device, {
        applyCode,
        items: picked.map((s) => ({ slotNo: s.slotNo, skuId: s.skuId, quantity: 1 + (i % 2), confidence: 0.99 })),
      });
    });

    // ---------------------------------------------------------------- baseline: single-row insert transactions
    await sql.raw('CREATE TABLE bench_tx (id integer primary key, n integer not null, created_at bigint not null)').execute(db.db);
    const baselineS = await sustained(async (i) => {
      await db.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO bench_tx (id, n, created_at) VALUES (${i + 1}, ${i}, ${Date.now()})`.execute(trx);
      });
    });

    // ---------------------------------------------------------------- every purchase one paid order; the ledgers hold
    const orders = await db.db
      .selectFrom('sale_order')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n'), sql<number>`count(distinct apply_code)`.as('sessions')])
      .where('merchant_id', '=', mid)
      .where('apply_code', 'like', 'KMB%')
      .groupBy('status')
      .execute();
    const made = orders.reduce((n, r) => n + Number(r.n), 0);
    const sessions = orders.reduce((n, r) => n + Number(r.sessions), 0);
    const paid = Number(orders.find((r) => Number(r.status) === ORDER_COMPLETED)?.n ?? 0);
    if (made !== N || sessions !== N || paid !== N)
      throw new Error(`${N} purchases made ${made} orders of ${sessions} sessions, ${paid} paid (statuses ${JSON.stringify(orders)})`);
    const problems = [...(await orderCheck.run(db.db, mid)), ...(await stockCheck.run(db.db, mid))];
    if (problems.length) throw new Error(`the ledgers do not reconcile:\n  ${problems.join('\n  ')}`);

    const purchases = N / purchasesS;
    const baseline = N / baselineS;
    console.log(`purchases:               ${purchases.toFixed(1)}/s  (${((purchasesS * 1000) / N).toFixed(2)} ms each of wall time)`);
    console.log(`single-row insert tx:    ${baseline.toFixed(1)}/s  (baseline)`);
    console.log(`ratio (purchase cost / baseline cost): ${(baseline / purchases).toFixed(1)}`);
    console.log(`${N} orders, each paid, one per purchase; the order and stock ledgers reconcile`);
  } finally {
    if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).execute(db.db);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let failed = false;
for (const dialect of url ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
  try {
    await bench(dialect);
  } catch (err) {
    failed = true;
    console.error(`purchases bench failed (${dialect}):`, err);
  }
}
if (failed) process.exitCode = 1;
