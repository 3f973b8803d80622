import {
  PAYMENT_STATUS,
  PAYMENT_TRANSITIONS,
  REFUND_STATUS,
  REFUND_TRANSITIONS,
  type PaymentStatus,
  type RefundStatus,
} from '@merchant/contracts/payment/payment-fields';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';
import { merchantOf, notify, payCtx } from '../../test/payment-kit.ts';
import type { PaymentScenario } from './payment-provider.ts';
import { charge, closeUnpaid, refund } from './payment.service.ts';

// Random sequences of charges, refunds, payment and refund notifications (in order, repeated, late, contradictory) and
// time-outs keep the adapter's rules: on every payment refunded_amount = Σ refunds not failed ≤ amount, refunds exist
// only on paid payments, and every status change recorded in history is one the transition tables allow.

type Step =
  | { op: 'charge'; scenario: PaymentScenario; amount: number; sameBiz: boolean }
  | { op: 'payNotify'; target: number; paid: boolean; otherTxn: boolean }
  | { op: 'refund'; target: number; amount: number; scenario: PaymentScenario; reuseKey: boolean }
  | { op: 'refundNotify'; target: number; refunded: boolean }
  | { op: 'close' };

const scenario = fc.constantFrom<PaymentScenario>('ok', 'fail', 'pending', 'pending');
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('charge' as const),
      scenario: fc.constantFrom<PaymentScenario>('ok', 'ok', 'fail', 'pending'),
      amount: fc.integer({ min: 1, max: 1000 }),
      sameBiz: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('payNotify' as const), target: fc.nat(), paid: fc.boolean(), otherTxn: fc.boolean() }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('refund' as const),
      target: fc.nat(),
      amount: fc.integer({ min: 1, max: 700 }),
      scenario,
      reuseKey: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('refundNotify' as const), target: fc.nat(), refunded: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ op: 'close' as const }) },
);

const allowedPayment = new Set(
  Object.values(PAYMENT_TRANSITIONS).flatMap((t) => t.from.map((f) => `${PAYMENT_STATUS[f]}→${PAYMENT_STATUS[t.to as PaymentStatus]}`)),
);
const allowedRefund = new Set(
  Object.values(REFUND_TRANSITIONS).flatMap((t) => t.from.map((f) => `${REFUND_STATUS[f]}→${REFUND_STATUS[t.to as RefundStatus]}`)),
);
const EXPECTED_REFUSALS = /退款金额超过可退金额|状态为「.+」，不能退款|已用于退款单|金额.*不一致/;

