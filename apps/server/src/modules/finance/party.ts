import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';

/** History subject of a party (its bank cards). */
export const PARTY_SUBJECT = 'finance.party';

/** A party of the merchant by its FP code; another merchant's code is 资金账户不存在, like one that never was. */
export async function partyByCode(db: Kysely<Database> | Transaction<Database>, merchantId: number, partyCode: string) {
  const p = await db
    .selectFrom('fin_party')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('party_code', '=', partyCode.trim().toUpperCase())
    .executeTakeFirst();
  if (!p) throw notFound('资金账户');
  return p;
}
