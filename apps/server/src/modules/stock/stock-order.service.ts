import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { Paged } from '@merchant/contracts';
import { STOCK_LOCATION_KINDS, type StockLocationKind } from '@merchant/contracts/stock/stock-fields';
import {
  CONFIRMED_NOT_CANCELLABLE,
  STOCK_ORDER_ACTIONS,
  STOCK_ORDER_CONFIRMED,
  STOCK_ORDER_COUNTERPARTY,
  STOCK_ORDER_COUNT_UP_TO,
  STOCK_ORDER_DRAFT,
  STOCK_ORDER_CANCELLED,
  STOCK_ORDER_STATUS,
  STOCK_ORDER_TRANSITIONS,
  STOCK_ORDER_TYPES,
  STOCK_SKU_OPTIONS_MAX,
  stockOrderAllowed,
  type StockOrderDetail,
  type StockOrderRow,
  type StockOrderState,
  type StockOrderStatus,
  type StockOrderTransition,
  type StockOrderType,
  type StockSkuOption,
  type stockOrderCreateInput,
  type stockOrderUpdateInput,
} from '@merchant/contracts/stock/stock-order';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import {
  actorOf,
  hubLocation,
  postMovements,
  registerDocCode,
  wholesalerLocation,
  withStockDocCode,
  type LocationRow,
} from './stock-ledger.service.ts';
import { assertWarehouseEnabled, enabledWarehouseLocation } from './front-warehouse.service.ts';
import * as repo from './stock-order.repo.ts';

// 入库单 / 退货单 (docs/stock.md): drafts are created and edited; 确认 posts every line to the ledger in the same
// transaction as the status change (a return beyond stock is refused by the ledger and nothing changes); 取消 ends a
// draft. One service for every location kind: a `StockBook` names the kind and its location.

type CreateInput = z.output<typeof stockOrderCreateInput>;
type UpdateInput = z.output<typeof stockOrderUpdateInput>;
type Lines = CreateInput['lines'];

/**
 * The stock a page's orders belong to: its location kind and how to find (or make) the location of a new order — the
 * kind's one location (库存中心, 批发商库存), or the one the input names (`warehouseId`: a front warehouse, `picked`).
 * `orderType` keeps a page to one type of order (前置仓 入库单 / 退货单); `usable` refuses confirming at a location no
 * longer in use (a disabled front warehouse).
 */
export interface StockBook {
  kind: StockLocationKind;
  location: (trx: Transaction<Database>, merchantId: number, now: number, warehouseId?: number) => Promise<LocationRow>;
  picked?: boolean;
  orderType?: StockOrderType;
  usable?: (trx: Transaction<Database>, merchantId: number, locationId: number) => Promise<void>;
}
/** 库存中心 (inventory-add-list). */
export const HUB_BOOK: StockBook = { kind: 'hub', location: hubLocation };
/** 批发商库存 (wholesaler-add-list). */
export const WHOLESALER_BOOK: StockBook = { kind: 'wholesaler', location: wholesalerLocation };
const frontBook = (orderType: StockOrderType): StockBook => ({
  kind: 'front',
  picked: true,
  orderType,
  location: (trx, merchantId, _now, warehouseId) => enabledWarehouseLocation(trx, merchantId, warehouseId),
  usable: assertWarehouseEnabled,
});
/** 前置仓 · 入库单 (entrepot-entry-list): inbound orders only, the warehouse picked per order. */
export const FRONT_ENTRY_BOOK = frontBook('inbound');
/** 前置仓 · 退货单 (entrepot-returned-list): return orders only, the warehouse picked per order. */
export const FRONT_RETURN_BOOK = frontBook('return');

/** A page kept to one order type refuses the other (naming the field). */
function ownType(book: StockBook, orderType: string | undefined): void {
  if (book.orderType && orderType && orderType !== book.orderType)
    throw badInput(`本页只有${typeName(book.orderType)}，不能${orderType === 'return' ? '退货' : '入库'}（字段：orderType）`);
}
const bookFilter = (book: StockBook, f: repo.OrderFilter): repo.OrderFilter => {
  ownType(book, f.orderType);
  return { ...f, orderType: book.orderType ?? f.orderType };
};

