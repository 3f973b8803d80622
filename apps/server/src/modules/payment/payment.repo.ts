import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PaymentRefundTable, PaymentTable } from './payment.table.ts';

// 支付单 and 退款单 (docs/payments.md). Every status change is a conditional update from the states the transition
// allows, so a duplicate or racing notification finds nothing to update; refunded_amount moves only by a conditional
// `refunded_amount + x <= amount` update, never by a read-then-write.

type Db = Kysely<Database> | Transaction<Database>;
export type PaymentRow = Selectable<PaymentTable>;
export type RefundRow = Selectable<PaymentRefundTable>;

export const findPayment = (db: Db, merchantId: number, payNo: string) =>
  db.selectFrom('payment').selectAll().where('merchant_id', '=', merchantId).where('pay_no', '=', payNo).executeTakeFirst();

export const payNoTaken = async (db: Db, merchantId: number, payNo: string) => (await findPayment(db, merchantId, payNo)) !== undefined;

/** The open (待支付) or paid payment of a business document: at most one (payment_open_biz_uq). */
export const openPaymentOfBiz = (db: Db, merchantId: number, bizType: string, bizNo: string, openStatus: number[]) =>
  db
    .selectFrom('payment')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('biz_type', '=', bizType)
    .where('biz_no', '=', bizNo)
    .where('status', 'in', openStatus)
    .executeTakeFirst();

/** Every payment of a business document, newest first (payment_biz_idx). */
export const paymentsOfBiz = (db: Db, merchantId: number, bizType: string, bizNo: string) =>
  db
    .selectFrom('payment')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('biz_type', '=', bizType)
    .where('biz_no', '=', bizNo)
    .orderBy('id', 'desc')
    .execute();

export async function insertPayment(db: Db, row: Insertable<PaymentTable>): Promise<number> {
  return Number((await db.insertInto('payment').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

/** `update … where id and status in fromStatus`; version + 1. No row: another change got there first. */
export const updatePayment = (db: Db, id: number, set: Updateable<PaymentTable>, fromStatus: readonly number[]) =>
  db
    .updateTable('payment')
    .set({ ...set, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('status', 'in', [...fromStatus])
    .executeTakeFirst();

/** Records a late success once (the first notification; a repeat finds late_txn_id set). */
export const markLatePaid = (db: Db, id: number, txnId: string, now: number, fromStatus: readonly number[]) =>
  db
    .updateTable('payment')
    .set({ late_txn_id: txnId, late_paid_at: now, updated_at: now, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('status', 'in', [...fromStatus])
    .where('late_paid_at', '=', 0)
    .executeTakeFirst();

/** Reserves `amount` of what is left to refund on a paid payment: no row when it does not fit (or it is not paid). */
export const reserveRefund = (db: Db, id: number, amount: number, paidStatus: number, now: number) =>
  db
    .updateTable('payment')
    .set({ refunded_amount: sql<number>`refunded_amount + ${amount}`, updated_at: now, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('status', '=', paidStatus)
    .where(sql<boolean>`refunded_amount + ${amount} <= amount`)
    .executeTakeFirst();

/** Gives back a failed refund's reservation. */
export const releaseRefund = (db: Db, id: number, amount: number, now: number) =>
  db
    .updateTable('payment')
    .set({ refunded_amount: sql<number>`refunded_amount - ${amount}`, updated_at: now, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('refunded_amount', '>=', amount)
    .executeTakeFirst();

export const findRefund = (db: Db, merchantId: number, refundNo: string) =>
  db.selectFrom('payment_refund').selectAll().where('merchant_id', '=', merchantId).where('refund_no', '=', refundNo).executeTakeFirst();

export const refundNoTaken = async (db: Db, merchantId: number, refundNo: string) =>
  (await findRefund(db, merchantId, refundNo)) !== undefined;

export const refundOfKey = (db: Db, merchantId: number, requestKey: string) =>
  db
    .selectFrom('payment_refund')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();

export const refundsOfPayment = (db: Db, paymentId: number) =>
  db.selectFrom('payment_refund').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();

export async function insertRefund(db: Db, row: Insertable<PaymentRefundTable>): Promise<number> {
  return Number((await db.insertInto('payment_refund').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export const updateRefund = (db: Db, id: number, set: Updateable<PaymentRefundTable>, fromStatus: readonly number[]) =>
  db
    .updateTable('payment_refund')
    .set({ ...set, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('status', 'in', [...fromStatus])
    .executeTakeFirst();

/** 待支付 payments past their time-out, oldest first, across merchants (the sweep). */
export const expiredPending = (db: Db, pendingStatus: number, now: number, limit: number) =>
  db
    .selectFrom('payment')
    .selectAll()
    .where('status', '=', pendingStatus)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
