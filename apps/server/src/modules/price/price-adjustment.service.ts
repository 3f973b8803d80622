import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { formatInZone, type Paged } from '@merchant/contracts';
import {
  ADJUSTMENT_ACTIONS,
  ADJUSTMENT_COUNT_UP_TO,
  ADJUSTMENT_STATUS,
  ADJUSTMENT_TRANSITIONS,
  EFFECTIVE_MODES,
  PRICE_SCHEDULE_MAX_AHEAD_MS,
  adjustmentAllowed,
  type AdjustmentDetail,
  type AdjustmentPush,
  type AdjustmentRow,
  type AdjustmentState,
  type AdjustmentStatus,
  type AdjustmentTransition,
  type adjustmentQuickInput,
  type adjustmentSaveInput,
} from '@merchant/contracts/price/price-adjustment';
import { PRICE_SCOPES, PRICE_SCOPE_TARGETS, type PriceScope } from '@merchant/contracts/price/price-fields';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { ADJUSTMENT_SUBJECT, APPLY_QUEUE, applyInTransaction, pushOrder, pushSummaries, pushView } from './price-apply.ts';
import * as repo from './price-adjustment.repo.ts';
import { checkTargets, queryOf, targetNames } from './price-targets.ts';
import { resolvePrices } from './price.resolver.ts';

// 调价单: drafts are saved and edited, submitted (立即: applied at once; 定时: applied at its time by the job runner,
// with a catch-up sweep), cancelled until applied, deleted while drafts. docs/prices.md has the transition table.

type SaveInput = z.output<typeof adjustmentSaveInput>;
type QuickInput = z.output<typeof adjustmentQuickInput>;
const CODE_INDEX = { index: 'price_adjustment_no_uq', table: 'price_adjustment', columns: ['merchant_id', 'order_no'] };
/** TJ + yyMMdd + 4 digits, e.g. TJ2611230042. */
const ORDER_PREFIX = 'TJ';

const statusName = (s: number) => ADJUSTMENT_STATUS[s as AdjustmentStatus] ?? String(s);
const cents = (v: number) => `${(v / 100).toFixed(2)}元`;

function actionsOf(status: number): AdjustmentRow['actions'] {
  return ADJUSTMENT_ACTIONS.filter((a) => adjustmentAllowed(a, status));
}

function toRow(r: repo.OrderRow, push?: { total: number; acked: number; failed: number }): AdjustmentRow {
  const status = Number(r.status);
  const mode = r.effective_mode as keyof typeof EFFECTIVE_MODES;
  return {
    orderNo: r.order_no,
    scopeType: r.scope_type,
    scopeTypeName: PRICE_SCOPES[r.scope_type as PriceScope] ?? r.scope_type,
    scopeSummary: r.scope_summary,
    skuCount: Number(r.sku_count),
    lineCount: Number(r.line_count),
    effectiveMode: r.effective_mode,
    effectiveModeName: EFFECTIVE_MODES[mode] ?? r.effective_mode,
    effectiveAt: mode === 'now' && r.applied_at === null ? null : r.effective_at === null ? null : Number(r.effective_at),
    status,
    statusName: statusName(status),
    reason: r.reason,
    creatorName: r.creator_name,
    createdAt: Number(r.created_at),
    submitterName: r.submitter_name,
    submittedAt: r.submitted_at === null ? null : Number(r.submitted_at),
    appliedAt: r.applied_at === null ? null : Number(r.applied_at),
    cancellerName: r.canceller_name,
    cancelledAt: r.cancelled_at === null ? null : Number(r.cancelled_at),
    cancelReason: r.cancel_reason,
    pushTotal: push?.total ?? 0,
    pushAcked: push?.acked ?? 0,
    pushFailed: push?.failed ?? 0,
    actions: actionsOf(status),
    version: Number(r.version),
    updatedAt: Number(r.updated_at),
  };
}

