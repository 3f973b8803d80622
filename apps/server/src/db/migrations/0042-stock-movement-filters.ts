import { sql, type Kysely } from 'kysely';
import { idColumn, notNull, merchantRef, text } from '../migration-kit.ts';

// Frozen: the 库存流水 filters read along indexes (docs/stock.md, decision 63), and the stock document codes get the
// database's uniqueness.
// - A document's movements (the 流水 link `?docCode=`) by (merchant, kind, doc code, time, id): only that document's rows,
//   already in the keyset order.
// - A cabinet's movements (the 设备 filter): the slot's device code is kept on the movement (written by the ledger,
//   backfilled here from stock_location) and indexed by (merchant, kind, device, time, id).
// - stock_movement_time_idx (merchant, time, id) goes: no query reads the merchant's movements of every kind by time, and
//   SQLite took it for a kind's time range (every kind's movements in the range) over stock_movement_kind_idx.
// - stock_doc_code: every code a stock document of the ledger draws (入库单 / 退货单 RK / TH, 库存编辑 KB, the store's 新增
//   RK) is registered here in the document's own transaction; (merchant_id, code) unique is the last word when two
//   writes draw the same code. Backfilled from the orders and the movements. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stock_movement').addColumn('device_code', 'varchar(20)', text).execute();
  await db.schema.dropIndex('stock_movement_time_idx').execute();
  await db.schema
    .createIndex('stock_movement_kind_doc_idx')
    .on('stock_movement')
    .columns(['merchant_id', 'location_kind', 'doc_code', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_movement_kind_device_idx')
    .on('stock_movement')
    .columns(['merchant_id', 'location_kind', 'device_code', 'created_at', 'id'])
    .execute();

  await idColumn(db, db.schema.createTable('stock_doc_code'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('code', 'varchar(30)', notNull)
    // STOCK_DOC_TYPES
    .addColumn('doc_type', 'varchar(16)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('stock_doc_code_uq').on('stock_doc_code').columns(['merchant_id', 'code']).unique().execute();
  await backfill(db);
}

/** Fills what 0042 adds from the rows already there (exported for its test): the cabinet movements' device, the codes. */
export async function backfill(db: Kysely<unknown>): Promise<void> {
  await sql`update stock_movement set device_code = (select l.device_code from stock_location l where l.id = stock_movement.location_id)
    where location_kind = 'cabinet'`.execute(db);
  await sql`insert into stock_doc_code (merchant_id, code, doc_type, created_at)
    select merchant_id, order_code, min(order_type), min(created_at) from stock_order group by merchant_id, order_code`.execute(db);
  await sql`insert into stock_doc_code (merchant_id, code, doc_type, created_at)
    select m.merchant_id, m.doc_code, min(m.doc_type), min(m.created_at) from stock_movement m
    where m.doc_type in ('inbound', 'return', 'edit')
      and not exists (select 1 from stock_doc_code d where d.merchant_id = m.merchant_id and d.code = m.doc_code)
    group by m.merchant_id, m.doc_code`.execute(db);
}
