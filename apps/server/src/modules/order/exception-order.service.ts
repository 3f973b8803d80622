import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import {
  EXCEPTION_HANDLING,
  EXCEPTION_ORDER_ACTIONS,
  EXCEPTION_ORDER_TRANSITIONS,
  exceptionOrderAllowed,
  type ExceptionHandling,
  type ExceptionOrderAction,
  type ExceptionOrderRow,
  type ExceptionOrderState,
  type Picking,
} from '@merchant/contracts/order/exception-order';
import { ORDER_ABNORMAL, ORDER_STATUS, PAY_STATUS, type OrderStatus, type PayStatus } from '@merchant/contracts/order/order-fields';
import { PRICE_LAYERS } from '@merchant/contracts/price/price-fields';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { writeHistory } from '../../platform/record-history.ts';
import { resolvePrices } from '../price/price.resolver.ts';
import { cabinetSlotLocations, postMovements, type StockActor } from '../stock/stock-ledger.service.ts';
import * as repo from './cabinet-order.repo.ts';
import { createdAtPage } from './order-views.ts';
import { CABINET_ORDER_SUBJECT, chargeOrder, detail as orderDetail, lineRows, toRow } from './cabinet-order.service.ts';

// 异常订单 (docs/orders.md "异常订单"): the list of the cabinet orders a person must settle, 商品核对 (correct: the goods
// really taken, re-priced at the door opening, their stock posted, the total charged) and 关闭 (nothing charged).

type Db = Kysely<Database> | Transaction<Database>;
const yuan = (cents: number) => (cents / 100).toFixed(2);
const statusName = (s: number) => ORDER_STATUS[s as OrderStatus] ?? String(s);

export interface ExceptionFilter {
  orderNoSub?: string;
  deviceCode?: string;
  excepType?: string;
  handling?: number;
  createdRange?: [number, number];
}

/** Orders that were ever abnormal (sale_order_excep_idx); 待处理 = still 异常, 已处理 = corrected or closed since. */
function listQuery(db: Db, merchantId: number, f: ExceptionFilter) {
  // literal, as sale_order_excep_idx's condition reads (a bound parameter would not match a partial index)
  let q = repo.listQuery(db, merchantId, f).where(sql<boolean>`excep_type <> ''`);
  if (f.handling === 1) q = q.where('status', '=', ORDER_ABNORMAL);
  if (f.handling === 2) q = q.where('status', '<>', ORDER_ABNORMAL);
  return q;
}

const actionsOf = (status: number) => EXCEPTION_ORDER_ACTIONS.filter((a) => exceptionOrderAllowed(a, status));

function toExceptionRow(r: repo.OrderRow): ExceptionOrderRow {
  const handling: ExceptionHandling = Number(r.status) === ORDER_ABNORMAL ? 1 : 2;
  return {
    ...toRow(r),
    excepReason: r.excep_reason,
    handling,
    handlingName: EXCEPTION_HANDLING[handling],
    actions: actionsOf(Number(r.status)),
  };
}

