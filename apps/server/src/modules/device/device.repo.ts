import { TEMPERATURE_BANDS, type TemperatureBand } from '@merchant/contracts/device/device';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceCommandTable, DeviceModelTable, DeviceTable } from './device.table.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface DeviceFilter {
  deviceCode?: string;
  name?: string;
  modelCode?: string;
  status?: number;
  online?: number;
  /** 所在点位: name or code of the point the device is bound to; '未绑定' for none. */
  point?: string;
  /** TEMPERATURE_BANDS key. */
  temperature?: string;
  /** open | closed | none (never reported). */
  doorState?: string;
  firmware?: string;
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
  if (f.firmware) q = q.where(contains('device.firmware', f.firmware));
  if (f.doorState) q = q.where('device.door_state', '=', f.doorState === 'none' ? '' : f.doorState);
  if (f.temperature) {
    const band = TEMPERATURE_BANDS[f.temperature as TemperatureBand];
    if (f.temperature === 'none') q = q.where('device.temperature_dc', 'is', null);
    else {
      // temperature_dc is in tenths of a degree
      if (band.min !== undefined) q = q.where('device.temperature_dc', '>=', Math.round(band.min * 10));
      if (band.max !== undefined) q = q.where('device.temperature_dc', '<=', Math.round(band.max * 10));
    }
  }
  if (f.point) {
    const k = f.point;
    const bound = db
      .selectFrom('point_device_binding as b')
      .innerJoin('point as p', 'p.id', 'b.point_id')
      .select('b.active_device_id')
      .where('b.merchant_id', '=', merchantId)
      .where('b.active_device_id', 'is not', null);
    q =
      k === '未绑定'
        ? q.where((eb) =>
            eb.not(eb.exists(eb.selectFrom('point_device_binding as b').select('b.id').whereRef('b.active_device_id', '=', 'device.id'))),
          )
        : q.where(
            'device.id',
            'in',
            bound.where((eb) => eb.or([contains('p.name', k), contains('p.point_code', k)])),
          );
  }
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

/**
 * Claims the offline → online change: sets the device online only if it is offline now. 1 row: this message brought
 * it online (log it); 0: another message (another instance) already did.
 */
export const markOnline = (db: Db, id: number, now: number, firmware: string | undefined) =>
  db
    .updateTable('device')
    .set({ online: 1, last_seen_at: now, ...(firmware !== undefined ? { firmware } : {}) })
    .where('id', '=', id)
    .where('online', '=', 0)
    .executeTakeFirst();

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

export const insertFault = (
  db: Db,
  row: { merchant_id: number; device_id: number; fault_code: string; message: string; created_at: number },
) => db.insertInto('device_fault').values(row).execute();

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

/** A device's commands, newest first, keyset-paged by id on the index (device_id, id). */
export const listCommands = (
  db: Kysely<Database>,
  merchantId: number,
  deviceId: number,
  page: { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
) =>
  fetchKeysetPage(db, db.selectFrom('device_command').selectAll().where('device_id', '=', deviceId).where('merchant_id', '=', merchantId), {
    sort: { key: 'sentAt', column: 'id', value: (r) => Number(r.id) },
    id: { column: 'id', value: (r) => Number(r.id) },
    order: page.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: page.cursor,
    pageSize: page.pageSize,
    count: page.cursor ? false : { upTo: 10_000 },
    scope: deviceId,
  });

// ---------------------------------------------------------------- activation (device-activation.service.ts)

export const findDevicesByCodes = (db: Db, merchantId: number, codes: string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : db.selectFrom('device').selectAll().where('merchant_id', '=', merchantId).where('device_code', 'in', codes).execute();

/** 未激活 devices of the merchant (optionally of one model), by code. */
export const unactivatedDevices = (db: Db, merchantId: number, modelCode?: string) => {
  let q = db.selectFrom('device').selectAll().where('merchant_id', '=', merchantId).where('status', '=', 1);
  if (modelCode) q = q.where('model_code', '=', modelCode);
  return q.orderBy('device_code').limit(500).execute();
};

// ---------------------------------------------------------------- voice prompts (voice module)

export const commandsByNo = (db: Db, merchantId: number, commandNos: string[]) =>
  commandNos.length === 0
    ? Promise.resolve([])
    : db.selectFrom('device_command').selectAll().where('merchant_id', '=', merchantId).where('command_no', 'in', commandNos).execute();

/** The device's newest command of a type sent at or after `since` (device_command_device_idx, newest first). */
export const latestCommandOf = (db: Db, merchantId: number, deviceCode: string, commandType: string, since: number) =>
  db
    .selectFrom('device_command as c')
    .innerJoin('device as d', 'd.id', 'c.device_id')
    .selectAll('c')
    .where('d.merchant_id', '=', merchantId)
    .where('d.device_code', '=', deviceCode)
    .where('c.command_type', '=', commandType)
    .where('c.sent_at', '>=', since)
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const activeDevices = (db: Db, merchantId: number, f: { modelCode?: string; deviceCodes?: string[] }) => {
  let q = db.selectFrom('device').selectAll().where('merchant_id', '=', merchantId).where('status', '=', 2);
  if (f.modelCode) q = q.where('model_code', '=', f.modelCode);
  if (f.deviceCodes) q = q.where('device_code', 'in', f.deviceCodes.length ? f.deviceCodes : ['']);
  return q.orderBy('device_code').limit(2000).execute();
};
