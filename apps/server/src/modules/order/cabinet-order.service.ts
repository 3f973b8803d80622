import type { Paged } from '@merchant/contracts';
import { maskPhone } from '@merchant/contracts/core/format';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { DoorClosedEventData } from '@merchant/contracts/device/device-protocol';
import type { CabinetOrderDetail, CabinetOrderRow } from '@merchant/contracts/order/cabinet-order';
import {
  CABINET_ORDER_TRANSITIONS,
  CONFIDENCE_THRESHOLD,
  EXCEPTION_TYPES,
  ORDER_ABNORMAL,
  ORDER_STATUS,
  ORDER_UNPAID,
  PAY_FAILED,
  PAY_NONE,
  PAY_PAID,
  PAY_PENDING,
  PAY_STATUS,
  WEIGHT_TOLERANCE_GRAMS,
  WEIGHT_TOLERANCE_PERMILLE,
  type CabinetOrderTransition,
  type ExceptionType,
  type OrderStatus,
  type PayStatus,
} from '@merchant/contracts/order/order-fields';
import type { PriceLayer } from '@merchant/contracts/price/price-fields';
import { PAYMENT_PAID, PAYMENT_PENDING } from '@merchant/contracts/payment/payment-fields';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { historyPage, writeHistory } from '../../platform/record-history.ts';
import { charge, onPaymentChange, paymentsOfBiz, type PaymentChange } from '../payment/payment.service.ts';
import { onSplitSource } from '../finance/split.ts';
import { resolvePrices } from '../price/price.resolver.ts';
import { cabinetSlotLocations, postMovements, type StockActor } from '../stock/stock-ledger.service.ts';
import * as repo from './cabinet-order.repo.ts';
import { applyOrderRefund } from './order-refunds.ts';
import { createdAtPage, lineView, paymentRow } from './order-views.ts';

// 销售订单 of the cabinets (docs/orders.md "智能柜购物"): made from a door session's door-closed report — priced by the
// price resolver at the moment the door opened, the slots' stock taken by 销售 movements in the same transaction —
// then charged through the payment adapter; the adapter's answer (here or by notification) settles the order.
// A report a person must check (low confidence, goods the slot does not hold, a weight that does not add up, stock
// the books do not have) makes an abnormal order (异常) that moves no stock until staff correct it.

export const CABINET_ORDER_SUBJECT = 'order.cabinet';
/** The payment adapter's business type of a cabinet order. */
export const CABINET_PAY_BIZ = 'cabinet-order';

const statusName = (s: number) => ORDER_STATUS[s as OrderStatus] ?? String(s);
const payStatusName = (s: number) => PAY_STATUS[s as PayStatus] ?? String(s);
const orNull = (v: unknown) => (Number(v) ? Number(v) : null);
const yuan = (cents: number) => (cents / 100).toFixed(2);

export function toRow(r: repo.OrderRow): CabinetOrderRow {
  const status = Number(r.status);
  const payStatus = Number(r.pay_status);
  return {
    orderNoSub: r.order_no_sub,
    applyCode: r.apply_code,
    deviceCode: r.device_code,
    deviceName: r.device_name,
    pointName: r.point_name,
    userId: r.user_id,
    userPhone: maskPhone(r.user_phone),
    status,
    statusName: statusName(status),
    payStatus,
    payStatusName: payStatusName(payStatus),
    excepType: r.excep_type,
    excepTypeName: EXCEPTION_TYPES[r.excep_type as ExceptionType] ?? '',
    itemCount: Number(r.item_count),
    goodsAmount: Number(r.goods_amount),
    payAmount: Number(r.pay_amount),
    paidAmount: Number(r.paid_amount),
    refundedAmount: Number(r.refunded_amount),
    createdAt: Number(r.created_at),
    paidAt: orNull(r.paid_at),
    completedAt: orNull(r.completed_at),
    version: Number(r.version),
  };
}

// ---------------------------------------------------------------- making an order from a door-closed report

export interface PricedLine {
  slotNo: string;
  skuId: number;
  skuCode: string;
  skuName: string;
  quantity: number;
  unitPrice: number;
  layer: PriceLayer;
  priceOrderNo: string;
  /** ‰ */
  confidence: number;
}
export interface OrderDraft {
  lines: PricedLine[];
  /** The first reason a person must look (the order is then 异常), '' when none. */
  excepType: ExceptionType | '';
  /** Every reason, in words. */
  reasons: string[];
}

const flag = (d: OrderDraft, type: ExceptionType, reason: string) => {
  if (!d.excepType) d.excepType = type;
  d.reasons.push(reason);
};

