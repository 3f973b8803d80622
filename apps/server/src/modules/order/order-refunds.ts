import { PAY_PART_REFUNDED, PAY_REFUNDED } from '@merchant/contracts/order/order-fields';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { writeHistory } from '../../platform/record-history.ts';
import type { PaymentChange } from '../payment/payment.service.ts';
import type { OrderRow } from './cabinet-order.repo.ts';

// A refund of an order's payment, whatever its channel (docs/orders.md "售后"): the adapter's answer moves the order's
// refunded amount and pay status; a 售后工单's refund (request key `as:<workNumber>`) also settles the work order — and
// when the adapter refuses it, the work order's hold on its lines is given back.

export const AFTER_SALE_SUBJECT = 'order.afterSale';
export const AFTER_SALE_REFUND_KEY = 'as:';
export const REFUND_NONE = 0;
export const REFUND_PENDING = 1;
export const REFUND_DONE = 2;
export const REFUND_FAILED = 3;

const yuan = (cents: number) => (cents / 100).toFixed(2);

/** A work order's refunding lines give back their hold on the order's lines (the refund did not go through). */
export async function releaseWorkOrderRefund(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  workNumber: string,
  why: string,
): Promise<void> {
  const w = await trx
    .selectFrom('after_sale_order')
    .select(['id', 'type', 'refund_amount'])
    .where('merchant_id', '=', ctx.merchantId)
    .where('work_number', '=', workNumber)
    .where('refund_status', '=', REFUND_PENDING)
    .executeTakeFirst();
  if (!w) return;
  const res = await trx
    .updateTable('after_sale_order')
    .set((eb) => ({ refund_status: REFUND_FAILED, updated_at: ctx.clock.now(), version: eb('version', '+', 1) }))
    .where('id', '=', w.id)
    .where('refund_status', '=', REFUND_PENDING)
    .executeTakeFirst();
  if (!Number(res.numUpdatedRows)) return;
  const lines = await trx
    .selectFrom('after_sale_line')
    .select(['order_line_id', 'quantity', 'refund_amount'])
    .where('work_order_id', '=', w.id)
    .execute();
  for (const l of lines) {
    await trx
      .updateTable('sale_order_line')
      .set({
        refunded_amount: sql<number>`refunded_amount - ${Number(l.refund_amount)}`,
        refunded_quantity: sql<number>`refunded_quantity - ${Number(l.quantity)}`,
      })
      .where('id', '=', l.order_line_id)
      .execute();
  }
  await writeHistory(trx, ctx, {
    subject: AFTER_SALE_SUBJECT,
    subjectId: workNumber,
    action: 'refund-failed',
    actionLabel: '退款失败',
    remark: `${yuan(Number(w.refund_amount))}元未能退回：${why}`.slice(0, 500),
  });
}

/** The adapter's answer to a refund of an order's payment, in the transaction of the refund's change. */
export async function applyOrderRefund(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  o: OrderRow,
  subject: string,
  change: PaymentChange,
): Promise<void> {
  const r = change.refund;
  if (!r) return;
  const workNumber = r.requestKey.startsWith(AFTER_SALE_REFUND_KEY) ? r.requestKey.slice(AFTER_SALE_REFUND_KEY.length) : '';
  if (change.event === 'refund-failed') {
    const why = r.failReason || '支付渠道拒绝退款';
    if (workNumber) await releaseWorkOrderRefund(trx, ctx, workNumber, why);
    await writeHistory(trx, ctx, {
      subject,
      subjectId: o.order_no_sub,
      action: 'refund-failed',
      actionLabel: '退款失败',
      remark: `退款单${r.refundNo} ${yuan(r.amount)}元未能退回：${why}${workNumber ? `（售后工单${workNumber}）` : ''}`.slice(0, 500),
    });
    return;
  }
  if (change.event !== 'refunded') return;
  const refunded = Number(o.refunded_amount) + r.amount;
  await trx
    .updateTable('sale_order')
    .set((eb) => ({
      refunded_amount: eb('refunded_amount', '+', r.amount),
      pay_status: refunded >= Number(o.paid_amount) ? PAY_REFUNDED : PAY_PART_REFUNDED,
      updated_at: ctx.clock.now(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', Number(o.id))
    .execute();
  await writeHistory(trx, ctx, {
    subject,
    subjectId: o.order_no_sub,
    action: 'refunded',
    actionLabel: '退款成功',
    remark: `${r.providerLabel}退回${yuan(r.amount)}元（退款单${r.refundNo}${workNumber ? `，售后工单${workNumber}` : ''}）`,
  });
  if (workNumber) {
    const res = await trx
      .updateTable('after_sale_order')
      .set((eb) => ({ refund_status: REFUND_DONE, refund_no: r.refundNo, updated_at: ctx.clock.now(), version: eb('version', '+', 1) }))
      .where('merchant_id', '=', ctx.merchantId)
      .where('work_number', '=', workNumber)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows)) {
      await writeHistory(trx, ctx, {
        subject: AFTER_SALE_SUBJECT,
        subjectId: workNumber,
        action: 'refunded',
        actionLabel: '退款成功',
        remark: `${r.providerLabel}退回${yuan(r.amount)}元（退款单${r.refundNo}）`,
      });
    }
  }
}
