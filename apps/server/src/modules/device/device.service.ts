import { randomInt, randomBytes } from 'node:crypto';
import {
  COMMAND_STATUS,
  COMMAND_TYPES,
  DEVICE_STATUS,
  DEVICE_TRANSITIONS,
  DOOR_STATES,
  type CommandType,
  type DeviceCommand,
  type deviceCreateInput,
  type DeviceModel,
  type DeviceRow,
  type DeviceStatus,
  type deviceUpdateInput,
} from '@merchant/contracts/device/device';
import {
  COMMAND_TYPE_NAMES,
  PROTOCOL_VERSION,
  SYSTEM_COMMAND_TYPES,
  type OpenDoorData,
  type SystemCommandType,
} from '@merchant/contracts/device/device-protocol';
import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import type { Paged } from '@merchant/contracts';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { z } from 'zod';
import { conflict, notFound, badInput, uniqueViolation, violates } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import type { DeviceCommandTable, DeviceModelTable, DeviceTable } from './device.table.ts';
import { hashSecret, newSecret } from './device.secret.ts';
import * as repo from './device.repo.ts';
import { pointsOfDevices } from './point-binding.repo.ts';

export const SUBJECT = 'device.device';
const FIELD_LABELS = { name: '设备名称', modelCode: '柜型', firmware: '固件版本', remark: '备注', status: '设备状态' };

// ---------------------------------------------------------------- rows

let modelCache: { at: number; byCode: Map<string, Selectable<DeviceModelTable>> } | undefined;

/** The cabinet models by code (product data: read once a minute at most). */
export async function modelsByCode(ctx: Pick<SessionOpContext, 'db'>) {
  const now = Date.now();
  if (!modelCache || now - modelCache.at > 60_000) {
    const rows = await repo.listModels(ctx.db);
    modelCache = { at: now, byCode: new Map(rows.map((r) => [r.code, r])) };
  }
  return modelCache.byCode;
}

const storageName = (s: number) => STORAGE_STYLES[s as keyof typeof STORAGE_STYLES] ?? String(s);

export function toModel(m: Selectable<DeviceModelTable>): DeviceModel {
  return {
    code: m.code,
    name: m.name,
    doorCount: m.door_count,
    slotRows: m.slot_rows,
    slotCols: m.slot_cols,
    storageStyle: m.storage_style,
    storageStyleName: storageName(m.storage_style),
  };
}

export function toRow(r: Selectable<DeviceTable>, models: Map<string, Selectable<DeviceModelTable>>): DeviceRow {
  const m = models.get(r.model_code);
  return {
    id: r.id,
    deviceCode: r.device_code,
    name: r.name,
    modelCode: r.model_code,
    modelName: m?.name ?? r.model_code,
    doorCount: m?.door_count ?? 0,
    slotLayout: m ? `${m.slot_rows}×${m.slot_cols}` : '',
    storageStyleName: m ? storageName(m.storage_style) : '',
    status: r.status,
    statusName: DEVICE_STATUS[r.status as DeviceStatus] ?? String(r.status),
    online: Number(r.online) === 1,
    lastSeenAt: Number(r.last_seen_at),
    firmware: r.firmware,
    remark: r.remark,
    temperature: r.temperature_dc === null ? null : Number(r.temperature_dc) / 10,
    doorState: r.door_state,
    doorStateName: DOOR_STATES[r.door_state as keyof typeof DOOR_STATES] ?? '',
    telemetryAt: Number(r.telemetry_at),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    pointId: 0,
    pointCode: '',
    pointName: '',
  };
}

/** Rows with their 所在点位. */
async function withPoints(ctx: Pick<SessionOpContext, 'db'>, rows: DeviceRow[]): Promise<DeviceRow[]> {
  const at = await pointsOfDevices(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, ...at.get(r.id) }));
}

