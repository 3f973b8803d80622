import type { AfterSaleType } from '@merchant/contracts/order/after-sale';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { accept, complete, create, reject } from './after-sale.service.ts';
import { seedContext } from './channel-order.seed.ts';

const DAY = 86_400_000;
/** Enough work orders that the 售后工单 list pages (docs/orders.md "Demo data"). */
const WORK_ORDERS = 54;
const SPAN_DAYS = 14;

/** What the demo's work orders ask for and how far they got. */
const PLAN: {
  type: AfterSaleType;
  reason: string;
  fate: 'open' | 'accepted' | 'rejected' | 'done';
  channel: 'container' | 'online' | 'mall';
}[] = [
  { type: 'refund', reason: '商品已过保质期', fate: 'open', channel: 'container' },
  { type: 'refund', reason: '扣款金额与取货不符', fate: 'open', channel: 'container' },
  { type: 'return', reason: '包装破损', fate: 'open', channel: 'online' },
  { type: 'complaint', reason: '柜门开启缓慢', fate: 'open', channel: 'container' },
  { type: 'refund', reason: '重复扣款', fate: 'accepted', channel: 'container' },
  { type: 'exchange', reason: '发错口味', fate: 'accepted', channel: 'online' },
  { type: 'return', reason: '数量少发一箱', fate: 'accepted', channel: 'mall' },
  { type: 'refund', reason: '不想要了', fate: 'rejected', channel: 'container' },
  { type: 'return', reason: '已过7天无理由退货期', fate: 'rejected', channel: 'online' },
  { type: 'exchange', reason: '瓶身凹陷', fate: 'done', channel: 'online' },
  { type: 'complaint', reason: '快递员未送货上门', fate: 'done', channel: 'online' },
  { type: 'complaint', reason: '屏幕显示价格与扣款不一致', fate: 'done', channel: 'container' },
];

/**
 * The demo's 售后工单 (after the channel orders 66): 54 work orders on delivered, paid orders of the cabinets and the
 * channels, cycling through PLAN at moments of the last two weeks (each after its order was paid), written through the
 * service — 待处理, 处理中, 已驳回, and 已完成 ones that move goods (换货) or no money (投诉); a refund would call the
 * payment provider, so none is completed here.
 */
export const seed: Seed = {
  order: 67,
  isEmpty: async (db) => !(await db.selectFrom('after_sale_order').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedAfterSales(db, now),
};

export async function seedAfterSales(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const admin = await demoAccount(db, mid, 'admin');
  const at = { now: now - SPAN_DAYS * DAY };
  const ctx = seedContext(db, mid, admin?.id ?? 0, admin?.user_name ?? 'admin', at);
  const used = new Set<string>();
  const step = Math.floor((SPAN_DAYS * DAY - 6 * 3_600_000) / WORK_ORDERS);
  for (let n = 0; n < WORK_ORDERS; n++) {
    const p = PLAN[n % PLAN.length];
    at.now = now - SPAN_DAYS * DAY + n * step;
    // a paid order of the channel that was already paid a day before the work order is opened
    const o = await db
      .selectFrom('sale_order')
      .select(['order_no_sub', 'id'])
      .where('merchant_id', '=', mid)
      .where('channel', '=', p.channel)
      .where('status', 'in', p.channel === 'container' ? [3] : [2, 3])
      .where('pay_status', '=', 2)
      .where('paid_at', '>', 0)
      .where('paid_at', '<', at.now - DAY)
      .orderBy('paid_at', 'desc')
      .limit(WORK_ORDERS * 2)
      .execute();
    const order = o.find((r) => !used.has(r.order_no_sub));
    if (!order) continue;
    used.add(order.order_no_sub);
    const line = await db.selectFrom('sale_order_line').selectAll().where('order_id', '=', order.id).orderBy('line_no').executeTakeFirst();
    if (!line) continue;
    const lines =
      p.type === 'complaint'
        ? []
        : [{ lineNo: Number(line.line_no), quantity: 1, refundAmount: p.type === 'exchange' ? 0 : Number(line.unit_price) }];
    const s = await create(ctx, { orderNoSub: order.order_no_sub, type: p.type, reason: p.reason, description: '', lines }).catch(
      () => undefined,
    );
    if (!s || p.fate === 'open') continue;
    at.now += 2 * 3_600_000;
    if (p.fate === 'rejected') {
      await reject(ctx, { workNumber: s.workNumber, version: s.version, reason: '不符合售后条件，已与用户沟通' });
      continue;
    }
    const a = await accept(ctx, { workNumber: s.workNumber, version: s.version, remark: '已联系用户核实' });
    if (p.fate === 'done') {
      at.now += 6 * 3_600_000;
      await complete(ctx, {
        workNumber: s.workNumber,
        version: a.version,
        remark: p.type === 'exchange' ? '已寄出新品' : '已致电用户道歉并改进',
      });
    }
  }
}
