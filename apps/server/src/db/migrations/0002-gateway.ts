import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: audit log, tracking events and the secure channel's shared state.

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = pg ? ('serial' as const) : ('integer' as const);

  await db.schema
    .createTable('operation_log')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('merchant_id', 'integer')
    .addColumn('account_id', 'integer')
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('organization_id', 'integer')
    .addColumn('role_ids', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('operation', 'varchar(128)', (c) => c.notNull())
    .addColumn('anchor', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('client_anchor', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('target_ids', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('result_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('result_msg', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operation_log_merchant_idx').on('operation_log').columns(['merchant_id', 'id']).execute();

  await db.schema
    .createTable('tracking_event')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('merchant_id', 'integer')
    .addColumn('account_id', 'integer')
    .addColumn('app_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('page', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('target', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('event_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tracking_event_merchant_idx').on('tracking_event').columns(['merchant_id', 'id']).execute();

  await db.schema
    .createTable('secure_channel')
    .addColumn('channel_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('keys', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('secure_channel_expiry_idx').on('secure_channel').column('expires_at').execute();

  await db.schema
    .createTable('secure_nonce')
    .addColumn('channel_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('secure_nonce_pk', ['channel_id', 'nonce'])
    .execute();
  await db.schema.createIndex('secure_nonce_expiry_idx').on('secure_nonce').column('expires_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