async function requireOrder(ctx: SessionOpContext, orderNo: string, db: Kysely<Database> = ctx.db): Promise<repo.OrderRow> {
  const r = await repo.findOrder(db, ctx.merchantId, orderNo.toUpperCase());
  if (!r) throw notFound('调价单');
  return r;
}

/** Refuses an action the order's state does not allow, naming the state. */
function allow(r: repo.OrderRow, action: AdjustmentTransition): void {
  if (!adjustmentAllowed(action, Number(r.status))) {
    throw conflict(`调价单${r.order_no}状态为「${statusName(Number(r.status))}」，不能${ADJUSTMENT_TRANSITIONS[action].label}`);
  }
}

/** The version check, before the state check when the order changed since it was read. */
function fresh(r: repo.OrderRow, version: number): void {
  if (Number(r.version) !== version) throw conflict(STALE_VERSION_MESSAGE);
}

// ---------------------------------------------------------------- reads

export async function list(
  ctx: SessionOpContext,
  f: repo.AdjustmentFilter & {
    cursor?: string;
    pageSize: number;
    sortField?: 'createdAt' | 'effectiveAt';
    sortOrder: 'ascend' | 'descend';
  },
): Promise<KeysetPage<AdjustmentRow>> {
  const byEffective = f.sortField === 'effectiveAt';
  const page = await fetchKeysetPage(ctx.db, repo.listQuery(ctx.db, ctx.merchantId, f), {
    sort: {
      key: byEffective ? 'effectiveAt' : 'createdAt',
      column: byEffective ? 'effective_at' : 'created_at',
      value: (r) => Number(byEffective ? r.effective_at : r.created_at),
    },
    id: { column: 'id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: ADJUSTMENT_COUNT_UP_TO },
    scope: ctx.merchantId,
  });
  const pushes = await pushSummaries(
    ctx,
    page.list.map((r) => Number(r.id)),
  );
  return { ...page, list: page.list.map((r) => toRow(r, pushes.get(Number(r.id)))) };
}

export const exportQuery = (ctx: SessionOpContext, f: repo.AdjustmentFilter) =>
  repo.listQuery(ctx.db, ctx.merchantId, f).orderBy('created_at', 'desc').orderBy('id', 'desc');
export const exportRows = async (ctx: SessionOpContext, rows: repo.OrderRow[]) => {
  const pushes = await pushSummaries(
    ctx,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => toRow(r, pushes.get(Number(r.id))));
};

export async function detail(ctx: SessionOpContext, orderNo: string): Promise<AdjustmentDetail> {
  const r = await requireOrder(ctx, orderNo);
  const lines = await repo.linesOf(ctx.db, Number(r.id));
  const names = await targetNames(
    ctx,
    r.scope_type,
    lines.map((l) => l.scope_key),
  );
  // a draft shows the effective price now as the old price (what the change would replace)
  const current =
    Number(r.status) === 1
      ? await resolvePrices(
          ctx.db,
          ctx.merchantId,
          lines.map((l) => queryOf(r.scope_type, l.scope_key, Number(l.sku_id))),
          undefined,
          ctx.clock.now(),
        )
      : null;
  const pushes: AdjustmentPush[] = await pushView(ctx, Number(r.id));
  const acked = pushes.filter((p) => p.status === 2).length;
  const failed = pushes.filter((p) => p.canRepush).length;
  return {
    ...toRow(r, { total: pushes.length, acked, failed }),
    lines: lines.map((l, i) => ({
      skuId: Number(l.sku_id),
      skuCode: l.sku_code,
      skuName: l.sku_name,
      barcode: l.barcode,
      scopeKey: l.scope_key,
      scopeName: names.get(l.scope_key) ?? l.scope_key,
      oldPrice: current ? current[i].priceCents : Number(l.old_price),
      newPrice: Number(l.new_price),
    })),
    pushes,
  };
}

export async function history(
  ctx: SessionOpContext,
  i: { orderNo: string; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const r = await requireOrder(ctx, i.orderNo);
  return historyPage(ctx, ADJUSTMENT_SUBJECT, r.order_no, i);
}

// ---------------------------------------------------------------- writes

/** SKUs of the merchant (live ones) among the lines; another merchant's SKU is refused like one that does not exist. */
async function checkSkus(ctx: SessionOpContext, db: Kysely<Database>, lines: { skuId: number }[]): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.skuId))];
  const rows = await db
    .selectFrom('goods_sku')
    .select('id')
    .where('merchant_id', '=', ctx.merchantId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
  const found = new Set(rows.map((r) => Number(r.id)));
  const n = lines.findIndex((l) => !found.has(l.skuId));
  if (n >= 0) throw badInput(`SKU（${lines[n].skuId}）不存在（字段：lines.${n}.skuId）`);
}

