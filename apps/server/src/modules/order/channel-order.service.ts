import type { Paged } from '@merchant/contracts';
import { maskPhone } from '@merchant/contracts/core/format';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { priceForQuantity, type PriceTier } from '@merchant/contracts/mall/price-tiers';
import {
  CARRIERS,
  CHANNEL_ORDER_ACTIONS,
  CHANNEL_ORDER_KINDS,
  CHANNEL_ORDER_TRANSITIONS,
  CHANNEL_PAY_TIMEOUT_MS,
  channelOrderAllowed,
  type Carrier,
  type ChannelOrderDetail,
  type ChannelOrderKind,
  type ChannelOrderRow,
  type ChannelOrderState,
  type ChannelOrderTransition,
  type channelOrderIntakeSchema,
} from '@merchant/contracts/order/channel-order';
import {
  ORDER_CANCELLED,
  ORDER_NO_PREFIX,
  ORDER_STATUS,
  ORDER_TO_SHIP,
  ORDER_UNPAID,
  PAY_FAILED,
  PAY_NONE,
  PAY_PAID,
  PAY_PENDING,
  PAY_STATUS,
  type LinePriceSource,
  type OrderStatus,
  type PayStatus,
} from '@merchant/contracts/order/order-fields';
import { PAYMENT_PAID, PAYMENT_PENDING, REFUND_PENDING as REFUND_UNDER_WAY } from '@merchant/contracts/payment/payment-fields';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { drawVolumeCode, withGeneratedCode } from '../../platform/business-code.ts';
import { badInput, conflict, notFound, uniqueViolation, violates } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { parseJsonArray } from '../../platform/field-changes.ts';
import { historyPage, writeHistory } from '../../platform/record-history.ts';
import {
  charge,
  closeUnpaid,
  getPayment,
  onPaymentChange,
  paymentsOfBiz,
  refund,
  type PaymentChange,
  type PaymentEnv,
} from '../payment/payment.service.ts';
import { onSplitSource } from '../finance/split.ts';
import { resolvePrices } from '../price/price.resolver.ts';
import {
  ensureLocation,
  hubLocation,
  postMovements,
  wholesalerLocation,
  type StockActor,
  type StockMove,
} from '../stock/stock-ledger.service.ts';
import {
  ORDER_NO_INDEX,
  orderNoTaken,
  type LineRow,
  type OrderRow,
  findOrder,
  insertLines,
  insertOrder,
  linesOf,
  soldUnits,
  updateOrder,
} from './cabinet-order.repo.ts';
import * as repo from './channel-order.repo.ts';
import { applyOrderRefund } from './order-refunds.ts';
import { createdAtPage, lineView, paymentRow } from './order-views.ts';

// 渠道订单 (线上零售, 批发, 本地生活; docs/orders.md "渠道订单"): a channel's app sends an order through the open API; its
// goods are locked at the location it ships from (库存中心, 批发商库存, the store) in the intake's transaction — 库存不足
// refuses the order — and its lines priced (the price resolver for the channel or the store; a mall SKU's tier for its
// quantity). Paid through the payment adapter → 待发货; 发货 takes the locked goods out by 销售 movements; 取消发货 brings
// them back and locks them again; 确认收货 completes it. Cancelled from 待付款 (the channel, staff, the payment time-out)
// or 待发货 (staff: the money refunded): the lock is released. Every step is a conditional state update with its log entry.

export const CHANNEL_ORDER_SUBJECT = 'order.channel';
/** The payment adapter's business type of a channel order. */
export const CHANNEL_PAY_BIZ = 'channel-order';

const statusName = (s: number) => ORDER_STATUS[s as OrderStatus] ?? String(s);
const payStatusName = (s: number) => PAY_STATUS[s as PayStatus] ?? String(s);
const orNull = (v: unknown) => (Number(v) ? Number(v) : null);
const yuan = (cents: number) => (cents / 100).toFixed(2);
const carrierName = (c: string) => CARRIERS[c as Carrier] ?? '';

