import {
  PAYMENT_FAILED,
  PAYMENT_PAID,
  PAYMENT_PENDING,
  PAYMENT_STATUS,
  PAYMENT_TRANSITIONS,
  REFUND_DONE,
  REFUND_FAILED,
  REFUND_PENDING,
  REFUND_STATUS,
  REFUND_TRANSITIONS,
  yuan,
  type PaymentStatus,
  type PaymentTransition,
  type RefundStatus,
  type RefundTransition,
} from '@merchant/contracts/payment/payment-fields';
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { badInput, conflict, notFound, uniqueViolation, violates } from '../../platform/errors.ts';
import { actingAsSystem, type OpContext, type SessionOpContext } from '../../platform/gateway/op-context.ts';
import { historyQuery, writeHistory } from '../../platform/record-history.ts';
import { CallbackRefused, type PaymentNotification, type PaymentScenario, type ProviderEnv } from './payment-provider.ts';
import * as repo from './payment.repo.ts';
import { currentProvider, providerLabel, providerNamed } from './provider-registry.ts';

// The payment adapter (docs/payments.md, decision 62): payment and refund records for business documents, settled by the
// configured provider — at once, or later by its signed notification, or closed by the time-out sweep. Every status
// change is a conditional update from the states its transition allows, writes history, and calls the business
// module's handler (onPaymentChange, by biz_type) in the same transaction, so the order changes with its payment or not
// at all. No money is posted here: the money ledger observes every change (observePaymentChanges) and posts it in
// the same transaction.

export const PAYMENT_SUBJECT = 'payment.payment';
export const REFUND_SUBJECT = 'payment.refund';
const PAY_CODE_INDEX = { index: 'payment_no_uq', table: 'payment', columns: ['merchant_id', 'pay_no'] };
const OPEN_BIZ_INDEX = { index: 'payment_open_biz_uq', table: 'payment', columns: ['merchant_id', 'biz_type', 'biz_no'] };
const REFUND_CODE_INDEX = { index: 'payment_refund_no_uq', table: 'payment_refund', columns: ['merchant_id', 'refund_no'] };
const REFUND_KEY_INDEX = { index: 'payment_refund_key_uq', table: 'payment_refund', columns: ['merchant_id', 'request_key'] };
const OPEN_OR_PAID = [PAYMENT_PENDING, PAYMENT_PAID];
/** Time-out sweep batch. */
const CLOSE_BATCH = 500;

/** What the adapter runs with outside a request (notifications, the sweep): the app's database, settings, clock, log. */
export type PaymentEnv = Pick<OpContext, 'db' | 'dialect' | 'stream' | 'config' | 'clock' | 'log' | 'services'>;

const paymentStatusName = (s: number) => PAYMENT_STATUS[s as PaymentStatus] ?? String(s);
const refundStatusName = (s: number) => REFUND_STATUS[s as RefundStatus] ?? String(s);
const providerEnv = (env: PaymentEnv): ProviderEnv => ({ db: env.db, config: env.config, clock: env.clock });

// ---------------------------------------------------------------- views

export interface PaymentView {
  payNo: string;
  bizType: string;
  bizNo: string;
  subject: string;
  /** Cents. */
  amount: number;
  /** Σ refunds not failed (退款中 + 已退款), cents. */
  refundedAmount: number;
  /** What may still be refunded, cents (0 unless 已支付). */
  refundable: number;
  provider: string;
  /** 沙箱支付 for the sandbox. */
  providerLabel: string;
  providerTxnId: string;
  status: number;
  statusName: string;
  failReason: string;
  expiresAt: number;
  paidAt: number | null;
  closedAt: number | null;
  /** A success notification came after the payment failed or closed (or a second one after it was paid): to refund. */
  latePaid: boolean;
  lateTxnId: string;
  createdAt: number;
  version: number;
}

export interface RefundView {
  refundNo: string;
  payNo: string;
  amount: number;
  status: number;
  statusName: string;
  reason: string;
  bizType: string;
  bizNo: string;
  requestKey: string;
  provider: string;
  providerLabel: string;
  providerRefundId: string;
  failReason: string;
  refundedAt: number | null;
  createdAt: number;
}

const orNull = (v: unknown) => (Number(v) ? Number(v) : null);

