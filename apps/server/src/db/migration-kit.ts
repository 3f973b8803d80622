import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Column helpers shared by the migrations from 0009 on. Frozen like the migrations themselves: a helper
 * here is never changed once a migration uses it (add a new one instead), so a landed migration always
 * builds the same tables. Dialect-neutral; imports nothing of the application.
 */
export type Table = CreateTableBuilder<string, never>;

/** An auto-increment integer primary key `id` (serial on PostgreSQL). */
export function idColumn(db: Kysely<unknown>, t: Table): Table {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
/** A text column that is never null ('' when empty). */
export const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
export const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
export const merchantRef = (c: ColumnDefinitionBuilder) => c.notNull().references('merchant.id');

/** Who and when: created_by, created_at, updated_at, and the row version edits carry (DESIGN §5). */
export function stamped(t: Table): Table {
  return t
    .addColumn('version', 'integer', zero)
    .addColumn('created_by', 'integer', zero)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull);
}
