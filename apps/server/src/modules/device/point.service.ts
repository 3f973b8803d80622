import gcoord from 'gcoord';
import {
  POINT_SCENES,
  POINT_STATUS,
  POINT_TRANSITIONS,
  type CoordSystem,
  type pointCreateInput,
  type PointRow,
  type PointScene,
  type PointStatus,
  type pointTermsInput,
  type pointUpdateInput,
} from '@merchant/contracts/device/point';
import type { Paged } from '@merchant/contracts';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { z } from 'zod';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { generateSerialCode, retryOnCodeCollision } from '../../platform/business-code.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import type { PointTable } from './point.table.ts';
import { regionText, regionTree, validRegion } from './region.ts';
import * as repo from './point.repo.ts';

export const POINT_SUBJECT = 'device.point';
const CODE_INDEX = { index: 'point_code_uq', table: 'point', columns: ['merchant_id', 'point_code'] };

export const PLACE_LABELS = {
  name: '点位名称',
  scene: '场景类型',
  region: '所在地区',
  address: '详细地址',
  coordinates: '坐标',
  contactName: '联系人',
  contactPhone: '联系电话',
};
export const TERM_LABELS = {
  rentCents: '月租金',
  commissionBp: '佣金比例',
  businessHours: '营业时间',
  operatorId: '运营人员',
  remark: '经营备注',
};

type PointSelect = Selectable<PointTable> & { device_count: number | string | null };

export const yuan = (cents: number) => `${(cents / 100).toFixed(2)}元`;
export const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/** GCJ-02 from the system the coordinates were typed in, rounded to 6 decimals (about 0.1 m). */
export function toGcj02(lng: number, lat: number, from: CoordSystem): [number, number] {
  const [x, y] = from === 'GCJ02' ? [lng, lat] : (gcoord.transform([lng, lat], gcoord[from], gcoord.GCJ02) as [number, number]);
  return [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6];
}

