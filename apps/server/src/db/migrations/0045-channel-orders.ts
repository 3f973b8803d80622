import { sql, type Kysely } from 'kysely';
import { text, zero } from '../migration-kit.ts';

// Frozen: the channel orders (线上零售, 批发 — channel code `mall`, 本地生活; issue 16, docs/orders.md "渠道订单") in
// sale_order: the channel's own order number (the open API's intake is idempotent by it: unique per merchant and
// channel), the app that sent it, the receiver, the store (本地生活), the stock location the goods are locked at and
// ship from, the logistics, and the payment deadline the sweep cancels unpaid orders at (a partial index: few rows).
// Dialect-neutral.

const ADDED: [string, string, typeof text][] = [
  ['channel_order_no', 'varchar(64)', text],
  ['app_name', 'varchar(64)', text],
  ['receiver_name', 'varchar(32)', text],
  ['receiver_phone', 'varchar(20)', text],
  ['receiver_address', 'varchar(200)', text],
  ['remark', 'varchar(200)', text],
  ['store_id', 'integer', zero],
  ['store_name', 'varchar(100)', text],
  ['location_id', 'integer', zero],
  ['carrier', 'varchar(10)', text],
  ['tracking_no', 'varchar(40)', text],
  ['cancel_reason', 'varchar(200)', text],
  ['pay_deadline', 'bigint', zero],
  ['shipped_at', 'bigint', zero],
  ['cancelled_at', 'bigint', zero],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type, def] of ADDED) {
    await db.schema
      .alterTable('sale_order')
      .addColumn(name, type as 'integer', def)
      .execute();
  }
  await db.schema
    .createIndex('sale_order_channel_no_uq')
    .on('sale_order')
    .columns(['merchant_id', 'channel', 'channel_order_no'])
    .unique()
    .where(sql<boolean>`channel_order_no <> ''`)
    .execute();
  // the sweep's unpaid channel orders by their deadline
  await db.schema
    .createIndex('sale_order_pay_deadline_idx')
    .on('sale_order')
    .columns(['pay_deadline'])
    .where(sql<boolean>`status = 0 and pay_deadline > 0`)
    .execute();
}
