import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen: uploaded files and merchant basic settings (section 100): profile, stores and their change
// records, settle applications, change requests, contracts, store staff. Dialect-neutral.

type Table = CreateTableBuilder<string, never>;

function idColumn(db: Kysely<unknown>, t: Table): Table {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const merchantRef = (c: ColumnDefinitionBuilder) => c.notNull().references('merchant.id');

export async function up(db: Kysely<unknown>): Promise<void> {
  // ---- uploaded files: bytes under DATA_DIR/files/<merchantId>/<storage_name> ----
  await idColumn(db, db.schema.createTable('file'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('original_name', 'varchar(255)', notNull)
    .addColumn('mime', 'varchar(64)', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('sha256', 'varchar(64)', notNull)
    .addColumn('storage_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(32)', notNull)
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('file_merchant_idx').on('file').columns(['merchant_id', 'id']).execute();

  await db.schema
    .createTable('file_upload')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('account_id', 'integer', notNull)
    .addColumn('original_name', 'varchar(255)', notNull)
    .addColumn('mime', 'varchar(64)', notNull)
    .addColumn('purpose', 'varchar(32)', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('received', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('file_upload_created_idx').on('file_upload').column('created_at').execute();

  // ---- merchant profile (one row per merchant, created on first save) ----
  await db.schema
    .createTable('merchant_profile')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchant.id'))
    .addColumn('merchant_type', 'varchar(32)', text)
    .addColumn('short_name', 'varchar(50)', text)
    .addColumn('main_tags', 'varchar(255)', text)
    .addColumn('contact_name', 'varchar(50)', text)
    .addColumn('contact_phone', 'varchar(20)', text)
    .addColumn('service_phone', 'varchar(20)', text)
    .addColumn('email', 'varchar(100)', text)
    .addColumn('province', 'varchar(50)', text)
    .addColumn('city', 'varchar(50)', text)
    .addColumn('district', 'varchar(50)', text)
    .addColumn('address', 'varchar(200)', text)
    .addColumn('intro', 'varchar(500)', text)
    .addColumn('subject_type', 'varchar(16)', text)
    .addColumn('subject_name', 'varchar(100)', text)
    .addColumn('legal_person', 'varchar(50)', text)
    .addColumn('cert_no', 'varchar(32)', text)
    .addColumn('cert_file_id', 'integer')
    .addColumn('business_lines', 'varchar(255)', text)
    .addColumn('settled_at', 'bigint')
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  // ---- stores ----
  await idColumn(db, db.schema.createTable('store'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('store_code', 'varchar(32)', notNull)
    .addColumn('name', 'varchar(60)', notNull)
    .addColumn('category_code', 'varchar(32)', notNull)
    .addColumn('tag_codes', 'varchar(255)', text)
    .addColumn('contact_name', 'varchar(50)', notNull)
    .addColumn('contact_phone', 'varchar(20)', notNull)
    .addColumn('province', 'varchar(50)', notNull)
    .addColumn('city', 'varchar(50)', notNull)
    .addColumn('district', 'varchar(50)', text)
    .addColumn('address', 'varchar(200)', notNull)
    .addColumn('lng', 'double precision', notNull)
    .addColumn('lat', 'double precision', notNull)
    .addColumn('open_time', 'varchar(5)', notNull)
    .addColumn('close_time', 'varchar(5)', notNull)
    .addColumn('business_days', 'varchar(20)', notNull)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(500)', text)
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('store_code_uq', ['merchant_id', 'store_code'])
    .execute();
  await db.schema.createIndex('store_merchant_idx').on('store').columns(['merchant_id', 'status', 'id']).execute();

  await idColumn(db, db.schema.createTable('store_change_record'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('store_id', 'integer', (c) => c.notNull().references('store.id'))
    .addColumn('change_type', 'varchar(16)', notNull)
    .addColumn('changes', 'text', notNull)
    .addColumn('operator_id', 'integer', notNull)
    .addColumn('operator_name', 'varchar(64)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('store_change_store_idx').on('store_change_record').columns(['store_id', 'id']).execute();

  // ---- settle applications (入驻申请) ----
  await idColumn(db, db.schema.createTable('settle_apply'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('apply_code', 'varchar(32)', notNull)
    .addColumn('subject_type', 'varchar(16)', notNull)
    .addColumn('subject_name', 'varchar(100)', notNull)
    .addColumn('cert_no', 'varchar(32)', notNull)
    .addColumn('legal_person', 'varchar(50)', text)
    .addColumn('contact_name', 'varchar(50)', notNull)
    .addColumn('contact_phone', 'varchar(20)', notNull)
    .addColumn('province', 'varchar(50)', notNull)
    .addColumn('city', 'varchar(50)', notNull)
    .addColumn('district', 'varchar(50)', text)
    .addColumn('address', 'varchar(200)', notNull)
    .addColumn('cert_file_id', 'integer', (c) => c.references('file.id'))
    .addColumn('business_lines', 'varchar(255)', text)
    .addColumn('remark', 'varchar(500)', text)
    .addColumn('status', 'integer', notNull)
    .addColumn('review_remark', 'varchar(500)', text)
    .addColumn('reject_reason', 'varchar(500)', text)
    .addColumn('submitted_at', 'bigint')
    .addColumn('reviewed_by', 'integer')
    .addColumn('reviewer_name', 'varchar(64)', text)
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_by', 'integer', notNull)
    .addColumn('creator_name', 'varchar(64)', text)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('settle_apply_code_uq', ['merchant_id', 'apply_code'])
    .execute();
  await db.schema.createIndex('settle_apply_merchant_idx').on('settle_apply').columns(['merchant_id', 'status', 'id']).execute();

  // ---- change requests of merchant information ----
  await idColumn(db, db.schema.createTable('merchant_change'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('change_code', 'varchar(32)', notNull)
    .addColumn('changes', 'text', notNull)
    .addColumn('reason', 'varchar(500)', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('review_remark', 'varchar(500)', text)
    .addColumn('reject_reason', 'varchar(500)', text)
    .addColumn('submitted_by', 'integer', notNull)
    .addColumn('submitter_name', 'varchar(64)', text)
    .addColumn('reviewed_by', 'integer')
    .addColumn('reviewer_name', 'varchar(64)', text)
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('merchant_change_code_uq', ['merchant_id', 'change_code'])
    .execute();
  await db.schema.createIndex('merchant_change_merchant_idx').on('merchant_change').columns(['merchant_id', 'status', 'id']).execute();

  // ---- contracts ----
  await idColumn(db, db.schema.createTable('contract'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('contract_no', 'varchar(32)', notNull)
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('contract_type', 'varchar(32)', notNull)
    .addColumn('party_name', 'varchar(100)', notNull)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('sign_date', 'bigint', notNull)
    .addColumn('start_date', 'bigint', notNull)
    .addColumn('end_date', 'bigint', notNull)
    .addColumn('file_id', 'integer', (c) => c.references('file.id'))
    .addColumn('remark', 'varchar(500)', text)
    .addColumn('terminated_at', 'bigint')
    .addColumn('terminate_reason', 'varchar(500)', text)
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('contract_no_uq', ['merchant_id', 'contract_no'])
    .execute();
  await db.schema.createIndex('contract_merchant_idx').on('contract').columns(['merchant_id', 'end_date']).execute();

  // ---- store staff (not sign-in accounts) ----
  await idColumn(db, db.schema.createTable('store_staff'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('staff_no', 'varchar(32)', notNull)
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('position', 'varchar(32)', notNull)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('entry_date', 'bigint')
    .addColumn('remark', 'varchar(500)', text)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('store_staff_no_uq', ['merchant_id', 'staff_no'])
    .addUniqueConstraint('store_staff_phone_uq', ['merchant_id', 'phone'])
    .execute();

  await db.schema
    .createTable('store_staff_store')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('store_staff.id').onDelete('cascade'))
    .addColumn('store_id', 'integer', (c) => c.notNull().references('store.id'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addPrimaryKeyConstraint('store_staff_store_pk', ['staff_id', 'store_id'])
    .execute();
  await db.schema.createIndex('store_staff_store_store_idx').on('store_staff_store').column('store_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