/**
 * What a door-closed report bought, priced at `pricedAt` (the door opening): each item checked against the cabinet's
 * planogram (device_goods) and its confidence, the weight checked when the cabinet weighs. Items of one slot and SKU
 * are one line. An item of a slot the cabinet does not have is dropped (and named in the reasons).
 */
export async function draftOrder(
  trx: Transaction<Database>,
  merchantId: number,
  deviceCode: string,
  data: DoorClosedEventData,
  pricedAt: number,
  now: number,
): Promise<OrderDraft> {
  const draft: OrderDraft = { lines: [], excepType: '', reasons: [] };
  const planogram = await trx
    .selectFrom('device_goods')
    .select(['slot_no', 'sku_id'])
    .where('merchant_id', '=', merchantId)
    .where('device_code', '=', deviceCode)
    .execute();
  const skuOfSlot = new Map(planogram.map((s) => [s.slot_no, Number(s.sku_id)]));
  const merged = new Map<string, { slotNo: string; skuId: number; quantity: number; confidence: number }>();
  for (const item of data.items) {
    const planned = skuOfSlot.get(item.slotNo);
    if (planned === undefined) {
      flag(draft, 'unknown-goods', `货道${item.slotNo}不在本柜的商品配置中（识别为SKU ${item.skuId} × ${item.quantity}）`);
      continue;
    }
    const confidence = Math.round(item.confidence * 1000);
    if (planned !== item.skuId) flag(draft, 'unknown-goods', `货道${item.slotNo}配置的是SKU ${planned}，识别为SKU ${item.skuId}`);
    if (confidence < CONFIDENCE_THRESHOLD)
      flag(draft, 'low-confidence', `货道${item.slotNo}识别置信度${(confidence / 10).toFixed(1)}%，低于${CONFIDENCE_THRESHOLD / 10}%`);
    const key = `${item.slotNo}|${item.skuId}`;
    const m = merged.get(key);
    if (m) {
      m.quantity += item.quantity;
      m.confidence = Math.min(m.confidence, confidence);
    } else merged.set(key, { slotNo: item.slotNo, skuId: item.skuId, quantity: item.quantity, confidence });
  }
  if (data.weight) {
    const { expectedGrams, measuredGrams } = data.weight;
    const tolerance = Math.max(WEIGHT_TOLERANCE_GRAMS, Math.round((expectedGrams * WEIGHT_TOLERANCE_PERMILLE) / 1000));
    if (Math.abs(expectedGrams - measuredGrams) > tolerance)
      flag(draft, 'weight-mismatch', `称重${measuredGrams}克，识别商品应重${expectedGrams}克（允许误差${tolerance}克）`);
  }
  const items = [...merged.values()];
  if (!items.length) return draft;
  // SKUs of the report that are not the merchant's: the slot's planned SKU stands in (flagged above as not matching)
  const skus = await trx
    .selectFrom('goods_sku')
    .select(['id', 'sku_code', 'name'])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', [...new Set([...items.map((i) => i.skuId), ...items.map((i) => skuOfSlot.get(i.slotNo)!)])])
    .execute();
  const skuById = new Map(skus.map((s) => [Number(s.id), s]));
  for (const i of items) if (!skuById.has(i.skuId)) i.skuId = skuOfSlot.get(i.slotNo)!;
  const prices = await resolvePrices(
    trx,
    merchantId,
    items.map((i) => ({ skuId: i.skuId, deviceCode })),
    pricedAt,
    now,
  );
  draft.lines = items.map((i, n) => {
    const sku = skuById.get(i.skuId)!;
    return {
      slotNo: i.slotNo,
      skuId: i.skuId,
      skuCode: sku.sku_code,
      skuName: sku.name,
      quantity: i.quantity,
      unitPrice: prices[n].priceCents,
      layer: prices[n].layer,
      priceOrderNo: prices[n].orderNo,
      confidence: i.confidence,
    };
  });
  return draft;
}

/** An order's line rows (line numbers from 1) for priced lines and their slots' stock locations, in order. */
export const lineRows = (merchantId: number, orderId: number, lines: PricedLine[], locations: { id: number }[], now: number) =>
  lines.map((l, n) => ({
    merchant_id: merchantId,
    order_id: orderId,
    line_no: n + 1,
    sku_id: l.skuId,
    sku_code: l.skuCode,
    sku_name: l.skuName,
    slot_no: l.slotNo,
    location_id: Number(locations[n].id),
    quantity: l.quantity,
    unit_price: l.unitPrice,
    amount: l.unitPrice * l.quantity,
    price_layer: l.layer,
    price_order_no: l.priceOrderNo,
    confidence: l.confidence,
    created_at: now,
  }));

