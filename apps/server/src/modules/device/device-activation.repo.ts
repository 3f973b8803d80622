import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceActivationItemTable, DeviceActivationTable } from './device-activation.table.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const ACTIVATION_SUBJECT = 'device.activation';

export interface ActivationFilter {
  applyCode?: string;
  contractNo?: string;
  deviceCode?: string;
  modelCode?: string;
  status?: number;
  applicant?: string;
  createdAt?: [number, number];
  sortField?: 'createdAt' | 'reviewedAt';
  sortOrder: 'ascend' | 'descend';
}

/** The application list's query (list and export): filters, merchant scope, order. */
export function activationQuery(db: Db, merchantId: number, f: ActivationFilter) {
  let q = db.selectFrom('device_activation').where('merchant_id', '=', merchantId);
  if (f.applyCode) q = q.where(contains('apply_code', f.applyCode));
  if (f.contractNo) q = q.where(contains('contract_no', f.contractNo));
  if (f.modelCode) q = q.where('model_code', '=', f.modelCode);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.applicant) q = q.where(contains('applicant_name', f.applicant));
  if (f.createdAt) q = q.where('created_at', '>=', f.createdAt[0]).where('created_at', '<=', f.createdAt[1]);
  if (f.deviceCode) {
    const code = f.deviceCode;
    q = q.where('id', 'in', (eb) =>
      eb
        .selectFrom('device_activation_item')
        .select('activation_id')
        .where('merchant_id', '=', merchantId)
        .where(contains('device_code', code)),
    );
  }
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  if (f.sortField === 'reviewedAt') q = q.orderBy('reviewed_at', dir);
  return q.selectAll().orderBy('id', f.sortField === 'createdAt' ? dir : 'desc');
}

export const listActivations = (db: Kysely<Database>, merchantId: number, f: ActivationFilter & { pageNum: number; pageSize: number }) =>
  fetchPage(db, activationQuery(db, merchantId, f), f);

export const findActivation = (db: Db, merchantId: number, applyCode: string) =>
  db
    .selectFrom('device_activation')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('apply_code', '=', applyCode)
    .executeTakeFirst();

export async function applyCodeTaken(db: Db, merchantId: number, applyCode: string) {
  return Boolean(
    await db
      .selectFrom('device_activation')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('apply_code', '=', applyCode)
      .executeTakeFirst(),
  );
}

export async function insertActivation(db: Db, row: Omit<DeviceActivationTable, 'id'>) {
  return (await db.insertInto('device_activation').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export const insertItems = (db: Db, rows: Omit<DeviceActivationItemTable, 'id'>[]) =>
  db.insertInto('device_activation_item').values(rows).execute();

/** Versioned update (assertFresh: no row when the version moved on). */
export const updateActivation = (db: Db, id: number, version: number, values: Updateable<DeviceActivationTable>) =>
  db
    .updateTable('device_activation')
    .set({ ...values, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();

/** The application no longer pending: its devices are free for another application. */
export const releaseItems = (db: Db, activationId: number) =>
  db.updateTable('device_activation_item').set({ pending_device_id: null }).where('activation_id', '=', activationId).execute();

export const itemsOf = (db: Db, activationIds: number[]) =>
  activationIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('device_activation_item').selectAll().where('activation_id', 'in', activationIds).orderBy('id').execute();

/** Which of these devices are held by a pending application, with its code. */
export const pendingFor = (db: Db, deviceIds: number[]) =>
  deviceIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('device_activation_item as i')
        .innerJoin('device_activation as a', 'a.id', 'i.activation_id')
        .select(['i.device_code', 'a.apply_code'])
        .where('i.pending_device_id', 'in', deviceIds)
        .execute();

/** Device ids of the merchant held by pending applications. */
export const pendingDeviceIds = async (db: Db, merchantId: number) =>
  (
    await db
      .selectFrom('device_activation_item')
      .select('pending_device_id')
      .where('merchant_id', '=', merchantId)
      .where('pending_device_id', 'is not', null)
      .execute()
  ).map((r) => Number(r.pending_device_id));
