import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import type { PointBulletinTable } from './point-bulletin.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const BULLETIN_SUBJECT = 'point.bulletin';

export interface BulletinFilter {
  bulletinCode?: string;
  title?: string;
  bulletinType?: string;
  /** Display state: 1 草稿, 2 已发布 (not expired), 3 已撤回, 4 已过期 (published, end date passed). */
  status?: number;
  pointId?: number;
  dateRange?: [string, string];
  sortField?: 'createdAt' | 'startDate' | 'updatedAt';
  sortOrder: 'ascend' | 'descend';
}

/** The bulletin list's query (list and export); `today` decides 已过期. */
export function bulletinQuery(db: Db, merchantId: number, f: BulletinFilter, today: string) {
  let q = db.selectFrom('point_bulletin').where('merchant_id', '=', merchantId);
  if (f.bulletinCode) q = q.where(contains('bulletin_code', f.bulletinCode));
  if (f.title) q = q.where(contains('title', f.title));
  if (f.bulletinType) q = q.where('bulletin_type', '=', f.bulletinType);
  if (f.status === 1 || f.status === 3) q = q.where('status', '=', f.status);
  if (f.status === 2) q = q.where('status', '=', 2).where((eb) => eb.or([eb('end_date', '=', ''), eb('end_date', '>=', today)]));
  if (f.status === 4) q = q.where('status', '=', 2).where('end_date', '<>', '').where('end_date', '<', today);
  if (f.pointId !== undefined) {
    const pointId = f.pointId;
    q = q.where((eb) =>
      eb.or([
        eb('scope', '=', 'all'),
        eb('id', 'in', eb.selectFrom('point_bulletin_point').select('bulletin_id').where('point_id', '=', pointId)),
      ]),
    );
  }
  if (f.dateRange) {
    const [a, b] = f.dateRange;
    q = q.where('start_date', '<=', b).where((eb) => eb.or([eb('end_date', '=', ''), eb('end_date', '>=', a)]));
  }
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  if (f.sortField === 'startDate') q = q.orderBy('start_date', dir);
  if (f.sortField === 'updatedAt') q = q.orderBy('updated_at', dir);
  return q.selectAll().orderBy('id', f.sortField === 'createdAt' ? dir : 'desc');
}

export const listBulletins = (
  db: Kysely<Database>,
  merchantId: number,
  f: BulletinFilter & { pageNum: number; pageSize: number },
  today: string,
) => fetchPage(db, bulletinQuery(db, merchantId, f, today), f);

export const findBulletin = (db: Db, merchantId: number, id: number) =>
  db.selectFrom('point_bulletin').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();

export async function codeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db
      .selectFrom('point_bulletin')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('bulletin_code', '=', code)
      .executeTakeFirst(),
  );
}

export async function insertBulletin(db: Db, row: Omit<PointBulletinTable, 'id'>) {
  return (await db.insertInto('point_bulletin').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Versioned update (assertFresh: no row when the version moved on). */
export const updateBulletin = (db: Db, id: number, version: number, values: Updateable<PointBulletinTable>) =>
  db
    .updateTable('point_bulletin')
    .set({ ...values, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();

export async function setPoints(db: Db, merchantId: number, bulletinId: number, pointIds: number[]) {
  await db.deleteFrom('point_bulletin_point').where('bulletin_id', '=', bulletinId).execute();
  if (pointIds.length)
    await db
      .insertInto('point_bulletin_point')
      .values(pointIds.map((point_id) => ({ merchant_id: merchantId, bulletin_id: bulletinId, point_id })))
      .execute();
}

/** The chosen points of bulletins, with their code, name and status. */
export const pointsOf = (db: Db, bulletinIds: number[]) =>
  bulletinIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('point_bulletin_point as bp')
        .innerJoin('point as p', 'p.id', 'bp.point_id')
        .select(['bp.bulletin_id', 'p.id', 'p.point_code', 'p.name', 'p.status'])
        .where('bp.bulletin_id', 'in', bulletinIds)
        .orderBy('p.point_code')
        .execute();

/** The merchant's points (the form's choices and the checks). */
export const merchantPoints = (db: Db, merchantId: number, ids?: number[]) => {
  let q = db.selectFrom('point').select(['id', 'point_code', 'name', 'status']).where('merchant_id', '=', merchantId);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  return q.orderBy('point_code').execute();
};

/** Published bulletins in force on `today` that apply to the point. */
export const currentFor = (db: Db, merchantId: number, pointId: number, today: string) =>
  db
    .selectFrom('point_bulletin')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 2)
    .where('start_date', '<=', today)
    .where((eb) => eb.or([eb('end_date', '=', ''), eb('end_date', '>=', today)]))
    .where((eb) =>
      eb.or([
        eb('scope', '=', 'all'),
        eb('id', 'in', eb.selectFrom('point_bulletin_point').select('bulletin_id').where('point_id', '=', pointId)),
      ]),
    )
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