function paymentView(env: PaymentEnv, r: repo.PaymentRow): PaymentView {
  const status = Number(r.status);
  const amount = Number(r.amount);
  const refunded = Number(r.refunded_amount);
  return {
    payNo: r.pay_no,
    bizType: r.biz_type,
    bizNo: r.biz_no,
    subject: r.subject,
    amount,
    refundedAmount: refunded,
    refundable: status === PAYMENT_PAID ? amount - refunded : 0,
    provider: r.provider,
    providerLabel: providerLabel(providerEnv(env), r.provider),
    providerTxnId: r.provider_txn_id,
    status,
    statusName: paymentStatusName(status),
    failReason: r.fail_reason,
    expiresAt: Number(r.expires_at),
    paidAt: orNull(r.paid_at),
    closedAt: orNull(r.closed_at),
    latePaid: Number(r.late_paid_at) > 0,
    lateTxnId: r.late_txn_id,
    createdAt: Number(r.created_at),
    version: Number(r.version),
  };
}

function refundView(env: PaymentEnv, r: repo.RefundRow): RefundView {
  const status = Number(r.status);
  return {
    refundNo: r.refund_no,
    payNo: r.pay_no,
    amount: Number(r.amount),
    status,
    statusName: refundStatusName(status),
    reason: r.reason,
    bizType: r.biz_type,
    bizNo: r.biz_no,
    requestKey: r.request_key,
    provider: r.provider,
    providerLabel: providerLabel(providerEnv(env), r.provider),
    providerRefundId: r.provider_refund_id,
    failReason: r.fail_reason,
    refundedAt: orNull(r.refunded_at),
    createdAt: Number(r.created_at),
  };
}

// ---------------------------------------------------------------- the business modules' handlers

/** What changed: a payment's settlement, or one of its refunds. */
export interface PaymentChange {
  event: 'paid' | 'failed' | 'closed' | 'late-paid' | 'refunded' | 'refund-failed';
  payment: PaymentView;
  refund?: RefundView;
}
/**
 * A business module's handler: runs in the transaction of the status change (`trx`), as `ctx` (the operator, or
 * 系统（支付通知） / 系统（超时关闭）); throwing rolls the change back (a notification is then answered as refused and
 * the provider sends it again).
 */
export type PaymentHandler = (trx: Transaction<Database>, change: PaymentChange, ctx: SessionOpContext) => Promise<void>;

const handlers = new Map<string, PaymentHandler>();

/** Registers the handler of a business document kind (at start-up, like device.routes.ts's `events`); one per kind. */
export function onPaymentChange(bizType: string, handler: PaymentHandler): void {
  handlers.set(bizType, handler);
}

const observers: PaymentHandler[] = [];

/**
 * Registers an observer of every payment change whatever its document (the money ledger posts captures and refunds);
 * it runs after the document's handler, in the same transaction. Registering the same function twice keeps one.
 */
export function observePaymentChanges(observer: PaymentHandler): void {
  if (!observers.includes(observer)) observers.push(observer);
}

async function tell(trx: Transaction<Database>, ctx: SessionOpContext, change: PaymentChange): Promise<void> {
  await handlers.get(change.payment.bizType)?.(trx, change, ctx);
  for (const observe of observers) await observe(trx, change, ctx);
}

/** The context of work the adapter does on its own for a merchant, named in history (系统（支付通知）…). */
const systemContext = (env: PaymentEnv, merchantId: number, userName: string): SessionOpContext =>
  actingAsSystem(env, merchantId, { userName, userAgent: 'payment' });

// ---------------------------------------------------------------- input

const codeOf = (label: string, max: number, pattern: RegExp) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字符`)
    .regex(pattern, `${label}格式不正确`);
const bizTypeSchema = codeOf('业务类型', 30, /^[a-z][a-z0-9-]*$/);
const bizNoSchema = codeOf('业务单号', 40, /^[A-Za-z0-9_-]+$/);
/** Cents: 0.01 元 up to 1,000 万元 (the column is a 32-bit integer). */
const amountSchema = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数（分）`)
    .min(1, `${label}必须大于0`)
    .max(1_000_000_000, `${label}不能超过10000000元`);
const scenarioSchema = z.enum(['ok', 'fail', 'pending'], { error: '模拟场景只能是 ok、fail 或 pending' }).optional();