export const STOCK_ORDER_SUBJECT = 'stock.order';

const statusName = (s: number) => STOCK_ORDER_STATUS[s as StockOrderStatus] ?? String(s);
const typeName = (t: string) => STOCK_ORDER_TYPES[t as StockOrderType] ?? t;
const yuan = (cents: number) => `${(cents / 100).toFixed(2)}元`;
const actionsOf = (status: number): StockOrderRow['actions'] => STOCK_ORDER_ACTIONS.filter((a) => stockOrderAllowed(a, status));

function toRow(r: repo.OrderRow, locationName: string): StockOrderRow {
  const status = Number(r.status);
  return {
    orderCode: r.order_code,
    orderType: r.order_type,
    orderTypeName: typeName(r.order_type),
    locationName,
    status,
    statusName: statusName(status),
    counterparty: r.counterparty,
    remark: r.remark,
    lineCount: Number(r.line_count),
    totalQuantity: Number(r.total_quantity),
    totalAmount: Number(r.total_amount),
    creatorName: r.creator_name,
    createdAt: Number(r.created_at),
    confirmerName: r.confirmer_name,
    confirmedAt: Number(r.confirmed_at) ? Number(r.confirmed_at) : null,
    cancelReason: r.cancel_reason,
    actions: actionsOf(status),
    version: Number(r.version),
    updatedAt: Number(r.updated_at),
  };
}

const stateOf = (orderCode: string, status: number, version: number): StockOrderState => ({
  orderCode,
  status,
  statusName: statusName(status),
  version,
});

async function requireOrder(ctx: SessionOpContext, book: StockBook, orderCode: string, db: Kysely<Database> = ctx.db) {
  const r = await repo.findOrder(db, ctx.merchantId, book.kind, orderCode.toUpperCase(), book.orderType);
  if (!r) throw notFound('单据');
  return r;
}

/** Refuses an action the order's state does not allow, naming the state (a confirmed order's cancel: what to do instead). */
function allow(r: repo.OrderRow, action: StockOrderTransition): void {
  const status = Number(r.status);
  if (stockOrderAllowed(action, status)) return;
  if (action === 'cancel' && status === STOCK_ORDER_CONFIRMED) throw conflict(CONFIRMED_NOT_CANCELLABLE);
  throw conflict(`${typeName(r.order_type)}${r.order_code}状态为「${statusName(status)}」，不能${STOCK_ORDER_TRANSITIONS[action].label}`);
}

function fresh(r: repo.OrderRow, version: number): void {
  if (Number(r.version) !== version) throw conflict(STALE_VERSION_MESSAGE);
}

// ---------------------------------------------------------------- reads

