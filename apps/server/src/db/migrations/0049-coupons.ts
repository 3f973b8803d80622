import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: 优惠券 (issue 18, docs/marketing.md). A batch (券批次, a coupon template: type, rule, validity, stock,
// per-user limit, scope) is reviewed before it issues; every 发券 is a provide record with its counts; every coupon
// issued is a row with its own code, holder (phone), validity and use. The batch's issued_count moves only by a
// conditional update (issued_count + n <= total_stock), and a holder's n-th coupon of a batch is unique
// (coupon_holder_uq on batch, phone, seq), so neither the stock nor the per-user limit is ever passed under
// concurrent issuing. Coupons grow without bound: keyset indexes for the list's filters. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('coupon_batch'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // QP + yyMMdd + 4 digits, unique per merchant
      .addColumn('batch_code', 'varchar(12)', notNull)
      .addColumn('name', 'varchar(40)', notNull)
      // COUPON_TYPES: full_reduce, discount, no_threshold
      .addColumn('coupon_type', 'varchar(16)', notNull)
      // cents; discount: percent paid (85 = 8.5折)
      .addColumn('threshold_amount', 'integer', zero)
      .addColumn('reduce_amount', 'integer', zero)
      .addColumn('discount_percent', 'integer', zero)
      .addColumn('max_discount', 'integer', zero)
      // VALID_TYPES: range (valid_from, valid_to) or days (valid_days from receipt)
      .addColumn('valid_type', 'varchar(8)', notNull)
      .addColumn('valid_from', 'bigint', zero)
      .addColumn('valid_to', 'bigint', zero)
      .addColumn('valid_days', 'integer', zero)
      .addColumn('total_stock', 'integer', notNull)
      .addColumn('issued_count', 'integer', zero)
      .addColumn('used_count', 'integer', zero)
      .addColumn('per_user_limit', 'integer', notNull)
      // GOODS_SCOPES; sku_ids a JSON array of goods_sku ids; city_names a JSON array ('[]': every city)
      .addColumn('goods_scope', 'varchar(8)', notNull)
      .addColumn('sku_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('city_names', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('stackable', 'integer', zero)
      .addColumn('refund_return', 'integer', zero)
      // BATCH_STATUS 0 草稿, 1 待审核, 2 已生效, 3 已驳回, 4 已停用
      .addColumn('status', 'integer', zero)
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('reject_reason', 'varchar(200)', text)
      .addColumn('creator_name', 'varchar(64)', text)
      .addColumn('reviewer_name', 'varchar(64)', text)
      .addColumn('reviewed_at', 'bigint', zero),
  ).execute();
  await db.schema.createIndex('coupon_batch_code_uq').on('coupon_batch').columns(['merchant_id', 'batch_code']).unique().execute();
  await db.schema.createIndex('coupon_batch_list_idx').on('coupon_batch').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('coupon_batch_status_idx').on('coupon_batch').columns(['merchant_id', 'status', 'created_at']).execute();

  // 发券单: one issue (phones typed, or a file), its counts
  await idColumn(db, db.schema.createTable('coupon_provide'))
    .addColumn('merchant_id', 'integer', merchantRef)
    // FQ + yyMMdd + 4 digits, unique per merchant
    .addColumn('provide_no', 'varchar(12)', notNull)
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('coupon_batch.id'))
    // manual, file
    .addColumn('method', 'varchar(8)', notNull)
    .addColumn('requested', 'integer', zero)
    .addColumn('issued', 'integer', zero)
    .addColumn('failed', 'integer', zero)
    .addColumn('remark', 'varchar(200)', text)
    .addColumn('operator_name', 'varchar(64)', text)
    .addColumn('created_by', 'integer', zero)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('coupon_provide_no_uq').on('coupon_provide').columns(['merchant_id', 'provide_no']).unique().execute();
  await db.schema.createIndex('coupon_provide_list_idx').on('coupon_provide').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('coupon_provide_batch_idx').on('coupon_provide').columns(['batch_id', 'created_at', 'id']).execute();

  // 优惠券: one issued coupon
  await idColumn(db, db.schema.createTable('coupon'))
    .addColumn('merchant_id', 'integer', merchantRef)
    // CP + yyMMdd + 8 digits, unique per merchant
    .addColumn('coupon_no', 'varchar(16)', notNull)
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('coupon_batch.id'))
    .addColumn('provide_id', 'integer', zero)
    .addColumn('user_phone', 'varchar(20)', notNull)
    // the holder's n-th coupon of the batch (1 … per_user_limit)
    .addColumn('seq', 'integer', notNull)
    // COUPON_STATUS 0 未使用 (已过期 when valid_to has passed), 1 已使用, 3 已作废
    .addColumn('status', 'integer', zero)
    .addColumn('valid_from', 'bigint', notNull)
    .addColumn('valid_to', 'bigint', notNull)
    .addColumn('received_at', 'bigint', notNull)
    .addColumn('used_at', 'bigint', zero)
    .addColumn('order_no', 'varchar(24)', text)
    .addColumn('discount_amount', 'integer', zero)
    .addColumn('void_reason', 'varchar(200)', text)
    .addColumn('version', 'integer', zero)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('coupon_no_uq').on('coupon').columns(['merchant_id', 'coupon_no']).unique().execute();
  await db.schema.createIndex('coupon_holder_uq').on('coupon').columns(['batch_id', 'user_phone', 'seq']).unique().execute();
  await db.schema.createIndex('coupon_list_idx').on('coupon').columns(['merchant_id', 'received_at', 'id']).execute();
  await db.schema.createIndex('coupon_batch_idx').on('coupon').columns(['batch_id', 'received_at', 'id']).execute();
  await db.schema.createIndex('coupon_phone_idx').on('coupon').columns(['merchant_id', 'user_phone', 'received_at', 'id']).execute();
  await db.schema.createIndex('coupon_provide_idx').on('coupon').columns(['provide_id', 'id']).execute();
}