const chargeInput = z.object({
  bizType: bizTypeSchema,
  bizNo: bizNoSchema,
  amount: amountSchema('支付金额'),
  subject: z.string({ error: '请输入支付说明' }).trim().min(1, '请输入支付说明').max(128, '支付说明不能超过128个字符'),
  scenario: scenarioSchema,
});
const refundInput = z.object({
  payNo: codeOf('支付单号', 20, /^[A-Za-z0-9]+$/).transform((s) => s.toUpperCase()),
  amount: amountSchema('退款金额'),
  reason: z.string({ error: '请输入退款原因' }).trim().min(1, '请输入退款原因').max(200, '退款原因不能超过200个字符'),
  bizType: bizTypeSchema,
  bizNo: bizNoSchema,
  requestKey: codeOf('退款请求号', 64, /^[A-Za-z0-9_:.-]+$/),
  scenario: scenarioSchema,
});

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const fields = r.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  throw badInput(fields[0].message, { fields });
}

// ---------------------------------------------------------------- charge

/** The same charge again: the existing payment, unless the amount differs (a different charge under the same document). */
function sameCharge(env: PaymentEnv, r: repo.PaymentRow, amount: number): PaymentView {
  if (Number(r.amount) !== amount) {
    throw conflict(
      `业务单${r.biz_no}已有${paymentStatusName(Number(r.status))}的支付单${r.pay_no}（${yuan(Number(r.amount))}元），与本次金额${yuan(amount)}元不一致`,
    );
  }
  return paymentView(env, r);
}

const rowById = (db: SessionOpContext['db'] | Transaction<Database>, id: number) =>
  db.selectFrom('payment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundById = (db: SessionOpContext['db'] | Transaction<Database>, id: number) =>
  db.selectFrom('payment_refund').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/**
 * Charges a business document (idempotent per merchant + biz type + biz no: while a payment of it is 待支付 or 已支付,
 * another call returns that payment and calls no provider). The provider is called outside any transaction; its answer
 * is applied like a notification. A provider that cannot be reached leaves the payment 待支付 (a notification or the
 * time-out settles it).
 */
export async function charge(
  ctx: SessionOpContext,
  input: { bizType: string; bizNo: string; amount: number; subject: string; scenario?: PaymentScenario },
): Promise<PaymentView> {
  const i = parse(chargeInput, input);
  const provider = currentProvider(providerEnv(ctx));
  const existing = await repo.openPaymentOfBiz(ctx.db, ctx.merchantId, i.bizType, i.bizNo, OPEN_OR_PAID);
  if (existing) return sameCharge(ctx, existing, i.amount);
  const now = ctx.clock.now();
  let row: repo.PaymentRow;
  try {
    row = await withGeneratedCode(
      'PY',
      now,
      (c) => repo.payNoTaken(ctx.db, ctx.merchantId, c),
      PAY_CODE_INDEX,
      (payNo) =>
        ctx.db.transaction().execute(async (trx) => {
          const id = await repo.insertPayment(trx, {
            merchant_id: ctx.merchantId,
            pay_no: payNo,
            biz_type: i.bizType,
            biz_no: i.bizNo,
            subject: i.subject,
            amount: i.amount,
            provider: provider.name,
            expires_at: now + ctx.config.payment.timeoutMs,
            created_by: ctx.session.accountId,
            created_at: now,
            updated_at: now,
          });
          await writeHistory(trx, ctx, {
            subject: PAYMENT_SUBJECT,
            subjectId: payNo,
            action: 'create',
            actionLabel: '发起支付',
            remark: `${provider.label} ${yuan(i.amount)}元（${i.bizType} ${i.bizNo}）`,
          });
          return rowById(trx, id);
        }),
    );
  } catch (err) {
    // a concurrent charge of the same document won: its payment is this one
    const v = uniqueViolation(err);
    if (v && violates(v, OPEN_BIZ_INDEX)) {
      const winner = await repo.openPaymentOfBiz(ctx.db, ctx.merchantId, i.bizType, i.bizNo, OPEN_OR_PAID);
      if (winner) return sameCharge(ctx, winner, i.amount);
    }
    throw err;
  }

  try {
    const res = await provider.charge({
      merchantId: ctx.merchantId,
      payNo: row.pay_no,
      amount: i.amount,
      subject: i.subject,
      scenario: i.scenario,
    });
    if (res.status === 'paid') await settlePayment(ctx, row.id, 'paid', { txnId: res.providerTxnId });
    else if (res.status === 'failed') await settlePayment(ctx, row.id, 'failed', { txnId: res.providerTxnId, reason: res.failReason });
    else if (res.providerTxnId)
      await repo.updatePayment(ctx.db, row.id, { provider_txn_id: res.providerTxnId, updated_at: now }, [PAYMENT_PENDING]);
  } catch (err) {
    ctx.log.error(
      { err, payNo: row.pay_no, provider: provider.name },
      'payment provider charge failed or its answer could not be applied; the payment stays 待支付',
    );
  }
  return paymentView(ctx, await rowById(ctx.db, row.id));
}

/**
 * One payment transition (paid / failed / closed) in its own transaction: the conditional update from the states the
 * transition allows, its history and the business handler. False when the payment had already left those states (a
 * duplicate or a race lost): nothing written.
 */
async function settlePayment(
  ctx: SessionOpContext,
  id: number,
  event: PaymentTransition,
  data: { txnId?: string; reason?: string; remark?: string } = {},
): Promise<boolean> {
  const t = PAYMENT_TRANSITIONS[event];
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await rowById(trx, id);
    const set =
      event === 'paid'
        ? { status: t.to, provider_txn_id: data.txnId || before.provider_txn_id, paid_at: now, updated_at: now }
        : event === 'failed'
          ? {
              status: t.to,
              provider_txn_id: data.txnId || before.provider_txn_id,
              fail_reason: (data.reason ?? '').slice(0, 200),
              updated_at: now,
            }
          : { status: t.to, closed_at: now, updated_at: now };
    const res = await repo.updatePayment(trx, id, set, t.from);
    if (!Number(res.numUpdatedRows)) return false;
    const after = await rowById(trx, id);
    const label = providerLabel(providerEnv(ctx), after.provider);
    await writeHistory(trx, ctx, {
      subject: PAYMENT_SUBJECT,
      subjectId: after.pay_no,
      action: event,
      actionLabel: t.label,
      changes: [{ field: 'status', label: '状态', before: paymentStatusName(Number(before.status)), after: paymentStatusName(t.to) }],
      remark: [label, data.reason, data.remark].filter(Boolean).join('；'),
    });
    await tell(trx, ctx, { event, payment: paymentView(ctx, after) });
    return true;
  });
}

