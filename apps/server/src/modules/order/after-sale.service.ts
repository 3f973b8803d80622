import type { Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import {
  AFTER_SALE_ACTIONS,
  AFTER_SALE_REFUND_STATUS,
  AFTER_SALE_STATUS,
  AFTER_SALE_TRANSITIONS,
  AFTER_SALE_TYPES,
  afterSaleAllowed,
  REFUNDING_TYPES,
  RETURNING_TYPES,
  WORK_NUMBER_PREFIX,
  type afterSaleCreateInput,
  type AfterSaleAction,
  type AfterSaleDetail,
  type AfterSaleOrder,
  type AfterSaleRefundStatus,
  type AfterSaleRow,
  type AfterSaleState,
  type AfterSaleStatus,
  type AfterSaleType,
} from '@merchant/contracts/order/after-sale';
import {
  ORDER_CHANNELS,
  ORDER_COMPLETED,
  ORDER_SHIPPED,
  ORDER_STATUS,
  PAY_PAID,
  PAY_PART_REFUNDED,
  PAY_STATUS,
  type OrderChannel,
  type OrderStatus,
  type PayStatus,
} from '@merchant/contracts/order/order-fields';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { drawVolumeCode, withGeneratedCode } from '../../platform/business-code.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { historyPage, writeHistory } from '../../platform/record-history.ts';
import { refund } from '../payment/payment.service.ts';
import { hubLocation, postMovements, type StockMove } from '../stock/stock-ledger.service.ts';
import { findOrder, linesOf, type LineRow, type OrderRow } from './cabinet-order.repo.ts';
import { CABINET_ORDER_SUBJECT, CABINET_PAY_BIZ } from './cabinet-order.service.ts';
import { CHANNEL_ORDER_SUBJECT, CHANNEL_PAY_BIZ } from './channel-order.service.ts';
import type { AfterSaleLineTable, AfterSaleOrderTable } from './order.table.ts';
import { AFTER_SALE_REFUND_KEY, AFTER_SALE_SUBJECT, REFUND_NONE, REFUND_PENDING, releaseWorkOrderRefund } from './order-refunds.ts';
import { createdAtPage } from './order-views.ts';

// 售后工单 (docs/orders.md "售后"): a request about an order of any channel, handled by staff. 待处理 → 处理中 (受理) →
// 已完成 (完成), or 已驳回 with a reason. Completing takes hold of the refunded quantities and amounts on the order's lines
// by a conditional update (never beyond the line, whatever other work orders did), posts the returned goods (退货退款,
// 换货: back at the location the order shipped from — a cabinet order's at 库存中心 — and 换货's replacement out again)
// in the same transaction, then refunds through the payment adapter (request key as:<workNumber>); the adapter's
// answer settles the work order's refund (order-refunds.ts), and a refused refund gives the hold back.

type WorkRow = Selectable<AfterSaleOrderTable>;
type WorkLineRow = Selectable<AfterSaleLineTable>;

const statusName = (s: number) => AFTER_SALE_STATUS[s as AfterSaleStatus] ?? String(s);
const typeName = (t: string) => AFTER_SALE_TYPES[t as AfterSaleType] ?? t;
const refundStatusName = (s: number) => AFTER_SALE_REFUND_STATUS[s as AfterSaleRefundStatus] ?? String(s);
const channelName = (c: string) => ORDER_CHANNELS[c as OrderChannel] ?? c;
const yuan = (cents: number) => (cents / 100).toFixed(2);
const orNull = (v: unknown) => (Number(v) ? Number(v) : null);
const refunding = (t: string) => (REFUNDING_TYPES as readonly string[]).includes(t);
const returning = (t: string) => (RETURNING_TYPES as readonly string[]).includes(t);
/** The order's history subject and the payment adapter's business type of its channel. */
const orderSubject = (o: OrderRow) => (o.channel === 'container' ? CABINET_ORDER_SUBJECT : CHANNEL_ORDER_SUBJECT);
const payBiz = (o: OrderRow) => (o.channel === 'container' ? CABINET_PAY_BIZ : CHANNEL_PAY_BIZ);

function toRow(r: WorkRow): AfterSaleRow {
  const status = Number(r.status);
  return {
    workNumber: r.work_number,
    orderNoSub: r.order_no_sub,
    channelName: channelName(r.channel),
    type: r.type,
    typeName: typeName(r.type),
    status,
    statusName: statusName(status),
    reason: r.reason,
    userId: r.user_id,
    itemCount: Number(r.item_count),
    refundAmount: Number(r.refund_amount),
    refundStatus: Number(r.refund_status),
    refundStatusName: refundStatusName(Number(r.refund_status)),
    creatorName: r.creator_name,
    handlerName: r.handler_name,
    createdAt: Number(r.created_at),
    completedAt: orNull(r.completed_at),
    actions: AFTER_SALE_ACTIONS.filter((a) => afterSaleAllowed(a, status)),
    version: Number(r.version),
  };
}
const stateOf = (r: WorkRow): AfterSaleState => ({
  workNumber: r.work_number,
  status: Number(r.status),
  statusName: statusName(Number(r.status)),
  refundStatusName: refundStatusName(Number(r.refund_status)),
  version: Number(r.version),
});

// ---------------------------------------------------------------- what an order's lines have left

interface LineRoom {
  line: LineRow;
  pendingQuantity: number;
  pendingAmount: number;
  maxQuantity: number;
  maxRefund: number;
}

/** Each line of the order with what work orders not finished yet hold and what a new one may still take. */
async function roomOf(db: SessionOpContext['db'] | Transaction<Database>, o: OrderRow): Promise<LineRoom[]> {
  const lines = await linesOf(db, Number(o.id));
  const held = await db
    .selectFrom('after_sale_line as l')
    .innerJoin('after_sale_order as w', 'w.id', 'l.work_order_id')
    .select(['l.order_line_id', sql<number>`sum(l.quantity)`.as('q'), sql<number>`sum(l.refund_amount)`.as('a')])
    .where('w.order_id', '=', Number(o.id))
    .where('w.status', 'in', [0, 1])
    .where('w.type', '<>', 'complaint')
    .groupBy('l.order_line_id')
    .execute();
  const byLine = new Map(held.map((h) => [Number(h.order_line_id), { q: Number(h.q), a: Number(h.a) }]));
  // what the order's payment has left (a cancel's refund is on the order, not on its lines)
  const paidLeft = Math.max(0, Number(o.paid_amount) - Number(o.refunded_amount) - held.reduce((s, h) => s + Number(h.a), 0));
  return lines.map((line) => {
    const h = byLine.get(Number(line.id)) ?? { q: 0, a: 0 };
    return {
      line,
      pendingQuantity: h.q,
      pendingAmount: h.a,
      maxQuantity: Math.max(0, Number(line.quantity) - Number(line.refunded_quantity) - h.q),
      maxRefund: Math.min(paidLeft, Math.max(0, Number(line.amount) - Number(line.refunded_amount) - h.a)),
    };
  });
}

const paid = (o: OrderRow) => Number(o.pay_status) === PAY_PAID || Number(o.pay_status) === PAY_PART_REFUNDED;
/** Goods have reached the consumer: a cabinet order 已完成, a channel order 已发货 / 已完成. */
const delivered = (o: OrderRow) =>
  o.channel === 'container'
    ? Number(o.status) === ORDER_COMPLETED
    : Number(o.status) === ORDER_SHIPPED || Number(o.status) === ORDER_COMPLETED;

async function requireOrder(ctx: SessionOpContext, orderNoSub: string) {
  const o = await findOrder(ctx.db, ctx.merchantId, orderNoSub);
  if (!o) throw notFound('订单');
  return o;
}

export async function orderLines(ctx: SessionOpContext, orderNoSub: string): Promise<AfterSaleOrder> {
  const o = await requireOrder(ctx, orderNoSub);
  const room = await roomOf(ctx.db, o);
  return {
    orderNoSub: o.order_no_sub,
    channelName: channelName(o.channel),
    statusName: ORDER_STATUS[Number(o.status) as OrderStatus] ?? String(o.status),
    payStatusName: PAY_STATUS[Number(o.pay_status) as PayStatus] ?? String(o.pay_status),
    paidAmount: Number(o.paid_amount),
    refundedAmount: Number(o.refunded_amount),
    refundable: paid(o),
    lines: room.map((r) => ({
      lineNo: Number(r.line.line_no),
      skuCode: r.line.sku_code,
      skuName: r.line.sku_name,
      quantity: Number(r.line.quantity),
      unitPrice: Number(r.line.unit_price),
      amount: Number(r.line.amount),
      refundedQuantity: Number(r.line.refunded_quantity),
      refundedAmount: Number(r.line.refunded_amount),
      pendingQuantity: r.pendingQuantity,
      pendingAmount: r.pendingAmount,
      maxQuantity: r.maxQuantity,
      maxRefund: paid(o) ? r.maxRefund : 0,
    })),
  };
}

// ---------------------------------------------------------------- create

type CreateInput = z.output<typeof afterSaleCreateInput>;

/** Checks the request against the order: its state for the type, each line's room. */
function checkRequest(o: OrderRow, i: CreateInput, room: LineRoom[]) {
  if (refunding(i.type) && !paid(o)) {
    throw conflict(
      `订单${o.order_no_sub}支付状态为「${PAY_STATUS[Number(o.pay_status) as PayStatus] ?? ''}」，不能申请${typeName(i.type)}`,
    );
  }
  if (returning(i.type) && !delivered(o)) {
    throw conflict(
      `订单${o.order_no_sub}状态为「${ORDER_STATUS[Number(o.status) as OrderStatus] ?? ''}」，商品未送达，不能申请${typeName(i.type)}`,
    );
  }
  return i.lines.map((l, n) => {
    const r = room.find((x) => Number(x.line.line_no) === l.lineNo);
    if (!r) throw badInput(`第${n + 1}行：订单没有第${l.lineNo}行商品（字段：lines.${n}.lineNo）`);
    if (l.quantity > r.maxQuantity) {
      throw badInput(`第${n + 1}行：${r.line.sku_name}可申请${r.maxQuantity}件，本次${l.quantity}件（字段：lines.${n}.quantity）`);
    }
    if (l.refundAmount > r.maxRefund) {
      throw badInput(
        `第${n + 1}行：${r.line.sku_name}可退${yuan(r.maxRefund)}元，本次${yuan(l.refundAmount)}元（字段：lines.${n}.refundAmount）`,
      );
    }
    return { ...l, line: r.line };
  });
}

export async function create(ctx: SessionOpContext, i: CreateInput): Promise<AfterSaleState> {
  const o = await requireOrder(ctx, i.orderNoSub);
  const now = ctx.clock.now();
  const row = await withGeneratedCode(
    WORK_NUMBER_PREFIX,
    now,
    async (c) => (await findWork(ctx.db, ctx.merchantId, c)) !== undefined,
    { index: 'after_sale_no_uq', table: 'after_sale_order', columns: ['merchant_id', 'work_number'] },
    (workNumber) =>
      ctx.db.transaction().execute(async (trx) => {
        // the order row is the lock of its work orders: two requests for its last units are checked one after the other
        await trx.updateTable('sale_order').set({ updated_at: now }).where('id', '=', Number(o.id)).execute();
        const lines = checkRequest(o, i, await roomOf(trx, o));
        const refundAmount = lines.reduce((s, l) => s + l.refundAmount, 0);
        const id = Number(
          (
            await trx
              .insertInto('after_sale_order')
              .values({
                merchant_id: ctx.merchantId,
                work_number: workNumber,
                order_id: Number(o.id),
                order_no_sub: o.order_no_sub,
                channel: o.channel,
                type: i.type,
                reason: i.reason,
                description: i.description ?? '',
                user_id: o.user_id,
                item_count: lines.reduce((s, l) => s + l.quantity, 0),
                refund_amount: refundAmount,
                creator_name: ctx.session.userName,
                created_by: ctx.session.accountId,
                created_at: now,
                updated_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
        if (lines.length) {
          await trx
            .insertInto('after_sale_line')
            .values(
              lines.map((l, n) => ({
                merchant_id: ctx.merchantId,
                work_order_id: id,
                order_line_id: Number(l.line.id),
                line_no: n + 1,
                sku_id: Number(l.line.sku_id),
                sku_code: l.line.sku_code,
                sku_name: l.line.sku_name,
                quantity: l.quantity,
                refund_amount: l.refundAmount,
                created_at: now,
              })),
            )
            .execute();
        }
        const what = `${typeName(i.type)}：${i.reason}${refundAmount ? `，退款${yuan(refundAmount)}元` : ''}`;
        await writeHistory(trx, ctx, {
          subject: AFTER_SALE_SUBJECT,
          subjectId: workNumber,
          action: 'create',
          actionLabel: '新建工单',
          remark: `订单${o.order_no_sub}，${what}`,
        });
        await writeHistory(trx, ctx, {
          subject: orderSubject(o),
          subjectId: o.order_no_sub,
          action: 'after-sale',
          actionLabel: '申请售后',
          remark: `售后工单${workNumber}，${what}`,
        });
        return trx.selectFrom('after_sale_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      }),
    () => drawVolumeCode(WORK_NUMBER_PREFIX, now),
  );
  return stateOf(row);
}

// ---------------------------------------------------------------- steps

const findWork = (db: SessionOpContext['db'] | Transaction<Database>, merchantId: number, workNumber: string) =>
  db
    .selectFrom('after_sale_order')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('work_number', '=', workNumber.toUpperCase())
    .executeTakeFirst();

async function requireWork(ctx: SessionOpContext, workNumber: string) {
  const w = await findWork(ctx.db, ctx.merchantId, workNumber);
  if (!w) throw notFound('售后工单');
  return w;
}

/** The conditional state step (state and version) of a work order; false when it lost to another change. */
async function move(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  w: WorkRow,
  a: AfterSaleAction,
  version: number,
  set: Record<string, unknown>,
) {
  const t = AFTER_SALE_TRANSITIONS[a];
  const res = await trx
    .updateTable('after_sale_order')
    .set((eb) => ({ ...set, status: t.to, updated_at: ctx.clock.now(), version: eb('version', '+', 1) }))
    .where('id', '=', Number(w.id))
    .where('status', 'in', [...t.from])
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

async function refused(ctx: SessionOpContext, w: WorkRow, a: AfterSaleAction, version: number) {
  const now = (await findWork(ctx.db, ctx.merchantId, w.work_number)) ?? w;
  if (!afterSaleAllowed(a, Number(now.status))) {
    return conflict(`售后工单${w.work_number}状态为「${statusName(Number(now.status))}」，不能${AFTER_SALE_TRANSITIONS[a].label}`);
  }
  if (Number(now.version) !== version) return conflict(STALE_VERSION_MESSAGE);
  return conflict(`售后工单${w.work_number}正在处理，请刷新后重试`);
}

const statusChange = (from: number, to: number) => [
  { field: 'status', label: '工单状态', before: statusName(from), after: statusName(to) },
];

export async function accept(ctx: SessionOpContext, i: { workNumber: string; version: number; remark?: string }): Promise<AfterSaleState> {
  const w = await requireWork(ctx, i.workNumber);
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await move(trx, ctx, w, 'accept', i.version, { handler_id: ctx.session.accountId, handler_name: ctx.session.userName })))
      return false;
    await writeHistory(trx, ctx, {
      subject: AFTER_SALE_SUBJECT,
      subjectId: w.work_number,
      action: 'accept',
      actionLabel: '受理',
      changes: statusChange(Number(w.status), 1),
      remark: i.remark ?? '',
    });
    return true;
  });
  if (!done) throw await refused(ctx, w, 'accept', i.version);
  return stateOf(await requireWork(ctx, w.work_number));
}

export async function reject(ctx: SessionOpContext, i: { workNumber: string; version: number; reason: string }): Promise<AfterSaleState> {
  const w = await requireWork(ctx, i.workNumber);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const set = {
      reject_reason: i.reason,
      handler_id: ctx.session.accountId,
      handler_name: ctx.session.userName,
      completed_at: ctx.clock.now(),
    };
    if (!(await move(trx, ctx, w, 'reject', i.version, set))) return false;
    await writeHistory(trx, ctx, {
      subject: AFTER_SALE_SUBJECT,
      subjectId: w.work_number,
      action: 'reject',
      actionLabel: '驳回',
      changes: statusChange(Number(w.status), 3),
      remark: i.reason,
    });
    return true;
  });
  if (!done) throw await refused(ctx, w, 'reject', i.version);
  return stateOf(await requireWork(ctx, w.work_number));
}

/** Where returned goods go back: the line's location for a channel order, 库存中心 for a cabinet's (not into the slot). */
async function returnLocation(trx: Transaction<Database>, ctx: SessionOpContext, o: OrderRow, line: LineRow): Promise<number> {
  if (o.channel !== 'container' && Number(line.location_id)) return Number(line.location_id);
  return (await hubLocation(trx, ctx.merchantId, ctx.clock.now())).id;
}

/**
 * 完成: in one transaction the lines' refunded quantities and amounts are taken (never beyond a line), the goods of a
 * 退货退款 / 换货 come back (and 换货's replacement goes out), the work order is 已完成; then the refund goes through the
 * payment adapter.
 */
export async function complete(ctx: SessionOpContext, i: { workNumber: string; version: number; remark: string }): Promise<AfterSaleState> {
  const w = await requireWork(ctx, i.workNumber);
  const o = await findOrder(ctx.db, ctx.merchantId, w.order_no_sub);
  if (!o) throw notFound('订单');
  const lines: WorkLineRow[] = await ctx.db
    .selectFrom('after_sale_line')
    .selectAll()
    .where('work_order_id', '=', Number(w.id))
    .orderBy('line_no')
    .execute();
  const refundAmount = Number(w.refund_amount);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const set = {
      result: i.remark,
      refund_status: refundAmount > 0 ? REFUND_PENDING : REFUND_NONE,
      handler_id: ctx.session.accountId,
      handler_name: ctx.session.userName,
      completed_at: ctx.clock.now(),
    };
    if (!(await move(trx, ctx, w, 'complete', i.version, set))) return false;
    const orderLines = new Map((await linesOf(trx, Number(o.id))).map((l) => [Number(l.id), l]));
    const moves: StockMove[] = [];
    let locationId = 0;
    for (const [n, l] of lines.entries()) {
      const line = orderLines.get(Number(l.order_line_id));
      if (!line) throw new Error(`order line ${l.order_line_id} is gone`);
      if (refunding(w.type)) {
        // the line's hold: never beyond its quantity and amount, whatever other work orders took meanwhile
        const res = await trx
          .updateTable('sale_order_line')
          .set({
            refunded_quantity: sql<number>`refunded_quantity + ${Number(l.quantity)}`,
            refunded_amount: sql<number>`refunded_amount + ${Number(l.refund_amount)}`,
          })
          .where('id', '=', Number(line.id))
          .where(
            sql<boolean>`refunded_quantity + ${Number(l.quantity)} <= quantity and refunded_amount + ${Number(l.refund_amount)} <= amount`,
          )
          .executeTakeFirst();
        if (!Number(res.numUpdatedRows)) throw conflict(`第${n + 1}行：${line.sku_name}的退款将超过实付，请核对后重新申请`);
      }
      if (returning(w.type)) {
        locationId = await returnLocation(trx, ctx, o, line);
        const base = {
          locationId,
          skuId: Number(l.sku_id),
          docType: 'afterSale' as const,
          docCode: w.work_number,
          reason: `${typeName(w.type)}：${w.reason}`.slice(0, 200),
        };
        moves.push({ ...base, type: 'return', quantity: Number(l.quantity) });
        if (w.type === 'exchange') moves.push({ ...base, type: 'sale', quantity: -Number(l.quantity) });
      }
    }
    if (moves.length) {
      await postMovements(
        trx,
        { merchantId: ctx.merchantId, operatorId: ctx.session.accountId, operatorName: ctx.session.userName, now: ctx.clock.now() },
        moves,
      );
      await trx.updateTable('after_sale_order').set({ return_location_id: locationId }).where('id', '=', Number(w.id)).execute();
    }
    const what = [
      i.remark,
      refundAmount ? `退款${yuan(refundAmount)}元经支付渠道原路退回` : '',
      moves.length ? (w.type === 'exchange' ? '退回商品入库并换新出库' : '退回商品入库') : '',
    ]
      .filter(Boolean)
      .join('；');
    await writeHistory(trx, ctx, {
      subject: AFTER_SALE_SUBJECT,
      subjectId: w.work_number,
      action: 'complete',
      actionLabel: '完成',
      changes: statusChange(Number(w.status), 2),
      remark: what,
    });
    await writeHistory(trx, ctx, {
      subject: orderSubject(o),
      subjectId: o.order_no_sub,
      action: 'after-sale-done',
      actionLabel: '售后完成',
      remark: `售后工单${w.work_number}（${typeName(w.type)}）：${what}`.slice(0, 500),
    });
    return true;
  });
  if (!done) throw await refused(ctx, w, 'complete', i.version);
  if (refundAmount > 0) {
    try {
      await refund(ctx, {
        payNo: o.pay_no,
        amount: refundAmount,
        reason: `售后工单${w.work_number}：${w.reason}`.slice(0, 200),
        bizType: payBiz(o),
        bizNo: o.order_no_sub,
        requestKey: `${AFTER_SALE_REFUND_KEY}${w.work_number}`,
      });
    } catch (err) {
      // refused before it reached the provider (the payment's own limit): the hold on the lines is given back
      const why = err instanceof Error ? err.message : String(err);
      await ctx.db.transaction().execute((trx) => releaseWorkOrderRefund(trx, ctx, w.work_number, why));
    }
  }
  return stateOf(await requireWork(ctx, w.work_number));
}

// ---------------------------------------------------------------- reading

export interface AfterSaleFilter {
  workNumber?: string;
  orderNoSub?: string;
  type?: string;
  status?: number;
  createdRange?: [number, number];
}

export function listQuery(db: SessionOpContext['db'], merchantId: number, f: AfterSaleFilter) {
  let q = db.selectFrom('after_sale_order').selectAll().where('merchant_id', '=', merchantId);
  if (f.workNumber) q = q.where('work_number', '=', f.workNumber.toUpperCase());
  if (f.orderNoSub) q = q.where('order_no_sub', '=', f.orderNoSub.toUpperCase());
  if (f.type) q = q.where('type', '=', f.type);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.createdRange) q = q.where('created_at', '>=', f.createdRange[0]).where('created_at', '<=', f.createdRange[1]);
  return q;
}

