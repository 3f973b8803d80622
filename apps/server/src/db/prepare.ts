import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from './types.ts';
import { syncMenuCatalogue } from '../modules/permission/permission.repo.ts';
import { generateDemoPassword, seedDemo, syncChannels } from '../modules/permission/permission.seed.ts';
import { seedMerchantBasics } from '../modules/merchant/merchant.seed.ts';

/**
 * Writes product data (menu catalogue, channels) and, on an empty database with DEMO_SEED on,
 * the demo merchant. Returns the demo password when it seeded.
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  config: Pick<Config, 'demoSeed' | 'demoPassword'>,
  now: number,
): Promise<{ password: string; generated: boolean } | null> {
  await syncMenuCatalogue(db);
  await syncChannels(db);
  if (!config.demoSeed) return null;
  const any = await db.selectFrom('merchant').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const password = config.demoPassword ?? generateDemoPassword();
  await seedDemo(db, password, now);
  await seedMerchantBasics(db, now);
  return { password, generated: !config.demoPassword };
}
