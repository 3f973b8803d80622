import type { Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import {
  NOTHING_TO_REPLENISH,
  REPLENISH_CANCELLED,
  REPLENISH_COMPLETED,
  REPLENISH_COUNT_UP_TO,
  REPLENISH_DISPATCHED,
  REPLENISH_GENERATED,
  REPLENISH_ORDER_ACTIONS,
  REPLENISH_ORDER_STATUS,
  REPLENISH_ORDER_TRANSITIONS,
  replenishOrderAllowed,
  type ReplenishGenerateResult,
  type ReplenishOrderDetail,
  type ReplenishOrderRow,
  type ReplenishOrderState,
  type ReplenishOrderStatus,
  type ReplenishOrderTransition,
} from '@merchant/contracts/stock/replenish-order';
import type { ReplenishSource } from '@merchant/contracts/stock/replenish-rule';
import { STOCK_DOC_TYPES, STOCK_SHORT_MESSAGE } from '@merchant/contracts/stock/stock-fields';
import type { RestockData, RestockedEventData } from '@merchant/contracts/device/device-protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { AppError, badInput, conflict, guardUnique, notFound, uniqueViolation, violates, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import { historyPage, writeHistory } from '../../platform/record-history.ts';
import { devicesByCodes, latestCommand, sendSystemCommand } from '../device/device.service.ts';
import { findRule, sourceLocation } from './replenish-rule.service.ts';
import * as slots from './replenish-slot.repo.ts';
import { levelsOf } from './replenish-slot.service.ts';
import { actorOf, ensureLocations, postMovements, type StockActor, type StockMove } from './stock-ledger.service.ts';

// 补货单 (inventory-stockList-list): generated from a rule (one per cabinet with slots to fill) or by hand for one
// cabinet; 派送 takes every line out of the source, 完成 puts the loaded quantities into the slots and posts the
// shortfall as 盘点差异, 取消 ends a generated order. docs/stock.md "补货".

type Db = Kysely<Database> | Transaction<Database>;
export const REPLENISH_ORDER_SUBJECT = 'stock.replenish-order';
const CODE_INDEX = { index: 'replenish_order_code_uq', table: 'replenish_order', columns: ['merchant_id', 'order_code'] };
const PREFIX = STOCK_DOC_TYPES.replenish.prefix;

const statusName = (s: number) => REPLENISH_ORDER_STATUS[s as ReplenishOrderStatus] ?? String(s);

function orderQuery(db: Db, merchantId: number) {
  return db
    .selectFrom('replenish_order as o')
    .innerJoin('stock_location as l', 'l.id', 'o.source_location_id')
    .selectAll('o')
    .select(['l.name as source_name', 'l.kind as source_kind'])
    .where('o.merchant_id', '=', merchantId);
}
type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['execute']>>[number];

function toRow(r: OrderRow): ReplenishOrderRow {
  const status = Number(r.status);
  return {
    orderCode: r.order_code,
    deviceCode: r.device_code,
    ruleName: r.rule_name || '手工补货',
    sourceName: r.source_name,
    sourceKind: r.source_kind === 'front' ? 'front' : 'hub',
    status,
    statusName: statusName(status),
    lineCount: Number(r.line_count),
    totalSent: Number(r.total_sent),
    totalLoaded: Number(r.total_loaded),
    creatorName: r.creator_name,
    createdAt: Number(r.created_at),
    dispatchedAt: Number(r.dispatched_at) || null,
    completedAt: Number(r.completed_at) || null,
    cancelReason: r.cancel_reason,
    actions: REPLENISH_ORDER_ACTIONS.filter((a) => replenishOrderAllowed(a, status)),
    version: Number(r.version),
  };
}
const stateOf = (orderCode: string, status: number, version: number): ReplenishOrderState => ({
  orderCode,
  status,
  statusName: statusName(status),
  version,
});

export interface OrderFilter {
  orderCode?: string;
  deviceCode?: string;
  status?: number;
  createdRange?: [number, number];
}
/** The list (0039: replenish_order_list_idx, _status_idx, _device_idx). */
function listQuery(db: Db, merchantId: number, f: OrderFilter) {
  let q = orderQuery(db, merchantId);
  if (f.orderCode) q = q.where('o.order_code', '=', f.orderCode.toUpperCase());
  if (f.deviceCode) q = q.where('o.device_code', '=', f.deviceCode);
  if (f.status !== undefined) q = q.where('o.status', '=', f.status);
  if (f.createdRange) q = q.where('o.created_at', '>=', f.createdRange[0]).where('o.created_at', '<=', f.createdRange[1]);
  return q;
}

export async function list(
  ctx: SessionOpContext,
  f: OrderFilter & { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<ReplenishOrderRow>> {
  const page = await fetchKeysetPage(ctx.db, listQuery(ctx.db, ctx.merchantId, f), {
    sort: { key: 'createdAt', column: 'o.created_at', value: (r) => Number(r.created_at) },
    id: { column: 'o.id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: REPLENISH_COUNT_UP_TO },
    scope: ctx.merchantId,
  });
  return { ...page, list: page.list.map(toRow) };
}
export const exportQuery = (ctx: SessionOpContext, f: OrderFilter) =>
  listQuery(ctx.db, ctx.merchantId, f).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc');
export const exportRows = async (_ctx: SessionOpContext, rows: OrderRow[]) => rows.map(toRow);

async function requireOrder(db: Db, merchantId: number, orderCode: string): Promise<OrderRow> {
  const r = await orderQuery(db, merchantId).where('o.order_code', '=', orderCode.toUpperCase()).executeTakeFirst();
  if (!r) throw notFound('补货单');
  return r;
}

const linesOf = (db: Db, orderId: number) =>
  db
    .selectFrom('replenish_order_line as l')
    .innerJoin('goods_sku as s', 's.id', 'l.sku_id')
    .select(['l.id', 'l.slot_no', 'l.location_id', 'l.sku_id', 'l.on_hand', 'l.quantity', 'l.loaded', 's.sku_code', 's.name as sku_name'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();

export async function detail(ctx: SessionOpContext, orderCode: string): Promise<ReplenishOrderDetail> {
  const r = await requireOrder(ctx.db, ctx.merchantId, orderCode);
  const lines = await linesOf(ctx.db, Number(r.id));
  const dispatchedAt = Number(r.dispatched_at);
  const cmd = dispatchedAt ? await latestCommand(ctx, r.device_code, 'restock', dispatchedAt) : null;
  return {
    ...toRow(r),
    restockCommand: cmd && { commandNo: cmd.commandNo, statusName: cmd.statusName, sentAt: cmd.sentAt },
    lines: lines.map((l) => {
      const loaded = Number(l.loaded) < 0 ? null : Number(l.loaded);
      return {
        slotNo: l.slot_no,
        skuId: Number(l.sku_id),
        skuCode: l.sku_code,
        skuName: l.sku_name,
        onHand: Number(l.on_hand),
        quantity: Number(l.quantity),
        loaded,
        variance: loaded === null ? null : Number(l.quantity) - loaded,
      };
    }),
  };
}

export async function history(
  ctx: SessionOpContext,
  i: { orderCode: string; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const r = await requireOrder(ctx.db, ctx.merchantId, i.orderCode);
  return historyPage(ctx, REPLENISH_ORDER_SUBJECT, r.order_code, i);
}

// ---------------------------------------------------------------- generation

/** How a plan decides: when a slot needs stock, what to fill it to, the smallest lot worth sending. */
export interface PlanRule {
  triggerMode: string;
  triggerPercent: number;
  fillTo: string;
  minLot: number;
}
/** 手工补货: every slot below its 补满量, filled to it. */
const BY_HAND: PlanRule = { triggerMode: 'below-max', triggerPercent: 0, fillTo: 'max', minLot: 1 };

/** A slot's quantity to send under a rule (0: nothing). */
export function needOf(s: slots.SlotRow, rule: PlanRule): number {
  const { minLevel, maxLevel } = levelsOf(s);
  const capacity = Number(s.capacity);
  const available = Number(s.available);
  const triggered =
    rule.triggerMode === 'percent'
      ? available <= Math.floor((capacity * rule.triggerPercent) / 100)
      : rule.triggerMode === 'below-max'
        ? available < maxLevel
        : available <= minLevel;
  if (!triggered) return 0;
  const target = rule.fillTo === 'capacity' ? capacity : maxLevel;
  // the slot holds on hand (locked included); never send more than fits
  const need = Math.min(target - available, capacity - Number(s.on_hand));
  return need >= Math.max(1, rule.minLot) ? need : 0;
}

const openDevices = async (db: Db, merchantId: number) =>
  new Set(
    (
      await db
        .selectFrom('replenish_order')
        .select('device_code')
        .where('merchant_id', '=', merchantId)
        .where('status', 'in', [REPLENISH_GENERATED, REPLENISH_DISPATCHED])
        .execute()
    ).map((r) => r.device_code),
  );

/** Σ quantity per SKU of an order's lines. */
function sumBySku(lines: { skuId: number; quantity: number }[]): Map<number, number> {
  const bySku = new Map<number, number>();
  for (const l of lines) bySku.set(l.skuId, (bySku.get(l.skuId) ?? 0) + l.quantity);
  return bySku;
}
const linesBySku = (lines: { sku_id: unknown; quantity: unknown }[]) =>
  sumBySku(lines.map((l) => ({ skuId: Number(l.sku_id), quantity: Number(l.quantity) })));

const openMessage = (deviceCode: string) => `设备${deviceCode}已有未完成的补货单，请先完成或取消`;
/** One open (已生成 / 配送中) order per cabinet: the partial unique index refuses the loser of a race past the check. */
const OPEN_INDEX = { index: 'replenish_order_open_uq', table: 'replenish_order', columns: ['merchant_id', 'device_code'] };
const openTaken = (deviceCode: string): UniqueKey => ({ ...OPEN_INDEX, message: openMessage(deviceCode) });

interface NewOrder {
  deviceCode: string;
  sourceLocationId: number;
  ruleId: number;
  ruleName: string;
  lines: { slot: slots.SlotRow; quantity: number }[];
}

/** One order under a fresh BH code with its lines (the slots' locations made where missing) and its history. */
async function insertOrder(ctx: SessionOpContext, o: NewOrder, actor: StockActor = actorOf(ctx)): Promise<ReplenishOrderState> {
  const taken = async (c: string) =>
    !!(await ctx.db
      .selectFrom('replenish_order')
      .select('id')
      .where('merchant_id', '=', ctx.merchantId)
      .where('order_code', '=', c)
      .executeTakeFirst());
  return withGeneratedCode(PREFIX, actor.now, taken, CODE_INDEX, (orderCode) =>
    ctx.db.transaction().execute(async (trx) => {
      const locations = await ensureLocations(
        trx,
        ctx.merchantId,
        o.lines.map(({ slot }) => ({
          kind: 'cabinet' as const,
          code: `${slot.device_code}-${slot.slot_no}`,
          name: `${slot.device_code} 货道${slot.slot_no}`,
          deviceCode: slot.device_code,
          slotNo: slot.slot_no,
        })),
        actor.now,
      );
      const total = o.lines.reduce((n, l) => n + l.quantity, 0);
      const r = await trx
        .insertInto('replenish_order')
        .values({
          merchant_id: ctx.merchantId,
          order_code: orderCode,
          device_code: o.deviceCode,
          rule_id: o.ruleId,
          rule_name: o.ruleName,
          source_location_id: o.sourceLocationId,
          status: REPLENISH_GENERATED,
          line_count: o.lines.length,
          total_sent: total,
          creator_name: actor.operatorName,
          version: 1,
          created_by: actor.operatorId,
          created_at: actor.now,
          updated_at: actor.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('replenish_order_line')
        .values(
          o.lines.map((l, n) => ({
            merchant_id: ctx.merchantId,
            order_id: Number(r.id),
            slot_no: l.slot.slot_no,
            location_id: Number(locations[n]!.id),
            sku_id: Number(l.slot.sku_id),
            on_hand: Number(l.slot.on_hand),
            quantity: l.quantity,
          })),
        )
        .execute();
      // what the order will take is reserved at the source now (锁定), so no other order or sale counts it again
      await postMovements(
        trx,
        actor,
        [...sumBySku(o.lines.map((l) => ({ skuId: Number(l.slot.sku_id), quantity: l.quantity })))].map(([skuId, q]) => ({
          locationId: o.sourceLocationId,
          skuId,
          type: 'lock' as const,
          quantity: 0,
          lockDelta: q,
          docType: 'replenish' as const,
          docCode: orderCode,
          reason: `补货锁定：送往设备${o.deviceCode}`,
        })),
      );
      await writeHistory(trx, ctx, {
        subject: REPLENISH_ORDER_SUBJECT,
        subjectId: orderCode,
        action: 'create',
        actionLabel: '生成',
        remark: `${o.ruleName ? `按规则「${o.ruleName}」` : '手工'}生成：设备${o.deviceCode}，${o.lines.length}个货道，共${total}件`,
      });
      return stateOf(orderCode, REPLENISH_GENERATED, 1);
    }),
  );
}

/** What the source can give now per SKU (可用 = on hand − locked). */
async function sourceStock(db: Db, locationId: number, skuIds: number[]): Promise<Map<number, number>> {
  if (skuIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stock_balance')
    .select(['sku_id', 'on_hand', 'locked'])
    .where('location_id', '=', locationId)
    .where('sku_id', 'in', [...new Set(skuIds)])
    .execute();
  return new Map(rows.map((b) => [Number(b.sku_id), Number(b.on_hand) - Number(b.locked)]));
}

/**
 * The lines per cabinet: each slot's need under the rule, capped at what the source holds now (taken in slot order
 * across the plan, so one generation never plans more of a SKU than the source has); a slot the cap leaves below the
 * rule's minimum lot is skipped. 派送 checks the source again (stock may have moved since).
 */
function planOf(rows: slots.SlotRow[], rule: PlanRule, stock: Map<number, number>): Map<string, NewOrder['lines']> {
  const byDevice = new Map<string, NewOrder['lines']>();
  for (const s of rows) {
    const have = stock.get(Number(s.sku_id)) ?? 0;
    const quantity = Math.min(needOf(s, rule), have);
    if (quantity <= 0 || quantity < rule.minLot) continue;
    stock.set(Number(s.sku_id), have - quantity);
    const list = byDevice.get(s.device_code) ?? [];
    list.push({ slot: s, quantity });
    byDevice.set(s.device_code, list);
  }
  return byDevice;
}

/** 按规则生成: one order per covered cabinet with slots to fill; a cabinet with an unfinished order is skipped. */
export async function generate(ctx: SessionOpContext, ruleId: number): Promise<ReplenishGenerateResult> {
  const rule = await findRule(ctx.db, ctx.merchantId, ruleId);
  if (Number(rule.status) !== 1) throw conflict(`补货规则「${rule.name}」已停用，不能生成补货单`);
  const devices = rule.device_codes ? rule.device_codes.split(',') : undefined;
  const rows = await slots.orderedSlots(slots.slotQuery(ctx.db, ctx.merchantId, { deviceCodes: devices })).execute();
  const open = await openDevices(ctx.db, ctx.merchantId);
  const planRule: PlanRule = {
    triggerMode: rule.trigger_mode,
    triggerPercent: Number(rule.trigger_percent),
    fillTo: rule.fill_to,
    minLot: Number(rule.min_lot),
  };
  const skippedDevices = [...new Set(rows.filter((r) => open.has(r.device_code) && needOf(r, planRule) > 0).map((r) => r.device_code))];
  const stock = await sourceStock(
    ctx.db,
    Number(rule.source_location_id),
    rows.map((r) => Number(r.sku_id)),
  );
  const plan = planOf(
    rows.filter((r) => !open.has(r.device_code)),
    planRule,
    stock,
  );
  const orders: ReplenishOrderState[] = [];
  for (const [deviceCode, lines] of plan) {
    try {
      orders.push(
        await insertOrder(ctx, {
          deviceCode,
          sourceLocationId: Number(rule.source_location_id),
          ruleId: Number(rule.id),
          ruleName: rule.name,
          lines,
        }),
      );
    } catch (err) {
      // a concurrent generation (or 手工补货) opened one for this cabinet since the check: skipped like the others;
      // the source's stock was taken meanwhile (the reservation refused): this cabinet waits for the next generation
      if (err instanceof AppError && err.message.startsWith(STOCK_SHORT_MESSAGE)) continue;
      const v = uniqueViolation(err);
      if (!v || !violates(v, OPEN_INDEX)) throw err;
      skippedDevices.push(deviceCode);
    }
  }
  if (orders.length === 0 && skippedDevices.length === 0) throw conflict(NOTHING_TO_REPLENISH);
  return { orders, skippedDevices };
}

/** 手工补货 for one cabinet. */
export async function create(
  ctx: SessionOpContext,
  i: { deviceCode: string; sourceKind: ReplenishSource; frontWarehouseId: number },
): Promise<ReplenishOrderState> {
  const rows = await slots.orderedSlots(slots.slotQuery(ctx.db, ctx.merchantId, { deviceCode: i.deviceCode })).execute();
  if (rows.length === 0) throw badInput(`设备${i.deviceCode}不存在或没有货道商品（字段：deviceCode）`);
  if ((await openDevices(ctx.db, ctx.merchantId)).has(i.deviceCode)) throw conflict(openMessage(i.deviceCode));
  const now = ctx.clock.now();
  const sourceLocationId = await ctx.db.transaction().execute((trx) => sourceLocation(trx, ctx.merchantId, i, now));
  const stock = await sourceStock(
    ctx.db,
    sourceLocationId,
    rows.map((r) => Number(r.sku_id)),
  );
  const lines = planOf(rows, BY_HAND, stock).get(i.deviceCode);
  if (!lines) throw conflict(NOTHING_TO_REPLENISH);
  return guardUnique(
    () => insertOrder(ctx, { deviceCode: i.deviceCode, sourceLocationId, ruleId: 0, ruleName: '', lines }),
    openTaken(i.deviceCode),
  );
}

// ---------------------------------------------------------------- transitions

function allow(r: OrderRow, action: ReplenishOrderTransition): void {
  if (replenishOrderAllowed(action, Number(r.status))) return;
  throw conflict(`补货单${r.order_code}状态为「${statusName(Number(r.status))}」，不能${REPLENISH_ORDER_TRANSITIONS[action].label}`);
}
function fresh(r: OrderRow, version: number): void {
  if (Number(r.version) !== version) throw conflict(STALE_VERSION_MESSAGE);
}

/** `update … where id and version and status = from`; no row: a concurrent change won. */
async function move(trx: Transaction<Database>, r: OrderRow, from: number, set: Record<string, number | string>): Promise<void> {
  const res = await trx
    .updateTable('replenish_order')
    .set({ ...set, version: sql<number>`version + 1` })
    .where('id', '=', Number(r.id))
    .where('version', '=', Number(r.version))
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw conflict(STALE_VERSION_MESSAGE);
}

const statusChange = (from: number, to: number) => [{ field: 'status', label: '状态', before: statusName(from), after: statusName(to) }];

/** 派送: 已生成 → 配送中; every SKU of the order taken out of the source (补货) in the same transaction. */
export async function dispatch(ctx: SessionOpContext, i: { orderCode: string; version: number }): Promise<ReplenishOrderState> {
  const r = await requireOrder(ctx.db, ctx.merchantId, i.orderCode);
  fresh(r, i.version);
  allow(r, 'dispatch');
  const actor = actorOf(ctx);
  const state = await ctx.db.transaction().execute(async (trx) => {
    await move(trx, r, REPLENISH_GENERATED, { status: REPLENISH_DISPATCHED, dispatched_at: actor.now, updated_at: actor.now });
    const lines = await linesOf(trx, Number(r.id));
    // the reserved stock leaves the source: on hand and locked fall together
    await postMovements(
      trx,
      actor,
      [...linesBySku(lines)].map(([skuId, q]) => ({
        locationId: Number(r.source_location_id),
        skuId,
        type: 'replenish',
        quantity: -q,
        lockDelta: -q,
        docType: 'replenish',
        docCode: r.order_code,
        reason: `补货出库：送往设备${r.device_code}`,
      })),
    );
    await writeHistory(trx, ctx, {
      subject: REPLENISH_ORDER_SUBJECT,
      subjectId: r.order_code,
      action: 'dispatch',
      actionLabel: '派送',
      changes: statusChange(REPLENISH_GENERATED, REPLENISH_DISPATCHED),
      remark: `从${r.source_name}出库${lines.length}行，共${Number(r.total_sent)}件`,
    });
    return stateOf(r.order_code, REPLENISH_DISPATCHED, Number(r.version) + 1);
  });
  await sendRestock(ctx, state.orderCode);
  return state;
}

/**
 * 完成: 配送中 → 已完成 with the loaded quantity of every line. Each slot receives what was sent (补货 +sent) and
 * loses the shortfall as 盘点差异 (−(sent − loaded)), so its on hand rises by what was loaded and the ledger shows
 * sent = loaded + variance. Staff by hand, or the cabinet's report over the device link.
 */
export async function complete(
  ctx: SessionOpContext,
  i: { orderCode: string; version: number; lines: { slotNo: string; loaded: number }[] },
): Promise<ReplenishOrderState> {
  const r = await requireOrder(ctx.db, ctx.merchantId, i.orderCode);
  fresh(r, i.version);
  return completeOrder(ctx, r, i.lines, '');
}

/** 完成 of a read order (the hand's and the cabinet's report share it): checks, postings, history. */
async function completeOrder(
  ctx: SessionOpContext,
  r: OrderRow,
  reported: { slotNo: string; loaded: number }[],
  via: string,
): Promise<ReplenishOrderState> {
  allow(r, 'complete');
  const lines = await linesOf(ctx.db, Number(r.id));
  const bySlot = new Map(lines.map((l) => [l.slot_no, l]));
  const loaded = new Map<string, number>();
  reported.forEach((l, n) => {
    const line = bySlot.get(l.slotNo);
    if (!line) throw badInput(`货道${l.slotNo}不在补货单中（字段：lines.${n}.slotNo）`);
    if (loaded.has(l.slotNo)) throw badInput(`货道${l.slotNo}重复填写（字段：lines.${n}.slotNo）`);
    if (l.loaded > Number(line.quantity)) throw badInput(`实装数量不能大于补货数量${Number(line.quantity)}（字段：lines.${n}.loaded）`);
    loaded.set(l.slotNo, l.loaded);
  });
  const missing = lines.find((l) => !loaded.has(l.slot_no));
  if (missing) throw badInput(`请填写货道${missing.slot_no}的实装数量（字段：lines）`);
  const actor = actorOf(ctx);
  const totalLoaded = [...loaded.values()].reduce((a, b) => a + b, 0);
  return ctx.db.transaction().execute(async (trx) => {
    await move(trx, r, REPLENISH_DISPATCHED, {
      status: REPLENISH_COMPLETED,
      completed_at: actor.now,
      total_loaded: totalLoaded,
      updated_at: actor.now,
    });
    const moves: StockMove[] = [];
    for (const l of lines) {
      const got = loaded.get(l.slot_no)!;
      const sent = Number(l.quantity);
      await trx.updateTable('replenish_order_line').set({ loaded: got }).where('id', '=', Number(l.id)).execute();
      const base = { locationId: Number(l.location_id), skuId: Number(l.sku_id), docType: 'replenish' as const, docCode: r.order_code };
      moves.push({ ...base, type: 'replenish', quantity: sent, reason: `补货入柜：来自${r.source_name}` });
      if (sent > got) moves.push({ ...base, type: 'stocktake', quantity: got - sent, reason: `补货少装：发出${sent}，实装${got}` });
    }
    await postMovements(trx, actor, moves);
    const short = Number(r.total_sent) - totalLoaded;
    await writeHistory(trx, ctx, {
      subject: REPLENISH_ORDER_SUBJECT,
      subjectId: r.order_code,
      action: 'complete',
      actionLabel: '完成',
      changes: statusChange(REPLENISH_DISPATCHED, REPLENISH_COMPLETED),
      remark: `${via}实装${totalLoaded}件${short > 0 ? `，少装${short}件记为盘点差异` : ''}`,
    });
    return stateOf(r.order_code, REPLENISH_COMPLETED, Number(r.version) + 1);
  });
}

// ---------------------------------------------------------------- the device link

/**
 * After 派送 committed: the order's lines to its cabinet as a 补货 command (sent whether the cabinet is online or not;
 * QoS 1 delivers it when it is back). A link that is off or a cabinet that cannot take commands leaves the order
 * 配送中 for staff to complete by hand; the reason is logged and returned.
 */
export async function sendRestock(ctx: SessionOpContext, orderCode: string): Promise<string | null> {
  try {
    const r = await requireOrder(ctx.db, ctx.merchantId, orderCode);
    const [d] = await devicesByCodes(ctx.db, ctx.merchantId, [r.device_code]);
    if (!d) throw new Error(`设备${r.device_code}不存在`);
    const lines = await linesOf(ctx.db, Number(r.id));
    const data: RestockData = {
      restockVersion: 1,
      orderCode: r.order_code,
      lines: lines.map((l) => ({ slotNo: l.slot_no, skuId: Number(l.sku_id), skuCode: l.sku_code, quantity: Number(l.quantity) })),
    };
    await sendSystemCommand(ctx, d, 'restock', data, `补货单${r.order_code}，${lines.length}个货道，共${Number(r.total_sent)}件`);
    return null;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.warn({ orderCode, err: message }, 'restock command not sent; the order waits for a hand completion');
    return message;
  }
}

/**
 * The cabinet's `restocked` report: completes its 配送中 order through the same 完成 as the hand, as the system.
 * Idempotent: an unknown order, another cabinet's, one no longer 配送中 (a duplicate report), unknown or missing
 * lines, or a concurrent completion: nothing posted, the reason returned (and logged).
 */
export async function completeFromDevice(ctx: SessionOpContext, deviceCode: string, report: RestockedEventData): Promise<string | null> {
  const ignore = (why: string) => {
    ctx.log.warn({ deviceCode, orderCode: report.orderCode, why }, 'restocked report ignored');
    return why;
  };
  const r = await orderQuery(ctx.db, ctx.merchantId).where('o.order_code', '=', report.orderCode.toUpperCase()).executeTakeFirst();
  if (!r) return ignore('补货单不存在');
  if (r.device_code !== deviceCode) return ignore(`补货单属于设备${r.device_code}`);
  if (Number(r.status) !== REPLENISH_DISPATCHED) return ignore(`补货单状态为「${statusName(Number(r.status))}」`);
  try {
    await completeOrder(ctx, r, report.lines, `设备${deviceCode}上报：`);
    return null;
  } catch (err) {
    return ignore(err instanceof Error ? err.message : String(err));
  }
}

export async function cancel(
  ctx: SessionOpContext,
  i: { orderCode: string; version: number; cancelReason: string },
): Promise<ReplenishOrderState> {
  const r = await requireOrder(ctx.db, ctx.merchantId, i.orderCode);
  fresh(r, i.version);
  allow(r, 'cancel');
  const actor = actorOf(ctx);
  const from = Number(r.status);
  return ctx.db.transaction().execute(async (trx) => {
    await move(trx, r, from, { status: REPLENISH_CANCELLED, cancel_reason: i.cancelReason, updated_at: actor.now });
    const bySku = linesBySku(await linesOf(trx, Number(r.id)));
    const base = { locationId: Number(r.source_location_id), docType: 'replenish' as const, docCode: r.order_code };
    // 已生成: the reservation is released; 配送中: the goods go back to the source (nothing reached the cabinet)
    await postMovements(
      trx,
      actor,
      [...bySku].map(([skuId, q]) =>
        from === REPLENISH_GENERATED
          ? { ...base, skuId, type: 'unlock' as const, quantity: 0, lockDelta: -q, reason: `补货取消：${i.cancelReason}` }
          : { ...base, skuId, type: 'replenish' as const, quantity: q, reason: `配送取消，退回${r.source_name}：${i.cancelReason}` },
      ),
    );
    await writeHistory(trx, ctx, {
      subject: REPLENISH_ORDER_SUBJECT,
      subjectId: r.order_code,
      action: 'cancel',
      actionLabel: '取消',
      changes: statusChange(from, REPLENISH_CANCELLED),
      remark: from === REPLENISH_GENERATED ? i.cancelReason : `${i.cancelReason}（已派送的${Number(r.total_sent)}件退回${r.source_name}）`,
    });
    return stateOf(r.order_code, REPLENISH_CANCELLED, Number(r.version) + 1);
  });
}