export function toRow(r: OrderRow): ChannelOrderRow {
  const status = Number(r.status);
  const payStatus = Number(r.pay_status);
  return {
    orderNoSub: r.order_no_sub,
    channelOrderNo: r.channel_order_no,
    appName: r.app_name,
    userId: r.user_id,
    receiverName: r.receiver_name,
    receiverPhone: maskPhone(r.receiver_phone),
    storeName: r.store_name,
    status,
    statusName: statusName(status),
    payStatus,
    payStatusName: payStatusName(payStatus),
    itemCount: Number(r.item_count),
    goodsAmount: Number(r.goods_amount),
    payAmount: Number(r.pay_amount),
    paidAmount: Number(r.paid_amount),
    refundedAmount: Number(r.refunded_amount),
    carrier: r.carrier,
    carrierName: carrierName(r.carrier),
    trackingNo: r.tracking_no,
    createdAt: Number(r.created_at),
    payDeadline: status === ORDER_UNPAID ? orNull(r.pay_deadline) : null,
    paidAt: orNull(r.paid_at),
    shippedAt: orNull(r.shipped_at),
    completedAt: orNull(r.completed_at),
    // a cancel waits while a payment is being made (the money could still arrive); 退款 only while money is still owed back
    actions: CHANNEL_ORDER_ACTIONS.filter(
      (a) =>
        channelOrderAllowed(a, status) &&
        !(a === 'cancel' && payStatus === PAY_PENDING) &&
        !(a === 'refund' && Number(r.paid_amount) <= Number(r.refunded_amount)),
    ),
    version: Number(r.version),
  };
}

export function stateOf(r: OrderRow, created?: boolean): ChannelOrderState {
  const row = toRow(r);
  return {
    orderNoSub: row.orderNoSub,
    channelOrderNo: row.channelOrderNo,
    status: row.status,
    statusName: row.statusName,
    payStatus: row.payStatus,
    payStatusName: row.payStatusName,
    payAmount: row.payAmount,
    payDeadline: row.payDeadline,
    carrierName: row.carrierName,
    trackingNo: row.trackingNo,
    ...(created === undefined ? {} : { created }),
  };
}

// ---------------------------------------------------------------- intake (the open API)

interface PricedLine {
  skuId: number;
  skuCode: string;
  skuName: string;
  quantity: number;
  unitPrice: number;
  source: LinePriceSource;
  priceOrderNo: string;
}

type Intake = z.output<typeof channelOrderIntakeSchema>;

/** The store of a 本地生活 order: required, of the merchant, open. */
async function storeFor(trx: Transaction<Database>, merchantId: number, i: Intake) {
  if (!i.storeCode) throw badInput('本地生活订单须填写门店编号（字段：storeCode）');
  const store = await repo.storeOf(trx, merchantId, i.storeCode);
  if (!store) throw notFound(`门店（${i.storeCode}）`);
  if (Number(store.status) !== 1) throw badInput(`门店「${store.name}」不在营业中，不能接单（字段：storeCode）`);
  return store;
}

/** Prices the lines for the channel: a goods SKU through the price resolver, a mall SKU by its tier for the quantity. */
async function priceLines(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  channel: ChannelOrderKind,
  i: Intake,
  storeId: number | undefined,
): Promise<PricedLine[]> {
  const codes = i.lines.map((l) => l.skuCode);
  if (channel === 'mall') {
    const found = new Map((await repo.mallSkusByCode(trx, ctx.merchantId, codes)).map((r) => [r.sku_code, r]));
    return i.lines.map((l, n) => {
      const m = found.get(l.skuCode);
      if (!m) throw badInput(`第${n + 1}行：商城SKU ${l.skuCode} 不存在（字段：lines.${n}.skuCode）`);
      if (Number(m.status) !== 1) throw badInput(`第${n + 1}行：商城SKU ${l.skuCode} 已下架（字段：lines.${n}.skuCode）`);
      if (m.goods_sku_id === null) throw badInput(`第${n + 1}行：商城SKU ${l.skuCode} 没有对应条码的商品SKU，无库存可发`);
      const tiers = parseJsonArray<PriceTier>(m.price_tiers);
      const price = priceForQuantity(tiers, l.quantity);
      if (price === null) {
        throw badInput(`第${n + 1}行：${m.name} 起批数量为${tiers[0]?.minQty ?? 1}，本次${l.quantity}（字段：lines.${n}.quantity）`);
      }
      return {
        skuId: Number(m.goods_sku_id),
        skuCode: m.sku_code,
        skuName: m.name,
        quantity: l.quantity,
        unitPrice: price,
        source: 'tier',
        priceOrderNo: '',
      };
    });
  }
  const found = new Map((await repo.goodsSkusByCode(trx, ctx.merchantId, codes)).map((r) => [r.sku_code, r]));
  const skus = i.lines.map((l, n) => {
    const s = found.get(l.skuCode);
    if (!s) throw badInput(`第${n + 1}行：SKU ${l.skuCode} 不存在（字段：lines.${n}.skuCode）`);
    if (Number(s.status) !== 1) throw badInput(`第${n + 1}行：SKU ${l.skuCode} 已下架（字段：lines.${n}.skuCode）`);
    return s;
  });
  const now = ctx.clock.now();
  const prices = await resolvePrices(
    trx,
    ctx.merchantId,
    skus.map((s) => ({ skuId: Number(s.id), channelCode: channel, storeId })),
    undefined,
    now,
  );
  return i.lines.map((l, n) => ({
    skuId: Number(skus[n].id),
    skuCode: skus[n].sku_code,
    skuName: skus[n].name,
    quantity: l.quantity,
    unitPrice: prices[n].priceCents,
    source: prices[n].layer,
    priceOrderNo: prices[n].orderNo,
  }));
}