export interface SessionRef {
  applyCode: string;
  deviceCode: string;
  deviceName: string;
  pointName: string;
  userId: string;
  userPhone: string;
  openedAt: number;
}

/**
 * Writes the cabinet order of a door session in the caller's transaction under `orderNoSub`: a normal draft is 待付款
 * and takes each line out of its slot (销售, through the ledger — 库存不足 refuses the whole transaction, and the caller
 * writes it again as 异常 库存不符); an abnormal draft is 异常 and moves no stock. Returns the order's id.
 */
export async function writeOrder(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  orderNoSub: string,
  s: SessionRef,
  draft: OrderDraft,
): Promise<number> {
  const now = ctx.clock.now();
  const abnormal = Boolean(draft.excepType);
  const goods = draft.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const id = await repo.insertOrder(trx, {
    merchant_id: ctx.merchantId,
    order_no_sub: orderNoSub,
    channel: repo.CABINET,
    status: abnormal ? ORDER_ABNORMAL : ORDER_UNPAID,
    pay_status: PAY_NONE,
    excep_type: draft.excepType,
    excep_reason: draft.reasons.join('；').slice(0, 500),
    stock_posted: abnormal ? 0 : 1,
    device_code: s.deviceCode,
    device_name: s.deviceName,
    point_name: s.pointName,
    apply_code: s.applyCode,
    user_id: s.userId,
    user_phone: s.userPhone,
    item_count: draft.lines.reduce((n, l) => n + l.quantity, 0),
    goods_amount: goods,
    pay_amount: goods,
    priced_at: s.openedAt,
    created_by: ctx.session.accountId,
    created_at: now,
    updated_at: now,
  });
  const locations = draft.lines.length
    ? await cabinetSlotLocations(
        trx,
        ctx.merchantId,
        draft.lines.map((l) => ({ deviceCode: s.deviceCode, slotNo: l.slotNo })),
        now,
      )
    : [];
  await repo.insertLines(trx, lineRows(ctx.merchantId, id, draft.lines, locations, now));
  if (!abnormal) {
    const actor: StockActor = { merchantId: ctx.merchantId, operatorId: ctx.session.accountId, operatorName: ctx.session.userName, now };
    await postMovements(
      trx,
      actor,
      draft.lines.map((l, n) => ({
        locationId: locations[n].id,
        skuId: l.skuId,
        type: 'sale' as const,
        quantity: -l.quantity,
        docType: 'order' as const,
        docCode: orderNoSub,
        reason: `开门单${s.applyCode}`,
      })),
    );
  }
  await writeHistory(trx, ctx, {
    subject: CABINET_ORDER_SUBJECT,
    subjectId: orderNoSub,
    action: 'create',
    actionLabel: abnormal ? '生成异常订单' : '生成订单',
    remark: [
      `开门单${s.applyCode}，${draft.lines.length}种商品，${yuan(goods)}元（按开门时价格）`,
      abnormal ? `${EXCEPTION_TYPES[draft.excepType as ExceptionType]}：${draft.reasons.join('；')}` : '',
    ]
      .filter(Boolean)
      .join('；')
      .slice(0, 500),
  });
  return id;
}

/**
 * Fills the goods of a door-closed report that came after its session was flagged (柜门未关, 设备离线) into the abnormal
 * order the flag made (still 异常: a person checks it; no stock moves until then).
 */
export async function fillLateReport(trx: Transaction<Database>, ctx: SessionOpContext, order: repo.OrderRow, draft: OrderDraft) {
  const now = ctx.clock.now();
  await repo.deleteLines(trx, Number(order.id));
  const locations = draft.lines.length
    ? await cabinetSlotLocations(
        trx,
        ctx.merchantId,
        draft.lines.map((l) => ({ deviceCode: order.device_code, slotNo: l.slotNo })),
        now,
      )
    : [];
  await repo.insertLines(trx, lineRows(ctx.merchantId, Number(order.id), draft.lines, locations, now));
  const goods = draft.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const reason = [order.excep_reason, '设备迟到上报了关门识别结果', ...draft.reasons].filter(Boolean).join('；').slice(0, 500);
  await repo.updateOrder(
    trx,
    Number(order.id),
    {
      item_count: draft.lines.reduce((n, l) => n + l.quantity, 0),
      goods_amount: goods,
      pay_amount: goods,
      excep_reason: reason,
      updated_at: now,
    },
    [ORDER_ABNORMAL],
  );
  await writeHistory(trx, ctx, {
    subject: CABINET_ORDER_SUBJECT,
    subjectId: order.order_no_sub,
    action: 'late-report',
    actionLabel: '补录识别结果',
    remark: `设备迟到上报：${draft.lines.length}种商品，${yuan(goods)}元，待人工核对`,
  });
}