function summaryOf(scope: PriceScope, keys: string[], names: Map<string, string>): string {
  const uniq = [...new Set(keys)];
  const first = names.get(uniq[0]) ?? uniq[0];
  const text = uniq.length > 1 ? `${PRICE_SCOPE_TARGETS[scope]} ${first} 等${uniq.length}个` : `${PRICE_SCOPE_TARGETS[scope]} ${first}`;
  return text.slice(0, 200);
}

/** The lines' old prices: the effective price on each target now. */
async function oldPrices(ctx: SessionOpContext, db: Kysely<Database>, scope: string, lines: { skuId: number; scopeKey: string }[]) {
  const r = await resolvePrices(
    db,
    ctx.merchantId,
    lines.map((l) => queryOf(scope, l.scopeKey, l.skuId)),
    undefined,
    ctx.clock.now(),
  );
  return r.map((x) => x.priceCents);
}

function checkTime(ctx: SessionOpContext, i: { effectiveMode: string; effectiveAt: number | null }, field = 'effectiveAt'): void {
  if (i.effectiveMode !== 'scheduled') return;
  const now = ctx.clock.now();
  const min = ctx.config.price.minAheadMs;
  if (i.effectiveAt === null || i.effectiveAt < now + min) {
    throw badInput(`定时生效的生效时间须晚于当前时间至少${Math.ceil(min / 1000)}秒（字段：${field}）`);
  }
  if (i.effectiveAt > now + PRICE_SCHEDULE_MAX_AHEAD_MS) throw badInput(`生效时间不能晚于一年以后（字段：${field}）`);
}

const SAVE_LABELS = { scopeType: '调价范围', effectiveMode: '生效方式', effectiveAt: '生效时间', reason: '调价原因', lines: '调价明细' };
/** A saved field's value as people read it in the history; times on the business time zone's clock (as the page shows them). */
const saveTextIn = (timeZone: string) => (field: string, v: unknown) => {
  if (v === null || v === undefined || v === '') return '（空）';
  if (field === 'scopeType') return PRICE_SCOPES[v as PriceScope] ?? String(v);
  if (field === 'effectiveMode') return EFFECTIVE_MODES[v as keyof typeof EFFECTIVE_MODES] ?? String(v);
  if (field === 'effectiveAt') return formatInZone(Number(v), timeZone);
  return String(v);
};