/** Where the channel's goods are locked and ship from. */
async function shipLocation(
  trx: Transaction<Database>,
  merchantId: number,
  channel: ChannelOrderKind,
  store: { store_code: string; name: string } | undefined,
  now: number,
) {
  if (channel === 'online') return hubLocation(trx, merchantId, now);
  if (channel === 'mall') return wholesalerLocation(trx, merchantId, now);
  if (!store) throw new Error('a local-life order ships from its store');
  return ensureLocation(trx, merchantId, { kind: 'store', code: store.store_code, name: store.name }, now);
}

const actorOfCtx = (ctx: SessionOpContext): StockActor => ({
  merchantId: ctx.merchantId,
  operatorId: ctx.session.accountId,
  operatorName: ctx.session.userName,
  now: ctx.clock.now(),
});

/** The lines' movements at the order's location: lock (+), release (−), ship (out of on hand and lock), back (in and locked). */
function linesMoves(o: OrderRow, lines: LineRow[], kind: 'lock' | 'unlock' | 'ship' | 'back', reason: string): StockMove[] {
  return lines.map((l) => {
    const q = Number(l.quantity);
    const base = { locationId: Number(o.location_id), skuId: Number(l.sku_id), docType: 'order' as const, docCode: o.order_no_sub, reason };
    if (kind === 'lock') return { ...base, type: 'lock' as const, quantity: 0, lockDelta: q };
    if (kind === 'unlock') return { ...base, type: 'unlock' as const, quantity: 0, lockDelta: -q };
    if (kind === 'ship') return { ...base, type: 'sale' as const, quantity: -q, lockDelta: -q };
    return { ...base, type: 'return' as const, quantity: q, lockDelta: q };
  });
}

/**
 * Takes in a channel's order (idempotent by the channel's order number: the same number answers the order it made,
 * created false). The goods are locked at the shipping location in the same transaction; 库存不足 refuses the order.
 */
