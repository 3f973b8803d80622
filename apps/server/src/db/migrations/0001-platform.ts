import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

type Table = CreateTableBuilder<string, never>;

function idColumn(db: Kysely<unknown>, t: Table): Table {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('merchant'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('bus_code', 'varchar(32)', notNull)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await idColumn(db, db.schema.createTable('organization'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('parent_id', 'integer', (c) => c.references('organization.id'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('structure_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('organization_merchant_idx').on('organization').columns(['merchant_id', 'parent_id']).execute();

  await idColumn(db, db.schema.createTable('role'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organization.id'))
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('package_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('role_org_idx').on('role').columns(['merchant_id', 'organization_id']).execute();

  await idColumn(db, db.schema.createTable('account'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', notNull)
    .addColumn('merchant_account_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_site', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bus_code', 'varchar(32)', notNull)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('password_changed_at', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('account_merchant_idx').on('account').column('merchant_id').execute();

  await db.schema
    .createTable('membership')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organization.id'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addPrimaryKeyConstraint('membership_pk', ['account_id', 'organization_id', 'role_id'])
    .execute();
  await db.schema.createIndex('membership_role_idx').on('membership').column('role_id').execute();

  await db.schema
    .createTable('menu')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('icon_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('menu_type', 'integer', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('anchor', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('route_path', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('role_menu')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_menu_pk', ['role_id', 'menu_id'])
    .execute();

  await idColumn(db, db.schema.createTable('session'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', notNull)
    .addColumn('organization_id', 'integer')
    .addColumn('role_ids', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('last_seen_at', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'varchar(32)')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('session_account_idx').on('session').column('account_id').execute();

  await idColumn(db, db.schema.createTable('verify_code'))
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('purpose', 'varchar(16)', notNull)
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema.createIndex('verify_code_phone_idx').on('verify_code').columns(['phone', 'created_at']).execute();

  await idColumn(db, db.schema.createTable('sms_outbox'))
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('content', 'varchar(500)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await idColumn(db, db.schema.createTable('login_log'))
    .addColumn('merchant_id', 'integer')
    .addColumn('account_id', 'integer')
    .addColumn('user_name', 'varchar(64)', notNull)
    .addColumn('method', 'varchar(16)', notNull)
    .addColumn('success', 'integer', notNull)
    .addColumn('reason', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('login_log_user_idx').on('login_log').columns(['user_name', 'created_at']).execute();
  await db.schema.createIndex('login_log_merchant_idx').on('login_log').columns(['merchant_id', 'id']).execute();

  await db.schema
    .createTable('login_lock')
    .addColumn('user_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('locked_until', 'bigint', notNull)
    .execute();

  await db.schema
    .createTable('channel')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('merchant_channel')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull().references('channel.code'))
    .addPrimaryKeyConstraint('merchant_channel_pk', ['merchant_id', 'channel_code'])
    .execute();

  await idColumn(db, db.schema.createTable('site'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('code', 'varchar(32)', notNull)
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('organization_id', 'integer', (c) => c.references('organization.id'))
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('site_code_uq', ['merchant_id', 'code'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