/** Creates a draft (no orderNo) or edits one (orderNo + version). */
export async function save(ctx: SessionOpContext, i: SaveInput): Promise<AdjustmentState> {
  // an edit: the order first (another merchant's is not found), its version, then its state
  const existing = i.orderNo ? await requireOrder(ctx, i.orderNo) : undefined;
  if (existing) {
    fresh(existing, i.version!);
    allow(existing, 'edit');
  }
  if (i.effectiveMode === 'scheduled') checkTime(ctx, i);
  await checkSkus(ctx, ctx.db, i.lines);
  const names = await checkTargets(ctx, ctx.db, i.scopeType, i.lines);
  const now = ctx.clock.now();
  const olds = await oldPrices(ctx, ctx.db, i.scopeType, i.lines);
  const skuCount = new Set(i.lines.map((l) => l.skuId)).size;
  const fields = {
    scope_type: i.scopeType,
    effective_mode: i.effectiveMode,
    effective_at: i.effectiveMode === 'scheduled' ? i.effectiveAt : now,
    reason: i.reason,
    scope_summary: summaryOf(
      i.scopeType,
      i.lines.map((l) => l.scopeKey),
      names,
    ),
    sku_count: skuCount,
    line_count: i.lines.length,
    updated_at: now,
  };
  const lineRows = (adjustmentId: number) =>
    i.lines.map((l, n) => ({
      merchant_id: ctx.merchantId,
      adjustment_id: adjustmentId,
      sku_id: l.skuId,
      scope_key: l.scopeKey,
      old_price: olds[n],
      new_price: l.newPrice,
    }));
  const linesText = `${i.lines.length}行（${skuCount}个SKU）`;

  if (!existing) {
    return withGeneratedCode(
      ORDER_PREFIX,
      now,
      (c) => repo.orderNoTaken(ctx.db, ctx.merchantId, c),
      CODE_INDEX,
      (orderNo) =>
        ctx.db.transaction().execute(async (trx) => {
          const id = await repo.insertOrder(trx, {
            merchant_id: ctx.merchantId,
            order_no: orderNo,
            status: 1,
            ...fields,
            version: 1,
            created_by: ctx.session.accountId,
            creator_name: ctx.session.userName,
            created_at: now,
            submitted_by: 0,
            submitter_name: '',
            cancelled_by: 0,
            canceller_name: '',
            cancel_reason: '',
          });
          await repo.replaceLines(trx, id, lineRows(id));
          await writeHistory(trx, ctx, {
            subject: ADJUSTMENT_SUBJECT,
            subjectId: orderNo,
            action: 'create',
            actionLabel: '新建',
            remark: `${PRICE_SCOPES[i.scopeType]}，${linesText}，${EFFECTIVE_MODES[i.effectiveMode]}`,
          });
          return { orderNo, status: 1, statusName: statusName(1), version: 1 };
        }),
    );
  }

  const r = existing!;
  return ctx.db.transaction().execute(async (trx) => {
    assertFresh(await repo.updateOrder(trx, Number(r.id), Number(r.version), fields, [1]));
    const before = await repo.linesOf(trx, Number(r.id));
    await repo.replaceLines(trx, Number(r.id), lineRows(Number(r.id)));
    const beforeLines = before.map((l) => `${l.sku_code}@${l.scope_key}=${cents(Number(l.new_price))}`).join('、');
    const skuCodes = new Map(before.map((l) => [Number(l.sku_id), l.sku_code]));
    const afterLines = i.lines.map((l) => `${skuCodes.get(l.skuId) ?? l.skuId}@${l.scopeKey}=${cents(l.newPrice)}`).join('、');
    await writeHistory(trx, ctx, {
      subject: ADJUSTMENT_SUBJECT,
      subjectId: r.order_no,
      action: 'edit',
      actionLabel: '编辑',
      changes: describeChanges(
        {
          scopeType: r.scope_type,
          effectiveMode: r.effective_mode,
          effectiveAt: r.effective_mode === 'scheduled' ? Number(r.effective_at) : null,
          reason: r.reason,
          lines: beforeLines.slice(0, 500),
        },
        {
          scopeType: i.scopeType,
          effectiveMode: i.effectiveMode,
          effectiveAt: i.effectiveMode === 'scheduled' ? i.effectiveAt : null,
          reason: i.reason,
          lines: afterLines.slice(0, 500),
        },
        SAVE_LABELS,
        saveTextIn(ctx.config.businessTimeZone),
      ),
    });
    return { orderNo: r.order_no, status: 1, statusName: statusName(1), version: Number(r.version) + 1 };
  });
}

/**
 * Submits a draft: 草稿 → 待生效, the lines' old prices taken now. 立即生效: applied in the same transaction (→ 已生效)
 * and pushed to the cabinets after it; 定时生效: handed to the job runner for its time (the sweep catches up).
 */