export function toCommand(c: Selectable<DeviceCommandTable>): DeviceCommand {
  return {
    commandNo: c.command_no,
    commandType: c.command_type,
    commandTypeName: COMMAND_TYPE_NAMES[c.command_type] ?? c.command_type,
    status: c.status,
    statusName: COMMAND_STATUS[c.status as keyof typeof COMMAND_STATUS] ?? String(c.status),
    result: c.result,
    operatorName: c.operator_name,
    sentAt: Number(c.sent_at),
    ackedAt: Number(c.acked_at),
  };
}

/** History text: codes into names. */
function text(models: Map<string, Selectable<DeviceModelTable>>) {
  return (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '（空）';
    if (field === 'modelCode') return models.get(String(v))?.name ?? String(v);
    if (field === 'status') return DEVICE_STATUS[v as DeviceStatus] ?? String(v);
    return String(v);
  };
}

export async function requireDevice(ctx: SessionOpContext, deviceCode: string) {
  const d = await repo.findDevice(ctx.db, ctx.merchantId, deviceCode);
  if (!d) throw notFound('设备');
  return d;
}

async function requireModel(ctx: SessionOpContext, modelCode: string) {
  const m = (await modelsByCode(ctx)).get(modelCode);
  if (!m) throw badInput('柜型不存在（字段：modelCode）');
  return m;
}

// ---------------------------------------------------------------- reads

export async function models(ctx: SessionOpContext): Promise<DeviceModel[]> {
  return (await repo.listModels(ctx.db)).map(toModel);
}