export async function intake(ctx: SessionOpContext, channel: ChannelOrderKind, appName: string, i: Intake): Promise<ChannelOrderState> {
  const prior = await repo.findByChannelNo(ctx.db, ctx.merchantId, channel, i.channelOrderNo);
  if (prior) return stateOf(prior, false);
  const now = ctx.clock.now();
  try {
    return await withGeneratedCode(
      ORDER_NO_PREFIX,
      now,
      (c) => orderNoTaken(ctx.db, ctx.merchantId, c),
      ORDER_NO_INDEX,
      (orderNoSub) =>
        ctx.db.transaction().execute(async (trx) => {
          const store = channel === 'locallife' ? await storeFor(trx, ctx.merchantId, i) : undefined;
          const lines = await priceLines(trx, ctx, channel, i, store ? Number(store.id) : undefined);
          const location = await shipLocation(trx, ctx.merchantId, channel, store, now);
          const goods = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
          if (goods <= 0) throw badInput('订单金额须大于0');
          const id = await insertOrder(trx, {
            merchant_id: ctx.merchantId,
            order_no_sub: orderNoSub,
            channel,
            status: ORDER_UNPAID,
            pay_status: PAY_NONE,
            user_id: i.userId,
            user_phone: i.receiverPhone,
            channel_order_no: i.channelOrderNo,
            app_name: appName,
            receiver_name: i.receiverName,
            receiver_phone: i.receiverPhone,
            receiver_address: i.receiverAddress,
            remark: i.remark ?? '',
            store_id: store ? Number(store.id) : 0,
            store_name: store?.name ?? '',
            location_id: location.id,
            item_count: lines.reduce((s, l) => s + l.quantity, 0),
            goods_amount: goods,
            pay_amount: goods,
            priced_at: now,
            pay_deadline: now + CHANNEL_PAY_TIMEOUT_MS,
            created_by: ctx.session.accountId,
            created_at: now,
            updated_at: now,
          });
          await insertLines(
            trx,
            lines.map((l, n) => ({
              merchant_id: ctx.merchantId,
              order_id: id,
              line_no: n + 1,
              sku_id: l.skuId,
              sku_code: l.skuCode,
              sku_name: l.skuName,
              location_id: location.id,
              quantity: l.quantity,
              unit_price: l.unitPrice,
              amount: l.unitPrice * l.quantity,
              price_layer: l.source,
              price_order_no: l.priceOrderNo,
              created_at: now,
            })),
          );
          const o = await findOrder(trx, ctx.merchantId, orderNoSub);
          if (!o) throw new Error('the order was not stored');
          await postMovements(
            trx,
            actorOfCtx(ctx),
            linesMoves(o, await linesOf(trx, id), 'lock', `${CHANNEL_ORDER_KINDS[channel].title}下单锁定`),
          );
          await writeHistory(trx, ctx, {
            subject: CHANNEL_ORDER_SUBJECT,
            subjectId: orderNoSub,
            action: 'create',
            actionLabel: '下单',
            remark:
              `渠道订单${i.channelOrderNo}，${lines.length}种商品${o.item_count}件，${yuan(goods)}元；库存已在「${location.name}」锁定`.slice(
                0,
                500,
              ),
          });
          return stateOf(o, true);
        }),
      () => drawVolumeCode(ORDER_NO_PREFIX, now),
    );
  } catch (err) {
    // the same channel order number sent twice at once: the other call's order is the answer
    const v = uniqueViolation(err);
    if (v && violates(v, repo.CHANNEL_NO_INDEX)) {
      const won = await repo.findByChannelNo(ctx.db, ctx.merchantId, channel, i.channelOrderNo);
      if (won) return stateOf(won, false);
    }
    throw err;
  }
}

/** An order of the channel by our number or the channel's. */
async function orderByRef(ctx: SessionOpContext, channel: ChannelOrderKind, ref: { orderNoSub?: string; channelOrderNo?: string }) {
  const o = ref.orderNoSub
    ? await findOrder(ctx.db, ctx.merchantId, ref.orderNoSub)
    : await repo.findByChannelNo(ctx.db, ctx.merchantId, channel, ref.channelOrderNo ?? '');
  if (!o || o.channel !== channel) throw notFound('订单');
  return o;
}

export const stateByRef = async (ctx: SessionOpContext, channel: ChannelOrderKind, ref: { orderNoSub?: string; channelOrderNo?: string }) =>
  stateOf(await orderByRef(ctx, channel, ref));

/**
 * Pays a 待付款 order through the payment adapter (idempotent: while a payment of it is 待支付 or 已支付 the same one
 * answers). A settled answer reaches the order through the handler below; a pending one shows 支付中.
 */
export async function pay(
  ctx: SessionOpContext,
  channel: ChannelOrderKind,
  i: { orderNoSub?: string; channelOrderNo?: string; scenario?: 'ok' | 'fail' | 'pending' },
): Promise<ChannelOrderState> {
  const o = await orderByRef(ctx, channel, i);
  if (Number(o.status) !== ORDER_UNPAID) throw conflict(`订单${o.order_no_sub}状态为「${statusName(Number(o.status))}」，不能支付`);
  const p = await charge(ctx, {
    bizType: CHANNEL_PAY_BIZ,
    bizNo: o.order_no_sub,
    amount: Number(o.pay_amount),
    subject: `${CHANNEL_ORDER_KINDS[channel].title} ${o.channel_order_no}`.slice(0, 128),
    scenario: i.scenario,
  });
  if (p.status === PAYMENT_PENDING) {
    await updateOrder(ctx.db, Number(o.id), { pay_status: PAY_PENDING, pay_no: p.payNo, updated_at: ctx.clock.now() }, [ORDER_UNPAID]);
  }
  return stateOf((await findOrder(ctx.db, ctx.merchantId, o.order_no_sub)) ?? o);
}

// ---------------------------------------------------------------- state steps

/**
 * One transition of an order, conditional on its state (and, for staff, its version): the order row, its stock moves and
 * its log entry in one transaction. A transition lost to another one, or to an edit since the page was read, changes
 * nothing and is refused.
 */