export async function submit(ctx: SessionOpContext, i: { orderNo: string; version: number }): Promise<AdjustmentState> {
  const r = await requireOrder(ctx, i.orderNo);
  fresh(r, i.version);
  allow(r, 'submit');
  checkTime(ctx, { effectiveMode: r.effective_mode, effectiveAt: r.effective_at === null ? null : Number(r.effective_at) });
  const now = ctx.clock.now();
  const applied = await ctx.db.transaction().execute(async (trx) => {
    assertFresh(
      await repo.updateOrder(
        trx,
        Number(r.id),
        Number(r.version),
        {
          status: 2,
          submitted_by: ctx.session.accountId,
          submitter_name: ctx.session.userName,
          submitted_at: now,
          updated_at: now,
          ...(r.effective_mode === 'now' ? { effective_at: now } : {}),
        },
        [1],
      ),
    );
    const lines = await repo.linesOf(trx, Number(r.id));
    const olds = await oldPrices(
      ctx,
      trx,
      r.scope_type,
      lines.map((l) => ({ skuId: Number(l.sku_id), scopeKey: l.scope_key })),
    );
    for (const [n, l] of lines.entries()) await repo.updateLineOld(trx, Number(l.id), olds[n]);
    await writeHistory(trx, ctx, {
      subject: ADJUSTMENT_SUBJECT,
      subjectId: r.order_no,
      action: 'submit',
      actionLabel: '提交',
      changes: [{ field: 'status', label: '状态', before: '草稿', after: '待生效' }],
      remark: r.effective_mode === 'now' ? '立即生效' : `定时生效：${formatInZone(Number(r.effective_at), ctx.config.businessTimeZone)}`,
    });
    if (r.effective_mode !== 'now') return null;
    const fresh = (await repo.findOrderById(trx, Number(r.id)))!;
    await applyInTransaction(trx, ctx, fresh);
    return fresh;
  });
  if (applied) {
    await pushOrder(ctx, applied).catch((err: unknown) => ctx.log.error({ err }, 'price push failed'));
  } else {
    await ctx.services.jobs
      .sendAfter(APPLY_QUEUE, { merchantId: ctx.merchantId, orderId: Number(r.id) }, Number(r.effective_at), `price-apply-${r.id}`)
      .catch((err: unknown) => ctx.log.error({ err }, 'price schedule failed (the sweep applies it)'));
  }
  const after = (await repo.findOrderById(ctx.db, Number(r.id)))!;
  return {
    orderNo: after.order_no,
    status: Number(after.status),
    statusName: statusName(Number(after.status)),
    version: Number(after.version),
  };
}

/** 快速调价: a new order saved and submitted in one call (still an order, with its ledger rows). */
export async function quick(ctx: SessionOpContext, i: QuickInput): Promise<AdjustmentState> {
  const saved = await save(ctx, { ...i, orderNo: undefined, version: undefined });
  return submit(ctx, { orderNo: saved.orderNo, version: saved.version });
}

export async function cancel(
  ctx: SessionOpContext,
  i: { orderNo: string; version: number; cancelReason: string },
): Promise<AdjustmentState> {
  const r = await requireOrder(ctx, i.orderNo);
  allow(r, 'cancel');
  fresh(r, i.version);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    // only from 草稿 / 待生效 at this version: an apply that got there first wins, and this is refused
    const res = await repo.updateOrder(
      trx,
      Number(r.id),
      Number(r.version),
      {
        status: 4,
        cancelled_by: ctx.session.accountId,
        canceller_name: ctx.session.userName,
        cancelled_at: now,
        cancel_reason: i.cancelReason,
        updated_at: now,
      },
      [1, 2],
    );
    if (Number(res.numUpdatedRows) === 0) {
      const cur = await repo.findOrderById(trx, Number(r.id));
      if (cur && Number(cur.status) === 3) throw conflict(`调价单${r.order_no}已生效，不能取消`);
      throw conflict(STALE_VERSION_MESSAGE);
    }
    await writeHistory(trx, ctx, {
      subject: ADJUSTMENT_SUBJECT,
      subjectId: r.order_no,
      action: 'cancel',
      actionLabel: '取消',
      changes: [{ field: 'status', label: '状态', before: statusName(Number(r.status)), after: '已取消' }],
      remark: i.cancelReason,
    });
    return { orderNo: r.order_no, status: 4, statusName: statusName(4), version: Number(r.version) + 1 };
  });
}

