import {
  BULLETIN_DISPLAY,
  BULLETIN_SCOPES,
  BULLETIN_STATUS,
  BULLETIN_TRANSITIONS,
  BULLETIN_TYPES,
  bulletinAllowed,
  bulletinDisplay,
  type BulletinCurrent,
  type BulletinDetail,
  type BulletinPoint,
  type BulletinRow,
  type BulletinScope,
  type BulletinTransition,
  type BulletinType,
  type bulletinCreateInput,
  type bulletinUpdateInput,
} from '@merchant/contracts/device/point-bulletin';
import { POINT_STATUS, type PointStatus } from '@merchant/contracts/device/point';
import { calendarDateOf, type Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import type { Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import type { PointBulletinTable } from './point-bulletin.table.ts';
import * as repo from './point-bulletin.repo.ts';

type Row = Selectable<PointBulletinTable>;
type Trx = Transaction<Database>;
type Input = z.output<typeof bulletinCreateInput>;
const SUBJECT = repo.BULLETIN_SUBJECT;
const CODE_INDEX = { index: 'point_bulletin_code_uq', table: 'point_bulletin', columns: ['merchant_id', 'bulletin_code'] };

const LABELS = {
  title: '公告标题',
  bulletinType: '公告类型',
  content: '公告内容',
  startDate: '开始日期',
  endDate: '结束日期',
  scope: '适用点位',
  points: '指定点位',
};

const todayOf = (ctx: SessionOpContext) => calendarDateOf(ctx.clock.now(), ctx.config.businessTimeZone);
const pointStatusName = (s: number) => POINT_STATUS[s as PointStatus] ?? String(s);
const text = (field: string, v: unknown) => {
  if (v === null || v === undefined) return '（空）';
  if (v === '') return field === 'endDate' ? '长期有效' : '（空）';
  if (field === 'bulletinType') return BULLETIN_TYPES[v as BulletinType] ?? String(v);
  if (field === 'scope') return BULLETIN_SCOPES[v as BulletinScope] ?? String(v);
  if (field === 'status') return BULLETIN_STATUS[v as keyof typeof BULLETIN_STATUS] ?? String(v);
  return String(v);
};

function toRow(r: Row, today: string): BulletinRow {
  const display = bulletinDisplay(r.status, r.end_date, today);
  return {
    id: r.id,
    bulletinCode: r.bulletin_code,
    title: r.title,
    bulletinType: r.bulletin_type,
    bulletinTypeName: BULLETIN_TYPES[r.bulletin_type as BulletinType] ?? r.bulletin_type,
    content: r.content,
    startDate: r.start_date,
    endDate: r.end_date,
    scope: r.scope,
    scopeName: BULLETIN_SCOPES[r.scope as BulletinScope] ?? r.scope,
    pointCount: Number(r.point_count),
    status: r.status,
    display,
    displayName: BULLETIN_DISPLAY[display] ?? String(display),
    publishedAt: r.published_at === null ? null : Number(r.published_at),
    publisherName: r.publisher_name,
    creatorName: r.creator_name,
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireBulletin(ctx: SessionOpContext, id: number, db: Trx | SessionOpContext['db'] = ctx.db) {
  const row = await repo.findBulletin(db, ctx.merchantId, id);
  if (!row) throw notFound('点位公告');
  return row;
}

const pointText = (points: { point_code: string; name: string }[]) => points.map((p) => `${p.name}（${p.point_code}）`).join('、');

/** The chosen points: all the merchant's and not 已撤点. */
async function checkPoints(ctx: SessionOpContext, db: Trx | SessionOpContext['db'], input: { scope: string; pointIds: number[] }) {
  if (input.scope !== 'points') return [];
  const found = await repo.merchantPoints(db, ctx.merchantId, input.pointIds);
  const byId = new Map(found.map((p) => [p.id, p]));
  const missing = input.pointIds.filter((id) => !byId.has(id));
  if (missing.length) throw badInput(`点位不存在：${missing.join('、')}（字段：pointIds）`);
  const closed = found.find((p) => p.status === 3);
  if (closed) throw conflict(`点位「${closed.name}」已撤点，不能发布公告（字段：pointIds）`);
  return input.pointIds.map((id) => byId.get(id)!);
}

function view(
  r: { title: string; bulletinType: string; content: string; startDate: string; endDate: string; scope: string },
  points: string,
) {
  return { ...r, points: r.scope === 'points' ? points : '' };
}

// ---------------------------------------------------------------- reads

export async function list(
  ctx: SessionOpContext,
  f: repo.BulletinFilter & { pageNum: number; pageSize: number },
): Promise<Paged<BulletinRow>> {
  const today = todayOf(ctx);
  const { list: rows, total } = await repo.listBulletins(ctx.db, ctx.merchantId, f, today);
  return { list: rows.map((r) => toRow(r, today)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export const exportQuery = (ctx: SessionOpContext, f: repo.BulletinFilter) => repo.bulletinQuery(ctx.db, ctx.merchantId, f, todayOf(ctx));
export const exportRows = async (ctx: SessionOpContext, rows: Row[]) => {
  const today = todayOf(ctx);
  return rows.map((r) => toRow(r, today));
};

export async function detail(ctx: SessionOpContext, id: number): Promise<BulletinDetail> {
  const r = await requireBulletin(ctx, id);
  const points = (await repo.pointsOf(ctx.db, [r.id])).map((p): BulletinPoint => ({
    id: p.id,
    pointCode: p.point_code,
    name: p.name,
    statusName: pointStatusName(p.status),
  }));
  return { ...toRow(r, todayOf(ctx)), points };
}

export async function history(ctx: SessionOpContext, i: { id: number; pageNum: number; pageSize: number }) {
  const r = await requireBulletin(ctx, i.id);
  return historyPage(ctx, SUBJECT, r.bulletin_code, i);
}

export async function pointOptions(ctx: SessionOpContext): Promise<BulletinPoint[]> {
  return (await repo.merchantPoints(ctx.db, ctx.merchantId))
    .filter((p) => p.status !== 3)
    .map((p) => ({ id: p.id, pointCode: p.point_code, name: p.name, statusName: pointStatusName(p.status) }));
}

/** Published bulletins in force today that apply to the point (the 当前公告 card). */
export async function current(ctx: SessionOpContext, pointId: number): Promise<BulletinCurrent[]> {
  const [p] = await repo.merchantPoints(ctx.db, ctx.merchantId, [pointId]);
  if (!p) throw notFound('点位');
  return (await repo.currentFor(ctx.db, ctx.merchantId, pointId, todayOf(ctx))).map((r) => ({
    id: r.id,
    title: r.title,
    bulletinType: r.bulletin_type,
    bulletinTypeName: BULLETIN_TYPES[r.bulletin_type as BulletinType] ?? r.bulletin_type,
    content: r.content,
    startDate: r.start_date,
    endDate: r.end_date,
  }));
}

// ---------------------------------------------------------------- writes

export async function create(ctx: SessionOpContext, input: Input) {
  const points = await checkPoints(ctx, ctx.db, input);
  const now = ctx.clock.now();
  return withGeneratedCode(
    'GG',
    now,
    (c) => repo.codeTaken(ctx.db, ctx.merchantId, c),
    CODE_INDEX,
    (bulletinCode) =>
      ctx.db.transaction().execute(async (trx) => {
        const id = await repo.insertBulletin(trx, {
          merchant_id: ctx.merchantId,
          bulletin_code: bulletinCode,
          title: input.title,
          bulletin_type: input.bulletinType,
          content: input.content,
          start_date: input.startDate,
          end_date: input.endDate,
          scope: input.scope,
          point_count: points.length,
          status: 1,
          published_at: null,
          publisher_name: '',
          creator_name: ctx.session.userName,
          version: 0,
          created_by: ctx.session.accountId,
          created_at: now,
          updated_at: now,
        });
        await repo.setPoints(
          trx,
          ctx.merchantId,
          id,
          points.map((p) => p.id),
        );
        await writeHistory(trx, ctx, {
          subject: SUBJECT,
          subjectId: bulletinCode,
          action: 'create',
          actionLabel: '新增公告',
          changes: describeChanges({}, { ...view(input, pointText(points)), status: 1 }, { ...LABELS, status: '公告状态' }, text),
        });
        return { id, bulletinCode, status: 1, version: 0 };
      }),
  );
}

function refuse(action: BulletinTransition, status: number): never {
  const allowed = BULLETIN_TRANSITIONS[action].from.map((s) => BULLETIN_STATUS[s]).join('、');
  throw conflict(
    `公告当前为「${BULLETIN_STATUS[status as keyof typeof BULLETIN_STATUS] ?? status}」，不能${BULLETIN_TRANSITIONS[action].label}（仅${allowed}的公告可以）`,
  );
}

async function stepRow(ctx: SessionOpContext, trx: Trx, id: number, version: number, action: BulletinTransition) {
  const row = await requireBulletin(ctx, id, trx);
  if (Number(row.version) !== version) throw conflict(STALE_VERSION_MESSAGE);
  if (!bulletinAllowed(action, row.status)) refuse(action, row.status);
  return row;
}

/** Only drafts are edited; the edit carries the version and writes the changed fields to the history. */
export async function update(ctx: SessionOpContext, input: z.output<typeof bulletinUpdateInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await stepRow(ctx, trx, input.id, input.version, 'update');
    const points = await checkPoints(ctx, trx, input);
    const before = (await repo.pointsOf(trx, [row.id])).map((p) => ({ point_code: p.point_code, name: p.name }));
    const changes = describeChanges(
      view(
        {
          title: row.title,
          bulletinType: row.bulletin_type,
          content: row.content,
          startDate: row.start_date,
          endDate: row.end_date,
          scope: row.scope,
        },
        pointText(before),
      ),
      view(input, pointText(points)),
      LABELS,
      text,
    );
    assertFresh(
      await repo.updateBulletin(trx, row.id, input.version, {
        title: input.title,
        bulletin_type: input.bulletinType,
        content: input.content,
        start_date: input.startDate,
        end_date: input.endDate,
        scope: input.scope,
        point_count: points.length,
        updated_at: ctx.clock.now(),
      }),
    );
    await repo.setPoints(
      trx,
      ctx.merchantId,
      row.id,
      points.map((p) => p.id),
    );
    await writeHistory(trx, ctx, { subject: SUBJECT, subjectId: row.bulletin_code, action: 'update', actionLabel: '编辑公告', changes });
    return { id: row.id, bulletinCode: row.bulletin_code, status: row.status, version: input.version + 1 };
  });
}

async function step(ctx: SessionOpContext, trx: Trx, row: Row, action: BulletinTransition, values: Partial<Row>) {
  const to = BULLETIN_TRANSITIONS[action].to;
  assertFresh(await repo.updateBulletin(trx, row.id, Number(row.version), { ...values, status: to, updated_at: ctx.clock.now() }));
  await writeHistory(trx, ctx, {
    subject: SUBJECT,
    subjectId: row.bulletin_code,
    action,
    actionLabel: `${BULLETIN_TRANSITIONS[action].label}公告`,
    changes: describeChanges({ status: row.status }, { status: to }, { status: '公告状态' }, text),
  });
  return { id: row.id, bulletinCode: row.bulletin_code, status: to, version: Number(row.version) + 1 };
}

/** 草稿 → 已发布: its end date has not passed and none of its points is 已撤点. */
export async function publish(ctx: SessionOpContext, i: { id: number; version: number }) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await stepRow(ctx, trx, i.id, i.version, 'publish');
    if (row.end_date !== '' && row.end_date < todayOf(ctx)) throw conflict(`公告的结束日期${row.end_date}已过，请修改日期后再发布`);
    const closed = (await repo.pointsOf(trx, [row.id])).find((p) => p.status === 3);
    if (closed) throw conflict(`点位「${closed.name}」已撤点，请从公告中移除后再发布`);
    return step(ctx, trx, row, 'publish', { published_at: ctx.clock.now(), publisher_name: ctx.session.userName });
  });
}

export async function withdraw(ctx: SessionOpContext, i: { id: number; version: number }) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await stepRow(ctx, trx, i.id, i.version, 'withdraw');
    return step(ctx, trx, row, 'withdraw', {});
  });
}
