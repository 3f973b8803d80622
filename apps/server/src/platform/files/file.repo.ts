import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

const META = ['id', 'original_name as name', 'mime', 'size', 'sha256', 'purpose', 'created_at as createdAt'] as const;

export function findFile(db: Db, merchantId: number, id: number) {
  return db.selectFrom('file').select([...META, 'storage_name as storageName']).where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

export function findFiles(db: Db, merchantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('file').select([...META]).where('merchant_id', '=', merchantId).where('id', 'in', ids).execute();
}

export function findUpload(db: Db, merchantId: number, id: string) {
  return db.selectFrom('file_upload').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

export function expiredUploads(db: Db, before: number) {
  return db.selectFrom('file_upload').select(['id']).where('created_at', '<', before).limit(100).execute();
}
