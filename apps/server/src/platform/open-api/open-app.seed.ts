import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { provisionOpenApp } from './open-app.repo.ts';

/**
 * Demo (platform/seeds.ts runs it after the merchant and its channels): one open app per sales channel of the demo
 * merchant, each with a generated key and secret (read them from open_app to drive the simulator).
 */
export async function seedDemoOpenApps(db: Kysely<Database>, merchantId: number, now: number): Promise<void> {
  const channels = await db
    .selectFrom('merchant_channel')
    .innerJoin('channel', 'channel.code', 'merchant_channel.channel_code')
    .select(['channel.code', 'channel.name'])
    .where('merchant_channel.merchant_id', '=', merchantId)
    .orderBy('channel.sort')
    .execute();
  for (const c of channels) await provisionOpenApp(db, { merchantId, channelCode: c.code, name: `${c.name}开放应用`, now });
}
