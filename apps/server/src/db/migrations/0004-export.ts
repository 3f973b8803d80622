import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen: export tasks of 文件管理 → 导出文件 (issue 6). Dialect-neutral.

type Table = CreateTableBuilder<string, never>;

function idColumn(db: Kysely<unknown>, t: Table): Table {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('export_task'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    // What to re-run: the list operation, its validated input, and the role it was asked under.
    .addColumn('op_name', 'varchar(128)', notNull)
    .addColumn('input_json', 'text', notNull)
    .addColumn('organization_id', 'integer')
    .addColumn('role_ids', 'varchar(255)', text)
    .addColumn('client_anchor', 'varchar(128)', text)
    .addColumn('file_name', 'varchar(255)', notNull)
    .addColumn('source_page', 'varchar(64)', notNull)
    .addColumn('filter_summary', 'varchar(1000)', text)
    // queued → running → done | failed; done → expired when the file is cleaned up.
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('total_rows', 'bigint', zero)
    .addColumn('processed_rows', 'bigint', zero)
    .addColumn('file_size', 'bigint')
    // Random name of the finished file under DATA_DIR/exports/<merchant>/ — never from the client.
    .addColumn('storage_name', 'varchar(64)')
    .addColumn('error_message', 'varchar(500)')
    .addColumn('attempts', 'integer', zero)
    .addColumn('heartbeat_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('export_task_account_idx').on('export_task').columns(['merchant_id', 'account_id', 'id']).execute();
  await db.schema.createIndex('export_task_status_idx').on('export_task').columns(['status', 'heartbeat_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
