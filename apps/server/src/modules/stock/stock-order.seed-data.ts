import { STOCK_DOC_TYPES } from '@merchant/contracts/stock/stock-fields';
import {
  STOCK_ORDER_CANCELLED,
  STOCK_ORDER_CONFIRMED,
  STOCK_ORDER_COUNTERPARTY,
  STOCK_ORDER_DRAFT,
  type StockOrderType,
} from '@merchant/contracts/stock/stock-order';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import { seedHistory } from '../../platform/record-history.ts';
import { hubLocation, postMovements, wholesalerLocation } from './stock-ledger.service.ts';
import * as repo from './stock-order.repo.ts';
import { STOCK_ORDER_SUBJECT, confirmedRemark, createdRemark, totalsOf } from './stock-order.service.ts';

// The demo's 入库单 / 退货单 (called by stock.seed.ts), one set per page: 库存中心 (~60 over the last 45 days, a few
// returns among them), 批发商库存 (~56 over 58 days, returns among them) and the enabled 前置仓 (~56 入库单 and ~54 退货单
// over 58 days, the warehouse rotating order by order) — most confirmed (their lines posted through the ledger at the
// confirm time, so 库存流水 is dated like the order), returns confirmed only where the location's stock covers them,
// recent drafts and some cancelled with their reason. Batch inserts for the orders and lines, the history through the
// platform's seed writer; one postMovements per confirmed order, in confirm order (as the service's confirm posts it).

const DAY = 86_400_000;
const HOUR = 3_600_000;

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
const WHOLESALE_SUPPLIERS = [
  '上海西郊国际农产品批发市场',
  '江桥批发市场饮料商行',
  '农夫山泉华东经销商',
  '康师傅上海分公司',
  '上海糖酒集团批发部',
  '可口可乐上海申美饮料',
  '统一企业华东营业部',
];
const WHOLESALE_RETURN_TO = ['退回上海糖酒集团批发部（临期）', '退回江桥批发市场饮料商行（破损）', '退回康师傅上海分公司（错发规格）'];
const FRONT_RETURN_TO = [
  '退回库存中心（临期商品）',
  '退回库存中心（滞销调拨）',
  '退回农夫山泉华东经销商（包装破损）',
  '退回康师傅上海分公司（批次召回）',
  '退回库存中心（仓库盘整）',
  '退回统一企业华东营业部（多送）',
];
const FRONT_RETURN_REMARKS = ['', '门店反馈临期，集中退回', '', '配送车回程带回', '质检不合格', ''];
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

/** One page's orders: its location(s) (rotating order by order), how many, over how many days, which types. */
interface OrderSet {
  kind: 'hub' | 'wholesaler' | 'front';
  locations: number[];
  orders: number;
  spanDays: number;
  /** 'mixed': 入库单 with every seventh a 退货单 */
  types: 'mixed' | StockOrderType;
  seed: number;
  suppliers: readonly string[];
  returnTo: readonly string[];
  returnRemarks?: readonly string[];
}

interface Plan {
  code: string;
  type: StockOrderType;
  locationId: number;
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
  const fronts = await db
    .selectFrom('front_warehouse')
    .select('location_id')
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  await db.transaction().execute(async (trx) => {
    const hub = await hubLocation(trx, merchantId, now - 45 * DAY);
    const wholesale = await wholesalerLocation(trx, merchantId, now - 58 * DAY);
    const frontIds = fronts.map((f) => Number(f.location_id));
    const sets: OrderSet[] = [
      {
        kind: 'hub',
        locations: [Number(hub.id)],
        orders: 60,
        spanDays: 45,
        types: 'mixed',
        seed: 15,
        suppliers: SUPPLIERS,
        returnTo: RETURN_TO,
      },
      {
        kind: 'wholesaler',
        locations: [Number(wholesale.id)],
        orders: 56,
        spanDays: 58,
        types: 'mixed',
        seed: 27,
        suppliers: WHOLESALE_SUPPLIERS,
        returnTo: WHOLESALE_RETURN_TO,
      },
      ...(frontIds.length
        ? ([
            {
              kind: 'front',
              locations: frontIds,
              orders: 56,
              spanDays: 58,
              types: 'inbound',
              seed: 41,
              suppliers: SUPPLIERS,
              returnTo: [],
            },
            {
              kind: 'front',
              locations: frontIds,
              orders: 54,
              spanDays: 56,
              types: 'return',
              seed: 53,
              suppliers: [],
              returnTo: FRONT_RETURN_TO,
              returnRemarks: FRONT_RETURN_REMARKS,
            },
          ] as OrderSet[])
        : []),
    ];
    const taken = new Set<string>();
    for (const set of sets) await seedOrderSet(trx, merchantId, admin, now, skus, set, taken);
  });
}

