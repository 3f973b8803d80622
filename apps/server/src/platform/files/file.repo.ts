import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

const META = [
  'id as rowId',
  'public_id as id',
  'original_name as name',
  'mime',
  'size',
  'sha256',
  'purpose',
  'created_by as createdBy',
  'created_at as createdAt',
] as const;

/** A file of the merchant by its public id. */
export function findFile(db: Db, merchantId: number, publicId: string) {
  return db
    .selectFrom('file')
    .select([...META, 'storage_name as storageName'])
    .where('merchant_id', '=', merchantId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/** Files of the merchant by their internal row ids (what business tables keep). */
export function findFilesByRowIds(db: Db, merchantId: number, rowIds: number[]) {
  if (rowIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('file')
    .select([...META])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', rowIds)
    .execute();
}

/**
 * The public id of the file a row references, as a correlated sub-select (null when there is none):
 * `.select((eb) => filePublicIdOf(eb, 'settle_apply.cert_file_id').as('cert_file_key'))`.
 */
export function filePublicIdOf<TB extends keyof Database>(eb: ExpressionBuilder<Database, TB>, column: `${TB}.${string}`) {
  return (eb as unknown as ExpressionBuilder<Database, never>)
    .selectFrom('file')
    .select('file.public_id')
    .where('file.id', '=', sql.ref<number>(column));
}

export function findUpload(db: Db, merchantId: number, id: string) {
  return db.selectFrom('file_upload').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

export function expiredUploads(db: Db, before: number) {
  return db.selectFrom('file_upload').select(['id']).where('created_at', '<', before).limit(100).execute();
}