// ---------------------------------------------------------------- refund

function sameRefund(env: PaymentEnv, r: repo.RefundRow, i: { payNo: string; amount: number }): RefundView {
  if (r.pay_no !== i.payNo || Number(r.amount) !== i.amount) {
    throw conflict(
      `退款请求号${r.request_key}已用于退款单${r.refund_no}（支付单${r.pay_no}，${yuan(Number(r.amount))}元），与本次请求不一致`,
    );
  }
  return refundView(env, r);
}

const overRefund = (p: repo.PaymentRow) =>
  Number(p.status) !== PAYMENT_PAID
    ? conflict(`支付单${p.pay_no}状态为「${paymentStatusName(Number(p.status))}」，不能退款`)
    : conflict(`退款金额超过可退金额（可退${yuan(Number(p.amount) - Number(p.refunded_amount))}元）`);

/**
 * Refunds part or all of a paid payment (idempotent by requestKey within the merchant: the same key returns the same
 * refund). The amount is reserved on the payment by a conditional update — refunded_amount + amount ≤ amount — in the
 * transaction that writes the 退款中 refund, so refunds together never exceed what was paid, however many race. The
 * provider is then called outside the transaction; a failed refund gives its reservation back.
 */
export async function refund(
  ctx: SessionOpContext,
  input: { payNo: string; amount: number; reason: string; bizType: string; bizNo: string; requestKey: string; scenario?: PaymentScenario },
): Promise<RefundView> {
  const i = parse(refundInput, input);
  const prior = await repo.refundOfKey(ctx.db, ctx.merchantId, i.requestKey);
  if (prior) return sameRefund(ctx, prior, i);
  const payment = await repo.findPayment(ctx.db, ctx.merchantId, i.payNo);
  if (!payment) throw notFound('支付单');
  if (Number(payment.status) !== PAYMENT_PAID) throw overRefund(payment);
  const provider = providerNamed(providerEnv(ctx), payment.provider);
  if (!provider) throw conflict(`支付单${payment.pay_no}的支付渠道${payment.provider}未接入，不能退款`);
  const now = ctx.clock.now();
  let row: repo.RefundRow;
  try {
    row = await withGeneratedCode(
      'TK',
      now,
      (c) => repo.refundNoTaken(ctx.db, ctx.merchantId, c),
      REFUND_CODE_INDEX,
      (refundNo) =>
        ctx.db.transaction().execute(async (trx) => {
          const reserved = await repo.reserveRefund(trx, payment.id, i.amount, PAYMENT_PAID, now);
          if (!Number(reserved.numUpdatedRows)) throw overRefund(await rowById(trx, payment.id));
          const after = await rowById(trx, payment.id);
          const id = await repo.insertRefund(trx, {
            merchant_id: ctx.merchantId,
            refund_no: refundNo,
            payment_id: payment.id,
            pay_no: payment.pay_no,
            amount: i.amount,
            reason: i.reason,
            biz_type: i.bizType,
            biz_no: i.bizNo,
            request_key: i.requestKey,
            provider: payment.provider,
            created_by: ctx.session.accountId,
            created_at: now,
            updated_at: now,
          });
          await writeHistory(trx, ctx, {
            subject: REFUND_SUBJECT,
            subjectId: refundNo,
            action: 'create',
            actionLabel: '发起退款',
            remark: `${provider.label} 支付单${payment.pay_no} 退款${yuan(i.amount)}元：${i.reason}`,
          });
          await writeHistory(trx, ctx, {
            subject: PAYMENT_SUBJECT,
            subjectId: payment.pay_no,
            action: 'refund',
            actionLabel: '发起退款',
            changes: [
              {
                field: 'refundedAmount',
                label: '已退金额',
                before: `${yuan(Number(after.refunded_amount) - i.amount)}元`,
                after: `${yuan(Number(after.refunded_amount))}元`,
              },
            ],
            remark: `退款单${refundNo}（${i.bizType} ${i.bizNo}）`,
          });
          return refundById(trx, id);
        }),
    );
  } catch (err) {
    // the same request key raced in twice: the first one's refund is the answer
    const v = uniqueViolation(err);
    if (v && violates(v, REFUND_KEY_INDEX)) {
      const first = await repo.refundOfKey(ctx.db, ctx.merchantId, i.requestKey);
      if (first) return sameRefund(ctx, first, i);
    }
    throw err;
  }

  try {
    const res = await provider.refund({
      merchantId: ctx.merchantId,
      refundNo: row.refund_no,
      payNo: payment.pay_no,
      providerTxnId: payment.provider_txn_id,
      amount: i.amount,
      scenario: i.scenario,
    });
    if (res.status === 'refunded') await settleRefund(ctx, row.id, 'refunded', { refundId: res.providerRefundId });
    else if (res.status === 'failed') await settleRefund(ctx, row.id, 'failed', { refundId: res.providerRefundId, reason: res.failReason });
    else if (res.providerRefundId)
      await repo.updateRefund(ctx.db, row.id, { provider_refund_id: res.providerRefundId, updated_at: now }, [REFUND_PENDING]);
  } catch (err) {
    ctx.log.error(
      { err, refundNo: row.refund_no, provider: provider.name },
      'payment provider refund failed or its answer could not be applied; the refund stays 退款中',
    );
  }
  return refundView(ctx, await refundById(ctx.db, row.id));
}