export async function remove(ctx: SessionOpContext, i: { orderNo: string; version: number }): Promise<null> {
  const r = await requireOrder(ctx, i.orderNo);
  allow(r, 'delete');
  fresh(r, i.version);
  await ctx.db.transaction().execute(async (trx) => {
    const res = await repo.updateOrder(trx, Number(r.id), Number(r.version), { updated_at: ctx.clock.now() }, [1]);
    assertFresh(res);
    await repo.deleteOrder(trx, Number(r.id));
    await writeHistory(trx, ctx, {
      subject: ADJUSTMENT_SUBJECT,
      subjectId: r.order_no,
      action: 'delete',
      actionLabel: '删除',
      remark: `删除草稿（${r.line_count}行）`,
    });
  });
  return null;
}

/** Pushes an applied order's prices again to its 超时 / 失败 cabinets (all of them, or those named). */
export async function repush(ctx: SessionOpContext, i: { orderNo: string; deviceCodes: string[] }): Promise<AdjustmentPush[]> {
  const r = await requireOrder(ctx, i.orderNo);
  if (Number(r.status) !== 3) throw conflict(`调价单${r.order_no}状态为「${statusName(Number(r.status))}」，只有已生效的调价单能重新推送`);
  const view = await pushView(ctx, Number(r.id));
  const byCode = new Map(view.map((p) => [p.deviceCode, p]));
  for (const [n, code] of i.deviceCodes.entries()) {
    const p = byCode.get(code);
    if (!p) throw badInput(`智能柜${code}不在本调价单的推送范围内（字段：deviceCodes.${n}）`);
    if (!p.canRepush) throw conflict(`智能柜${code}推送状态为「${p.statusName}」，只有超时或失败的能重新推送`);
  }
  const targets = i.deviceCodes.length ? i.deviceCodes : view.filter((p) => p.canRepush).map((p) => p.deviceCode);
  if (targets.length === 0) throw conflict('没有超时或失败的智能柜需要重新推送');
  await pushOrder(ctx, r, new Set(targets));
  await writeHistory(ctx.db, ctx, {
    subject: ADJUSTMENT_SUBJECT,
    subjectId: r.order_no,
    action: 'repush',
    actionLabel: '重新推送',
    remark: `重新推送${targets.length}台智能柜：${targets.slice(0, 10).join('、')}${targets.length > 10 ? '等' : ''}`,
  });
  return pushView(ctx, Number(r.id));
}

// ---------------------------------------------------------------- the scheduler's side

/**
 * Applies one 待生效 order whose time has come (the job runner's job, the sweep): idempotent — an order already
 * applied or cancelled, or not yet due, is left alone. Returns whether this call applied it.
 */
export async function applyDue(ctx: SessionOpContext, orderId: number): Promise<boolean> {
  const r = await repo.findOrderById(ctx.db, orderId);
  if (!r || Number(r.merchant_id) !== ctx.merchantId || Number(r.status) !== 2) return false;
  if (r.effective_at !== null && Number(r.effective_at) > ctx.clock.now()) return false;
  const done = await ctx.db.transaction().execute((trx) => applyInTransaction(trx, ctx, r));
  if (done) {
    const after = (await repo.findOrderById(ctx.db, orderId))!;
    await pushOrder(ctx, after).catch((err: unknown) => ctx.log.error({ err }, 'price push failed'));
  }
  return done;
}
