import type { TestApp } from './harness.ts';

/**
 * Empties the stock ledger of one merchant (orders, movements, balances; locations stay): for tests that assert whole
 * lists or totals of a merchant's stock, so the demo seed's stock (cabinet slots, hub orders) does not count. Tests of the
 * seeded ledger itself (stock-ledger.test.ts: reconcile) do not call it.
 */
export async function clearStock(t: TestApp, merchantId: number): Promise<void> {
  const db = t.db.db;
  await db.deleteFrom('stock_order_line').where('merchant_id', '=', merchantId).execute();
  await db.deleteFrom('stock_order').where('merchant_id', '=', merchantId).execute();
  await db.deleteFrom('stock_movement').where('merchant_id', '=', merchantId).execute();
  await db.deleteFrom('stock_balance').where('merchant_id', '=', merchantId).execute();
}