async function step(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  o: OrderRow,
  which: ChannelOrderTransition,
  set: Parameters<typeof updateOrder>[2],
  opts: {
    version?: number;
    moves?: 'unlock' | 'ship' | 'back';
    remark: string;
    changes?: { field: string; label: string; before: string; after: string }[];
  },
): Promise<boolean> {
  const t = CHANNEL_ORDER_TRANSITIONS[which];
  let q = trx
    .updateTable('sale_order')
    .set((eb) => ({ ...set, status: t.to, updated_at: ctx.clock.now(), version: eb('version', '+', 1) }))
    .where('id', '=', Number(o.id))
    .where('status', 'in', [...t.from]);
  if (opts.version !== undefined) q = q.where('version', '=', opts.version);
  const res = await q.executeTakeFirst();
  if (!Number(res.numUpdatedRows)) return false;
  if (opts.moves) await postMovements(trx, actorOfCtx(ctx), linesMoves(o, await linesOf(trx, Number(o.id)), opts.moves, `${t.label}`));
  await writeHistory(trx, ctx, {
    subject: CHANNEL_ORDER_SUBJECT,
    subjectId: o.order_no_sub,
    action: which,
    actionLabel: t.label,
    changes: [
      { field: 'status', label: '订单状态', before: statusName(Number(o.status)), after: statusName(t.to) },
      ...(opts.changes ?? []),
    ],
    remark: opts.remark.slice(0, 500),
  });
  return true;
}

/** Why a staff step was refused: the order moved on, or someone changed it since the page read it. */
async function refusal(ctx: SessionOpContext, o: OrderRow, which: ChannelOrderTransition | 'updateLogistics', version: number) {
  const now = (await findOrder(ctx.db, ctx.merchantId, o.order_no_sub)) ?? o;
  const status = Number(now.status);
  const allowed =
    which === 'updateLogistics'
      ? channelOrderAllowed('updateLogistics', status)
      : (CHANNEL_ORDER_TRANSITIONS[which].from as readonly number[]).includes(status);
  if (!allowed) {
    const label = which === 'updateLogistics' ? '修改物流信息' : CHANNEL_ORDER_TRANSITIONS[which].label;
    return conflict(`订单${o.order_no_sub}状态为「${statusName(status)}」，不能${label}`);
  }
  if (Number(now.version) !== version) return conflict(STALE_VERSION_MESSAGE);
  return conflict(`订单${o.order_no_sub}正在处理，请刷新后重试`);
}

async function requireOrder(ctx: SessionOpContext, channel: ChannelOrderKind, orderNoSub: string) {
  const o = await findOrder(ctx.db, ctx.merchantId, orderNoSub);
  if (!o || o.channel !== channel) throw notFound('订单');
  return o;
}

const logistics = (carrier: string, trackingNo: string) => `${carrierName(carrier)} ${trackingNo}`.trim();

export async function ship(
  ctx: SessionOpContext,
  channel: ChannelOrderKind,
  i: { orderNoSub: string; version: number; carrier: Carrier; trackingNo: string },
): Promise<ChannelOrderState> {
  const o = await requireOrder(ctx, channel, i.orderNoSub);
  const done = await ctx.db.transaction().execute((trx) =>
    step(
      trx,
      ctx,
      o,
      'ship',
      { carrier: i.carrier, tracking_no: i.trackingNo, shipped_at: ctx.clock.now() },
      {
        version: i.version,
        moves: 'ship',
        remark: `${logistics(i.carrier, i.trackingNo)}；商品从发货仓销售出库`,
        changes: [{ field: 'logistics', label: '物流', before: '', after: logistics(i.carrier, i.trackingNo) }],
      },
    ),
  );
  if (!done) throw await refusal(ctx, o, 'ship', i.version);
  return stateOf(await requireOrder(ctx, channel, i.orderNoSub));
}

export async function updateLogistics(
  ctx: SessionOpContext,
  channel: ChannelOrderKind,
  i: { orderNoSub: string; version: number; carrier: Carrier; trackingNo: string },
): Promise<ChannelOrderState> {
  const o = await requireOrder(ctx, channel, i.orderNoSub);
  const before = logistics(o.carrier, o.tracking_no);
  const after = logistics(i.carrier, i.trackingNo);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('sale_order')
      .set((eb) => ({ carrier: i.carrier, tracking_no: i.trackingNo, updated_at: ctx.clock.now(), version: eb('version', '+', 1) }))
      .where('id', '=', Number(o.id))
      .where('status', '=', 2)
      .where('version', '=', i.version)
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) return false;
    await writeHistory(trx, ctx, {
      subject: CHANNEL_ORDER_SUBJECT,
      subjectId: o.order_no_sub,
      action: 'logistics',
      actionLabel: '修改物流信息',
      changes: [{ field: 'logistics', label: '物流', before, after }],
    });
    return true;
  });
  if (!done) throw await refusal(ctx, o, 'updateLogistics', i.version);
  return stateOf(await requireOrder(ctx, channel, i.orderNoSub));
}

