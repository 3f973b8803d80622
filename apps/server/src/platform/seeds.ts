import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { importModuleFiles } from './gateway/registry.ts';
import { seedDemoOpenApps } from './open-api/open-app.seed.ts';

/**
 * What a module seeds, exported as `seed` from its `modules/<area>/<area>.seed.ts` (discovered like
 * operations; nothing lists the seeds by hand).
 */
export interface Seed {
  /** Seeds run in ascending order (syncs first, then demos); a demo may rely on the data of lower orders. */
  order: number;
  /** Product data written on every start, idempotently (menu catalogue, channels). */
  sync?(db: Kysely<Database>, now: number): Promise<void>;
  /** Whether this module's part of the database holds nothing yet (see `runSeeds`). */
  isEmpty?(db: Kysely<Database>): Promise<boolean>;
  /** Demo data, written once on an empty database when DEMO_SEED is on. */
  demo?(db: Kysely<Database>, demo: { password: string; now: number }): Promise<void>;
}

/** A generated demo password: 14 characters with letters and digits. */
export function generateDemoPassword(): string {
  const raw = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `Dm${raw.slice(0, 10)}7a`;
}

/** The demo merchant's id (the first merchant), for the demo seeds; absent before the merchant seed ran. */
export async function demoMerchantId(db: Kysely<Database>): Promise<number | undefined> {
  return (await db.selectFrom('merchant').select('id').orderBy('id').limit(1).executeTakeFirst())?.id;
}

/** A demo account of the merchant by its user name: its id and name, as the demo's history rows record them. */
export function demoAccount(db: Kysely<Database>, merchantId: number, userName: string) {
  return db
    .selectFrom('account')
    .select(['id', 'user_name'])
    .where('merchant_id', '=', merchantId)
    .where('user_name', '=', userName)
    .executeTakeFirst();
}

async function seedOpenApps(db: Kysely<Database>, now: number): Promise<void> {
  const merchantId = await demoMerchantId(db);
  if (merchantId !== undefined) await seedDemoOpenApps(db, merchantId, now);
}

function isSeed(v: unknown): v is Seed {
  return typeof v === 'object' && v !== null && typeof (v as Seed).order === 'number';
}

/** Every module's `seed`, in order (equal orders: area, then file name). */
export async function discoverSeeds(): Promise<Seed[]> {
  const seeds: Seed[] = [];
  for (const mod of await importModuleFiles('seed')) {
    if (!isSeed(mod.seed)) throw new Error('a *.seed.ts file must export `seed` with a numeric `order`');
    seeds.push(mod.seed);
  }
  // The platform's own demo part: an open app per sales channel of the demo merchant (after its channels).
  seeds.push({ order: 60, demo: (db, { now }) => seedOpenApps(db, now) });
  return seeds.sort((a, b) => a.order - b.order);
}

/**
 * Writes every module's product data and, on an empty database with DEMO_SEED on, the demo data.
 * Returns the demo password when it seeded.
 *
 * Empty means: every seed that can tell (`isEmpty`) says its part is empty, and at least one can.
 * The seeds answer, not this layer, so that no central place names a module's table; and the demos
 * run all or none, because later demos build on earlier ones (the merchant basics go to the demo
 * merchant) — one module holding data (a merchant registered through the real flow) is enough to
 * leave the database alone.
 */
export async function runSeeds(
  db: Kysely<Database>,
  config: Pick<Config, 'demoSeed' | 'demoPassword'>,
  now: number,
): Promise<{ password: string; generated: boolean } | null> {
  const seeds = await discoverSeeds();
  for (const s of seeds) await s.sync?.(db, now);
  if (!config.demoSeed) return null;
  const answers = await Promise.all(seeds.filter((s) => s.isEmpty).map((s) => s.isEmpty!(db)));
  if (answers.length === 0 || answers.includes(false)) return null;
  const password = config.demoPassword ?? generateDemoPassword();
  for (const s of seeds) await s.demo?.(db, { password, now });
  return { password, generated: !config.demoPassword };
}