export async function list(
  ctx: SessionOpContext,
  book: StockBook,
  f: repo.OrderFilter & { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<StockOrderRow>> {
  const page = await fetchKeysetPage(ctx.db, repo.listQuery(ctx.db, ctx.merchantId, book.kind, bookFilter(book, f)), {
    sort: { key: 'createdAt', column: 'stock_order.created_at', value: (r) => Number(r.created_at) },
    id: { column: 'stock_order.id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: STOCK_ORDER_COUNT_UP_TO },
    scope: ctx.merchantId,
  });
  return { ...page, list: page.list.map((r) => toRow(r, r.location_name)) };
}

export const exportQuery = (ctx: SessionOpContext, book: StockBook, f: repo.OrderFilter) =>
  repo
    .listQuery(ctx.db, ctx.merchantId, book.kind, bookFilter(book, f))
    .orderBy('stock_order.created_at', 'desc')
    .orderBy('stock_order.id', 'desc');
export const exportRows = async (_ctx: SessionOpContext, rows: repo.ListRow[]) => rows.map((r) => toRow(r, r.location_name));

export async function detail(ctx: SessionOpContext, book: StockBook, orderCode: string): Promise<StockOrderDetail> {
  const r = await requireOrder(ctx, book, orderCode);
  const [lines, moves, location] = await Promise.all([
    repo.linesOf(ctx.db, Number(r.id)),
    Number(r.status) === STOCK_ORDER_CONFIRMED ? repo.movementsOf(ctx.db, ctx.merchantId, r) : Promise.resolve([]),
    ctx.db.selectFrom('stock_location').select('name').where('id', '=', r.location_id).executeTakeFirst(),
  ]);
  const bySku = new Map(moves.map((m) => [Number(m.sku_id), m]));
  return {
    ...toRow(r, location?.name ?? STOCK_LOCATION_KINDS[book.kind]),
    lines: lines.map((l) => {
      const m = bySku.get(Number(l.sku_id));
      return {
        skuId: Number(l.sku_id),
        skuCode: l.sku_code,
        skuName: l.sku_name,
        barcode: l.barcode,
        quantity: Number(l.quantity),
        unitCost: Number(l.unit_cost),
        amount: Number(l.quantity) * Number(l.unit_cost),
        onHandBefore: m ? Number(m.on_hand_before) : null,
        onHandAfter: m ? Number(m.on_hand_after) : null,
      };
    }),
  };
}

export async function history(
  ctx: SessionOpContext,
  book: StockBook,
  i: { orderCode: string; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const r = await requireOrder(ctx, book, i.orderCode);
  return historyPage(ctx, STOCK_ORDER_SUBJECT, r.order_code, i);
}

/** The SKU picker: the merchant's live SKUs by keyword (code, barcode, name) or by id. */
export async function skuOptions(ctx: SessionOpContext, i: { keyword?: string; skuIds?: number[] }): Promise<StockSkuOption[]> {
  const rows = i.skuIds?.length
    ? await repo.ownSkus(ctx.db, ctx.merchantId, i.skuIds)
    : await repo.skuOptions(ctx.db, ctx.merchantId, i.keyword || undefined, STOCK_SKU_OPTIONS_MAX);
  return rows.map((s) => ({ skuId: Number(s.id), skuCode: s.sku_code, skuName: s.name, barcode: s.barcode }));
}

// ---------------------------------------------------------------- writes

/** Every line's SKU must be a live SKU of this merchant; another merchant's is refused like an unknown one. */
async function checkSkus(ctx: SessionOpContext, lines: Lines): Promise<Map<number, string>> {
  const rows = await repo.ownSkus(
    ctx.db,
    ctx.merchantId,
    lines.map((l) => l.skuId),
  );
  const codes = new Map(rows.map((r) => [Number(r.id), r.sku_code]));
  const n = lines.findIndex((l) => !codes.has(l.skuId));
  if (n >= 0) throw badInput(`SKU（${lines[n].skuId}）不存在或不属于本商户（字段：lines.${n}.skuId）`);
  return codes;
}

export const totalsOf = (lines: Lines) => ({
  line_count: lines.length,
  total_quantity: lines.reduce((n, l) => n + l.quantity, 0),
  total_amount: lines.reduce((n, l) => n + l.quantity * l.unitCost, 0),
});

const lineRows = (merchantId: number, orderId: number, lines: Lines) =>
  lines.map((l) => ({ merchant_id: merchantId, order_id: orderId, sku_id: l.skuId, quantity: l.quantity, unit_cost: l.unitCost }));

export const linesText = (lines: { skuId: number; quantity: number; unitCost: number }[], codes: Map<number, string>) =>
  lines
    .map((l) => `${codes.get(l.skuId) ?? l.skuId}×${l.quantity}@${yuan(l.unitCost)}`)
    .join('、')
    .slice(0, 500);

/** The history remark of a new order: type, counterparty, totals and lines. */
export function createdRemark(orderType: StockOrderType, counterparty: string, lines: Lines, codes: Map<number, string>): string {
  const totals = totalsOf(lines);
  return `${typeName(orderType)}，${STOCK_ORDER_COUNTERPARTY[orderType]}：${counterparty}，${totals.line_count}行，共${totals.total_quantity}件，金额${yuan(totals.total_amount)}：${linesText(lines, codes)}`.slice(
    0,
    500,
  );
}
/** The history remark of a confirmation. */
export const confirmedRemark = (orderType: StockOrderType, lineCount: number, totalQuantity: number) =>
  `${orderType === 'return' ? '退货出库' : '入库'}${lineCount}行，共${totalQuantity}件`;

/** A new draft: its code (RK… / TH…), the book's location, its lines and totals, and its history, in one transaction. */
export async function create(ctx: SessionOpContext, book: StockBook, i: CreateInput): Promise<StockOrderState> {
  ownType(book, i.orderType);
  if (!book.picked && i.warehouseId !== undefined)
    throw badInput(`${STOCK_LOCATION_KINDS[book.kind]}的单据不选择前置仓（字段：warehouseId）`);
  const codes = await checkSkus(ctx, i.lines);
  const now = ctx.clock.now();
  const totals = totalsOf(i.lines);
  // RK / TH are shared with the movement-only documents (the store's 新增 RK): the code is checked against every stock
  // document and registered in stock_doc_code, whose unique index makes a concurrent draw of the same code run again
  return withStockDocCode(ctx.db, ctx.merchantId, i.orderType, now, (orderCode) =>
    ctx.db.transaction().execute(async (trx) => {
      await registerDocCode(trx, { merchantId: ctx.merchantId, now }, i.orderType, orderCode);
      const location = await book.location(trx, ctx.merchantId, now, i.warehouseId);
      const id = await repo.insertOrder(trx, {
        merchant_id: ctx.merchantId,
        order_type: i.orderType,
        order_code: orderCode,
        location_id: Number(location.id),
        location_kind: book.kind,
        status: STOCK_ORDER_DRAFT,
        counterparty: i.counterparty,
        remark: i.remark,
        ...totals,
        creator_name: ctx.session.userName,
        version: 1,
        created_by: ctx.session.accountId,
        created_at: now,
        updated_at: now,
      });
      await repo.replaceLines(trx, id, lineRows(ctx.merchantId, id, i.lines));
      await writeHistory(trx, ctx, {
        subject: STOCK_ORDER_SUBJECT,
        subjectId: orderCode,
        action: 'create',
        actionLabel: '新建',
        remark: createdRemark(i.orderType, i.counterparty, i.lines, codes),
      });
      return stateOf(orderCode, STOCK_ORDER_DRAFT, 1);
    }),
  );
}

const EDIT_LABELS = { counterparty: '供应商或退货去向', remark: '备注', lines: '商品明细' };

/** Edits a draft at its version: header and lines replaced, totals recomputed, the change in the history. */
export async function update(ctx: SessionOpContext, book: StockBook, i: UpdateInput): Promise<StockOrderState> {
  const r = await requireOrder(ctx, book, i.orderCode);
  fresh(r, i.version);
  allow(r, 'edit');
  const codes = await checkSkus(ctx, i.lines);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const res = await repo.updateOrder(
      trx,
      Number(r.id),
      Number(r.version),
      { counterparty: i.counterparty, remark: i.remark, ...totalsOf(i.lines), updated_at: now },
      [STOCK_ORDER_DRAFT],
    );
    if (Number(res.numUpdatedRows) === 0) throw conflict(STALE_VERSION_MESSAGE);
    const before = await repo.linesOf(trx, Number(r.id));
    for (const l of before) codes.set(Number(l.sku_id), l.sku_code);
    await repo.replaceLines(trx, Number(r.id), lineRows(ctx.merchantId, Number(r.id), i.lines));
    const beforeLines = before.map((l) => ({ skuId: Number(l.sku_id), quantity: Number(l.quantity), unitCost: Number(l.unit_cost) }));
    await writeHistory(trx, ctx, {
      subject: STOCK_ORDER_SUBJECT,
      subjectId: r.order_code,
      action: 'edit',
      actionLabel: '编辑',
      changes: describeChanges(
        { counterparty: r.counterparty, remark: r.remark, lines: linesText(beforeLines, codes) },
        { counterparty: i.counterparty, remark: i.remark, lines: linesText(i.lines, codes) },
        EDIT_LABELS,
        (_f, v) => (v === null || v === undefined || v === '' ? '（空）' : String(v)),
      ),
    });
    return stateOf(r.order_code, STOCK_ORDER_DRAFT, Number(r.version) + 1);
  });
}

/**
 * Confirms a draft at its version: 草稿 → 已确认 by a conditional update (of concurrent confirms exactly one gets it),
 * then every line posted through the ledger (入库 +qty, 退货 −qty) in the same transaction. The ledger refuses a return
 * beyond stock with 库存不足 and the whole transaction — status included — rolls back.
 */
export async function confirm(ctx: SessionOpContext, book: StockBook, i: { orderCode: string; version: number }): Promise<StockOrderState> {
  const r = await requireOrder(ctx, book, i.orderCode);
  fresh(r, i.version);
  allow(r, 'confirm');
  const actor = actorOf(ctx);
  const type = r.order_type as StockOrderType;
  return ctx.db.transaction().execute(async (trx) => {
    const res = await repo.updateOrder(
      trx,
      Number(r.id),
      Number(r.version),
      { status: STOCK_ORDER_CONFIRMED, confirmed_at: actor.now, confirmer_name: actor.operatorName, updated_at: actor.now },
      [STOCK_ORDER_DRAFT],
    );
    if (Number(res.numUpdatedRows) === 0) throw conflict(STALE_VERSION_MESSAGE);
    await book.usable?.(trx, ctx.merchantId, Number(r.location_id));
    const lines = await repo.linesOf(trx, Number(r.id));
    const sign = type === 'return' ? -1 : 1;
    await postMovements(
      trx,
      actor,
      lines.map((l) => ({
        locationId: Number(r.location_id),
        skuId: Number(l.sku_id),
        type,
        quantity: sign * Number(l.quantity),
        docType: type,
        docCode: r.order_code,
        reason: r.counterparty ? `${STOCK_ORDER_COUNTERPARTY[type]}：${r.counterparty}` : '',
      })),
    );
    await writeHistory(trx, ctx, {
      subject: STOCK_ORDER_SUBJECT,
      subjectId: r.order_code,
      action: 'confirm',
      actionLabel: '确认',
      changes: [{ field: 'status', label: '状态', before: statusName(STOCK_ORDER_DRAFT), after: statusName(STOCK_ORDER_CONFIRMED) }],
      remark: confirmedRemark(type, lines.length, Number(r.total_quantity)),
    });
    return stateOf(r.order_code, STOCK_ORDER_CONFIRMED, Number(r.version) + 1);
  });
}

/** Cancels a draft (with its reason). A confirmed order is never cancelled: its stock moved; a 退货单 takes it back. */
export async function cancel(
  ctx: SessionOpContext,
  book: StockBook,
  i: { orderCode: string; version: number; cancelReason: string },
): Promise<StockOrderState> {
  const r = await requireOrder(ctx, book, i.orderCode);
  allow(r, 'cancel');
  fresh(r, i.version);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const res = await repo.updateOrder(
      trx,
      Number(r.id),
      Number(r.version),
      { status: STOCK_ORDER_CANCELLED, cancel_reason: i.cancelReason, updated_at: now },
      [STOCK_ORDER_DRAFT],
    );
    if (Number(res.numUpdatedRows) === 0) {
      const cur = await repo.findOrder(trx, ctx.merchantId, book.kind, r.order_code, book.orderType);
      if (cur && Number(cur.status) === STOCK_ORDER_CONFIRMED) throw conflict(CONFIRMED_NOT_CANCELLABLE);
      throw conflict(STALE_VERSION_MESSAGE);
    }
    await writeHistory(trx, ctx, {
      subject: STOCK_ORDER_SUBJECT,
      subjectId: r.order_code,
      action: 'cancel',
      actionLabel: '取消',
      changes: [{ field: 'status', label: '状态', before: statusName(STOCK_ORDER_DRAFT), after: statusName(STOCK_ORDER_CANCELLED) }],
      remark: i.cancelReason,
    });
    return stateOf(r.order_code, STOCK_ORDER_CANCELLED, Number(r.version) + 1);
  });
}
