import { sql, type Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: the payment adapter (docs/payments.md, decision 62). A payment per charge of a business document (biz_type +
// biz_no: a cabinet order, an online order…), its refunds, and the signing keys providers generate on first use (the
// sandbox's callback secret lives here, never in the repository). Money in cents. Dialect-neutral (SQLite and
// PostgreSQL both index a `where`).

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('payment'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // PY + yyMMdd + 4 digits, unique per merchant
      .addColumn('pay_no', 'varchar(20)', notNull)
      // the document paid for: its kind (cabinet-order, online-order…) and its number
      .addColumn('biz_type', 'varchar(30)', notNull)
      .addColumn('biz_no', 'varchar(40)', notNull)
      .addColumn('subject', 'varchar(128)', text)
      .addColumn('amount', 'integer', notNull)
      // Σ refunds not failed (退款中 + 已退款); ≤ amount, kept by a conditional update
      .addColumn('refunded_amount', 'integer', zero)
      // the provider's name (sandbox, later wechat / alipay) and its transaction id
      .addColumn('provider', 'varchar(20)', notNull)
      .addColumn('provider_txn_id', 'varchar(64)', text)
      // PAYMENT_STATUS: 0 待支付, 1 已支付, 2 支付失败, 3 已关闭
      .addColumn('status', 'integer', zero)
      .addColumn('fail_reason', 'varchar(200)', text)
      // a 待支付 payment past this time is closed by the sweep
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('paid_at', 'bigint', zero)
      .addColumn('closed_at', 'bigint', zero)
      // a success notification that came after the payment failed or closed: the money was taken and must go back
      .addColumn('late_txn_id', 'varchar(64)', text)
      .addColumn('late_paid_at', 'bigint', zero),
  ).execute();
  await db.schema.createIndex('payment_no_uq').on('payment').columns(['merchant_id', 'pay_no']).unique().execute();
  // charge is idempotent: at most one open (待支付) or paid payment per business document
  await db.schema
    .createIndex('payment_open_biz_uq')
    .on('payment')
    .columns(['merchant_id', 'biz_type', 'biz_no'])
    .unique()
    .where(sql<boolean>`status in (0, 1)`)
    .execute();
  await db.schema.createIndex('payment_biz_idx').on('payment').columns(['merchant_id', 'biz_type', 'biz_no', 'id']).execute();
  await db.schema.createIndex('payment_list_idx').on('payment').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('payment_status_idx').on('payment').columns(['merchant_id', 'status', 'created_at', 'id']).execute();
  // the time-out sweep across merchants
  await db.schema.createIndex('payment_expiry_idx').on('payment').columns(['status', 'expires_at']).execute();
  // late payments waiting to be refunded
  await db.schema
    .createIndex('payment_late_idx')
    .on('payment')
    .columns(['merchant_id', 'late_paid_at', 'id'])
    .where(sql<boolean>`late_paid_at > 0`)
    .execute();

  await stamped(
    idColumn(db, db.schema.createTable('payment_refund'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // TK + yyMMdd + 4 digits, unique per merchant
      .addColumn('refund_no', 'varchar(20)', notNull)
      .addColumn('payment_id', 'integer', (c) => c.notNull().references('payment.id'))
      .addColumn('pay_no', 'varchar(20)', notNull)
      .addColumn('amount', 'integer', notNull)
      // REFUND_STATUS: 0 退款中, 1 已退款, 2 退款失败
      .addColumn('status', 'integer', zero)
      .addColumn('reason', 'varchar(200)', text)
      // the document the refund is for (an after-sales work order…)
      .addColumn('biz_type', 'varchar(30)', notNull)
      .addColumn('biz_no', 'varchar(40)', notNull)
      // the caller's idempotency key: a repeated request returns the same refund
      .addColumn('request_key', 'varchar(64)', notNull)
      .addColumn('provider', 'varchar(20)', notNull)
      .addColumn('provider_refund_id', 'varchar(64)', text)
      .addColumn('fail_reason', 'varchar(200)', text)
      .addColumn('refunded_at', 'bigint', zero)
      .addColumn('failed_at', 'bigint', zero),
  ).execute();
  await db.schema.createIndex('payment_refund_no_uq').on('payment_refund').columns(['merchant_id', 'refund_no']).unique().execute();
  await db.schema.createIndex('payment_refund_key_uq').on('payment_refund').columns(['merchant_id', 'request_key']).unique().execute();
  await db.schema.createIndex('payment_refund_payment_idx').on('payment_refund').columns(['payment_id', 'id']).execute();
  await db.schema.createIndex('payment_refund_biz_idx').on('payment_refund').columns(['merchant_id', 'biz_type', 'biz_no', 'id']).execute();
  await db.schema.createIndex('payment_refund_list_idx').on('payment_refund').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('payment_refund_status_idx')
    .on('payment_refund')
    .columns(['merchant_id', 'status', 'created_at', 'id'])
    .execute();

  // one signing key per provider, generated on first use (the sandbox's callback secret)
  await db.schema
    .createTable('payment_provider_key')
    .addColumn('provider', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('secret', 'varchar(200)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
}
