import { PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Locks a parent row for the rest of the transaction, so a rule that counts its children ("at most
 * N active exports per account") is checked and written by one request at a time — the row-lock
 * half of docs/decisions.md's uniqueness rule (a cap of N is no unique index).
 *
 * PostgreSQL: `SELECT … FOR UPDATE`; a second transaction waits here until the first commits and
 * then counts what the first wrote. SQLite: the app's one connection runs one transaction at a time
 * (Kysely holds it from BEGIN to COMMIT), so the transaction alone serialises the check and the write.
 * Returns false when the row does not exist.
 */
export async function lockRow(trx: Transaction<Database>, table: 'account' | 'merchant', id: number): Promise<boolean> {
  let q = trx.selectFrom(table).select('id').where('id', '=', id);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) q = q.forUpdate();
  return (await q.executeTakeFirst()) !== undefined;
}
