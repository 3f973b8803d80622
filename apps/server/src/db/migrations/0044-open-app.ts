import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped } from '../migration-kit.ts';

// Frozen: 开放接口 (docs/open-api.md). An open app per sales channel of a merchant — the trusted client (the cabinets'
// consumer mini-program, a storefront, a marketplace) that calls the signed open API on the merchant's behalf. The
// app key is unique over all merchants (it names the merchant); the secret is kept as it is because the HMAC of every
// request is verified with it (a hash could not verify a signature), like the payment sandbox's callback secret in
// payment_provider_key. Replay protection reuses the secure channel's nonce store (`open:<appKey>`), no table here.
// Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('open_app'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // 'OA' + 14 random upper-case letters and digits
      .addColumn('app_key', 'varchar(32)', notNull)
      .addColumn('name', 'varchar(50)', notNull)
      // the sales channel the app sells through (channel.code: container 智能柜, mall, online, locallife)
      .addColumn('channel_code', 'varchar(32)', (c) => c.notNull().references('channel.code'))
      // 32+ random characters, generated (never a constant); see above why it is stored as it is
      .addColumn('secret', 'varchar(200)', notNull)
      // OPEN_APP_STATUS: 1 启用, 2 停用
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await db.schema.createIndex('open_app_key_uq').on('open_app').column('app_key').unique().execute();
  await db.schema.createIndex('open_app_merchant_idx').on('open_app').columns(['merchant_id', 'channel_code', 'id']).execute();
}