async function seedOrderSet(
  trx: Transaction<Database>,
  merchantId: number,
  admin: { id: number; user_name: string } | undefined,
  now: number,
  skus: { id: number; sku_code: string; base_price: number | string }[],
  set: OrderSet,
  taken: Set<string>,
): Promise<void> {
  const operatorId = admin?.id ?? 0;
  const operatorName = admin?.user_name ?? '系统';
  const codes = new Map(skus.map((s) => [Number(s.id), s.sku_code]));
  const costOf = new Map(skus.map((s) => [Number(s.id), Math.round(Number(s.base_price) * 0.6)]));
  const rnd = generator(set.seed);
  const start = now - set.spanDays * DAY;
  const spacing = Math.floor(((set.spanDays - 1) * DAY) / set.orders);
  const ORDERS = set.orders;

  // what each location holds as the orders are confirmed (returns take only what is there)
  const stock = new Map<number, Map<number, number>>(set.locations.map((l) => [l, new Map()]));
  for (const b of await trx
    .selectFrom('stock_balance')
    .select(['location_id', 'sku_id', 'on_hand', 'locked'])
    .where('merchant_id', '=', merchantId)
    .where('location_id', 'in', set.locations)
    .execute())
    stock.get(Number(b.location_id))!.set(Number(b.sku_id), Number(b.on_hand) - Number(b.locked));

  const plans: Plan[] = [];
  for (let n = 0; n < ORDERS; n++) {
    const locationId = set.locations[n % set.locations.length]!;
    const held = stock.get(locationId)!;
    const createdAt = start + n * spacing + rnd.int(0, 3 * HOUR);
    const doneAt = createdAt + rnd.int(1 * HOUR, 5 * HOUR);
    const isReturn = set.types === 'return' || (set.types === 'mixed' && n % 7 === 3 && n > 3);
    const recent = n >= ORDERS - 6;
    const cancelled = !recent && n % 15 === 7;
    const type: StockOrderType = isReturn ? 'return' : 'inbound';
    let lines: Plan['lines'];
    if (isReturn) {
      const have = [...held.entries()].filter(([, q]) => q > 0);
      const from = set.kind !== 'hub' && have.length ? rnd.int(0, have.length - 1) : 0;
      // the hub's returns take its first held SKUs (as they always have), the other sets' rotate through the stock
      const pick =
        set.kind === 'hub' ? have.slice(0, rnd.int(2, 4)) : [...have.slice(from), ...have.slice(0, from)].slice(0, rnd.int(1, 4));
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
      for (const l of lines) held.set(l.skuId, (held.get(l.skuId) ?? 0) + (isReturn ? -l.quantity : l.quantity));
    // the hub's set numbers its orders as it always has; a code another order of the day took moves up one
    let serial = ((n * 7919 + set.seed * 131) % 9000) + 1000;
    if (set.kind === 'hub') serial = ((n * 7919) % 9000) + 1000;
    let code = `${STOCK_DOC_TYPES[type].prefix}${cstDate(createdAt)}${serial}`;
    while (taken.has(code)) code = `${STOCK_DOC_TYPES[type].prefix}${cstDate(createdAt)}${(serial = serial >= 9999 ? 1000 : serial + 1)}`;
    taken.add(code);
    plans.push({
      code,
      type,
      locationId,
      status,
      counterparty: isReturn ? set.returnTo[n % set.returnTo.length]! : set.suppliers[rnd.int(0, set.suppliers.length - 1)]!,
      remark: isReturn ? (set.returnRemarks?.[n % set.returnRemarks.length] ?? '') : REMARKS[n % REMARKS.length]!,
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
      location_id: p.locationId,
      location_kind: set.kind,
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
        locationId: p.locationId,
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
}