export async function list(
  ctx: SessionOpContext,
  f: ExceptionFilter & { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<ExceptionOrderRow>> {
  return createdAtPage(ctx, listQuery(ctx.db, ctx.merchantId, f), f, toExceptionRow);
}
export const exportQuery = (ctx: SessionOpContext, f: ExceptionFilter) =>
  listQuery(ctx.db, ctx.merchantId, f).orderBy('created_at', 'desc').orderBy('id', 'desc');
export const exportRows = async (_ctx: SessionOpContext, rows: repo.OrderRow[]) => rows.map(toExceptionRow);

async function requireOrder(db: Db, merchantId: number, orderNoSub: string) {
  const o = await repo.findOrder(db, merchantId, orderNoSub);
  if (!o || o.channel !== repo.CABINET) throw notFound('订单');
  return o;
}

/** The cabinet's planogram slots with their SKUs (device_goods, read only). */
const planogram = (db: Db, merchantId: number, deviceCode: string) =>
  db
    .selectFrom('device_goods as dg')
    .innerJoin('goods_sku as s', 's.id', 'dg.sku_id')
    .select(['dg.slot_no', 'dg.sku_id', 's.sku_code', 's.name'])
    .where('dg.merchant_id', '=', merchantId)
    .where('dg.device_code', '=', deviceCode)
    .orderBy('dg.layer')
    .orderBy('dg.col')
    .execute();

/** What the order's 销售 movements took out so far, by location and SKU. */
async function postedOf(db: Db, merchantId: number, orderNoSub: string) {
  const rows = await db
    .selectFrom('stock_movement')
    .select(['location_id', 'sku_id', (eb) => eb.fn.sum<number>('quantity').as('q')])
    .where('merchant_id', '=', merchantId)
    .where('doc_code', '=', orderNoSub)
    .where('type', '=', 'sale')
    .groupBy(['location_id', 'sku_id'])
    .execute();
  return new Map(rows.map((r) => [`${r.location_id}|${r.sku_id}`, -Number(r.q)]));
}

/** 商品核对: the order, and every slot of its cabinet priced at the door opening with what it holds. */
export async function picking(ctx: SessionOpContext, orderNoSub: string): Promise<Picking> {
  const o = await requireOrder(ctx.db, ctx.merchantId, orderNoSub);
  const slots = await planogram(ctx.db, ctx.merchantId, o.device_code);
  const prices = slots.length
    ? await resolvePrices(
        ctx.db,
        ctx.merchantId,
        slots.map((s) => ({ skuId: Number(s.sku_id), deviceCode: o.device_code })),
        Number(o.priced_at),
        ctx.clock.now(),
      )
    : [];
  const balances = await ctx.db
    .selectFrom('stock_location as l')
    .innerJoin('stock_balance as b', 'b.location_id', 'l.id')
    .select(['l.id', 'l.slot_no', 'b.sku_id', 'b.on_hand', 'b.locked'])
    .where('l.merchant_id', '=', ctx.merchantId)
    .where('l.kind', '=', 'cabinet')
    .where('l.device_code', '=', o.device_code)
    .execute();
  const posted = await postedOf(ctx.db, ctx.merchantId, o.order_no_sub);
  const avail = new Map(
    balances.map((b) => [`${b.slot_no}|${b.sku_id}`, Number(b.on_hand) - Number(b.locked) + (posted.get(`${b.id}|${b.sku_id}`) ?? 0)]),
  );
  return {
    order: await orderDetail(ctx, o.order_no_sub),
    slots: slots.map((s, n) => ({
      slotNo: s.slot_no,
      skuId: Number(s.sku_id),
      skuCode: s.sku_code,
      skuName: s.name,
      unitPrice: prices[n].priceCents,
      priceLayerName: PRICE_LAYERS[prices[n].layer],
      available: avail.get(`${s.slot_no}|${s.sku_id}`) ?? 0,
    })),
    actions: actionsOf(Number(o.status)),
  };
}

function refuseState(o: repo.OrderRow, a: ExceptionOrderAction) {
  return conflict(`订单${o.order_no_sub}状态为「${statusName(Number(o.status))}」，不能${EXCEPTION_ORDER_TRANSITIONS[a].label}`);
}

const stateOf = (o: repo.OrderRow): ExceptionOrderState => ({
  orderNoSub: o.order_no_sub,
  status: Number(o.status),
  statusName: statusName(Number(o.status)),
  payStatusName: PAY_STATUS[Number(o.pay_status) as PayStatus] ?? '',
  payAmount: Number(o.pay_amount),
  version: Number(o.version),
});

/** A versioned step from 异常: refused with the stale message when the version moved, the state one when the state did. */
async function stepFrom(
  trx: Transaction<Database>,
  o: repo.OrderRow,
  version: number,
  a: ExceptionOrderAction,
  set: Parameters<typeof repo.updateOrder>[2],
) {
  const t = EXCEPTION_ORDER_TRANSITIONS[a];
  const res = await trx
    .updateTable('sale_order')
    .set({ ...set, status: t.to, version: version + 1 })
    .where('id', '=', o.id)
    .where('version', '=', version)
    .where('status', 'in', [...t.from])
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return;
  const now = await requireOrder(trx, o.merchant_id, o.order_no_sub);
  if (Number(now.version) !== version) throw conflict(STALE_VERSION_MESSAGE);
  throw refuseState(now, a);
}

/**
 * 核对商品: the goods really taken, per slot of the order's cabinet. The lines are replaced and re-priced at the door
 * opening; the slots' stock moves by the difference to what the order had posted (销售 out, or back in when fewer were
 * taken than posted) — 库存不足 refuses the whole correction; the order goes 待付款 and its total is charged through the
 * payment adapter after the commit (paid → 已完成, refused → 异常 支付失败 again).
 */
export async function correct(
  ctx: SessionOpContext,
  i: { orderNoSub: string; version: number; lines: { slotNo: string; quantity: number }[]; remark: string },
): Promise<ExceptionOrderState> {
  const o = await requireOrder(ctx.db, ctx.merchantId, i.orderNoSub);
  if (!exceptionOrderAllowed('correct', Number(o.status))) throw refuseState(o, 'correct');
  if (Number(o.version) !== i.version) throw conflict(STALE_VERSION_MESSAGE);
  const slots = new Map((await planogram(ctx.db, ctx.merchantId, o.device_code)).map((s) => [s.slot_no, s]));
  i.lines.forEach((l, n) => {
    if (!slots.has(l.slotNo))
      throw badInput(`第${n + 1}行：货道${l.slotNo}不在设备${o.device_code}的商品配置中`, {
        fields: [{ field: `lines.${n}.slotNo`, message: `货道${l.slotNo}不在本柜的商品配置中` }],
      });
  });
  const now = ctx.clock.now();
  const picked = i.lines.map((l) => ({ ...l, sku: slots.get(l.slotNo)! }));
  const prices = await resolvePrices(
    ctx.db,
    ctx.merchantId,
    picked.map((l) => ({ skuId: Number(l.sku.sku_id), deviceCode: o.device_code })),
    Number(o.priced_at),
    now,
  );
  const total = picked.reduce((sum, l, n) => sum + prices[n].priceCents * l.quantity, 0);
  const count = picked.reduce((sum, l) => sum + l.quantity, 0);
  await ctx.db.transaction().execute(async (trx) => {
    await stepFrom(trx, o, i.version, 'correct', {
      item_count: count,
      goods_amount: total,
      pay_amount: total,
      stock_posted: 1,
      updated_at: now,
    });
    const before = await repo.linesOf(trx, Number(o.id));
    const confidence = new Map(before.map((l) => [`${l.slot_no}|${l.sku_id}`, Number(l.confidence)]));
    const locations = await cabinetSlotLocations(
      trx,
      ctx.merchantId,
      picked.map((l) => ({ deviceCode: o.device_code, slotNo: l.slotNo })),
      now,
    );
    // the stock: the difference between what is confirmed now and what the order had posted
    const posted = await postedOf(trx, ctx.merchantId, o.order_no_sub);
    const wanted = new Map<string, { locationId: number; skuId: number; q: number }>();
    picked.forEach((l, n) =>
      wanted.set(`${locations[n].id}|${l.sku.sku_id}`, { locationId: Number(locations[n].id), skuId: Number(l.sku.sku_id), q: l.quantity }),
    );
    for (const key of posted.keys()) {
      if (!wanted.has(key)) {
        const [locationId, skuId] = key.split('|').map(Number);
        wanted.set(key, { locationId, skuId, q: 0 });
      }
    }
    const actor: StockActor = { merchantId: ctx.merchantId, operatorId: ctx.session.accountId, operatorName: ctx.session.userName, now };
    await postMovements(
      trx,
      actor,
      [...wanted.entries()]
        .map(([key, w]) => ({ ...w, delta: w.q - (posted.get(key) ?? 0) }))
        .filter((w) => w.delta !== 0)
        .map((w) => ({
          locationId: w.locationId,
          skuId: w.skuId,
          type: 'sale' as const,
          quantity: -w.delta,
          docType: 'order' as const,
          docCode: o.order_no_sub,
          reason: `核对商品：${i.remark}`,
        })),
    );
    await repo.deleteLines(trx, Number(o.id));
    await repo.insertLines(
      trx,
      lineRows(
        ctx.merchantId,
        Number(o.id),
        picked.map((l, n) => ({
          slotNo: l.slotNo,
          skuId: Number(l.sku.sku_id),
          skuCode: l.sku.sku_code,
          skuName: l.sku.name,
          quantity: l.quantity,
          unitPrice: prices[n].priceCents,
          layer: prices[n].layer,
          priceOrderNo: prices[n].orderNo,
          confidence: confidence.get(`${l.slotNo}|${l.sku.sku_id}`) ?? -1,
        })),
        locations,
        now,
      ),
    );
    await writeHistory(trx, ctx, {
      subject: CABINET_ORDER_SUBJECT,
      subjectId: o.order_no_sub,
      action: 'correct',
      actionLabel: EXCEPTION_ORDER_TRANSITIONS.correct.label,
      changes: [
        {
          field: 'status',
          label: '订单状态',
          before: statusName(Number(o.status)),
          after: statusName(EXCEPTION_ORDER_TRANSITIONS.correct.to),
        },
        { field: 'itemCount', label: '商品件数', before: String(o.item_count), after: String(count) },
        { field: 'payAmount', label: '应付金额', before: yuan(Number(o.pay_amount)), after: yuan(total) },
      ],
      remark: `${picked.map((l) => `货道${l.slotNo} ${l.sku.name} × ${l.quantity}`).join('，')}（按开门时价格）；${i.remark}`.slice(0, 500),
    });
  });
  await chargeOrder(ctx, o.order_no_sub);
  return stateOf(await requireOrder(ctx.db, ctx.merchantId, o.order_no_sub));
}

/**
 * 关闭: nothing is charged. An order whose goods had left the slots (支付失败) keeps them sold — the goods are gone and
 * the loss is the merchant's; the others never moved stock.
 */
export async function close(
  ctx: SessionOpContext,
  i: { orderNoSub: string; version: number; reason: string },
): Promise<ExceptionOrderState> {
  const o = await requireOrder(ctx.db, ctx.merchantId, i.orderNoSub);
  if (!exceptionOrderAllowed('close', Number(o.status))) throw refuseState(o, 'close');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await stepFrom(trx, o, i.version, 'close', { completed_at: now, updated_at: now });
    await writeHistory(trx, ctx, {
      subject: CABINET_ORDER_SUBJECT,
      subjectId: o.order_no_sub,
      action: 'close',
      actionLabel: EXCEPTION_ORDER_TRANSITIONS.close.label,
      changes: [
        {
          field: 'status',
          label: '订单状态',
          before: statusName(Number(o.status)),
          after: statusName(EXCEPTION_ORDER_TRANSITIONS.close.to),
        },
      ],
      remark: Number(o.stock_posted) === 1 ? `${i.reason}；商品已出库，不向用户收款` : i.reason,
    });
  });
  return stateOf(await requireOrder(ctx.db, ctx.merchantId, o.order_no_sub));
}