/**
 * An abnormal order for a session a person must finish (柜门未关, 设备离线): no goods yet (a late report or staff fill
 * them in), no stock moved, nothing charged.
 */
export function writeFlaggedOrder(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  orderNoSub: string,
  s: SessionRef,
  type: ExceptionType,
  reason: string,
) {
  return writeOrder(trx, ctx, orderNoSub, s, { lines: [], excepType: type, reasons: [reason] });
}

// ---------------------------------------------------------------- charging

/**
 * Charges a 待付款 cabinet order through the payment adapter (idempotent: the same order is never charged twice while
 * a payment of it is 待支付 or 已支付). A settled answer reaches the order through the handler below; a pending one
 * marks it 支付中 with the payment's number.
 */
export async function chargeOrder(ctx: SessionOpContext, orderNoSub: string): Promise<void> {
  const o = await repo.findOrder(ctx.db, ctx.merchantId, orderNoSub);
  if (!o || Number(o.status) !== ORDER_UNPAID || Number(o.pay_amount) <= 0) return;
  const p = await charge(ctx, {
    bizType: CABINET_PAY_BIZ,
    bizNo: o.order_no_sub,
    amount: Number(o.pay_amount),
    subject: `智能柜购物 ${o.device_name || o.device_code}`.slice(0, 128),
  });
  if (p.status === PAYMENT_PENDING) {
    await repo.updateOrder(ctx.db, Number(o.id), { pay_status: PAY_PENDING, pay_no: p.payNo, updated_at: ctx.clock.now() }, [ORDER_UNPAID]);
  }
}

/** One payment transition of an order (conditional on its states) and its log entry; nothing when it had moved on. */
async function payStep(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  o: repo.OrderRow,
  which: CabinetOrderTransition,
  action: string,
  set: Parameters<typeof repo.updateOrder>[2],
  remark: string,
) {
  const t = CABINET_ORDER_TRANSITIONS[which];
  const res = await repo.updateOrder(trx, Number(o.id), { ...set, status: t.to, updated_at: ctx.clock.now() }, t.from);
  if (!Number(res.numUpdatedRows)) return;
  await writeHistory(trx, ctx, {
    subject: CABINET_ORDER_SUBJECT,
    subjectId: o.order_no_sub,
    action,
    actionLabel: t.label,
    changes: [{ field: 'status', label: '订单状态', before: statusName(Number(o.status)), after: statusName(t.to) }],
    remark,
  });
}

/** The payment adapter settles a cabinet order, in the transaction of the payment's change. */
async function onCabinetPayment(trx: Transaction<Database>, change: PaymentChange, ctx: SessionOpContext): Promise<void> {
  const o = await repo.findOrder(trx, ctx.merchantId, change.payment.bizNo);
  if (!o) return;
  const now = ctx.clock.now();
  const p = change.payment;
  if (change.event === 'paid') {
    await payStep(
      trx,
      ctx,
      o,
      'pay',
      'pay',
      { pay_status: PAY_PAID, pay_no: p.payNo, paid_amount: p.amount, paid_at: now, completed_at: now },
      `${p.providerLabel} ${yuan(p.amount)}元（支付单${p.payNo}）`,
    );
  } else if (change.event === 'failed' || change.event === 'closed') {
    const reason = change.event === 'closed' ? '支付超时未完成' : p.failReason || '支付失败';
    await payStep(
      trx,
      ctx,
      o,
      'fail',
      'pay-failed',
      { pay_status: PAY_FAILED, pay_no: p.payNo, excep_type: 'pay-failed', excep_reason: reason },
      `${p.providerLabel}：${reason}（支付单${p.payNo}）`,
    );
  } else if (change.event === 'refunded' || change.event === 'refund-failed') {
    await applyOrderRefund(trx, ctx, o, CABINET_ORDER_SUBJECT, change);
  } else if (change.event === 'late-paid') {
    await writeHistory(trx, ctx, {
      subject: CABINET_ORDER_SUBJECT,
      subjectId: o.order_no_sub,
      action: 'late-paid',
      actionLabel: '迟到的支付成功通知',
      remark: `${p.providerLabel}在支付单${p.payNo}失败或关闭后通知支付成功：该笔款项须退回用户`,
    });
  }
}
onPaymentChange(CABINET_PAY_BIZ, onCabinetPayment);
// the money ledger splits a cabinet order's payment by its cabinet (柜主, 点位方) and its SKUs (供应商代销)
onSplitSource(CABINET_PAY_BIZ, async (trx, merchantId, bizNo) => {
  const o = await repo.findOrder(trx, merchantId, bizNo);
  return o && { orderNo: o.order_no_sub, channel: o.channel, deviceCode: o.device_code, lines: await repo.soldUnits(trx, Number(o.id)) };
});

