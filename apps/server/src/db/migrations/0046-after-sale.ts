import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: 售后工单 (issue 16, docs/orders.md "售后"): a work order about an order of any channel — its type (仅退款,
// 退货退款, 换货, 投诉), state, reason, the refund it gives back through the payment adapter and where returned goods go
// — and its lines (an order line, a quantity, a refund). Unbounded: the list's filters and sort have their indexes.
// Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('after_sale_order'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // SH + yyMMdd + 8 digits, unique per merchant
      .addColumn('work_number', 'varchar(24)', notNull)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('sale_order.id'))
      .addColumn('order_no_sub', 'varchar(24)', notNull)
      .addColumn('channel', 'varchar(20)', notNull)
      // AFTER_SALE_TYPES
      .addColumn('type', 'varchar(12)', notNull)
      // AFTER_SALE_STATUS 0 待处理 … 3 已驳回
      .addColumn('status', 'integer', zero)
      .addColumn('reason', 'varchar(200)', notNull)
      .addColumn('description', 'varchar(500)', text)
      .addColumn('user_id', 'varchar(64)', text)
      .addColumn('item_count', 'integer', zero)
      .addColumn('refund_amount', 'integer', zero)
      // AFTER_SALE_REFUND_STATUS 0 无需退款, 1 退款中, 2 已退款, 3 退款失败; the adapter's refund
      .addColumn('refund_status', 'integer', zero)
      .addColumn('refund_no', 'varchar(24)', text)
      // where returned goods went back (0: none)
      .addColumn('return_location_id', 'integer', zero)
      .addColumn('result', 'varchar(200)', text)
      .addColumn('reject_reason', 'varchar(200)', text)
      .addColumn('creator_name', 'varchar(64)', text)
      .addColumn('handler_id', 'integer', zero)
      .addColumn('handler_name', 'varchar(64)', text)
      .addColumn('completed_at', 'bigint', zero),
  ).execute();
  await db.schema.createIndex('after_sale_no_uq').on('after_sale_order').columns(['merchant_id', 'work_number']).unique().execute();
  await db.schema.createIndex('after_sale_list_idx').on('after_sale_order').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('after_sale_status_idx')
    .on('after_sale_order')
    .columns(['merchant_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('after_sale_type_idx').on('after_sale_order').columns(['merchant_id', 'type', 'created_at', 'id']).execute();
  // an order's work orders (the order's 售后 and what its open ones hold)
  await db.schema.createIndex('after_sale_order_idx').on('after_sale_order').columns(['order_id', 'status']).execute();

  await idColumn(db, db.schema.createTable('after_sale_line'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('work_order_id', 'integer', (c) => c.notNull().references('after_sale_order.id'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('sale_order_line.id'))
    .addColumn('line_no', 'integer', notNull)
    .addColumn('sku_id', 'integer', notNull)
    .addColumn('sku_code', 'varchar(32)', text)
    .addColumn('sku_name', 'varchar(128)', text)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('refund_amount', 'integer', zero)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('after_sale_line_work_idx').on('after_sale_line').columns(['work_order_id', 'line_no']).unique().execute();
  await db.schema.createIndex('after_sale_line_order_line_idx').on('after_sale_line').columns(['order_line_id']).execute();
}
