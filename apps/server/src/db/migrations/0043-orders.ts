import { sql, type Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: orders (issue 16, docs/orders.md). One sale_order table for every channel (智能柜, 线上零售, 批发商城, 本地生活)
// with its lines; the door sessions a cabinet order comes from, with their timeline. Money in cents, times epoch ms.
// Unbounded tables: every list filter + sort has its index. Dialect-neutral (SQLite and PostgreSQL both index a `where`).

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('sale_order'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // XS + yyMMdd + 8 digits, unique per merchant
      .addColumn('order_no_sub', 'varchar(24)', notNull)
      // ORDER_CHANNELS: container, online, wholesale, locallife
      .addColumn('channel', 'varchar(20)', notNull)
      // ORDER_STATUS 0 待付款 … 5 异常
      .addColumn('status', 'integer', zero)
      // PAY_STATUS 0 未支付 … 5 已退款
      .addColumn('pay_status', 'integer', zero)
      // EXCEPTION_TYPES ('' when normal) and the words of why
      .addColumn('excep_type', 'varchar(20)', text)
      .addColumn('excep_reason', 'varchar(500)', text)
      // a cabinet order: its cabinet, point and door session
      .addColumn('device_code', 'varchar(20)', text)
      .addColumn('device_name', 'varchar(64)', text)
      .addColumn('point_name', 'varchar(100)', text)
      .addColumn('apply_code', 'varchar(24)', text)
      // the consumer as the channel's app names them, and their phone when given
      .addColumn('user_id', 'varchar(64)', text)
      .addColumn('user_phone', 'varchar(20)', text)
      // 1 when the lines' 销售 movements are posted (a normal order; an abnormal one once a person confirmed its goods)
      .addColumn('stock_posted', 'integer', zero)
      .addColumn('item_count', 'integer', zero)
      .addColumn('goods_amount', 'integer', zero)
      .addColumn('discount_amount', 'integer', zero)
      .addColumn('pay_amount', 'integer', zero)
      .addColumn('paid_amount', 'integer', zero)
      .addColumn('refunded_amount', 'integer', zero)
      // the payment adapter's current payment of the order ('' before the first charge)
      .addColumn('pay_no', 'varchar(20)', text)
      // the moment the lines were priced at (a cabinet: when its door opened)
      .addColumn('priced_at', 'bigint', zero)
      .addColumn('paid_at', 'bigint', zero)
      .addColumn('completed_at', 'bigint', zero),
  ).execute();
  await db.schema.createIndex('sale_order_no_uq').on('sale_order').columns(['merchant_id', 'order_no_sub']).unique().execute();
  // one order per door session, whatever reports it twice (a repeated door-closed, a crash and a retry)
  await db.schema
    .createIndex('sale_order_apply_uq')
    .on('sale_order')
    .columns(['merchant_id', 'apply_code'])
    .unique()
    .where(sql<boolean>`apply_code <> ''`)
    .execute();
  // the lists: a channel's orders by time, by device, by status, by device and status; a user's orders
  await db.schema.createIndex('sale_order_list_idx').on('sale_order').columns(['merchant_id', 'channel', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('sale_order_device_idx')
    .on('sale_order')
    .columns(['merchant_id', 'channel', 'device_code', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('sale_order_status_idx')
    .on('sale_order')
    .columns(['merchant_id', 'channel', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('sale_order_device_status_idx')
    .on('sale_order')
    .columns(['merchant_id', 'channel', 'device_code', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('sale_order_pay_status_idx')
    .on('sale_order')
    .columns(['merchant_id', 'channel', 'pay_status', 'created_at', 'id'])
    .execute();
  // the sweep's 待付款 cabinet orders still without a payment (a stop between the order and its charge): few rows
  await db.schema
    .createIndex('sale_order_uncharged_idx')
    .on('sale_order')
    .columns(['created_at'])
    .where(sql<boolean>`status = 0 and pay_no = ''`)
    .execute();
  await db.schema
    .createIndex('sale_order_user_idx')
    .on('sale_order')
    .columns(['merchant_id', 'channel', 'user_id', 'created_at', 'id'])
    .execute();
  // the orders that were ever abnormal (excepOrder-list), and those of one kind
  await db.schema
    .createIndex('sale_order_excep_idx')
    .on('sale_order')
    .columns(['merchant_id', 'channel', 'created_at', 'id'])
    .where(sql<boolean>`excep_type <> ''`)
    .execute();
  await db.schema
    .createIndex('sale_order_excep_type_idx')
    .on('sale_order')
    .columns(['merchant_id', 'channel', 'excep_type', 'created_at', 'id'])
    .where(sql<boolean>`excep_type <> ''`)
    .execute();

  await idColumn(db, db.schema.createTable('sale_order_line'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sale_order.id'))
    .addColumn('line_no', 'integer', notNull)
    .addColumn('sku_id', 'integer', notNull)
    .addColumn('sku_code', 'varchar(32)', text)
    .addColumn('sku_name', 'varchar(128)', text)
    // a cabinet line: the slot it was taken from and that slot's stock location (0: none)
    .addColumn('slot_no', 'varchar(16)', text)
    .addColumn('location_id', 'integer', zero)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('unit_price', 'integer', notNull)
    .addColumn('amount', 'integer', notNull)
    // PRICE_LAYERS key of the price that won, and the adjustment order that set it
    .addColumn('price_layer', 'varchar(16)', text)
    .addColumn('price_order_no', 'varchar(24)', text)
    // ‰ as the cabinet recognised it; -1: not recognised by a cabinet
    .addColumn('confidence', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('refunded_quantity', 'integer', zero)
    .addColumn('refunded_amount', 'integer', zero)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('sale_order_line_order_idx').on('sale_order_line').columns(['order_id', 'line_no']).unique().execute();

  await stamped(
    idColumn(db, db.schema.createTable('door_session'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // KM + yyMMdd + 8 digits, unique per merchant
      .addColumn('apply_code', 'varchar(24)', notNull)
      .addColumn('device_code', 'varchar(20)', notNull)
      .addColumn('device_name', 'varchar(64)', text)
      .addColumn('point_name', 'varchar(100)', text)
      .addColumn('user_id', 'varchar(64)', notNull)
      .addColumn('user_phone', 'varchar(20)', text)
      // the open app that asked, and its request id (a retried request returns the same session)
      .addColumn('app_name', 'varchar(64)', text)
      .addColumn('request_id', 'varchar(64)', notNull)
      // DOOR_SESSION_STATUS 0 待开门 … 4 异常
      .addColumn('status', 'integer', zero)
      .addColumn('command_no', 'varchar(40)', text)
      .addColumn('order_no_sub', 'varchar(24)', text)
      .addColumn('fail_reason', 'varchar(200)', text)
      .addColumn('opened_at', 'bigint', zero)
      .addColumn('closed_at', 'bigint', zero),
  ).execute();
  await db.schema.createIndex('door_session_code_uq').on('door_session').columns(['merchant_id', 'apply_code']).unique().execute();
  await db.schema.createIndex('door_session_request_uq').on('door_session').columns(['merchant_id', 'request_id']).unique().execute();
  // one consumer at a cabinet at a time: at most one session 待开门 / 已开门 per device
  await db.schema
    .createIndex('door_session_open_uq')
    .on('door_session')
    .columns(['device_code'])
    .unique()
    .where(sql<boolean>`status in (0, 1)`)
    .execute();
  await db.schema.createIndex('door_session_list_idx').on('door_session').columns(['merchant_id', 'created_at', 'id']).execute();
  // the sweep's open sessions (待开门 / 已开门): few rows whatever the table's size
  await db.schema
    .createIndex('door_session_sweep_idx')
    .on('door_session')
    .columns(['status', 'created_at'])
    .where(sql<boolean>`status in (0, 1)`)
    .execute();

  await idColumn(db, db.schema.createTable('door_event'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('session_id', 'integer', (c) => c.notNull().references('door_session.id'))
    // DOOR_EVENT_TYPES
    .addColumn('type', 'varchar(20)', notNull)
    .addColumn('summary', 'varchar(500)', text)
    // the event's data as received (JSON)
    .addColumn('data', 'text', text)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('door_event_session_idx').on('door_event').columns(['session_id', 'id']).execute();
}