export function toPointRow(r: PointSelect, operators: Map<number, string>): PointRow {
  const region = regionText(r.province_code, r.city_code, r.district_code);
  return {
    id: r.id,
    pointCode: r.point_code,
    name: r.name,
    scene: r.scene,
    sceneName: POINT_SCENES[r.scene as PointScene] ?? String(r.scene),
    provinceCode: r.province_code,
    cityCode: r.city_code,
    districtCode: r.district_code,
    regionText: region,
    address: r.address,
    fullAddress: `${region.replace(/ /g, '')}${r.address}`,
    lng: Number(r.lng_e6) / 1e6,
    lat: Number(r.lat_e6) / 1e6,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    rentCents: Number(r.rent_cents),
    commissionBp: Number(r.commission_bp),
    openTime: r.open_time,
    closeTime: r.close_time,
    operatorId: Number(r.operator_id),
    operatorName: operators.get(Number(r.operator_id)) ?? '',
    remark: r.remark,
    status: r.status,
    statusName: POINT_STATUS[r.status as PointStatus] ?? String(r.status),
    deviceCount: Number(r.device_count ?? 0),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function operatorNames(ctx: Pick<SessionOpContext, 'db' | 'merchantId'>) {
  return new Map((await repo.merchantAccounts(ctx.db, ctx.merchantId)).map((a) => [a.id, a.user_name]));
}

/** History text of a point field. */
function fieldText(operators: Map<number, string>) {
  return (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '（空）';
    if (field === 'scene') return POINT_SCENES[v as PointScene] ?? String(v);
    if (field === 'status') return POINT_STATUS[v as PointStatus] ?? String(v);
    if (field === 'rentCents') return yuan(Number(v));
    if (field === 'commissionBp') return percent(Number(v));
    if (field === 'operatorId') return operators.get(Number(v)) ?? String(v);
    return String(v);
  };
}

const placeView = (
  r: Pick<PointTable, 'name' | 'scene' | 'province_code' | 'city_code' | 'district_code' | 'address' | 'contact_name' | 'contact_phone'> & {
    lng_e6: number;
    lat_e6: number;
  },
) => ({
  name: r.name,
  scene: r.scene,
  region: regionText(r.province_code, r.city_code, r.district_code),
  address: r.address,
  coordinates: `${(Number(r.lng_e6) / 1e6).toFixed(6)},${(Number(r.lat_e6) / 1e6).toFixed(6)}`,
  contactName: r.contact_name,
  contactPhone: r.contact_phone,
});
const termsView = (r: Pick<PointTable, 'rent_cents' | 'commission_bp' | 'open_time' | 'close_time' | 'operator_id' | 'remark'>) => ({
  rentCents: Number(r.rent_cents),
  commissionBp: Number(r.commission_bp),
  businessHours: `${r.open_time}-${r.close_time}`,
  operatorId: Number(r.operator_id),
  remark: r.remark,
});

export async function requirePoint(ctx: Pick<SessionOpContext, 'db' | 'merchantId'>, id: number) {
  const p = await repo.findPoint(ctx.db, ctx.merchantId, id);
  if (!p) throw notFound('点位');
  return p;
}

type PlaceInput = z.output<typeof pointCreateInput>;

function placeColumns(i: PlaceInput) {
  const bad = validRegion(i.provinceCode, i.cityCode, i.districtCode);
  if (bad === 'province') throw badInput('省份不存在（字段：provinceCode）');
  if (bad === 'city') throw badInput('城市不属于所选省份（字段：cityCode）');
  if (bad === 'district') throw badInput(i.districtCode ? '区县不属于所选城市（字段：districtCode）' : '请选择区县（字段：districtCode）');
  const [lng, lat] = toGcj02(i.lng, i.lat, i.coordSystem);
  return {
    name: i.name,
    scene: i.scene,
    province_code: i.provinceCode,
    city_code: i.cityCode,
    district_code: i.districtCode,
    address: i.address,
    lng_e6: Math.round(lng * 1e6),
    lat_e6: Math.round(lat * 1e6),
    contact_name: i.contactName,
    contact_phone: i.contactPhone,
  };
}

// ---------------------------------------------------------------- reads

export const regions = () => regionTree();

export async function list(ctx: SessionOpContext, f: repo.PointFilter & { pageNum: number; pageSize: number }): Promise<Paged<PointRow>> {
  const { list: rows, total } = await repo.listPoints(ctx.db, ctx.merchantId, f);
  const ops = await operatorNames(ctx);
  return { list: rows.map((r) => toPointRow(r, ops)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export async function detail(ctx: SessionOpContext, id: number): Promise<PointRow> {
  return toPointRow(await requirePoint(ctx, id), await operatorNames(ctx));
}

export async function history(ctx: SessionOpContext, i: { pointId: number; pageNum: number; pageSize: number }) {
  const p = await requirePoint(ctx, i.pointId);
  return historyPage(ctx, POINT_SUBJECT, p.point_code, i);
}

export async function operators(ctx: SessionOpContext) {
  return [...(await operatorNames(ctx)).entries()].map(([id, name]) => ({ id, name }));
}

export const exportQuery = (ctx: SessionOpContext, f: repo.PointFilter) => repo.pointQuery(ctx.db, ctx.merchantId, f);
export async function exportRows(ctx: SessionOpContext, rows: PointSelect[]): Promise<PointRow[]> {
  const ops = await operatorNames(ctx);
  return rows.map((r) => toPointRow(r, ops));
}

// ---------------------------------------------------------------- writes

export async function create(ctx: SessionOpContext, input: PlaceInput) {
  const cols = placeColumns(input);
  const now = ctx.clock.now();
  return retryOnCodeCollision([CODE_INDEX], () =>
    ctx.db.transaction().execute(async (trx) => {
      const pointCode = await generateSerialCode('P', (c) => repo.pointCodeTaken(trx, ctx.merchantId, c));
      const pointId = await repo.insertPoint(trx, {
        merchant_id: ctx.merchantId,
        point_code: pointCode,
        ...cols,
        rent_cents: 0,
        commission_bp: 0,
        open_time: '00:00',
        close_time: '24:00',
        operator_id: ctx.session.accountId,
        remark: '',
        status: 1,
        version: 0,
        created_by: ctx.session.accountId,
        created_at: now,
        updated_at: now,
      });
      await writeHistory(trx, ctx, {
        subject: POINT_SUBJECT,
        subjectId: pointCode,
        action: 'create',
        actionLabel: '新增位置',
        changes: describeChanges({}, placeView(cols), PLACE_LABELS, fieldText(new Map())),
      });
      return { pointId, pointCode };
    }),
  );
}

export async function update(ctx: SessionOpContext, input: z.output<typeof pointUpdateInput>) {
  const p = await requirePoint(ctx, input.pointId);
  if (p.status === 3) throw conflict('点位已撤点，不能修改');
  const cols = placeColumns(input);
  const changes = describeChanges(placeView(p), placeView(cols), PLACE_LABELS, fieldText(new Map()));
  await ctx.db.transaction().execute(async (trx) => {
    assertFresh(await repo.updatePointVersioned(trx, ctx.merchantId, p.id, input.version, cols, ctx.clock.now()));
    await writeHistory(trx, ctx, { subject: POINT_SUBJECT, subjectId: p.point_code, action: 'update', actionLabel: '编辑位置', changes });
  });
  return { pointId: p.id, version: input.version + 1 };
}

export async function updateTerms(ctx: SessionOpContext, input: z.output<typeof pointTermsInput>) {
  const p = await requirePoint(ctx, input.pointId);
  if (p.status === 3) throw conflict('点位已撤点，不能修改经营条件');
  const ops = await operatorNames(ctx);
  if (!ops.has(input.operatorId)) throw badInput('运营人员不存在（字段：operatorId）');
  const cols = {
    rent_cents: input.rentCents,
    commission_bp: input.commissionBp,
    open_time: input.openTime,
    close_time: input.closeTime,
    operator_id: input.operatorId,
    remark: input.remark,
  };
  const changes = describeChanges(termsView(p), termsView(cols), TERM_LABELS, fieldText(ops));
  await ctx.db.transaction().execute(async (trx) => {
    assertFresh(await repo.updatePointVersioned(trx, ctx.merchantId, p.id, input.version, cols, ctx.clock.now()));
    await writeHistory(trx, ctx, {
      subject: POINT_SUBJECT,
      subjectId: p.point_code,
      action: 'terms',
      actionLabel: '编辑点位经营',
      changes,
    });
  });
  return { pointId: p.id, version: input.version + 1 };
}

export const WITHDRAW_THROUGH_APPLICATION = '撤点须在撤点管理提交撤点申请，审核通过后执行撤点';

const STATUS_ACTIONS: Record<number, { action: string; label: string }> = {
  1: { action: 'resume', label: '恢复营业' },
  2: { action: 'pause', label: '暂停营业' },
  3: { action: 'withdraw', label: '撤点' },
};

export async function setStatus(ctx: SessionOpContext, i: { pointId: number; version: number; status: number }) {
  const p = await requirePoint(ctx, i.pointId);
  const from = p.status as PointStatus;
  const to = i.status as PointStatus;
  if (!(POINT_TRANSITIONS[from] ?? []).includes(to)) {
    throw conflict(`点位状态为「${POINT_STATUS[from]}」，不能改为「${POINT_STATUS[to]}」`);
  }
  // 撤点 goes through 撤点管理: an application, reviewed, then executed (withdrawInTransaction)
  if (to === 3) throw conflict(WITHDRAW_THROUGH_APPLICATION);
  const act = STATUS_ACTIONS[to];
  await ctx.db.transaction().execute(async (trx) => {
    assertFresh(await repo.updatePointVersioned(trx, ctx.merchantId, p.id, i.version, { status: to }, ctx.clock.now()));
    await writeHistory(trx, ctx, {
      subject: POINT_SUBJECT,
      subjectId: p.point_code,
      action: act.action,
      actionLabel: act.label,
      changes: describeChanges({ status: from }, { status: to }, { status: '营业状态' }, fieldText(new Map())),
    });
  });
  return { pointId: p.id, version: i.version + 1 };
}

/**
 * Sets the point 已撤点 inside the caller's transaction (the execution of an approved 撤点申请): the point row is
 * locked (FOR UPDATE on PostgreSQL, as binds lock it), the transition rule checked, no device may still be bound
 * (the caller unbinds them first, in the same transaction), the version moves and the history names the application.
 */
export async function withdrawInTransaction(trx: Transaction<Database>, ctx: SessionOpContext, pointId: number, remark: string) {
  const locked = await repo.lockPoint(trx, ctx.merchantId, pointId);
  if (!locked) throw notFound('点位');
  const from = locked.status as PointStatus;
  if (!(POINT_TRANSITIONS[from] ?? []).includes(3)) throw conflict(`点位状态为「${POINT_STATUS[from]}」，不能改为「${POINT_STATUS[3]}」`);
  if (locked.deviceCount > 0) throw conflict(`点位还绑定着${locked.deviceCount}台设备，请先解绑再撤点`);
  const p = await repo.findPoint(trx, ctx.merchantId, pointId);
  if (!p) throw notFound('点位');
  assertFresh(await repo.updatePointVersioned(trx, ctx.merchantId, p.id, Number(p.version), { status: 3 }, ctx.clock.now()));
  await writeHistory(trx, ctx, {
    subject: POINT_SUBJECT,
    subjectId: p.point_code,
    action: 'withdraw',
    actionLabel: '撤点',
    changes: describeChanges({ status: from }, { status: 3 }, { status: '营业状态' }, fieldText(new Map())),
    remark,
  });
  return p;
}