export async function list(
  ctx: SessionOpContext,
  f: AfterSaleFilter & { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<AfterSaleRow>> {
  return createdAtPage(ctx, listQuery(ctx.db, ctx.merchantId, f), f, toRow);
}
export const exportQuery = (ctx: SessionOpContext, f: AfterSaleFilter) =>
  listQuery(ctx.db, ctx.merchantId, f).orderBy('created_at', 'desc').orderBy('id', 'desc');
export const exportRows = async (_ctx: SessionOpContext, rows: WorkRow[]) => rows.map(toRow);

export async function detail(ctx: SessionOpContext, workNumber: string): Promise<AfterSaleDetail> {
  const w = await requireWork(ctx, workNumber);
  const [lines, location] = await Promise.all([
    ctx.db.selectFrom('after_sale_line').selectAll().where('work_order_id', '=', Number(w.id)).orderBy('line_no').execute(),
    Number(w.return_location_id)
      ? ctx.db
          .selectFrom('stock_location')
          .select('name')
          .where('merchant_id', '=', ctx.merchantId)
          .where('id', '=', Number(w.return_location_id))
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    ...toRow(w),
    description: w.description,
    rejectReason: w.reject_reason,
    result: w.result,
    returnLocationName: location?.name ?? '',
    refundNo: w.refund_no,
    lines: lines.map((l) => ({
      lineNo: Number(l.line_no),
      skuCode: l.sku_code,
      skuName: l.sku_name,
      quantity: Number(l.quantity),
      refundAmount: Number(l.refund_amount),
    })),
  };
}

export async function history(
  ctx: SessionOpContext,
  i: { workNumber: string; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const w = await requireWork(ctx, i.workNumber);
  return historyPage(ctx, AFTER_SALE_SUBJECT, w.work_number, i);
}
