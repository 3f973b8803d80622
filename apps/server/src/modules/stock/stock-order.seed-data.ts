import { STOCK_DOC_TYPES } from '@merchant/contracts/stock/stock-fields';
import {
  STOCK_ORDER_CANCELLED,
  STOCK_ORDER_CONFIRMED,
  STOCK_ORDER_COUNTERPARTY,
  STOCK_ORDER_DRAFT,
  type StockOrderType,
} from '@merchant/contracts/stock/stock-order';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import { seedHistory } from '../../platform/record-history.ts';
import { hubLocation, postMovements } from './stock-ledger.service.ts';
import * as repo from './stock-order.repo.ts';
import { STOCK_ORDER_SUBJECT, confirmedRemark, createdRemark, totalsOf } from './stock-order.service.ts';

// The demo's 入库单 / 退货单 of 库存中心 (called by stock.seed.ts): ~60 orders over the last 45 days — most confirmed
// (their lines posted through the ledger at the confirm time, so 库存流水 is dated like the order), a few returns
// (confirmed only where the stock covers them), recent drafts and some cancelled with their reason. Batch inserts for
// the orders and lines, the history through the platform's seed writer; one postMovements per confirmed order, in confirm order.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ORDERS = 60;
const SPAN_DAYS = 45;

const SUPPLIERS = [
  '农夫山泉华东经销商',
  '上海百岁山饮品配送中心',
  '康师傅上海分公司',
  '统一企业华东营业部',
  '可口可乐上海申美饮料',
  '百事饮料华东配送中心',
  '娃哈哈上海经销处',
  '旺旺食品上海仓',
  '达利园华东物流中心',
  '上海光明乳业配送站',
];
const RETURN_TO = [
  '退回农夫山泉华东经销商（临期）',
  '退回康师傅上海分公司（包装破损）',
  '退回上海百岁山饮品配送中心（多送）',
  '退回统一企业华东营业部（批次召回）',
];
const REMARKS = ['月初常规补货', '周末促销备货', '', '按补货建议下单', '门店缺货加急', '', '节假日备货', '季度合同到货'];
const CANCEL_REASONS = ['供应商缺货，改下周送货', '单价有误，重新开单', '重复录入', '门店临时取消订货'];

