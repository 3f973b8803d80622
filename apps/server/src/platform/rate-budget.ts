import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { AppError } from './errors.ts';

/** A budget: at most `limit` uses per window of `windowMs`, the window starting at its first use. */
export interface Budget {
  /** The bucket's key, e.g. `code:ip:1.2.3.4:hour`. */
  bucket: string;
  limit: number;
  windowMs: number;
  /** The refusal when the budget is spent; `waitMs` is how long until the window ends. */
  refusal: (waitMs: number) => AppError;
}

const SWEEP_EVERY_MS = 10 * 60_000;
let lastSweep = 0;

/**
 * Spends one use of each budget, in order, inside the caller's transaction: either every budget
 * had room and all are spent, or the first one without room throws its refusal (and the rollback
 * gives back what the earlier ones spent).
 *
 * One conditional upsert per budget — the increment happens only where the count is under the limit
 * (or the window has ended), and the row it returns says whether it did — so concurrent requests
 * can never spend more than the limit: PostgreSQL locks the bucket row for the upsert until the
 * transaction ends; SQLite runs one transaction at a time.
 */
export async function spendBudgets(trx: Transaction<Database>, budgets: Budget[], now: number): Promise<void> {
  for (const b of budgets) {
    const spent = await trx
      .insertInto('rate_budget')
      .values({ bucket: b.bucket, used: 1, window_ends: now + b.windowMs })
      .onConflict((oc) =>
        oc
          .column('bucket')
          .doUpdateSet({
            used: sql<number>`case when rate_budget.window_ends <= ${now} then 1 else rate_budget.used + 1 end`,
            window_ends: sql<number>`case when rate_budget.window_ends <= ${now} then ${now + b.windowMs} else rate_budget.window_ends end`,
          })
          .where((eb) => eb.or([eb('rate_budget.window_ends', '<=', now), eb('rate_budget.used', '<', b.limit)])),
      )
      .returning('used')
      .executeTakeFirst();
    if (spent) continue;
    const row = await trx.selectFrom('rate_budget').select('window_ends').where('bucket', '=', b.bucket).executeTakeFirst();
    throw b.refusal(Math.max(0, Number(row?.window_ends ?? now) - now));
  }
}

/** Deletes buckets whose window has ended (at most every 10 minutes per server). */
export async function sweepBudgets(db: Kysely<Database>, now: number): Promise<void> {
  if (now - lastSweep < SWEEP_EVERY_MS && now >= lastSweep) return;
  lastSweep = now;
  await db.deleteFrom('rate_budget').where('window_ends', '<=', now).execute();
}
