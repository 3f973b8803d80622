import {
  WITHDRAWAL_SITE_MESSAGE,
  WITHDRAWAL_STATUS,
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalDetail,
  type WithdrawalPointOption,
  type WithdrawalRow,
  type WithdrawalTransition,
  type withdrawalCreateInput,
} from '@merchant/contracts/device/point-withdrawal';
import { POINT_STATUS, type PointStatus } from '@merchant/contracts/device/point';
import { DEVICE_STATUS, type DeviceStatus } from '@merchant/contracts/device/device';
import { calendarDateOf, type Paged } from '@merchant/contracts';
import type { z } from 'zod';
import { conflict, forbidden, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { historyPage } from '../../platform/record-history.ts';
import { applicationFlow } from './application-flow.ts';
import * as bindingRepo from './point-binding.repo.ts';
import { unbindAllInTransaction } from './point-binding.service.ts';
import * as pointRepo from './point.repo.ts';
import { withdrawInTransaction } from './point.service.ts';
import * as repo from './point-withdrawal.repo.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findWithdrawal>>>;
const SUBJECT = repo.WITHDRAWAL_SUBJECT;
const CODE_INDEX = { index: 'point_withdrawal_code_uq', table: 'point_withdrawal', columns: ['merchant_id', 'apply_code'] };
const OPEN_POINT: UniqueKey = {
  index: 'point_withdrawal_open_uq',
  table: 'point_withdrawal',
  columns: ['open_point_id'],
  message: '该点位刚有另一张撤点申请提交，请刷新后查看（字段：pointId）',
};

const flow = applicationFlow<WithdrawalTransition, Row>({
  subject: SUBJECT,
  noun: '撤点申请',
  statuses: WITHDRAWAL_STATUS,
  transitions: WITHDRAWAL_TRANSITIONS,
  find: repo.findWithdrawal,
  update: repo.updateWithdrawal,
  reasonColumn: 'review_remark',
  // the application holds its point while 待审核 or 已通过 (the unique open_point_id), and frees it otherwise
  stepValues: (row, to) => ({ open_point_id: to === 2 ? row.point_id : null }),
});

export const statusName = flow.statusName;
const pointStatusName = (s: number) => POINT_STATUS[s as PointStatus] ?? String(s);
const todayOf = (ctx: SessionOpContext) => calendarDateOf(ctx.clock.now(), ctx.config.businessTimeZone);

function toRow(r: Row): WithdrawalRow {
  return {
    id: r.id,
    applyCode: r.apply_code,
    pointId: r.point_id,
    pointCode: r.point_code,
    pointName: r.point_name,
    pointStatusName: pointStatusName(r.point_status),
    reason: r.reason,
    plannedDate: r.planned_date,
    status: r.status,
    statusName: statusName(r.status),
    reviewRemark: r.review_remark,
    applicantName: r.applicant_name,
    reviewerName: r.reviewer_name,
    reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
    completedAt: r.completed_at === null ? null : Number(r.completed_at),
    completerName: r.completer_name,
    unboundCount: Number(r.unbound_count),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    version: Number(r.version),
  };
}

/** Site users (ability.useSite) do not get 撤点管理: the menu hides it (spec §6) and every operation refuses them. */
async function notSiteUser(ctx: SessionOpContext) {
  if (await repo.accountUsesSite(ctx.db, ctx.session.accountId)) throw forbidden(WITHDRAWAL_SITE_MESSAGE);
}

// ---------------------------------------------------------------- reads

export async function list(
  ctx: SessionOpContext,
  f: repo.WithdrawalFilter & { pageNum: number; pageSize: number },
): Promise<Paged<WithdrawalRow>> {
  await notSiteUser(ctx);
  const { list: rows, total } = await repo.listWithdrawals(ctx.db, ctx.merchantId, f);
  return { list: rows.map(toRow), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export const exportQuery = (ctx: SessionOpContext, f: repo.WithdrawalFilter) => repo.withdrawalQuery(ctx.db, ctx.merchantId, f);
export const exportRows = async (ctx: SessionOpContext, rows: Row[]) => {
  await notSiteUser(ctx);
  return rows.map(toRow);
};

export async function detail(ctx: SessionOpContext, applyCode: string): Promise<WithdrawalDetail> {
  await notSiteUser(ctx);
  const r = await flow.requireRow(ctx, applyCode);
  const devices = await bindingRepo
    .boundDevicesQuery(ctx.db, ctx.merchantId, r.point_id, { sortOrder: 'ascend', sortField: 'deviceCode' })
    .execute();
  return {
    ...toRow(r),
    devices: devices.map((d) => ({
      deviceCode: d.device_code,
      name: d.name,
      statusName: DEVICE_STATUS[d.status as DeviceStatus] ?? String(d.status),
    })),
    mine: r.applicant_id === ctx.session.accountId,
  };
}

export async function history(ctx: SessionOpContext, i: { applyCode: string; pageNum: number; pageSize: number }) {
  await notSiteUser(ctx);
  return historyPage(ctx, SUBJECT, i.applyCode, i);
}

/** Points that may be applied for: 营业中 / 暂停营业 and without an open application. */
export async function pointOptions(ctx: SessionOpContext): Promise<WithdrawalPointOption[]> {
  await notSiteUser(ctx);
  const [points, open] = await Promise.all([
    pointRepo.listPoints(ctx.db, ctx.merchantId, { sortField: 'pointCode', sortOrder: 'ascend', pageNum: 1, pageSize: 10_000 }),
    repo.openPointIds(ctx.db, ctx.merchantId),
  ]);
  const held = new Set(open);
  return points.list
    .filter((p) => p.status !== 3 && !held.has(p.id))
    .map((p) => ({
      id: p.id,
      pointCode: p.point_code,
      name: p.name,
      statusName: pointStatusName(p.status),
      deviceCount: Number(p.device_count ?? 0),
    }));
}

// ---------------------------------------------------------------- writes

function checkPoint(p: { status: number; name: string } | undefined) {
  if (!p) throw notFound('点位');
  if (p.status === 3) throw conflict(`点位「${p.name}」已撤点（字段：pointId）`);
}

export async function create(ctx: SessionOpContext, input: z.output<typeof withdrawalCreateInput>) {
  await notSiteUser(ctx);
  const p = await pointRepo.findPoint(ctx.db, ctx.merchantId, input.pointId);
  checkPoint(p);
  if (input.plannedDate < todayOf(ctx)) throw conflict('计划撤点日期不能早于今天（字段：plannedDate）');
  const open = await repo.openFor(ctx.db, p!.id);
  if (open) throw conflict(`点位「${p!.name}」已有未结束的撤点申请${open.apply_code}（${statusName(open.status)}）（字段：pointId）`);
  return flow.submit(ctx, {
    prefix: 'CD',
    codeIndex: CODE_INDEX,
    taken: (c) => repo.codeTaken(ctx.db, ctx.merchantId, c),
    unique: OPEN_POINT,
    insert: (trx, applyCode, now) =>
      repo.insertWithdrawal(trx, {
        ...flow.newRow(ctx, now),
        apply_code: applyCode,
        point_id: p!.id,
        point_code: p!.point_code,
        point_name: p!.name,
        open_point_id: p!.id,
        reason: input.reason,
        planned_date: input.plannedDate,
        review_remark: '',
        completed_at: null,
        completer_name: '',
        unbound_count: 0,
      }),
    changes: [
      { field: 'pointId', label: '点位', before: '（空）', after: `${p!.name}（${p!.point_code}）` },
      { field: 'plannedDate', label: '计划撤点日期', before: '（空）', after: input.plannedDate },
    ],
    remark: input.reason,
  });
}

export async function cancel(ctx: SessionOpContext, i: { applyCode: string; version: number }) {
  await notSiteUser(ctx);
  return flow.withdraw(ctx, i, 'cancel');
}

export async function reject(ctx: SessionOpContext, i: { applyCode: string; version: number; reason: string }) {
  await notSiteUser(ctx);
  return flow.reject(ctx, i, 'reject');
}

export async function approve(ctx: SessionOpContext, i: { applyCode: string; version: number; remark: string }) {
  await notSiteUser(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await flow.stepRow(ctx, trx, i.applyCode, i.version, 'approve');
    flow.notOwn(ctx, row);
    checkPoint(await pointRepo.findPoint(trx, ctx.merchantId, row.point_id));
    return flow.step(ctx, trx, row, 'approve', { review_remark: i.remark, ...flow.reviewer(ctx) }, i.remark);
  });
}

/**
 * Executes an approved application on or after its planned date, in one transaction: the application is claimed
 * (versioned), every device of the point is unbound through the binding service (history on the point and each
 * device), and the point becomes 已撤点 through the point service (locked, transition rule, version, history).
 */
export async function complete(ctx: SessionOpContext, i: { applyCode: string; version: number }) {
  await notSiteUser(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await flow.stepRow(ctx, trx, i.applyCode, i.version, 'complete');
    if (todayOf(ctx) < row.planned_date) throw conflict(`计划撤点日期为${row.planned_date}，当天或之后才能执行撤点`);
    const remark = `撤点申请${row.apply_code}`;
    // the point's lock first (as a bind takes it), so a bind racing this waits and then finds the point 已撤点
    if (!(await pointRepo.lockPoint(trx, ctx.merchantId, row.point_id))) throw notFound('点位');
    const unbound = await unbindAllInTransaction(trx, ctx, row.point_id, remark);
    await withdrawInTransaction(trx, ctx, row.point_id, remark);
    const state = await flow.step(
      ctx,
      trx,
      row,
      'complete',
      { completed_at: ctx.clock.now(), completer_name: ctx.session.userName, unbound_count: unbound.length },
      unbound.length ? `解绑设备：${unbound.join('、')}` : '点位没有绑定设备',
    );
    return state;
  });
}