const LATE_REFUNDED = 'late-refunded';
class NoRoomForLateRefund extends Error {
  constructor(readonly refundNo: string) {
    super('no room for a late refund');
  }
}

/**
 * One refund transition in its own transaction. refunded from 退款中; refunded from 退款失败 (a success notification after a
 * failure) only when the amount can be reserved again; failed from 退款中 gives the reservation back. False when the refund
 * was not in a state the transition starts from (a duplicate): nothing written.
 */
async function settleRefund(
  ctx: SessionOpContext,
  id: number,
  event: RefundTransition,
  data: { refundId?: string; reason?: string } = {},
): Promise<boolean> {
  const t = REFUND_TRANSITIONS[event];
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const before = await refundById(trx, id);
      const from = Number(before.status);
      if (!(t.from as readonly number[]).includes(from)) return false;
      const amount = Number(before.amount);
      const set =
        event === 'refunded'
          ? { status: t.to, provider_refund_id: data.refundId || before.provider_refund_id, refunded_at: now, updated_at: now }
          : {
              status: t.to,
              provider_refund_id: data.refundId || before.provider_refund_id,
              fail_reason: (data.reason ?? '').slice(0, 200),
              failed_at: now,
              updated_at: now,
            };
      // a racing duplicate got there first: nothing to do
      if (!Number((await repo.updateRefund(trx, id, set, [from])).numUpdatedRows)) return false;
      if (event === 'failed') await repo.releaseRefund(trx, before.payment_id, amount, now);
      // refunded after it failed: its reservation was given back then; take it again, or roll back and leave it to people
      if (event === 'refunded' && from === REFUND_FAILED) {
        const again = await repo.reserveRefund(trx, before.payment_id, amount, PAYMENT_PAID, now);
        if (!Number(again.numUpdatedRows)) throw new NoRoomForLateRefund(before.refund_no);
      }
      const after = await refundById(trx, id);
      const payment = await rowById(trx, before.payment_id);
      await writeHistory(trx, ctx, {
        subject: REFUND_SUBJECT,
        subjectId: after.refund_no,
        action: event,
        actionLabel: t.label,
        changes: [{ field: 'status', label: '状态', before: refundStatusName(from), after: refundStatusName(t.to) }],
        remark: [providerLabel(providerEnv(ctx), after.provider), data.reason].filter(Boolean).join('；'),
      });
      if (event === 'failed') {
        await writeHistory(trx, ctx, {
          subject: PAYMENT_SUBJECT,
          subjectId: payment.pay_no,
          action: 'refund-failed',
          actionLabel: '退款失败',
          changes: [
            {
              field: 'refundedAmount',
              label: '已退金额',
              before: `${yuan(Number(payment.refunded_amount) + amount)}元`,
              after: `${yuan(Number(payment.refunded_amount))}元`,
            },
          ],
          remark: `退款单${after.refund_no}`,
        });
      }
      await tell(trx, ctx, {
        event: event === 'refunded' ? 'refunded' : 'refund-failed',
        payment: paymentView(ctx, payment),
        refund: refundView(ctx, after),
      });
      return true;
    });
  } catch (err) {
    if (!(err instanceof NoRoomForLateRefund)) throw err;
    ctx.log.error({ refundNo: err.refundNo }, 'refund success after its failure, and the amount is no longer refundable');
    // recorded once: the provider's repeats of the same notification add nothing
    const noted = await historyQuery(ctx.db, ctx.merchantId, REFUND_SUBJECT, err.refundNo)
      .where('action', '=', LATE_REFUNDED)
      .executeTakeFirst();
    if (!noted)
      await ctx.db.transaction().execute((trx) =>
        writeHistory(trx, ctx, {
          subject: REFUND_SUBJECT,
          subjectId: err.refundNo,
          action: LATE_REFUNDED,
          actionLabel: '迟到的退款成功',
          remark: '退款失败后收到退款成功通知，但支付单可退金额已不足，需人工核对',
        }),
      );
    return false;
  }
}

