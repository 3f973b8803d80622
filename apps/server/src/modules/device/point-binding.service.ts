import { DEVICE_STATUS, type DeviceStatus } from '@merchant/contracts/device/device';
import type { BindCandidate, PointDeviceRow } from '@merchant/contracts/device/point-binding';
import type { Paged } from '@merchant/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { conflict, notFound, uniqueViolation, violates } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { writeHistory } from '../../platform/record-history.ts';
import * as deviceRepo from './device.repo.ts';
import { SUBJECT as DEVICE_SUBJECT } from './device.service.ts';
import { DEVICE_MODELS } from './device.seed.ts';
import * as repo from './point-binding.repo.ts';
import * as pointRepo from './point.repo.ts';
import { POINT_SUBJECT, requirePoint } from './point.service.ts';

const ACTIVE_INDEX = { index: 'point_binding_active_uq', table: 'point_device_binding', columns: ['active_device_id'] };
const modelName = (code: string) => DEVICE_MODELS.find((m) => m.code === code)?.name ?? code;
const statusName = (s: number) => DEVICE_STATUS[s as DeviceStatus] ?? String(s);

type Page = { pageNum: number; pageSize: number; sortOrder: 'ascend' | 'descend' };

type BoundSelect = Awaited<ReturnType<typeof repo.listBoundDevices>>['list'][number];
const toBoundRow = (r: BoundSelect): PointDeviceRow => ({
  bindingId: r.binding_id,
  deviceCode: r.device_code,
  name: r.name,
  modelName: modelName(r.model_code),
  status: r.status,
  statusName: statusName(r.status),
  online: Number(r.online) === 1,
  boundAt: Number(r.bound_at),
  boundByName: r.bound_by_name,
});

export async function devices(
  ctx: SessionOpContext,
  i: Page & { pointId: number; keyword?: string; sortField?: string },
): Promise<Paged<PointDeviceRow>> {
  const p = await requirePoint(ctx, i.pointId);
  const { list, total } = await repo.listBoundDevices(ctx.db, ctx.merchantId, p.id, i);
  return { list: list.map(toBoundRow), total, pageNum: i.pageNum, pageSize: i.pageSize };
}

/** 导出 of a point's devices: the list's query (merchant-scoped), refused as not found for a point not the merchant's. */
export const exportDevicesQuery = (
  ctx: SessionOpContext,
  i: { pointId: number; keyword?: string; sortField?: string; sortOrder: string },
) => repo.boundDevicesQuery(ctx.db, ctx.merchantId, i.pointId, i);
export const exportDevicesRows = (rows: BoundSelect[]) => rows.map(toBoundRow);

export async function candidates(ctx: SessionOpContext, i: Page & { keyword?: string }): Promise<Paged<BindCandidate>> {
  const { list, total } = await repo.listCandidates(ctx.db, ctx.merchantId, i);
  return {
    list: list.map((r) => ({
      deviceCode: r.device_code,
      name: r.name,
      modelName: modelName(r.model_code),
      status: r.status,
      statusName: statusName(r.status),
      online: Number(r.online) === 1,
    })),
    total,
    pageNum: i.pageNum,
    pageSize: i.pageSize,
  };
}

type Named = { name: string };
/**
 * The history of a bind or an unbind, on the device (所在点位) and on the point (绑定设备); `remark` names the 撤点申请
 * when the unbind is part of one.
 */
async function writeBindingHistory(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  kind: 'bind' | 'unbind',
  p: Named & { point_code: string },
  d: Named & { device_code: string },
  remark?: string,
) {
  const bind = kind === 'bind';
  const sides = [
    {
      subject: DEVICE_SUBJECT,
      id: d.device_code,
      label: bind ? '绑定点位' : '解绑点位',
      field: ['point', '所在点位'],
      text: `${p.name}（${p.point_code}）`,
    },
    {
      subject: POINT_SUBJECT,
      id: p.point_code,
      label: bind ? '绑定设备' : '解绑设备',
      field: ['devices', '绑定设备'],
      text: `${d.name}（${d.device_code}）`,
    },
  ];
  for (const x of sides) {
    const change = { field: x.field[0], label: x.field[1], before: bind ? '（空）' : x.text, after: bind ? x.text : '（空）' };
    await writeHistory(trx, ctx, { subject: x.subject, subjectId: x.id, action: kind, actionLabel: x.label, changes: [change], remark });
  }
}