export async function cancelShipment(
  ctx: SessionOpContext,
  channel: ChannelOrderKind,
  i: { orderNoSub: string; version: number; reason: string },
): Promise<ChannelOrderState> {
  const o = await requireOrder(ctx, channel, i.orderNoSub);
  const done = await ctx.db.transaction().execute((trx) =>
    step(
      trx,
      ctx,
      o,
      'cancelShipment',
      { carrier: '', tracking_no: '', shipped_at: 0 },
      {
        version: i.version,
        moves: 'back',
        remark: `${i.reason}；商品退回发货仓并重新锁定`,
        changes: [{ field: 'logistics', label: '物流', before: logistics(o.carrier, o.tracking_no), after: '' }],
      },
    ),
  );
  if (!done) throw await refusal(ctx, o, 'cancelShipment', i.version);
  return stateOf(await requireOrder(ctx, channel, i.orderNoSub));
}

/** 确认收货: by staff (with the version read) or the channel (without). */
export async function receive(
  ctx: SessionOpContext,
  channel: ChannelOrderKind,
  i: { orderNoSub?: string; channelOrderNo?: string; version?: number },
) {
  const o = await orderByRef(ctx, channel, i);
  const done = await ctx.db
    .transaction()
    .execute((trx) =>
      step(trx, ctx, o, 'receive', { completed_at: ctx.clock.now() }, { version: i.version, remark: logistics(o.carrier, o.tracking_no) }),
    );
  if (!done) throw await refusal(ctx, o, 'receive', i.version ?? Number(o.version));
  return stateOf(await requireOrder(ctx, channel, o.order_no_sub));
}

/**
 * 取消订单 by staff (with the version read) or the channel: the lock released; a paid order's money refunded through the
 * payment adapter (after the cancel is committed; idempotent by the order). Refused while a payment is being made.
 */
export async function cancel(
  ctx: SessionOpContext,
  channel: ChannelOrderKind,
  i: { orderNoSub?: string; channelOrderNo?: string; version?: number; reason: string },
): Promise<ChannelOrderState> {
  const o = await orderByRef(ctx, channel, i);
  if (Number(o.pay_status) === PAY_PENDING && Number(o.status) === ORDER_UNPAID) {
    throw conflict(`订单${o.order_no_sub}正在支付中，请待支付结果后再取消`);
  }
  const paid = Number(o.status) === ORDER_TO_SHIP ? Number(o.paid_amount) : 0;
  const done = await ctx.db.transaction().execute((trx) =>
    step(
      trx,
      ctx,
      o,
      'cancel',
      { cancel_reason: i.reason, cancelled_at: ctx.clock.now(), pay_deadline: 0 },
      {
        version: i.version,
        moves: 'unlock',
        remark: `${i.reason}；锁定库存已释放${paid ? `；已付${yuan(paid)}元原路退回` : ''}`,
      },
    ),
  );
  if (!done) throw await refusal(ctx, o, 'cancel', i.version ?? Number(o.version));
  if (paid > 0) await refundAll(ctx, o, paid, i.reason);
  return stateOf(await requireOrder(ctx, channel, o.order_no_sub));
}

/**
 * Refunds what was paid on a cancelled order. A refusal before the provider is written to the order's log; a refusal by
 * the provider reaches the log through the adapter's answer (applyOrderRefund) — either way staff send it again with 退款.
 */