// ---------------------------------------------------------------- notifications

/** What a notification did (tests and logs): applied, a duplicate, late (recorded), ignored, or for nothing we know. */
export type CallbackOutcome = 'applied' | 'duplicate' | 'late' | 'ignored' | 'unknown';

/**
 * A provider's notification (POST /pay-api/notify/:provider): signature checked (CallbackRefused: nothing written),
 * then applied along the transition tables. A duplicate changes nothing. A success after the payment failed or closed
 * (or a second success with another transaction after it was paid) is recorded on the payment as 迟到支付 to refund,
 * the business handler hears `late-paid`, and the status stays. A failure after success is ignored and logged.
 */
export async function handleCallback(
  env: PaymentEnv,
  providerName: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<CallbackOutcome> {
  const provider = providerNamed(providerEnv(env), providerName);
  if (!provider) throw new CallbackRefused('支付渠道不存在');
  const n = await provider.verifyCallback(headers, rawBody);
  const ctx = systemContext(env, n.merchantId, '系统（支付通知）');
  return n.kind === 'payment' ? paymentNotified(ctx, provider.name, n) : refundNotified(ctx, provider.name, n);
}

async function paymentNotified(
  ctx: SessionOpContext,
  providerName: string,
  n: Extract<PaymentNotification, { kind: 'payment' }>,
): Promise<CallbackOutcome> {
  const row = await repo.findPayment(ctx.db, ctx.merchantId, n.payNo);
  if (!row || row.provider !== providerName) {
    ctx.log.warn({ payNo: n.payNo, merchantId: ctx.merchantId }, 'payment notification for no payment of ours: ignored');
    return 'unknown';
  }
  if (Number(row.amount) !== n.amount) {
    ctx.log.error({ payNo: n.payNo, amount: n.amount }, 'payment notification amount differs from the payment: refused');
    throw new CallbackRefused('金额不一致');
  }
  const status = Number(row.status);
  if (n.status === 'failed') {
    if (status === PAYMENT_PENDING && (await settlePayment(ctx, row.id, 'failed', { txnId: n.providerTxnId, reason: n.failReason })))
      return 'applied';
    if (Number((await rowById(ctx.db, row.id)).status) === PAYMENT_PAID) {
      ctx.log.warn({ payNo: row.pay_no }, 'payment failure notification after the payment was paid: ignored');
      return 'ignored';
    }
    return 'duplicate';
  }
  if (status === PAYMENT_PENDING && (await settlePayment(ctx, row.id, 'paid', { txnId: n.providerTxnId }))) return 'applied';
  const now = await rowById(ctx.db, row.id);
  const st = Number(now.status);
  if (st === PAYMENT_PAID && (!n.providerTxnId || !now.provider_txn_id || n.providerTxnId === now.provider_txn_id)) return 'duplicate';
  // paid again under another transaction, or paid after it failed / closed: the money came in and must go back
  const late = await ctx.db.transaction().execute(async (trx) => {
    const res = await repo.markLatePaid(trx, row.id, n.providerTxnId, ctx.clock.now(), [st]);
    if (!Number(res.numUpdatedRows)) return false;
    const after = await rowById(trx, row.id);
    await writeHistory(trx, ctx, {
      subject: PAYMENT_SUBJECT,
      subjectId: after.pay_no,
      action: 'late-paid',
      actionLabel: '迟到支付',
      remark:
        st === PAYMENT_PAID
          ? `已支付后又收到另一笔支付成功通知（交易号${n.providerTxnId}），款项需退回`
          : `支付单${paymentStatusName(st)}后收到支付成功通知（交易号${n.providerTxnId}），款项需退回`,
    });
    await tell(trx, ctx, { event: 'late-paid', payment: paymentView(ctx, after) });
    return true;
  });
  if (late) ctx.log.warn({ payNo: row.pay_no, status: st }, 'late payment success recorded: to be refunded');
  return late ? 'late' : 'duplicate';
}

async function refundNotified(
  ctx: SessionOpContext,
  providerName: string,
  n: Extract<PaymentNotification, { kind: 'refund' }>,
): Promise<CallbackOutcome> {
  const row = await repo.findRefund(ctx.db, ctx.merchantId, n.refundNo);
  if (!row || row.pay_no !== n.payNo || row.provider !== providerName) {
    ctx.log.warn({ refundNo: n.refundNo, merchantId: ctx.merchantId }, 'refund notification for no refund of ours: ignored');
    return 'unknown';
  }
  if (Number(row.amount) !== n.amount) {
    ctx.log.error({ refundNo: n.refundNo, amount: n.amount }, 'refund notification amount differs from the refund: refused');
    throw new CallbackRefused('金额不一致');
  }
  const status = Number(row.status);
  if (n.status === 'failed') {
    if (status === REFUND_DONE) {
      ctx.log.warn({ refundNo: row.refund_no }, 'refund failure notification after the refund succeeded: ignored');
      return 'ignored';
    }
    return (await settleRefund(ctx, row.id, 'failed', { refundId: n.providerRefundId, reason: n.failReason })) ? 'applied' : 'duplicate';
  }
  if (status === REFUND_DONE) return 'duplicate';
  const applied = await settleRefund(ctx, row.id, 'refunded', { refundId: n.providerRefundId });
  return applied ? (status === REFUND_FAILED ? 'late' : 'applied') : status === REFUND_FAILED ? 'late' : 'duplicate';
}

// ---------------------------------------------------------------- time-out and reads

/**
 * Closes 待支付 payments past their time-out (PAYMENT_TIMEOUT_MINUTES), as 系统（超时关闭）, each in its own transaction
 * with its business handler. For the job runner; returns how many it closed.
 */
export async function closeUnpaid(env: PaymentEnv): Promise<number> {
  let closed = 0;
  for (const p of await repo.expiredPending(env.db, PAYMENT_PENDING, env.clock.now(), CLOSE_BATCH)) {
    const ctx = systemContext(env, p.merchant_id, '系统（超时关闭）');
    if (await settlePayment(ctx, p.id, 'closed', { remark: '超时未支付' })) closed++;
  }
  return closed;
}

/** A payment of the merchant and its refunds (oldest first). */
/**
 * The demo seed's settled charge of a past document (no provider call): a 沙箱支付 payment 已支付 (or 支付失败) at `at`,
 * written in the caller's transaction with its history, as the sandbox would have settled it then.
 */
export async function seedSettledPayment(
  trx: Transaction<Database>,
  i: { merchantId: number; bizType: string; bizNo: string; amount: number; subject: string; at: number; paid: boolean; payNo: string },
): Promise<void> {
  const txn = `SBX${randomBytes(12).toString('hex').toUpperCase()}`;
  await repo.insertPayment(trx, {
    merchant_id: i.merchantId,
    pay_no: i.payNo,
    biz_type: i.bizType,
    biz_no: i.bizNo,
    subject: i.subject,
    amount: i.amount,
    provider: 'sandbox',
    provider_txn_id: txn,
    status: i.paid ? PAYMENT_PAID : PAYMENT_FAILED,
    fail_reason: i.paid ? '' : '沙箱支付：模拟支付失败（余额不足）',
    expires_at: i.at + 15 * 60_000,
    paid_at: i.paid ? i.at : 0,
    created_at: i.at,
    updated_at: i.at,
  });
}

/** Every payment of a business document (a failed charge, then its retry…), newest first. */
export async function paymentsOfBiz(env: PaymentEnv, merchantId: number, bizType: string, bizNo: string): Promise<PaymentView[]> {
  return (await repo.paymentsOfBiz(env.db, merchantId, bizType, bizNo)).map((r) => paymentView(env, r));
}

export async function getPayment(ctx: SessionOpContext, payNo: string): Promise<{ payment: PaymentView; refunds: RefundView[] }> {
  const p = await repo.findPayment(ctx.db, ctx.merchantId, payNo.trim().toUpperCase());
  if (!p) throw notFound('支付单');
  return { payment: paymentView(ctx, p), refunds: (await repo.refundsOfPayment(ctx.db, p.id)).map((r) => refundView(ctx, r)) };
}

/**
 * A merchant's paid payments and done refunds as the changes that made them ('paid', 'refunded'), oldest first: what
 * the money ledger replays to post what it has not posted yet (the demo's payments, written before it listened).
 */
export async function settledChanges(env: PaymentEnv, merchantId: number): Promise<PaymentChange[]> {
  const paid = await env.db
    .selectFrom('payment')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', PAYMENT_PAID)
    .orderBy('paid_at')
    .orderBy('id')
    .execute();
  const views = new Map(paid.map((p) => [p.id, paymentView(env, p)]));
  const refunds = await env.db
    .selectFrom('payment_refund')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', REFUND_DONE)
    .orderBy('refunded_at')
    .orderBy('id')
    .execute();
  const changes: { at: number; change: PaymentChange }[] = [
    ...[...views.values()].map((payment) => ({ at: payment.paidAt ?? 0, change: { event: 'paid' as const, payment } })),
    ...refunds
      .filter((r) => views.has(r.payment_id))
      .map((r) => ({
        at: Number(r.refunded_at),
        change: { event: 'refunded' as const, payment: views.get(r.payment_id)!, refund: refundView(env, r) },
      })),
  ];
  return changes.sort((a, b) => a.at - b.at).map((c) => c.change);
}

/** The provider new payments use (PAYMENT_PROVIDER) as pages name it: 收款设置 shows it. */
export const currentProviderLabel = (env: PaymentEnv) => ({
  label: providerLabel(providerEnv(env), env.config.payment.provider),
  sandbox: env.config.payment.provider === 'sandbox',
});
