import { PAYMENT_PAID } from '@merchant/contracts/payment/payment-fields';
import { sql } from 'kysely';
import type { LedgerCheck } from '../../platform/reconcile.ts';
import { CABINET_PAY_BIZ } from './cabinet-order.service.ts';
import { CHANNEL_PAY_BIZ } from './channel-order.service.ts';

/**
 * The orders against the stock ledger and the payment adapter (docs/orders.md "对账"). A cabinet order's 销售
 * movements take out exactly its lines' quantities — none while it is 异常 for a reason that moved no stock. A channel
 * order holds its lines' quantities locked while 待付款 / 待发货 and nothing after; its 销售 and 退货 (取消发货)
 * movements take out its lines' quantities once 已发货 / 已完成, none before. What its lines show refunded is what its
 * completed 售后工单 refund (under way or done). For every order its
 * amounts add up from its lines, what it shows paid is its paid payment, and nothing is refunded beyond what was paid
 * (per line and per order).
 */
export const check: LedgerCheck = {
  name: '订单 = 明细合计 = 销售流水 = 支付单 (orders against lines, sale movements and payments)',
  async run(db, merchantId) {
    const rows = await db
      .selectFrom('sale_order as o')
      .select([
        'o.order_no_sub',
        'o.channel',
        'o.status',
        'o.stock_posted',
        'o.item_count',
        'o.goods_amount',
        'o.paid_amount',
        'o.refunded_amount',
        (eb) =>
          eb
            .selectFrom('sale_order_line as l')
            .select(sql<number>`coalesce(sum(l.quantity), 0)`.as('q'))
            .whereRef('l.order_id', '=', 'o.id')
            .as('line_qty'),
        (eb) =>
          eb
            .selectFrom('sale_order_line as l')
            .select(sql<number>`coalesce(sum(l.amount), 0)`.as('a'))
            .whereRef('l.order_id', '=', 'o.id')
            .as('line_amount'),
        (eb) =>
          eb
            .selectFrom('sale_order_line as l')
            .select(sql<number>`count(*)`.as('c'))
            .whereRef('l.order_id', '=', 'o.id')
            .where(sql<boolean>`l.amount <> l.unit_price * l.quantity or l.refunded_amount > l.amount or l.refunded_quantity > l.quantity`)
            .as('bad_lines'),
        (eb) =>
          eb
            .selectFrom('stock_movement as m')
            .select(sql<number>`coalesce(-sum(m.quantity), 0)`.as('s'))
            .where('m.merchant_id', '=', merchantId)
            .whereRef('m.doc_code', '=', 'o.order_no_sub')
            .where('m.type', 'in', ['sale', 'return'])
            .as('sold'),
        (eb) =>
          eb
            .selectFrom('stock_movement as m')
            .select(sql<number>`coalesce(sum(m.lock_delta), 0)`.as('k'))
            .where('m.merchant_id', '=', merchantId)
            .whereRef('m.doc_code', '=', 'o.order_no_sub')
            .as('locked'),
        (eb) =>
          eb
            .selectFrom('sale_order_line as l')
            .select(sql<number>`coalesce(sum(l.refunded_amount), 0)`.as('r'))
            .whereRef('l.order_id', '=', 'o.id')
            .as('line_refunded'),
        // what completed 仅退款 / 退货退款 work orders took on the lines (their refund under way or done)
        (eb) =>
          eb
            .selectFrom('after_sale_order as w')
            .select(sql<number>`coalesce(sum(w.refund_amount), 0)`.as('w'))
            .whereRef('w.order_id', '=', 'o.id')
            .where('w.status', '=', 2)
            .where('w.refund_status', 'in', [1, 2])
            .as('work_refunded'),
        (eb) =>
          eb
            .selectFrom('payment as p')
            .select(sql<number>`coalesce(sum(p.amount), 0)`.as('p'))
            .where('p.merchant_id', '=', merchantId)
            .where('p.biz_type', '=', sql<string>`case when o.channel = 'container' then ${CABINET_PAY_BIZ} else ${CHANNEL_PAY_BIZ} end`)
            .whereRef('p.biz_no', '=', 'o.order_no_sub')
            .where('p.status', '=', PAYMENT_PAID)
            .as('paid'),
      ])
      .where('o.merchant_id', '=', merchantId)
      .execute();
    const out: string[] = [];
    for (const r of rows) {
      const no = r.order_no_sub;
      const cabinet = r.channel === 'container';
      const status = Number(r.status);
      // an abnormal cabinet order moves no stock until a person confirmed its goods (stock_posted); a channel order's
      // goods leave when it ships and are locked until then
      const expectSold = cabinet
        ? Number(r.stock_posted) === 1
          ? Number(r.line_qty)
          : 0
        : status === 2 || status === 3
          ? Number(r.line_qty)
          : 0;
      const expectLocked = !cabinet && (status === 0 || status === 1) ? Number(r.line_qty) : 0;
      if (Number(r.sold) !== expectSold) out.push(`订单 ${no}: 销售流水合计 ${Number(r.sold)}，应为 ${expectSold}`);
      if (Number(r.locked) !== expectLocked) out.push(`订单 ${no}: 锁定库存 ${Number(r.locked)}，应为 ${expectLocked}`);
      if (Number(r.item_count) !== Number(r.line_qty))
        out.push(`订单 ${no}: 商品件数 ${Number(r.item_count)}，明细合计 ${Number(r.line_qty)}`);
      if (Number(r.goods_amount) !== Number(r.line_amount))
        out.push(`订单 ${no}: 商品金额 ${Number(r.goods_amount)}，明细合计 ${Number(r.line_amount)}`);
      if (Number(r.bad_lines) > 0) out.push(`订单 ${no}: ${Number(r.bad_lines)} 行明细的小计或已退数量/金额不符`);
      if (Number(r.paid_amount) !== Number(r.paid))
        out.push(`订单 ${no}: 实付 ${Number(r.paid_amount)}，已支付的支付单合计 ${Number(r.paid)}`);
      if (Number(r.line_refunded) !== Number(r.work_refunded))
        out.push(`订单 ${no}: 明细已退 ${Number(r.line_refunded)}，完成的售后工单退款合计 ${Number(r.work_refunded)}`);
      if (Number(r.refunded_amount) > Number(r.paid_amount))
        out.push(`订单 ${no}: 退款 ${Number(r.refunded_amount)} 超过实付 ${Number(r.paid_amount)}`);
    }
    return out;
  },
};