async function refundAll(ctx: SessionOpContext, o: OrderRow, amount: number, reason: string, requestKey = `cancel:${o.order_no_sub}`) {
  try {
    await refund(ctx, {
      payNo: o.pay_no,
      amount,
      reason: `取消订单：${reason}`.slice(0, 200),
      bizType: CHANNEL_PAY_BIZ,
      bizNo: o.order_no_sub,
      requestKey,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.error({ err, orderNoSub: o.order_no_sub }, 'refunding a cancelled channel order failed');
    await writeHistory(ctx.db, ctx, {
      subject: CHANNEL_ORDER_SUBJECT,
      subjectId: o.order_no_sub,
      action: 'refund-failed',
      actionLabel: '退款未完成',
      remark: `支付单${o.pay_no} ${yuan(amount)}元：${message}`.slice(0, 500),
    });
  }
}

/**
 * 退款 by staff: a cancelled order whose paid money did not all go back (the provider refused the refund on cancel, or it
 * failed before reaching it) sends what its payment can still refund through the adapter again. Refused while a refund is
 * under way at the provider, and when nothing is owed back. Each attempt has its own request key (`cancel:<order>:<n>`,
 * n = the payment's refunds so far), so two clicks at once make one refund.
 */
export async function retryRefund(
  ctx: SessionOpContext,
  channel: ChannelOrderKind,
  i: { orderNoSub: string; version: number },
): Promise<ChannelOrderState> {
  const o = await requireOrder(ctx, channel, i.orderNoSub);
  if (Number(o.status) !== ORDER_CANCELLED) {
    throw conflict(`订单${o.order_no_sub}状态为「${statusName(Number(o.status))}」，只有已取消的订单可以退款（其他订单请走售后工单）`);
  }
  if (Number(o.version) !== i.version) throw conflict(STALE_VERSION_MESSAGE);
  const owed = Number(o.paid_amount) - Number(o.refunded_amount);
  if (owed <= 0 || !o.pay_no) throw conflict(`订单${o.order_no_sub}已付款项已全部退回，无需再退款`);
  const { payment, refunds } = await getPayment(ctx, o.pay_no);
  if (refunds.some((r) => r.status === REFUND_UNDER_WAY)) {
    throw conflict(`订单${o.order_no_sub}的退款正在支付渠道处理中，请等待结果后再操作`);
  }
  const amount = Math.min(owed, payment.refundable);
  if (amount <= 0) throw conflict(`支付单${payment.payNo}已没有可退金额，请核对支付记录`);
  await refundAll(ctx, o, amount, o.cancel_reason || '订单已取消', `cancel:${o.order_no_sub}:${refunds.length}`);
  return stateOf(await requireOrder(ctx, channel, o.order_no_sub));
}

// ---------------------------------------------------------------- the payment adapter's answers

async function onChannelPayment(trx: Transaction<Database>, change: PaymentChange, ctx: SessionOpContext): Promise<void> {
  const o = await findOrder(trx, ctx.merchantId, change.payment.bizNo);
  if (!o) return;
  const p = change.payment;
  const now = ctx.clock.now();
  if (change.event === 'paid') {
    await markPaid(trx, ctx, o, p);
  } else if (change.event === 'failed' || change.event === 'closed') {
    // still 待付款: the consumer may pay again before the deadline
    const res = await updateOrder(trx, Number(o.id), { pay_status: PAY_FAILED, pay_no: p.payNo, updated_at: now }, [ORDER_UNPAID]);
    if (Number(res.numUpdatedRows)) {
      await writeHistory(trx, ctx, {
        subject: CHANNEL_ORDER_SUBJECT,
        subjectId: o.order_no_sub,
        action: 'pay-failed',
        actionLabel: '支付未成功',
        remark: `${p.providerLabel}：${change.event === 'closed' ? '支付超时未完成' : p.failReason || '支付失败'}（支付单${p.payNo}）`,
      });
    }
  } else if (change.event === 'late-paid') {
    await lateMoney(trx, ctx, o, p.payNo, p.providerLabel);
  } else if (change.event === 'refunded' || change.event === 'refund-failed') {
    await applyOrderRefund(trx, ctx, o, CHANNEL_ORDER_SUBJECT, change);
  }
}
onPaymentChange(CHANNEL_PAY_BIZ, onChannelPayment);
// the money ledger: a channel's order has no cabinet (the merchant, its consigning suppliers and the platform share it)
onSplitSource(CHANNEL_PAY_BIZ, async (trx, merchantId, bizNo) => {
  const o = await findOrder(trx, merchantId, bizNo);
  return o && { orderNo: o.order_no_sub, channel: o.channel, deviceCode: '', lines: await soldUnits(trx, Number(o.id)) };
});

/** A settled payment moves a 待付款 order to 待发货; money for an order that moved on is logged to be returned. */
export async function markPaid(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  o: OrderRow,
  p: { payNo: string; amount: number; providerLabel: string },
): Promise<void> {
  const moved = await step(
    trx,
    ctx,
    o,
    'pay',
    { pay_status: PAY_PAID, pay_no: p.payNo, paid_amount: p.amount, paid_at: ctx.clock.now(), pay_deadline: 0 },
    { remark: `${p.providerLabel} ${yuan(p.amount)}元（支付单${p.payNo}）` },
  );
  if (!moved) await lateMoney(trx, ctx, o, p.payNo, p.providerLabel);
}

/** Money that arrived for an order that no longer takes it (cancelled, timed out): logged for a refund by hand. */
function lateMoney(trx: Transaction<Database>, ctx: SessionOpContext, o: OrderRow, payNo: string, provider: string) {
  return writeHistory(trx, ctx, {
    subject: CHANNEL_ORDER_SUBJECT,
    subjectId: o.order_no_sub,
    action: 'late-paid',
    actionLabel: '订单已取消后收到付款',
    remark: `${provider}支付单${payNo}在订单${statusName(Number(o.status))}后支付成功：该笔款项须退回用户`,
  });
}

// ---------------------------------------------------------------- the sweep

/**
 * Closes payments past their time-out (the adapter's closeUnpaid), then cancels unpaid channel orders past their
 * deadline (支付超时) and releases their stock, as 系统（超时关闭）. An order with a payment still being made waits for
 * the payment's own time-out. Returns how many orders it cancelled.
 */
export async function sweepUnpaid(env: PaymentEnv, ctxOf: (merchantId: number) => SessionOpContext): Promise<number> {
  await closeUnpaid(env);
  let cancelled = 0;
  for (const r of await repo.overdueUnpaid(env.db, env.clock.now(), 200)) {
    const ctx = ctxOf(Number(r.merchant_id));
    try {
      const o = await findOrder(ctx.db, ctx.merchantId, r.order_no_sub);
      if (!o || Number(o.pay_status) === PAY_PENDING) continue;
      const open = (await paymentsOfBiz(ctx, ctx.merchantId, CHANNEL_PAY_BIZ, o.order_no_sub)).some(
        (p) => p.status === PAYMENT_PENDING || p.status === PAYMENT_PAID,
      );
      if (open) continue;
      const done = await ctx.db.transaction().execute((trx) =>
        step(
          trx,
          ctx,
          o,
          'timeout',
          { cancel_reason: '支付超时', cancelled_at: ctx.clock.now(), pay_deadline: 0 },
          {
            moves: 'unlock',
            remark: `下单后${CHANNEL_PAY_TIMEOUT_MS / 60_000}分钟未支付；锁定库存已释放`,
          },
        ),
      );
      if (done) cancelled++;
    } catch (err) {
      ctx.log.error({ err, orderNoSub: r.order_no_sub }, 'closing an unpaid channel order failed');
    }
  }
  return cancelled;
}

// ---------------------------------------------------------------- reading

export async function list(
  ctx: SessionOpContext,
  channel: ChannelOrderKind,
  f: repo.ChannelOrderFilter & { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<ChannelOrderRow>> {
  return createdAtPage(ctx, repo.listQuery(ctx.db, ctx.merchantId, channel, f), f, toRow);
}
export const exportQuery = (ctx: SessionOpContext, channel: ChannelOrderKind, f: repo.ChannelOrderFilter) =>
  repo.listQuery(ctx.db, ctx.merchantId, channel, f).orderBy('created_at', 'desc').orderBy('id', 'desc');
export const exportRows = async (_ctx: SessionOpContext, rows: OrderRow[]) => rows.map(toRow);

export async function detail(ctx: SessionOpContext, channel: ChannelOrderKind, orderNoSub: string): Promise<ChannelOrderDetail> {
  const o = await requireOrder(ctx, channel, orderNoSub);
  const [lines, payments, location] = await Promise.all([
    linesOf(ctx.db, Number(o.id)),
    paymentsOfBiz(ctx, ctx.merchantId, CHANNEL_PAY_BIZ, o.order_no_sub),
    ctx.db
      .selectFrom('stock_location')
      .select('name')
      .where('merchant_id', '=', ctx.merchantId)
      .where('id', '=', Number(o.location_id))
      .executeTakeFirst(),
  ]);
  return {
    ...toRow(o),
    receiverAddress: o.receiver_address,
    remark: o.remark,
    cancelReason: o.cancel_reason,
    locationName: location?.name ?? '',
    lines: lines.map(lineView),
    payments: payments.map(paymentRow),
  };
}

export async function history(
  ctx: SessionOpContext,
  channel: ChannelOrderKind,
  i: { orderNoSub: string; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const o = await requireOrder(ctx, channel, i.orderNoSub);
  return historyPage(ctx, CHANNEL_ORDER_SUBJECT, o.order_no_sub, i);
}
