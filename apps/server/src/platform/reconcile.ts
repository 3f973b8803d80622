import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { importModuleFiles } from './gateway/registry.ts';

/**
 * `npm run reconcile` (DESIGN §5a): every ledger invariant, checked for every merchant. A module that owns a ledger
 * exports `check` from its `modules/<area>/<area>.reconcile.ts` (discovered like seeds): the stock ledger first, the
 * money ledger with the finance area.
 */
export interface LedgerCheck {
  /** What is checked, in words (printed). */
  name: string;
  /** The problems found for one merchant, each one line in words; empty when the ledger holds. */
  run(db: Kysely<Database>, merchantId: number): Promise<string[]>;
}

export interface ReconcileFinding {
  merchantId: number;
  check: string;
  problems: string[];
}

function isCheck(v: unknown): v is LedgerCheck {
  return typeof v === 'object' && v !== null && typeof (v as LedgerCheck).name === 'string' && typeof (v as LedgerCheck).run === 'function';
}

export async function discoverChecks(): Promise<LedgerCheck[]> {
  const checks: LedgerCheck[] = [];
  for (const mod of await importModuleFiles('reconcile')) {
    if (!isCheck(mod.check)) throw new Error('a *.reconcile.ts file must export `check` ({ name, run })');
    checks.push(mod.check);
  }
  return checks;
}

/** Runs every check for every merchant; one finding per merchant × check (problems empty when it holds). */
export async function reconcileAll(db: Kysely<Database>, checks: LedgerCheck[]): Promise<ReconcileFinding[]> {
  const merchants = await db.selectFrom('merchant').select('id').orderBy('id').execute();
  const out: ReconcileFinding[] = [];
  for (const m of merchants) {
    for (const c of checks) out.push({ merchantId: m.id, check: c.name, problems: await c.run(db, m.id) });
  }
  return out;
}
