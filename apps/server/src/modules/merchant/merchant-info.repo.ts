import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MerchantProfileTable } from './merchant-info.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findMerchant(db: Db, merchantId: number) {
  return db
    .selectFrom('merchant')
    .select(['id', 'code', 'name', 'created_at as createdAt'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
}

export async function insertMerchant(db: Db, row: { code: string; name: string; busCode: string; now: number }) {
  const r = await db
    .insertInto('merchant')
    .values({ code: row.code, name: row.name, bus_code: row.busCode, status: 1, created_at: row.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export function findProfile(db: Db, merchantId: number) {
  return db.selectFrom('merchant_profile').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
}

export const EMPTY_PROFILE: Omit<MerchantProfileTable, 'merchant_id' | 'updated_at'> = {
  merchant_type: '',
  short_name: '',
  main_tags: '',
  contact_name: '',
  contact_phone: '',
  service_phone: '',
  email: '',
  province: '',
  city: '',
  district: '',
  address: '',
  intro: '',
  subject_type: '',
  subject_name: '',
  legal_person: '',
  cert_no: '',
  cert_file_id: null,
  business_lines: '',
  settled_at: null,
};

/** Writes some profile columns, creating the row on first use. */
export async function saveProfile(db: Db, merchantId: number, values: Partial<Omit<MerchantProfileTable, 'merchant_id'>>, now: number) {
  await db
    .insertInto('merchant_profile')
    .values({ ...EMPTY_PROFILE, ...values, merchant_id: merchantId, updated_at: now })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

export function renameMerchant(db: Db, merchantId: number, name: string) {
  return db.updateTable('merchant').set({ name }).where('id', '=', merchantId).execute();
}

export function latestSubmittedSettle(db: Db, merchantId: number) {
  return db
    .selectFrom('settle_apply')
    .select(['id', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', [1, 2, 3])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function pendingChange(db: Db, merchantId: number) {
  return db
    .selectFrom('merchant_change')
    .select(['id', 'change_code as changeCode', 'created_at as createdAt'])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 1)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