/**
 * Cabinet orders left 待付款 without a payment (the server stopped between the order and its charge): charged again
 * (idempotent per order). Run by the door sweep.
 */
export async function chargeStranded(db: Kysely<Database>, olderThan: number, ctxOf: (merchantId: number) => SessionOpContext) {
  const rows = await db
    .selectFrom('sale_order')
    .select(['merchant_id', 'order_no_sub'])
    // literal, as sale_order_uncharged_idx's condition reads (a bound parameter would not match a partial index)
    .where(sql<boolean>`status = 0 and pay_no = ''`)
    .where('channel', '=', repo.CABINET)
    .where('created_at', '<', olderThan)
    .limit(200)
    .execute();
  for (const r of rows) {
    try {
      const ctx = ctxOf(r.merchant_id);
      const open = (await paymentsOfBiz(ctx, r.merchant_id, CABINET_PAY_BIZ, r.order_no_sub)).find(
        (p) => p.status === PAYMENT_PENDING || p.status === PAYMENT_PAID,
      );
      if (open?.status === PAYMENT_PENDING) {
        // charged before the stop, still open at the provider: the order shows it (a notification or the time-out settles it)
        await ctx.db
          .updateTable('sale_order')
          .set({ pay_status: PAY_PENDING, pay_no: open.payNo, updated_at: ctx.clock.now() })
          .where('merchant_id', '=', r.merchant_id)
          .where('order_no_sub', '=', r.order_no_sub)
          .where('status', '=', ORDER_UNPAID)
          .execute();
      } else if (!open) await chargeOrder(ctx, r.order_no_sub);
    } catch (err) {
      ctxOf(r.merchant_id).log.error({ err, orderNoSub: r.order_no_sub }, 'charging a stranded cabinet order failed');
    }
  }
}

// ---------------------------------------------------------------- reading

export async function list(
  ctx: SessionOpContext,
  f: repo.OrderFilter & { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<CabinetOrderRow>> {
  return createdAtPage(ctx, repo.listQuery(ctx.db, ctx.merchantId, f), f, toRow);
}
export const exportQuery = (ctx: SessionOpContext, f: repo.OrderFilter) =>
  repo.listQuery(ctx.db, ctx.merchantId, f).orderBy('created_at', 'desc').orderBy('id', 'desc');
export const exportRows = async (_ctx: SessionOpContext, rows: repo.OrderRow[]) => rows.map(toRow);

async function requireOrder(ctx: SessionOpContext, orderNoSub: string) {
  const o = await repo.findOrder(ctx.db, ctx.merchantId, orderNoSub);
  if (!o || o.channel !== repo.CABINET) throw notFound('订单');
  return o;
}

export async function detail(ctx: SessionOpContext, orderNoSub: string): Promise<CabinetOrderDetail> {
  const o = await requireOrder(ctx, orderNoSub);
  const [lines, payments] = await Promise.all([
    repo.linesOf(ctx.db, Number(o.id)),
    paymentsOfBiz(ctx, ctx.merchantId, CABINET_PAY_BIZ, o.order_no_sub),
  ]);
  return {
    ...toRow(o),
    excepReason: o.excep_reason,
    pricedAt: Number(o.priced_at),
    lines: lines.map(lineView),
    payments: payments.map(paymentRow),
  };
}

export async function history(
  ctx: SessionOpContext,
  i: { orderNoSub: string; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const o = await requireOrder(ctx, i.orderNoSub);
  return historyPage(ctx, CABINET_ORDER_SUBJECT, o.order_no_sub, i);
}

/** A user's cabinet orders (getOrderByUser), newest first. */
export const byUser = (
  ctx: SessionOpContext,
  i: {
    userId: string;
    applyCode?: string;
    createdRange?: [number, number];
    cursor?: string;
    pageSize: number;
    sortOrder: 'ascend' | 'descend';
  },
) => list(ctx, i);
