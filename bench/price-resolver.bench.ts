// The price resolver (docs/prices.md): 10,000 SKU × cabinet pairs (100 cabinets × 100 SKUs of the demo merchant, a
// third of the cabinets in second channels, cabinet overrides on a fifth of the pairs, channel prices on most SKUs)
// resolved by resolveCabinets, against a plain SELECT of the same rows (base prices and layer prices of those SKUs,
// no resolution) measured in the same run; medians of interleaved rounds, printed as a ratio. On PostgreSQL when
// TEST_DATABASE_URL / DATABASE_URL is given (a schema of its own, dropped at the end), else a file-backed SQLite.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { runSeeds } from '../apps/server/src/platform/seeds.ts';
import { resolveCabinets } from '../apps/server/src/modules/price/price.resolver.ts';

const CABINETS = 100;
const SKUS = 100;
const ROUNDS = Number(process.env.BENCH_PRICE_ROUNDS ?? 15);

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-price-'));
const schema = url ? `bench_${randomBytes(5).toString('hex')}` : undefined;
const db = await createDb({ dataDir: dir, databaseUrl: url, pgSchema: schema });
try {
  await migrateToLatest(db.db);
  const now = Date.now();
  await runSeeds(db.db, { demoSeed: true, demoPassword: 'Bench12345' }, now);
  const merchant = await db.db.selectFrom('merchant').select('id').orderBy('id').executeTakeFirstOrThrow();
  const mid = Number(merchant.id);
  const skuIds = (await db.db.selectFrom('goods_sku').select('id').where('merchant_id', '=', mid).orderBy('id').limit(SKUS).execute()).map(
    (r) => Number(r.id),
  );
  const cabinets = Array.from({ length: CABINETS }, (_, i) => `D9${String(i).padStart(9, '0')}`);
  // a third of the cabinets in the seeded 智能柜 second channels, a fifth of the pairs with a cabinet price
  const channels = await db.db
    .selectFrom('price_channel')
    .select('id')
    .where('merchant_id', '=', mid)
    .where('first_channel_code', '=', 'container')
    .execute();
  const binds = cabinets
    .filter((_, i) => i % 3 === 0)
    .map((device_code, i) => ({
      merchant_id: mid,
      channel_id: Number(channels[i % channels.length].id),
      first_channel_code: 'container',
      device_code,
      created_at: now,
    }));
  await db.db.insertInto('price_channel_device').values(binds).execute();
  const overrides = cabinets.flatMap((d, i) =>
    skuIds
      .filter((_, k) => (i + k) % 5 === 0)
      .map((sku_id) => ({
        merchant_id: mid,
        sku_id,
        scope_type: 'cabinet',
        scope_key: d,
        price_cents: 100 + ((i * 7 + sku_id) % 900),
        order_no: 'BENCH',
        updated_at: now,
      })),
  );
  for (let i = 0; i < overrides.length; i += 500)
    await db.db
      .insertInto('sku_price')
      .values(overrides.slice(i, i + 500))
      .execute();

  const resolver = async () => (await resolveCabinets(db.db, mid, cabinets, skuIds, undefined, now)).length;
  const baseline = async () => {
    const base = await db.db
      .selectFrom('goods_sku')
      .select(['id', 'base_price'])
      .where('merchant_id', '=', mid)
      .where('id', 'in', skuIds)
      .execute();
    const layers = await db.db
      .selectFrom('sku_price')
      .select(['sku_id', 'scope_type', 'scope_key', 'price_cents'])
      .where('merchant_id', '=', mid)
      .where('sku_id', 'in', skuIds)
      .execute();
    return base.length + layers.length;
  };
  const time = async (f: () => Promise<number>) => {
    const t0 = performance.now();
    await f();
    return performance.now() - t0;
  };
  await resolver();
  await baseline();
  const r: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    b.push(await time(baseline));
    r.push(await time(resolver));
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const pairs = await resolver();
  console.log(
    `${db.dialect}: ${pairs} SKU × cabinet pairs (${CABINETS} cabinets × ${skuIds.length} SKUs), ${overrides.length} cabinet prices`,
  );
  console.log(`  plain SELECT of the same rows (baseline): ${median(b).toFixed(1)} ms`);
  console.log(
    `  resolveCabinets:                         ${median(r).toFixed(1)} ms  (${((median(r) / pairs) * 1000).toFixed(2)} µs a pair)`,
  );
  console.log(`  ratio resolver / baseline: ${(median(r) / median(b)).toFixed(2)}`);
} finally {
  if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db.db);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