describe.each(DIALECTS)('payment adapter keeps its rules under random sequences (%s)', (dialect) => {
  let t: TestApp;
  let merchantId: number;
  let run = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    merchantId = await merchantOf(t, 'admin');
  });
  afterAll(() => t.close());

  it('refunded_amount = Σ refunds not failed ≤ amount, and statuses move only along the tables', async () => {
    const seen = { payments: 0, refunds: 0, refusals: 0 };
    await fc.assert(
      // every sequence opens with a paid charge so its refunds have something to refund (without it a CI run drew only
      // one refund in 30 sequences); medium size lets sequences reach their 20 steps
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20, size: 'medium' }), async (drawn) => {
        const steps: Step[] = [{ op: 'charge', scenario: 'ok', amount: 1000, sameBiz: false }, ...drawn];
        const ctx = payCtx(t, merchantId);
        const prefix = `P${++run}X`;
        const payments: { payNo: string; amount: number; txn: string }[] = [];
        const refunds: { refundNo: string; payNo: string; amount: number }[] = [];
        const keys: string[] = [];
        let biz = 0;
        for (const s of steps) {
          try {
            if (s.op === 'charge') {
              if (!s.sameBiz || biz === 0) biz++;
              const p = await charge(ctx, {
                bizType: 'prop-order',
                bizNo: `${prefix}${biz}`,
                amount: s.amount,
                subject: '性质测试',
                scenario: s.scenario,
              });
              if (!payments.some((x) => x.payNo === p.payNo)) payments.push({ payNo: p.payNo, amount: p.amount, txn: p.providerTxnId });
            } else if (s.op === 'payNotify' && payments.length) {
              const p = payments[s.target % payments.length];
              const n = {
                kind: 'payment',
                merchantId,
                payNo: p.payNo,
                amount: p.amount,
                providerTxnId: s.otherTxn ? `${p.txn}B` : p.txn,
              } as const;
              const res = await notify(t, { ...n, status: s.paid ? 'paid' : 'failed' });
              expect(res.status).toBe(200);
            } else if (s.op === 'refund' && payments.length) {
              const p = payments[s.target % payments.length];
              const key = s.reuseKey && keys.length ? keys[s.target % keys.length] : `${prefix}K${keys.length}`;
              keys.push(key);
              const r = await refund(ctx, {
                payNo: p.payNo,
                amount: s.amount,
                reason: '性质测试',
                bizType: 'prop-after-sale',
                bizNo: key,
                requestKey: key,
                scenario: s.scenario,
              });
              if (!refunds.some((x) => x.refundNo === r.refundNo)) refunds.push({ refundNo: r.refundNo, payNo: r.payNo, amount: r.amount });
            } else if (s.op === 'refundNotify' && refunds.length) {
              const r = refunds[s.target % refunds.length];
              const res = await notify(t, {
                kind: 'refund',
                merchantId,
                payNo: r.payNo,
                refundNo: r.refundNo,
                providerRefundId: `R${r.refundNo}`,
                amount: r.amount,
                status: s.refunded ? 'refunded' : 'failed',
              });
              expect(res.status).toBe(200);
            } else if (s.op === 'close') {
              t.clock.advance(t.config.payment.timeoutMs);
              await closeUnpaid(ctx);
            }
          } catch (err) {
            expect((err as Error).message).toMatch(EXPECTED_REFUSALS);
            seen.refusals++;
          }
        }
        seen.payments += payments.length;
        seen.refunds += refunds.length;

        for (const p of payments) {
          const row = await t.db.db.selectFrom('payment').selectAll().where('pay_no', '=', p.payNo).executeTakeFirstOrThrow();
          const rs = await t.db.db.selectFrom('payment_refund').selectAll().where('payment_id', '=', row.id).execute();
          const live = rs.filter((r) => Number(r.status) !== 2).reduce((sum, r) => sum + Number(r.amount), 0);
          expect(Number(row.refunded_amount)).toBe(live);
          expect(live).toBeLessThanOrEqual(Number(row.amount));
          if (rs.length) expect(Number(row.status)).toBe(1);
          const moves = await t.db.db
            .selectFrom('record_history')
            .select(['subject', 'changes'])
            .where('merchant_id', '=', merchantId)
            .where((eb) =>
              eb.or([
                eb.and([eb('subject', '=', 'payment.payment'), eb('subject_id', '=', p.payNo)]),
                eb.and([eb('subject', '=', 'payment.refund'), eb('subject_id', 'in', ['', ...rs.map((r) => r.refund_no)])]),
              ]),
            )
            .execute();
          for (const m of moves) {
            for (const c of JSON.parse(m.changes) as { field: string; before: string; after: string }[]) {
              if (c.field !== 'status') continue;
              const allowed = m.subject === 'payment.payment' ? allowedPayment : allowedRefund;
              expect(allowed.has(`${c.before}→${c.after}`), `${m.subject} ${c.before}→${c.after}`).toBe(true);
            }
          }
        }
      }),
      { numRuns: 30 },
    );
    // the sequences reached what they are about
    expect(seen.payments).toBeGreaterThan(10);
    expect(seen.refunds).toBeGreaterThan(10);
    expect(seen.refusals).toBeGreaterThan(0);
    const states = await t.db.db.selectFrom('payment').select('status').where('biz_type', '=', 'prop-order').groupBy('status').execute();
    expect(states.length).toBeGreaterThanOrEqual(3);
  });
});