/** Closes the device's open binding at the point, refused when it is not (or no longer) bound there. */
async function closeOpenBinding(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  pointId: number,
  device: { id: number; device_code: string },
) {
  const by = { id: ctx.session.accountId, name: ctx.session.userName };
  const res = await repo.closeBinding(trx, ctx.merchantId, pointId, device.id, by, ctx.clock.now());
  if (Number(res.numUpdatedRows) !== 1) throw conflict(`设备${device.device_code}未绑定在该点位，请刷新后重试`);
}

/**
 * Binds the devices to the point, all or none. A device already bound somewhere is refused by name; two binds of
 * the same device racing each other meet the unique index on the open binding, and the loser is refused the same way.
 */
export async function bind(ctx: SessionOpContext, i: { pointId: number; deviceCodes: string[] }) {
  const p = await requirePoint(ctx, i.pointId);
  if (p.status === 3) throw conflict('点位已撤点，不能绑定设备');
  const found: NonNullable<Awaited<ReturnType<typeof deviceRepo.findDevice>>>[] = [];
  for (const code of i.deviceCodes) {
    const d = await deviceRepo.findDevice(ctx.db, ctx.merchantId, code);
    if (!d) throw notFound(`设备${code}`);
    if (d.status === 3) throw conflict(`设备${code}已停用，不能绑定`);
    const open = await repo.openBindingOfDevice(ctx.db, d.id);
    if (open) throw conflict(`设备${code}已绑定在点位「${open.point_name}」，请先解绑`);
    found.push(d);
  }
  const now = ctx.clock.now();
  const by = { id: ctx.session.accountId, name: ctx.session.userName };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // one at a time with a 撤点 of the same point (it counts the bindings under the same lock)
      if ((await pointRepo.lockPoint(trx, ctx.merchantId, p.id))?.status === 3) throw conflict('点位已撤点，不能绑定设备');
      for (const d of found) {
        await repo.insertBinding(trx, {
          merchant_id: ctx.merchantId,
          point_id: p.id,
          device_id: d.id,
          active_device_id: d.id,
          bound_at: now,
          bound_by: by.id,
          bound_by_name: by.name,
          unbound_at: 0,
          unbound_by: 0,
          unbound_by_name: '',
        });
        await writeBindingHistory(trx, ctx, 'bind', p, d);
      }
    });
  } catch (err) {
    const v = uniqueViolation(err);
    if (v && violates(v, ACTIVE_INDEX)) throw conflict('所选设备刚被绑定到其他点位，请刷新后重试');
    throw err;
  }
  return { bound: found.length };
}

export async function unbind(ctx: SessionOpContext, i: { pointId: number; deviceCode: string }) {
  const p = await requirePoint(ctx, i.pointId);
  const d = await deviceRepo.findDevice(ctx.db, ctx.merchantId, i.deviceCode);
  if (!d) throw notFound('设备');
  await ctx.db.transaction().execute(async (trx) => {
    await closeOpenBinding(trx, ctx, p.id, d);
    await writeBindingHistory(trx, ctx, 'unbind', p, d);
  });
  return null;
}

/**
 * Unbinds every device bound to the point inside the caller's transaction (the execution of a 撤点申请), with the
 * history on the point and on each device. The caller holds the point's lock. Returns the devices unbound.
 */
export async function unbindAllInTransaction(trx: Transaction<Database>, ctx: SessionOpContext, pointId: number, remark: string) {
  const p = await pointRepo.findPoint(trx, ctx.merchantId, pointId);
  if (!p) throw notFound('点位');
  const bound = await repo.boundDevicesQuery(trx, ctx.merchantId, p.id, { sortOrder: 'ascend', sortField: 'deviceCode' }).execute();
  for (const d of bound) {
    const device = await deviceRepo.findDevice(trx, ctx.merchantId, d.device_code);
    if (!device) continue;
    await closeOpenBinding(trx, ctx, p.id, device);
    await writeBindingHistory(trx, ctx, 'unbind', p, d, remark);
  }
  return bound.map((d) => d.device_code);
}
