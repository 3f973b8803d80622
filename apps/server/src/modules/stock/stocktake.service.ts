import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { Paged } from '@merchant/contracts';
import { STOCK_DOC_TYPES } from '@merchant/contracts/stock/stock-fields';
import {
  STOCKTAKE_ACTIONS,
  STOCKTAKE_COUNTING,
  STOCKTAKE_COUNT_UP_TO,
  STOCKTAKE_NOT_ALL_COUNTED,
  STOCKTAKE_POSTED,
  STOCKTAKE_STATUS,
  STOCKTAKE_SUBMITTED,
  STOCKTAKE_TRANSITIONS,
  stocktakeAllowed,
  type StocktakeDetail,
  type StocktakeDeviceOption,
  type StocktakeRow,
  type StocktakeState,
  type StocktakeStatus,
  type StocktakeTransition,
  type stocktakeCountInput,
} from '@merchant/contracts/stock/stocktake';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { badInput, conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { historyPage, writeHistory } from '../../platform/record-history.ts';
import { actorOf, postMovements } from './stock-ledger.service.ts';
import * as repo from './stocktake.repo.ts';

// 盘点单 (docs/stock.md): 盘点中 → 待审核 → 已过账 / 退回 → 盘点中; 盘点中 / 待审核 → 已作废. Creating one snapshots the
// system on hand of every slot × SKU balance of the cabinet; 审核通过 posts counted − snapshot of every differing line as
// a 盘点差异 movement through the ledger, in the same transaction as the status change. The variance is against the
// snapshot the staff counted, not the on hand at posting: stock that moved in between (a sale, a replenishment) stays
// moved, and the count's correction is added on top; a correction the ledger cannot take (on hand would fall below 0
// or below locked) refuses the approval and nothing changes.

export const STOCKTAKE_SUBJECT = 'stock.stocktake';
const CODE_INDEX = { index: 'stocktake_code_uq', table: 'stocktake', columns: ['merchant_id', 'stocktake_code'] };
const OPEN = [STOCKTAKE_COUNTING, STOCKTAKE_SUBMITTED];

const openTakenMessage = (deviceCode: string, code = '') => `智能柜${deviceCode}已有未完成的盘点单${code}，请先完成或作废`;
/** One open (盘点中 / 待审核) stocktake per cabinet: the partial unique index refuses the loser of a race past the check. */
const openTaken = (ctx: SessionOpContext, deviceCode: string): UniqueKey => ({
  index: 'stocktake_open_uq',
  table: 'stocktake',
  columns: ['merchant_id', 'device_code'],
  message: async () => openTakenMessage(deviceCode, (await repo.openOfDevice(ctx.db, ctx.merchantId, deviceCode, OPEN))?.stocktake_code),
});

const statusName = (s: number) => STOCKTAKE_STATUS[s as StocktakeStatus] ?? String(s);
const actionsOf = (status: number): StocktakeRow['actions'] => STOCKTAKE_ACTIONS.filter((a) => stocktakeAllowed(a, status));
const orNull = (v: unknown) => (Number(v) ? Number(v) : null);

function toRow(r: repo.StocktakeRow): StocktakeRow {
  const status = Number(r.status);
  return {
    stocktakeCode: r.stocktake_code,
    deviceCode: r.device_code,
    deviceName: r.device_name,
    status,
    statusName: statusName(status),
    lineCount: Number(r.line_count),
    countedCount: Number(r.counted_count),
    varianceLines: Number(r.variance_lines),
    varianceTotal: Number(r.variance_total),
    remark: r.remark,
    creatorName: r.creator_name,
    createdAt: Number(r.created_at),
    submittedAt: orNull(r.submitted_at),
    reviewerName: r.reviewer_name,
    reviewedAt: orNull(r.reviewed_at),
    reason: r.reason,
    actions: actionsOf(status),
    version: Number(r.version),
    updatedAt: Number(r.updated_at),
  };
}
const stateOf = (code: string, status: number, version: number): StocktakeState => ({
  stocktakeCode: code,
  status,
  statusName: statusName(status),
  version,
});

async function requireStocktake(ctx: SessionOpContext, code: string) {
  const r = await repo.findStocktake(ctx.db, ctx.merchantId, code.toUpperCase());
  if (!r) throw notFound('盘点单');
  return r;
}
/** Version first (the loser of a race reads "stale"), then the state. */
function check(r: repo.StocktakeRow, version: number, action: StocktakeTransition): void {
  if (Number(r.version) !== version) throw conflict(STALE_VERSION_MESSAGE);
  const status = Number(r.status);
  if (!stocktakeAllowed(action, status))
    throw conflict(`盘点单${r.stocktake_code}状态为「${statusName(status)}」，不能${STOCKTAKE_TRANSITIONS[action].label}`);
}
const stale = () => conflict(STALE_VERSION_MESSAGE);

// ---------------------------------------------------------------- reads

export async function list(
  ctx: SessionOpContext,
  f: repo.StocktakeFilter & { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<StocktakeRow>> {
  const page = await fetchKeysetPage(ctx.db, repo.listQuery(ctx.db, ctx.merchantId, f), {
    sort: { key: 'createdAt', column: 'created_at', value: (r) => Number(r.created_at) },
    id: { column: 'id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: STOCKTAKE_COUNT_UP_TO },
    scope: ctx.merchantId,
  });
  return { ...page, list: page.list.map(toRow) };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.StocktakeFilter) =>
  repo.listQuery(ctx.db, ctx.merchantId, f).orderBy('created_at', 'desc').orderBy('id', 'desc');
export const exportRows = async (_ctx: SessionOpContext, rows: repo.StocktakeRow[]) => Promise.resolve(rows.map(toRow));

export async function detail(ctx: SessionOpContext, code: string): Promise<StocktakeDetail> {
  const r = await requireStocktake(ctx, code);
  const [lines, moves] = await Promise.all([
    repo.linesOf(ctx.db, Number(r.id)),
    Number(r.status) === STOCKTAKE_POSTED ? repo.movementsOf(ctx.db, ctx.merchantId, r.stocktake_code) : Promise.resolve([]),
  ]);
  const moved = new Map(moves.map((m) => [`${m.location_id}:${m.sku_id}`, m]));
  return {
    ...toRow(r),
    lines: lines.map((l) => {
      const counted = l.counted_qty === null ? null : Number(l.counted_qty);
      const m = moved.get(`${l.location_id}:${l.sku_id}`);
      return {
        lineId: Number(l.id),
        slotNo: l.slot_no,
        skuId: Number(l.sku_id),
        skuCode: l.sku_code ?? '',
        skuName: l.sku_name ?? '',
        systemQty: Number(l.system_qty),
        countedQty: counted,
        variance: counted === null ? null : counted - Number(l.system_qty),
        onHandBefore: m ? Number(m.on_hand_before) : null,
        onHandAfter: m ? Number(m.on_hand_after) : null,
      };
    }),
  };
}

export async function history(
  ctx: SessionOpContext,
  i: { stocktakeCode: string; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const r = await requireStocktake(ctx, i.stocktakeCode);
  return historyPage(ctx, STOCKTAKE_SUBJECT, r.stocktake_code, i);
}

export async function deviceOptions(ctx: SessionOpContext): Promise<StocktakeDeviceOption[]> {
  return (await repo.deviceOptions(ctx.db, ctx.merchantId)).map((d) => ({
    deviceCode: d.device_code,
    deviceName: d.device_name,
    slotCount: Number(d.slot_count),
  }));
}

// ---------------------------------------------------------------- writes

/** A new stocktake of a cabinet: its code (PD…), the snapshot of every slot × SKU balance, its history; one transaction. */
export async function create(ctx: SessionOpContext, i: { deviceCode: string; remark: string }): Promise<StocktakeState> {
  const now = ctx.clock.now();
  const write = () =>
    withGeneratedCode(
      STOCK_DOC_TYPES.stocktake.prefix,
      now,
      (c) => repo.codeTaken(ctx.db, ctx.merchantId, c),
      CODE_INDEX,
      (code) =>
        ctx.db.transaction().execute(async (trx) => {
          const slots = await repo.slotBalances(trx, ctx.merchantId, i.deviceCode);
          if (slots.length === 0) throw badInput(`智能柜（${i.deviceCode}）不存在或没有货道库存（字段：deviceCode）`);
          const open = await repo.openOfDevice(trx, ctx.merchantId, i.deviceCode, OPEN);
          if (open) throw conflict(openTakenMessage(i.deviceCode, open.stocktake_code));
          const id = await repo.insertStocktake(trx, {
            merchant_id: ctx.merchantId,
            stocktake_code: code,
            device_code: i.deviceCode,
            device_name: await repo.deviceName(trx, ctx.merchantId, i.deviceCode),
            status: STOCKTAKE_COUNTING,
            line_count: slots.length,
            remark: i.remark,
            creator_name: ctx.session.userName,
            version: 1,
            created_by: ctx.session.accountId,
            created_at: now,
            updated_at: now,
          });
          await repo.insertLines(
            trx,
            slots.map((s) => ({
              merchant_id: ctx.merchantId,
              stocktake_id: id,
              location_id: Number(s.location_id),
              slot_no: s.slot_no,
              sku_id: Number(s.sku_id),
              system_qty: Number(s.on_hand),
            })),
          );
          await writeHistory(trx, ctx, {
            subject: STOCKTAKE_SUBJECT,
            subjectId: code,
            action: 'create',
            actionLabel: '新建',
            remark: `智能柜${i.deviceCode}，${slots.length}个货道，系统库存共${slots.reduce((n, s) => n + Number(s.on_hand), 0)}件（快照）`,
          });
          return stateOf(code, STOCKTAKE_COUNTING, 1);
        }),
    );
  return guardUnique(write, openTaken(ctx, i.deviceCode));
}

type CountInput = z.output<typeof stocktakeCountInput>;

/** Enters counted quantities (some lines) at the version; the totals (counted lines, variance) recomputed. */
export async function count(ctx: SessionOpContext, i: CountInput): Promise<StocktakeState> {
  const r = await requireStocktake(ctx, i.stocktakeCode);
  check(r, i.version, 'count');
  return ctx.db.transaction().execute(async (trx) => {
    const lines = await repo.linesOf(trx, Number(r.id));
    const byId = new Map(lines.map((l) => [Number(l.id), l]));
    const bad = i.lines.findIndex((l) => !byId.has(l.lineId));
    if (bad >= 0) throw badInput(`盘点行（${i.lines[bad].lineId}）不属于该盘点单（字段：lines.${bad}.lineId）`);
    const after = new Map(lines.map((l) => [Number(l.id), l.counted_qty === null ? null : Number(l.counted_qty)]));
    for (const l of i.lines) after.set(l.lineId, l.countedQty);
    const totals = totalsOf(lines, after);
    const res = await repo.updateStocktake(trx, Number(r.id), Number(r.version), { ...totals, updated_at: ctx.clock.now() }, [
      STOCKTAKE_COUNTING,
    ]);
    if (Number(res.numUpdatedRows) === 0) throw stale();
    for (const l of i.lines) await repo.setCounted(trx, Number(r.id), l.lineId, l.countedQty);
    const changed = i.lines.filter((l) => {
      const before = byId.get(l.lineId)!.counted_qty;
      return before === null || Number(before) !== l.countedQty;
    });
    await writeHistory(trx, ctx, {
      subject: STOCKTAKE_SUBJECT,
      subjectId: r.stocktake_code,
      action: 'count',
      actionLabel: '录入盘点数',
      remark: `${changed
        .map((l) => {
          const x = byId.get(l.lineId)!;
          return `货道${x.slot_no} ${x.sku_code ?? x.sku_id}：${x.counted_qty ?? '未盘'}→${l.countedQty}`;
        })
        .join('、')}；已盘${totals.counted_count}/${lines.length}`.slice(0, 500),
    });
    return stateOf(r.stocktake_code, STOCKTAKE_COUNTING, Number(r.version) + 1);
  });
}

function totalsOf(lines: repo.LineRow[], counted: Map<number, number | null>) {
  let countedCount = 0;
  let varianceLines = 0;
  let varianceTotal = 0;
  for (const l of lines) {
    const c = counted.get(Number(l.id));
    if (c === null || c === undefined) continue;
    countedCount++;
    const v = c - Number(l.system_qty);
    if (v !== 0) varianceLines++;
    varianceTotal += v;
  }
  return { counted_count: countedCount, variance_lines: varianceLines, variance_total: varianceTotal };
}

/** 盘点中 → 待审核: every line counted. */
export async function submit(ctx: SessionOpContext, i: { stocktakeCode: string; version: number }): Promise<StocktakeState> {
  const r = await requireStocktake(ctx, i.stocktakeCode);
  check(r, i.version, 'submit');
  if (Number(r.counted_count) < Number(r.line_count))
    throw conflict(`${STOCKTAKE_NOT_ALL_COUNTED}（已盘${r.counted_count}/${r.line_count}）`);
  const now = ctx.clock.now();
  return step(
    ctx,
    r,
    'submit',
    { submitted_at: now, updated_at: now },
    `差异${r.variance_lines}行，合计${signed(Number(r.variance_total))}件`,
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * 待审核 → 已过账: a conditional update (of concurrent approvals exactly one gets it), then every line whose count
 * differs posted through the ledger as 盘点差异 (counted − snapshot), in the same transaction.
 */
export async function approve(ctx: SessionOpContext, i: { stocktakeCode: string; version: number }): Promise<StocktakeState> {
  const r = await requireStocktake(ctx, i.stocktakeCode);
  check(r, i.version, 'approve');
  const actor = actorOf(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    await transition(trx, r, 'approve', { reviewer_name: actor.operatorName, reviewed_at: actor.now, updated_at: actor.now });
    const lines = await repo.linesOf(trx, Number(r.id));
    const posted = await postMovements(
      trx,
      actor,
      lines
        .filter((l) => l.counted_qty !== null && Number(l.counted_qty) !== Number(l.system_qty))
        .map((l) => ({
          locationId: Number(l.location_id),
          skuId: Number(l.sku_id),
          type: 'stocktake' as const,
          quantity: Number(l.counted_qty) - Number(l.system_qty),
          docType: 'stocktake' as const,
          docCode: r.stocktake_code,
          reason: `盘点差异：实盘${l.counted_qty}，快照${l.system_qty}`,
        })),
    );
    await writeHistory(trx, ctx, {
      subject: STOCKTAKE_SUBJECT,
      subjectId: r.stocktake_code,
      action: 'approve',
      actionLabel: '审核通过',
      changes: [{ field: 'status', label: '状态', before: statusName(STOCKTAKE_SUBMITTED), after: statusName(STOCKTAKE_POSTED) }],
      remark: `过账${posted.length}条盘点差异，合计${signed(Number(r.variance_total))}件`,
    });
    return stateOf(r.stocktake_code, STOCKTAKE_POSTED, Number(r.version) + 1);
  });
}

/** 待审核 → 盘点中 with the reason (the counts kept, to be corrected). */
export async function reject(
  ctx: SessionOpContext,
  i: { stocktakeCode: string; version: number; reason: string },
): Promise<StocktakeState> {
  const r = await requireStocktake(ctx, i.stocktakeCode);
  check(r, i.version, 'reject');
  return step(ctx, r, 'reject', { reason: i.reason, submitted_at: 0, updated_at: ctx.clock.now() }, i.reason);
}

/** 盘点中 / 待审核 → 已作废 with the reason; nothing posted. */
export async function voidStocktake(
  ctx: SessionOpContext,
  i: { stocktakeCode: string; version: number; reason: string },
): Promise<StocktakeState> {
  const r = await requireStocktake(ctx, i.stocktakeCode);
  check(r, i.version, 'void');
  return step(ctx, r, 'void', { reason: i.reason, updated_at: ctx.clock.now() }, i.reason);
}

async function transition(
  trx: Transaction<Database>,
  r: repo.StocktakeRow,
  action: StocktakeTransition,
  set: Parameters<typeof repo.updateStocktake>[3],
) {
  const t = STOCKTAKE_TRANSITIONS[action];
  const res = await repo.updateStocktake(trx, Number(r.id), Number(r.version), { ...set, status: t.to }, [...t.from]);
  if (Number(res.numUpdatedRows) === 0) throw stale();
}

function step(
  ctx: SessionOpContext,
  r: repo.StocktakeRow,
  action: StocktakeTransition,
  set: Parameters<typeof repo.updateStocktake>[3],
  remark: string,
): Promise<StocktakeState> {
  const to = STOCKTAKE_TRANSITIONS[action].to;
  return ctx.db.transaction().execute(async (trx) => {
    await transition(trx, r, action, set);
    await writeHistory(trx, ctx, {
      subject: STOCKTAKE_SUBJECT,
      subjectId: r.stocktake_code,
      action,
      actionLabel: STOCKTAKE_TRANSITIONS[action].label,
      changes: [{ field: 'status', label: '状态', before: statusName(Number(r.status)), after: statusName(to) }],
      remark,
    });
    return stateOf(r.stocktake_code, to, Number(r.version) + 1);
  });
}
