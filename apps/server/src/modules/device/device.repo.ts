import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceCommandTable, DeviceModelTable, DeviceTable } from './device.table.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface DeviceFilter {
  deviceCode?: string;
  name?: string;
  modelCode?: string;
  status?: number;
  online?: number;
  sortField?: 'createdAt' | 'deviceCode' | 'name' | 'lastSeenAt';
  sortOrder: 'ascend' | 'descend';
}

// ---------------------------------------------------------------- models

export const listModels = (db: Db) => db.selectFrom('device_model').selectAll().orderBy('sort').orderBy('id').execute();

export async function upsertModel(db: Db, row: Omit<DeviceModelTable, 'id'>) {
  const found = await db.selectFrom('device_model').select('id').where('code', '=', row.code).executeTakeFirst();
  if (found) await db.updateTable('device_model').set(row).where('id', '=', found.id).execute();
  else await db.insertInto('device_model').values(row).execute();
}

// ---------------------------------------------------------------- devices

/** The device list's query: filters, merchant scope and order, without paging (the list and its export). */
export function deviceQuery(db: Db, merchantId: number, f: DeviceFilter) {
  let q = db.selectFrom('device').where('device.merchant_id', '=', merchantId);
  if (f.deviceCode) q = q.where(contains('device.device_code', f.deviceCode));
  if (f.name) q = q.where(contains('device.name', f.name));
  if (f.modelCode) q = q.where('device.model_code', '=', f.modelCode);
  if (f.status !== undefined) q = q.where('device.status', '=', f.status);
  if (f.online !== undefined) q = q.where('device.online', '=', f.online);
  const col =
    f.sortField === 'deviceCode'
      ? 'device.device_code'
      : f.sortField === 'name'
        ? 'device.name'
        : f.sortField === 'lastSeenAt'
          ? 'device.last_seen_at'
          : 'device.id';
  return q
    .selectAll('device')
    .orderBy(col, f.sortOrder === 'ascend' ? 'asc' : 'desc')
    .orderBy('device.id', 'desc');
}

export const listDevices = (db: Db, merchantId: number, f: DeviceFilter & { pageNum: number; pageSize: number }) =>
  fetchPage(db, deviceQuery(db, merchantId, f), f);

export const findDevice = (db: Db, merchantId: number, deviceCode: string) =>
  db.selectFrom('device').selectAll().where('merchant_id', '=', merchantId).where('device_code', '=', deviceCode).executeTakeFirst();

/** A device by its code over all merchants (the link: the code is the MQTT user name). */
export const findDeviceByCode = (db: Db, deviceCode: string) =>
  db.selectFrom('device').selectAll().where('device_code', '=', deviceCode).executeTakeFirst();

export async function deviceCodeTaken(db: Db, deviceCode: string) {
  return Boolean(await db.selectFrom('device').select('id').where('device_code', '=', deviceCode).executeTakeFirst());
}

export async function insertDevice(db: Db, row: Omit<DeviceTable, 'id'>) {
  return (await db.insertInto('device').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

type Editable = Partial<Pick<DeviceTable, 'name' | 'model_code' | 'firmware' | 'remark' | 'status' | 'secret_hash'>>;

/** A versioned edit: changes nothing when the row's version moved on (the service asserts it is fresh). */
export const updateDeviceVersioned = (db: Db, merchantId: number, id: number, version: number, values: Editable, now: number) =>
  db
    .updateTable('device')
    .set({ ...values, version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .executeTakeFirst();

// ---------------------------------------------------------------- link state (heartbeats, telemetry, sweep)

export const markSeen = (db: Db, id: number, now: number, firmware: string | undefined) =>
  db
    .updateTable('device')
    .set({ online: 1, last_seen_at: now, ...(firmware !== undefined ? { firmware } : {}) })
    .where('id', '=', id)
    .execute();

export const saveTelemetry = (
  db: Db,
  id: number,
  values: { temperature_dc?: number; door_state?: string; telemetry_at: number; last_seen_at: number },
) =>
  db
    .updateTable('device')
    .set({ ...values, online: 1 })
    .where('id', '=', id)
    .execute();

/** Devices online whose last sign of life is older than `before`. */
export const silentDevices = (db: Db, before: number) =>
  db.selectFrom('device').select(['id', 'merchant_id']).where('online', '=', 1).where('last_seen_at', '<', before).execute();

export const markOffline = (db: Db, id: number, before: number) =>
  db
    .updateTable('device')
    .set({ online: 0 })
    .where('id', '=', id)
    .where('online', '=', 1)
    .where('last_seen_at', '<', before)
    .executeTakeFirst();

export const setOffline = (db: Db, id: number) => db.updateTable('device').set({ online: 0 }).where('id', '=', id).executeTakeFirst();

export const insertLinkLog = (db: Db, row: { merchant_id: number; device_id: number; event: string; created_at: number }) =>
  db.insertInto('device_link_log').values(row).execute();

// ---------------------------------------------------------------- commands

export const insertCommand = (db: Db, row: Omit<DeviceCommandTable, 'id'>) => db.insertInto('device_command').values(row).execute();

export const findCommand = (db: Db, commandNo: string) =>
  db.selectFrom('device_command').selectAll().where('command_no', '=', commandNo).executeTakeFirst();

/** Settles a sent command of the device (acknowledged or failed); a late or foreign ack changes nothing. */
export const settleCommand = (db: Db, deviceId: number, commandNo: string, status: number, result: string, now: number) =>
  db
    .updateTable('device_command')
    .set({ status, result, acked_at: now })
    .where('command_no', '=', commandNo)
    .where('device_id', '=', deviceId)
    .where('status', '=', 1)
    .executeTakeFirst();

export const expireCommands = (db: Db, sentBefore: number) =>
  db
    .updateTable('device_command')
    .set({ status: 3, result: '设备未在规定时间内确认' })
    .where('status', '=', 1)
    .where('sent_at', '<', sentBefore)
    .executeTakeFirst();

export const commandQuery = (db: Db, merchantId: number, deviceId: number, order: 'asc' | 'desc') =>
  db.selectFrom('device_command').selectAll().where('merchant_id', '=', merchantId).where('device_id', '=', deviceId).orderBy('id', order);

export const listCommands = (
  db: Db,
  merchantId: number,
  deviceId: number,
  page: { pageNum: number; pageSize: number; sortOrder: 'ascend' | 'descend' },
) => fetchPage(db, commandQuery(db, merchantId, deviceId, page.sortOrder === 'ascend' ? 'asc' : 'desc'), page);
