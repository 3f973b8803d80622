import type { Kysely } from 'kysely';

// Frozen: business dates become calendar dates (issue 10, decision "the business time zone").
// contract.sign_date / start_date / end_date and store_staff.entry_date were epoch milliseconds of
// a day as some browser saw it; they become the text 'YYYY-MM-DD'. The date of each stored instant is
// computed here, in JS, on the calendar of Asia/Shanghai (the zone every merchant worked in so far),
// so SQLite and PostgreSQL get the same answer. Dialect-neutral: add a text column, fill it, drop
// the old column (and the index on it), rename the new one, recreate the index.

const ZONE = 'Asia/Shanghai';
const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** 'YYYY-MM-DD' of an epoch-ms instant in Asia/Shanghai. */
export function shanghaiDate(ms: number | string | bigint): string {
  const p = Object.fromEntries(fmt.formatToParts(new Date(Number(ms))).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function toDateColumn(db: AnyDb, table: string, column: string, notNull: boolean): Promise<void> {
  const temp = `${column}_day`;
  await db.schema
    .alterTable(table)
    .addColumn(temp, 'varchar(10)', (c) => (notNull ? c.notNull().defaultTo('') : c))
    .execute();
  const rows = await db.selectFrom(table).select(['id', column]).where(column, 'is not', null).execute();
  for (const r of rows as { id: number; [k: string]: unknown }[]) {
    await db
      .updateTable(table)
      .set({ [temp]: shanghaiDate(r[column] as number) })
      .where('id', '=', r.id)
      .execute();
  }
  await db.schema.alterTable(table).dropColumn(column).execute();
  await db.schema.alterTable(table).renameColumn(temp, column).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db as AnyDb;
  // SQLite refuses to drop an indexed column: the index goes first and comes back on the new column.
  await k.schema.dropIndex('contract_merchant_idx').ifExists().execute();
  await toDateColumn(k, 'contract', 'sign_date', true);
  await toDateColumn(k, 'contract', 'start_date', true);
  await toDateColumn(k, 'contract', 'end_date', true);
  await k.schema.createIndex('contract_merchant_idx').on('contract').columns(['merchant_id', 'end_date']).execute();
  await toDateColumn(k, 'store_staff', 'entry_date', false);
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