/** A small deterministic generator: the demo is the same on every run. */
function generator(seed: number) {
  let x = seed;
  const next = () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

interface Plan {
  code: string;
  type: StockOrderType;
  status: number;
  counterparty: string;
  remark: string;
  lines: { skuId: number; quantity: number; unitCost: number }[];
  createdAt: number;
  doneAt: number;
  cancelReason: string;
}

export async function seedStockOrders(
  db: Kysely<Database>,
  merchantId: number,
  admin: { id: number; user_name: string } | undefined,
  now: number,
): Promise<void> {
  const skus = await db
    .selectFrom('goods_sku')
    .select(['id', 'sku_code', 'base_price'])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(300)
    .execute();
  if (skus.length < 2) return;
  const operatorId = admin?.id ?? 0;
  const operatorName = admin?.user_name ?? '系统';
  const codes = new Map(skus.map((s) => [Number(s.id), s.sku_code]));
  const costOf = new Map(skus.map((s) => [Number(s.id), Math.round(Number(s.base_price) * 0.6)]));
  const rnd = generator(15);
  const start = now - SPAN_DAYS * DAY;
  const spacing = Math.floor(((SPAN_DAYS - 1) * DAY) / ORDERS);

  await db.transaction().execute(async (trx) => {
    const hub = await hubLocation(trx, merchantId, start);
    // what the hub holds as the orders are confirmed (returns take only what is there)
    const stock = new Map<number, number>();
    for (const b of await trx
      .selectFrom('stock_balance')
      .select(['sku_id', 'on_hand', 'locked'])
      .where('merchant_id', '=', merchantId)
      .where('location_id', '=', hub.id)
      .execute())
      stock.set(Number(b.sku_id), Number(b.on_hand) - Number(b.locked));

    const plans: Plan[] = [];
    for (let n = 0; n < ORDERS; n++) {
      const createdAt = start + n * spacing + rnd.int(0, 3 * HOUR);
      const doneAt = createdAt + rnd.int(1 * HOUR, 5 * HOUR);
      const isReturn = n % 7 === 3 && n > 3;
      const recent = n >= ORDERS - 6;
      const cancelled = !recent && n % 15 === 7;
      const type: StockOrderType = isReturn ? 'return' : 'inbound';
      let lines: Plan['lines'];
      if (isReturn) {
        const held = [...stock.entries()].filter(([, q]) => q > 0);
        const pick = held.slice(0, rnd.int(2, 4));
        lines = pick.map(([skuId, q]) => ({ skuId, quantity: Math.min(q, rnd.int(1, 12)), unitCost: costOf.get(skuId) ?? 0 }));
        if (lines.length === 0) continue;
      } else {
        const count = Math.min(skus.length, rnd.int(2, 6));
        const first = rnd.int(0, skus.length - 1);
        lines = Array.from({ length: count }, (_v, k) => {
          const s = skus[(first + k * 3) % skus.length]!;
          const base = costOf.get(Number(s.id)) ?? 0;
          return { skuId: Number(s.id), quantity: 12 * rnd.int(1, 8), unitCost: Math.round(base * (0.95 + rnd.next() * 0.1)) };
        });
        lines = lines.filter((l, k) => lines.findIndex((m) => m.skuId === l.skuId) === k);
      }
      const status = recent ? STOCK_ORDER_DRAFT : cancelled ? STOCK_ORDER_CANCELLED : STOCK_ORDER_CONFIRMED;
      if (status === STOCK_ORDER_CONFIRMED)
        for (const l of lines) stock.set(l.skuId, (stock.get(l.skuId) ?? 0) + (isReturn ? -l.quantity : l.quantity));
      plans.push({
        code: `${STOCK_DOC_TYPES[type].prefix}${cstDate(createdAt)}${String(((n * 7919) % 9000) + 1000)}`,
        type,
        status,
        counterparty: isReturn ? RETURN_TO[n % RETURN_TO.length]! : SUPPLIERS[rnd.int(0, SUPPLIERS.length - 1)]!,
        remark: isReturn ? '' : REMARKS[n % REMARKS.length]!,
        lines,
        createdAt,
        doneAt,
        cancelReason: cancelled ? CANCEL_REASONS[n % CANCEL_REASONS.length]! : '',
      });
    }

    const ids = await repo.insertOrders(
      trx,
      merchantId,
      plans.map((p) => ({
        merchant_id: merchantId,
        order_type: p.type,
        order_code: p.code,
        location_id: Number(hub.id),
        location_kind: 'hub',
        status: p.status,
        counterparty: p.counterparty,
        remark: p.remark,
        ...totalsOf(p.lines),
        creator_name: operatorName,
        confirmed_at: p.status === STOCK_ORDER_CONFIRMED ? p.doneAt : 0,
        confirmer_name: p.status === STOCK_ORDER_CONFIRMED ? operatorName : '',
        cancel_reason: p.cancelReason,
        version: p.status === STOCK_ORDER_DRAFT ? 1 : 2,
        created_by: operatorId,
        created_at: p.createdAt,
        updated_at: p.status === STOCK_ORDER_DRAFT ? p.createdAt : p.doneAt,
      })),
    );
    await repo.insertLines(
      trx,
      plans.flatMap((p) =>
        p.lines.map((l) => ({
          merchant_id: merchantId,
          order_id: ids.get(p.code)!,
          sku_id: l.skuId,
          quantity: l.quantity,
          unit_cost: l.unitCost,
        })),
      ),
    );

    // confirmed orders: their lines through the ledger at the confirm time, oldest first
    for (const p of plans) {
      if (p.status !== STOCK_ORDER_CONFIRMED) continue;
      const sign = p.type === 'return' ? -1 : 1;
      await postMovements(
        trx,
        { merchantId, operatorId, operatorName, now: p.doneAt },
        p.lines.map((l) => ({
          locationId: Number(hub.id),
          skuId: l.skuId,
          type: p.type,
          quantity: sign * l.quantity,
          docType: p.type,
          docCode: p.code,
          reason: `${STOCK_ORDER_COUNTERPARTY[p.type]}：${p.counterparty}`,
        })),
      );
    }

    // their history, as the service writes it (through the platform's seed writer)
    const history = seedHistory(trx, merchantId, admin);
    for (const p of plans) {
      await history(STOCK_ORDER_SUBJECT, p.code, 'create', '新建', createdRemark(p.type, p.counterparty, p.lines, codes), p.createdAt);
      if (p.status === STOCK_ORDER_CONFIRMED) {
        const t = totalsOf(p.lines);
        await history(STOCK_ORDER_SUBJECT, p.code, 'confirm', '确认', confirmedRemark(p.type, t.line_count, t.total_quantity), p.doneAt);
      } else if (p.status === STOCK_ORDER_CANCELLED) await history(STOCK_ORDER_SUBJECT, p.code, 'cancel', '取消', p.cancelReason, p.doneAt);
    }
  });
}
