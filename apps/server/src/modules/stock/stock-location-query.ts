import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether a location of this merchant still holds stock (any SKU with on hand > 0). Read-only. */
export async function locationHoldsStock(db: Db, merchantId: number, locationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stock_balance')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('location_id', '=', locationId)
    .where('on_hand', '>', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