export async function list(ctx: SessionOpContext, f: repo.DeviceFilter & { pageNum: number; pageSize: number }): Promise<Paged<DeviceRow>> {
  const { list: rows, total } = await repo.listDevices(ctx.db, ctx.merchantId, f);
  const byCode = await modelsByCode(ctx);
  return {
    list: await withPoints(
      ctx,
      rows.map((r) => toRow(r, byCode)),
    ),
    total,
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}

export async function detail(ctx: SessionOpContext, deviceCode: string): Promise<DeviceRow> {
  return (await withPoints(ctx, [toRow(await requireDevice(ctx, deviceCode), await modelsByCode(ctx))]))[0];
}

export async function history(ctx: SessionOpContext, i: { deviceCode: string; pageNum: number; pageSize: number }) {
  const d = await requireDevice(ctx, i.deviceCode);
  return historyPage(ctx, SUBJECT, d.device_code, i);
}

export async function commands(
  ctx: SessionOpContext,
  i: { deviceCode: string; cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<DeviceCommand>> {
  const d = await requireDevice(ctx, i.deviceCode);
  const page = await repo.listCommands(ctx.db, ctx.merchantId, d.id, i);
  return { ...page, list: page.list.map(toCommand) };
}

/** The export's query (same filters, merchant scope and order as the list). */
export const exportQuery = (ctx: SessionOpContext, f: repo.DeviceFilter) => repo.deviceQuery(ctx.db, ctx.merchantId, f);
export async function exportRows(ctx: SessionOpContext, rows: Selectable<DeviceTable>[]): Promise<DeviceRow[]> {
  const byCode = await modelsByCode(ctx);
  return withPoints(
    ctx,
    rows.map((r) => toRow(r, byCode)),
  );
}

// ---------------------------------------------------------------- writes

/** 'D' + 10 random digits. */
export const drawDeviceCode = () => `D${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
const CODE_INDEX = { index: 'device_code_uq', table: 'device', columns: ['device_code'] };

export async function create(ctx: SessionOpContext, input: z.output<typeof deviceCreateInput>) {
  await requireModel(ctx, input.modelCode);
  const now = ctx.clock.now();
  const secret = newSecret();
  for (let attempt = 1; ; attempt++) {
    let deviceCode = drawDeviceCode();
    while (await repo.deviceCodeTaken(ctx.db, deviceCode)) deviceCode = drawDeviceCode();
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const id = await repo.insertDevice(trx, {
          merchant_id: ctx.merchantId,
          device_code: deviceCode,
          name: input.name,
          model_code: input.modelCode,
          status: 1,
          firmware: input.firmware,
          remark: input.remark,
          secret_hash: hashSecret(secret),
          online: 0,
          last_seen_at: 0,
          temperature_dc: null,
          door_state: '',
          telemetry_at: 0,
          version: 0,
          created_by: ctx.session.accountId,
          created_at: now,
          updated_at: now,
        });
        await writeHistory(trx, ctx, {
          subject: SUBJECT,
          subjectId: deviceCode,
          action: 'create',
          actionLabel: '新增设备',
          changes: describeChanges(
            {},
            // only what was filled in (an empty firmware or remark is no change)
            Object.fromEntries(Object.entries({ ...input, status: 1 }).filter(([, v]) => v !== '')),
            FIELD_LABELS,
            text(await modelsByCode(ctx)),
          ),
        });
        return { id, deviceCode, secret };
      });
    } catch (err) {
      const v = uniqueViolation(err);
      if (!v || !violates(v, CODE_INDEX) || attempt >= 5) throw err;
    }
  }
}

export async function update(ctx: SessionOpContext, input: z.output<typeof deviceUpdateInput>) {
  const d = await requireDevice(ctx, input.deviceCode);
  await requireModel(ctx, input.modelCode);
  const before = { name: d.name, modelCode: d.model_code, firmware: d.firmware, remark: d.remark };
  const after = { name: input.name, modelCode: input.modelCode, firmware: input.firmware, remark: input.remark };
  const changes = describeChanges(before, after, FIELD_LABELS, text(await modelsByCode(ctx)));
  await ctx.db.transaction().execute(async (trx) => {
    assertFresh(
      await repo.updateDeviceVersioned(
        trx,
        ctx.merchantId,
        d.id,
        input.version,
        { name: input.name, model_code: input.modelCode, firmware: input.firmware, remark: input.remark },
        ctx.clock.now(),
      ),
    );
    await writeHistory(trx, ctx, { subject: SUBJECT, subjectId: d.device_code, action: 'update', actionLabel: '修改设备', changes });
  });
  return { deviceCode: d.device_code, version: input.version + 1 };
}

const TRANSITION_ACTIONS: Record<number, { action: string; label: string }> = {
  2: { action: 'activate', label: '激活设备' },
  3: { action: 'disable', label: '停用设备' },
};

export async function setStatus(ctx: SessionOpContext, i: { deviceCode: string; version: number; status: number }) {
  const d = await requireDevice(ctx, i.deviceCode);
  const from = d.status as DeviceStatus;
  const to = i.status as DeviceStatus;
  if (!(DEVICE_TRANSITIONS[from] ?? []).includes(to)) {
    throw conflict(`设备状态为「${DEVICE_STATUS[from]}」，不能改为「${DEVICE_STATUS[to]}」`);
  }
  const act = TRANSITION_ACTIONS[to];
  await ctx.db.transaction().execute(async (trx) => {
    assertFresh(await repo.updateDeviceVersioned(trx, ctx.merchantId, d.id, i.version, { status: to }, ctx.clock.now()));
    if (to === 3) await repo.setOffline(trx, d.id);
    await writeHistory(trx, ctx, {
      subject: SUBJECT,
      subjectId: d.device_code,
      action: act.action,
      actionLabel: act.label,
      changes: describeChanges({ status: from }, { status: to }, { status: FIELD_LABELS.status }, text(new Map())),
    });
  });
  // A disabled device loses its connection at once (and the broker refuses it from now on).
  if (to === 3) ctx.services.deviceLink?.disconnect(d.device_code);
  return { deviceCode: d.device_code, version: i.version + 1 };
}

export async function resetSecret(ctx: SessionOpContext, i: { deviceCode: string; version: number }) {
  const d = await requireDevice(ctx, i.deviceCode);
  const secret = newSecret();
  await ctx.db.transaction().execute(async (trx) => {
    assertFresh(
      await repo.updateDeviceVersioned(trx, ctx.merchantId, d.id, i.version, { secret_hash: hashSecret(secret) }, ctx.clock.now()),
    );
    await writeHistory(trx, ctx, {
      subject: SUBJECT,
      subjectId: d.device_code,
      action: 'reset-secret',
      actionLabel: '重置设备密钥',
      remark: '旧密钥已失效，设备需使用新密钥重新连接',
    });
  });
  // The old secret's connection ends; the device reconnects with the new one.
  ctx.services.deviceLink?.disconnect(d.device_code);
  return { deviceCode: d.device_code, version: i.version + 1, secret };
}

export async function sendCommand(ctx: SessionOpContext, i: { deviceCode: string; commandType: CommandType }): Promise<DeviceCommand> {
  const d = await requireDevice(ctx, i.deviceCode);
  const link = ctx.services.deviceLink;
  if (!link || link.mode === 'off') throw conflict('设备连接服务未启用，不能发送指令');
  if (d.status !== 2) throw conflict(`设备状态为「${DEVICE_STATUS[d.status as DeviceStatus]}」，只有已激活的设备能接收指令`);
  if (Number(d.online) !== 1) throw conflict('设备离线，不能发送指令');
  return dispatchCommand(ctx, link, d, i.commandType, COMMAND_TYPES[i.commandType], undefined, '');
}

/**
 * A command on its way: its record (已发送) and a 发送指令 history entry in one transaction, then the message on the
 * link (the device's acknowledgement or the time-out settles the record, device.link.ts).
 */
async function dispatchCommand(
  ctx: SessionOpContext,
  link: NonNullable<SessionOpContext['services']['deviceLink']>,
  d: Selectable<DeviceTable>,
  commandType: string,
  typeName: string,
  data: Record<string, unknown> | undefined,
  remark: string,
  history = true,
): Promise<DeviceCommand> {
  const now = ctx.clock.now();
  const row = {
    merchant_id: ctx.merchantId,
    device_id: d.id,
    command_no: `C${now}${randomBytes(4).toString('hex')}`,
    command_type: commandType,
    status: 1,
    result: '',
    operator_name: ctx.session.userName,
    sent_at: now,
    acked_at: 0,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertCommand(trx, row);
    if (!history) return;
    await writeHistory(trx, ctx, {
      subject: SUBJECT,
      subjectId: d.device_code,
      action: 'command',
      actionLabel: '发送指令',
      remark: `${typeName}（指令号 ${row.command_no}）${remark ? `：${remark}` : ''}`,
    });
  });
  await link.send(d.device_code, { v: PROTOCOL_VERSION, id: row.command_no, type: commandType, ts: now, ...(data ? { data } : {}) });
  return toCommand({ id: 0, ...row });
}

/**
 * Activates a device in the caller's transaction (an approved activation application): the same transition rule,
 * versioned update and history entry as 激活 on the device page. The row must have been read in `trx`.
 */
export async function activateInTransaction(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  d: Selectable<DeviceTable>,
  remark: string,
): Promise<void> {
  const from = d.status as DeviceStatus;
  if (!(DEVICE_TRANSITIONS[from] ?? []).includes(2)) throw conflict(`设备${d.device_code}状态为「${DEVICE_STATUS[from]}」，不能激活`);
  assertFresh(await repo.updateDeviceVersioned(trx, ctx.merchantId, d.id, Number(d.version), { status: 2 }, ctx.clock.now()));
  await writeHistory(trx, ctx, {
    subject: SUBJECT,
    subjectId: d.device_code,
    action: TRANSITION_ACTIONS[2].action,
    actionLabel: TRANSITION_ACTIONS[2].label,
    changes: describeChanges({ status: from }, { status: 2 }, { status: FIELD_LABELS.status }, text(new Map())),
    remark,
  });
}

/** A device of the merchant by code with its 所在点位's name ('' when unbound), or undefined. */
export async function deviceWithPoint(db: Kysely<Database> | Transaction<Database>, merchantId: number, deviceCode: string) {
  const [d] = await repo.findDevicesByCodes(db, merchantId, [deviceCode]);
  if (!d) return undefined;
  const at = await pointsOfDevices(db, [d.id]);
  return { device: d, pointName: at.get(d.id)?.pointName ?? '' };
}

/**
 * The point a device of the merchant stands at now, with what finance splits by: the point's commission (basis points)
 * and its contact (the point's owner). Undefined when the device is unknown or at no point.
 */
export async function pointDealOfDevice(db: Kysely<Database> | Transaction<Database>, merchantId: number, deviceCode: string) {
  const r = await db
    .selectFrom('device as d')
    .innerJoin('point_device_binding as b', 'b.active_device_id', 'd.id')
    .innerJoin('point as p', 'p.id', 'b.point_id')
    .select(['p.id', 'p.name', 'p.commission_bp', 'p.contact_name', 'p.contact_phone'])
    .where('d.merchant_id', '=', merchantId)
    .where('d.device_code', '=', deviceCode)
    .executeTakeFirst();
  return (
    r && { pointId: r.id, pointName: r.name, commissionBp: r.commission_bp, contactName: r.contact_name, contactPhone: r.contact_phone }
  );
}

/** The merchant's devices by code (in `db`, e.g. the caller's transaction). */
export const devicesByCodes = (db: Kysely<Database> | Transaction<Database>, merchantId: number, codes: string[]) =>
  repo.findDevicesByCodes(db, merchantId, codes);

/** 未激活 devices (the activation form's choices). */
export const unactivatedDevices = (ctx: SessionOpContext, modelCode?: string) => repo.unactivatedDevices(ctx.db, ctx.merchantId, modelCode);

/**
 * Sends a system command (同步语音) to a device of the merchant, whether online or not: a command record (已发送),
 * a history entry, then the message on the link (QoS 1: a device on a persistent session gets it when it is back;
 * an unacknowledged one becomes 超时 after 30 s like any command). Only 已激活 devices receive commands.
 */
export async function sendSystemCommand(
  ctx: SessionOpContext,
  d: Selectable<DeviceTable>,
  commandType: SystemCommandType,
  data: Record<string, unknown>,
  remark: string,
): Promise<DeviceCommand> {
  const link = ctx.services.deviceLink;
  if (!link || link.mode === 'off') throw conflict('设备连接服务未启用，不能推送到设备');
  if (d.status !== 2)
    throw conflict(`设备${d.device_code}状态为「${DEVICE_STATUS[d.status as DeviceStatus]}」，只有已激活的设备能接收指令`);
  return dispatchCommand(ctx, link, d, commandType, SYSTEM_COMMAND_TYPES[commandType], data, remark);
}

/**
 * Opens a cabinet's door for a consumer's session (`data.applyCode`, docs/device-protocol.md "购物"): a command record
 * like any other (its ack or time-out settles it) but no device history entry — the session's own timeline records
 * it, and a busy cabinet opens hundreds of times a day. The caller has checked the device is 已激活 and online.
 */
export async function sendDoorOpen(ctx: SessionOpContext, d: Selectable<DeviceTable>, data: OpenDoorData): Promise<DeviceCommand> {
  const link = ctx.services.deviceLink;
  if (!link || link.mode === 'off') throw conflict('设备连接服务未启用，不能开门');
  return dispatchCommand(ctx, link, d, 'open-door', COMMAND_TYPES['open-door'], data, '', false);
}

/** The merchant's commands by number (their current status: 已发送, 已确认, 超时, 执行失败). */
export async function commandsByNo(ctx: SessionOpContext, commandNos: string[]): Promise<Map<string, DeviceCommand>> {
  const rows = await repo.commandsByNo(ctx.db, ctx.merchantId, commandNos);
  return new Map(rows.map((r) => [r.command_no, toCommand(r)]));
}

/** A device's newest command of a type sent since a time (a 补货单's 补货 command), or null. */
export async function latestCommand(ctx: SessionOpContext, deviceCode: string, commandType: SystemCommandType, since: number) {
  const r = await repo.latestCommandOf(ctx.db, ctx.merchantId, deviceCode, commandType, since);
  return r ? toCommand(r) : null;
}

/** The merchant's 已激活 devices: all, of one model, or the given codes. */
export const activeDevices = (ctx: SessionOpContext, f: { modelCode?: string; deviceCodes?: string[] }) =>
  repo.activeDevices(ctx.db, ctx.merchantId, f);
