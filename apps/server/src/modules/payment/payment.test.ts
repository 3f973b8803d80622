import {
  PAYMENT_CLOSED,
  PAYMENT_FAILED,
  PAYMENT_PAID,
  PAYMENT_PENDING,
  REFUND_DONE,
  REFUND_FAILED,
  REFUND_PENDING,
} from '@merchant/contracts/payment/payment-fields';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { merchantOf, notify, payCtx, sandbox } from '../../test/payment-kit.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { charge, closeUnpaid, getPayment, onPaymentChange, refund, type PaymentChange } from './payment.service.ts';

// The payment adapter on the sandbox, exercised like a real provider (docs/payments.md): charges that settle, fail or
// wait for a notification; idempotent charges and refunds; duplicate, late and forged notifications; refunds that never
// exceed what was paid, also when they race; other merchants' payments invisible.

const BIZ = 'test-order';
let seq = 0;
const bizNo = () => `T${Date.now().toString(36)}${++seq}`;

describe.each(DIALECTS)('payment adapter (%s)', (dialect) => {
  let t: TestApp;
  let merchantId: number;
  const events: { event: PaymentChange['event']; payNo: string; refundNo?: string }[] = [];
  let failHandler = false;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    merchantId = await merchantOf(t, 'admin');
    onPaymentChange(BIZ, async (trx, change) => {
      // runs inside the status change's transaction: it sees the new status, and throwing rolls it back
      const row = await trx.selectFrom('payment').select('status').where('pay_no', '=', change.payment.payNo).executeTakeFirstOrThrow();
      expect(Number(row.status)).toBe(change.payment.status);
      if (failHandler) throw new Error('订单模块暂时不可用');
      events.push({ event: change.event, payNo: change.payment.payNo, refundNo: change.refund?.refundNo });
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    events.length = 0;
    failHandler = false;
  });

  const ctx = () => payCtx(t, merchantId);
  const historyCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('record_history')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('subject', 'in', ['payment.payment', 'payment.refund'])
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rowOf = (payNo: string) => t.db.db.selectFrom('payment').selectAll().where('pay_no', '=', payNo).executeTakeFirstOrThrow();
  const paid = async (amount = 1000) => charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount, subject: '智能柜订单' });

  it('settles a charge at once (ok), labelled 沙箱支付, with history and the business handler told', async () => {
    const p = await paid(1250);
    expect(p).toMatchObject({
      status: PAYMENT_PAID,
      statusName: '已支付',
      amount: 1250,
      refundable: 1250,
      provider: 'sandbox',
      providerLabel: '沙箱支付',
    });
    expect(p.payNo).toMatch(/^PY\d{10}$/);
    expect(p.providerTxnId).toMatch(/^SBX/);
    expect(p.paidAt).toBe(t.clock.now());
    expect(events).toEqual([{ event: 'paid', payNo: p.payNo, refundNo: undefined }]);
    const h = await t.db.db.selectFrom('record_history').selectAll().where('subject_id', '=', p.payNo).orderBy('id').execute();
    expect(h.map((r) => r.action_label)).toEqual(['发起支付', '支付成功']);
    expect(h[0].remark).toContain('沙箱支付');
    expect(JSON.parse(h[1].changes)).toEqual([{ field: 'status', label: '状态', before: '待支付', after: '已支付' }]);
  });

  it('records a failed charge, and the same document may then be charged again', async () => {
    const no = bizNo();
    const f = await charge(ctx(), { bizType: BIZ, bizNo: no, amount: 500, subject: '智能柜订单', scenario: 'fail' });
    expect(f).toMatchObject({ status: PAYMENT_FAILED, statusName: '支付失败', refundable: 0 });
    expect(f.failReason).toContain('沙箱支付');
    expect(events.map((e) => e.event)).toEqual(['failed']);
    const again = await charge(ctx(), { bizType: BIZ, bizNo: no, amount: 500, subject: '智能柜订单' });
    expect(again.payNo).not.toBe(f.payNo);
    expect(again.status).toBe(PAYMENT_PAID);
  });

  it('is idempotent per business document: the same payment again, a different amount refused, a race makes one', async () => {
    const no = bizNo();
    const first = await charge(ctx(), { bizType: BIZ, bizNo: no, amount: 800, subject: '订单' });
    const second = await charge(ctx(), { bizType: BIZ, bizNo: no, amount: 800, subject: '订单' });
    expect(second.payNo).toBe(first.payNo);
    await expect(charge(ctx(), { bizType: BIZ, bizNo: no, amount: 900, subject: '订单' })).rejects.toThrow(
      `业务单${no}已有已支付的支付单${first.payNo}（8.00元），与本次金额9.00元不一致`,
    );
    const raced = bizNo();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => charge(ctx(), { bizType: BIZ, bizNo: raced, amount: 300, subject: '订单', scenario: 'pending' })),
    );
    expect(new Set(answers.map((a) => a.payNo)).size).toBe(1);
    const rows = await t.db.db.selectFrom('payment').select('id').where('biz_no', '=', raced).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input with a Chinese message naming the field', async () => {
    await expect(charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount: 0, subject: '订单' })).rejects.toThrow('支付金额必须大于0');
    await expect(charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount: 12.5, subject: '订单' })).rejects.toThrow(
      '支付金额必须是整数（分）',
    );
    await expect(charge(ctx(), { bizType: 'Bad Type', bizNo: bizNo(), amount: 1, subject: '订单' })).rejects.toThrow('业务类型格式不正确');
  });

  it('leaves a pending charge 待支付 until its notification settles it; a duplicate notification changes nothing', async () => {
    const p = await charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount: 660, subject: '订单', scenario: 'pending' });
    expect(p).toMatchObject({ status: PAYMENT_PENDING, statusName: '待支付' });
    expect(events).toEqual([]);
    const n = { kind: 'payment', merchantId, payNo: p.payNo, status: 'paid', providerTxnId: p.providerTxnId, amount: 660 } as const;
    const res = await notify(t, n);
    expect(res).toEqual({ status: 200, body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) });
    expect(Number((await rowOf(p.payNo)).status)).toBe(PAYMENT_PAID);
    expect(events.map((e) => e.event)).toEqual(['paid']);
    const before = { history: await historyCount(), row: await rowOf(p.payNo) };
    expect((await notify(t, n)).status).toBe(200);
    expect(await historyCount()).toBe(before.history);
    expect(await rowOf(p.payNo)).toEqual(before.row);
    expect(events).toHaveLength(1);
    // a failure notification after success is ignored (and logged)
    expect((await notify(t, { ...n, status: 'failed', failReason: '银行拒绝' })).status).toBe(200);
    expect(await rowOf(p.payNo)).toEqual(before.row);
    expect(await historyCount()).toBe(before.history);
  });

  it('rolls the status change back when the business handler fails; the provider retries and it applies then', async () => {
    const p = await charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount: 100, subject: '订单', scenario: 'pending' });
    const n = { kind: 'payment', merchantId, payNo: p.payNo, status: 'paid', providerTxnId: p.providerTxnId, amount: 100 } as const;
    failHandler = true;
    const history = await historyCount();
    expect((await notify(t, n)).status).toBe(500);
    expect(Number((await rowOf(p.payNo)).status)).toBe(PAYMENT_PENDING);
    expect(await historyCount()).toBe(history);
    failHandler = false;
    expect((await notify(t, n)).status).toBe(200);
    expect(Number((await rowOf(p.payNo)).status)).toBe(PAYMENT_PAID);
  });

  it('closes a pending payment past its time-out; a success notification after that is recorded as 迟到支付 to refund', async () => {
    const p = await charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount: 420, subject: '订单', scenario: 'pending' });
    t.clock.advance(t.config.payment.timeoutMs - 1);
    expect(await closeUnpaid(payCtx(t, merchantId))).toBe(0);
    t.clock.advance(1);
    expect(await closeUnpaid(payCtx(t, merchantId))).toBeGreaterThanOrEqual(1);
    expect((await rowOf(p.payNo)).status).toBe(PAYMENT_CLOSED);
    expect(events.filter((e) => e.payNo === p.payNo).map((e) => e.event)).toEqual(['closed']);
    const n = { kind: 'payment', merchantId, payNo: p.payNo, status: 'paid', providerTxnId: p.providerTxnId, amount: 420 } as const;
    expect((await notify(t, n)).status).toBe(200);
    const { payment } = await getPayment(ctx(), p.payNo);
    expect(payment).toMatchObject({
      status: PAYMENT_CLOSED,
      statusName: '已关闭',
      latePaid: true,
      lateTxnId: p.providerTxnId,
      refundable: 0,
    });
    expect(events.filter((e) => e.payNo === p.payNo).map((e) => e.event)).toEqual(['closed', 'late-paid']);
    const h = await t.db.db.selectFrom('record_history').selectAll().where('subject_id', '=', p.payNo).orderBy('id').execute();
    expect(h.map((r) => [r.action_label, r.operator_name])).toEqual([
      ['发起支付', '测试收银'],
      ['超时关闭', '系统（超时关闭）'],
      ['迟到支付', '系统（支付通知）'],
    ]);
    expect(h[2].remark).toContain('款项需退回');
    // the same late notification again: nothing more
    const history = await historyCount();
    expect((await notify(t, n)).status).toBe(200);
    expect(await historyCount()).toBe(history);
  });

  it('refuses a forged, re-signed, stale or unknown-provider notification with 400 / 404 and writes nothing', async () => {
    const p = await charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount: 990, subject: '订单', scenario: 'pending' });
    const n = { kind: 'payment', merchantId, payNo: p.payNo, status: 'paid', providerTxnId: 'X1', amount: 990 } as const;
    const before = { history: await historyCount(), row: await rowOf(p.payNo) };
    const forged = await notify(t, n, { secret: 'not-the-secret' });
    expect(forged).toEqual({ status: 400, body: JSON.stringify({ code: 'FAIL', message: '签名错误' }) });
    const edited = await notify(t, n, { tamper: (r) => (r.body = r.body.replace('"amount":990', '"amount":1')) });
    expect(edited.status).toBe(400);
    const unsigned = await notify(t, n, { tamper: (r) => delete r.headers['x-sandbox-signature'] });
    expect(unsigned.status).toBe(400);
    const stale = await notify(t, n, { at: t.clock.now() - 6 * 60_000 });
    expect(JSON.parse(stale.body)).toEqual({ code: 'FAIL', message: '通知已过期' });
    const wrongAmount = await notify(t, { ...n, amount: 1 });
    expect(JSON.parse(wrongAmount.body)).toEqual({ code: 'FAIL', message: '金额不一致' });
    const other = await t.app.inject({
      method: 'POST',
      url: '/pay-api/notify/wechat',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(other.statusCode).toBe(404);
    expect(await historyCount()).toBe(before.history);
    expect(await rowOf(p.payNo)).toEqual(before.row);
    expect(events).toEqual([]);
  });

  it('keeps its callback secret across a restart (stored, not in the repository)', async () => {
    const p = await charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount: 10, subject: '订单', scenario: 'pending' });
    const n = { kind: 'payment', merchantId, payNo: p.payNo, status: 'paid', providerTxnId: 'X2', amount: 10 } as const;
    const signed = await sandbox(t).callback(n);
    const restarted = new SandboxProvider({ db: t.db.db, config: t.config, clock: t.clock });
    await expect(restarted.verifyCallback(signed.headers, signed.body)).resolves.toMatchObject({ payNo: p.payNo, status: 'paid' });
    const keys = await t.db.db.selectFrom('payment_provider_key').selectAll().execute();
    expect(keys.map((k) => k.provider)).toEqual(['sandbox']);
    expect(keys[0].secret.length).toBeGreaterThanOrEqual(40);
  });

  it('refunds in parts, is idempotent by request key, and refuses more than is left with nothing written', async () => {
    const p = await paid(1000);
    const base = { payNo: p.payNo, reason: '售后退款', bizType: 'after-sale', bizNo: bizNo() };
    const r1 = await refund(ctx(), { ...base, amount: 300, requestKey: `${p.payNo}-1` });
    expect(r1).toMatchObject({ status: REFUND_DONE, statusName: '已退款', amount: 300, providerLabel: '沙箱支付' });
    expect(r1.refundNo).toMatch(/^TK\d{10}$/);
    expect(await refund(ctx(), { ...base, amount: 300, requestKey: `${p.payNo}-1` })).toEqual(r1);
    await expect(refund(ctx(), { ...base, amount: 200, requestKey: `${p.payNo}-1` })).rejects.toThrow(/退款请求号.*已用于退款单/);
    const r2 = await refund(ctx(), { ...base, amount: 500, requestKey: `${p.payNo}-2` });
    expect(r2.status).toBe(REFUND_DONE);
    const before = { history: await historyCount(), row: await rowOf(p.payNo), refunds: (await getPayment(ctx(), p.payNo)).refunds };
    await expect(refund(ctx(), { ...base, amount: 201, requestKey: `${p.payNo}-3` })).rejects.toThrow('退款金额超过可退金额（可退2.00元）');
    expect(await historyCount()).toBe(before.history);
    expect(await rowOf(p.payNo)).toEqual(before.row);
    expect((await getPayment(ctx(), p.payNo)).refunds).toEqual(before.refunds);
    expect((await getPayment(ctx(), p.payNo)).payment).toMatchObject({ refundedAmount: 800, refundable: 200 });
    expect(events.map((e) => e.event)).toEqual(['paid', 'refunded', 'refunded']);
    const h = await t.db.db.selectFrom('record_history').selectAll().where('subject_id', '=', p.payNo).orderBy('id').execute();
    expect(h.map((r) => r.action_label)).toEqual(['发起支付', '支付成功', '发起退款', '发起退款']);
    expect(JSON.parse(h[3].changes)).toEqual([{ field: 'refundedAmount', label: '已退金额', before: '3.00元', after: '8.00元' }]);
  });

  it('gives a failed refund its amount back; a pending one settles by notification either way', async () => {
    const p = await paid(1000);
    const base = { payNo: p.payNo, reason: '退货', bizType: 'after-sale', bizNo: bizNo() };
    const failed = await refund(ctx(), { ...base, amount: 1000, requestKey: `${p.payNo}-f`, scenario: 'fail' });
    expect(failed).toMatchObject({ status: REFUND_FAILED, statusName: '退款失败' });
    expect((await getPayment(ctx(), p.payNo)).payment.refundable).toBe(1000);
    const pending = await refund(ctx(), { ...base, amount: 600, requestKey: `${p.payNo}-p`, scenario: 'pending' });
    expect(pending).toMatchObject({ status: REFUND_PENDING, statusName: '退款中' });
    // 退款中 counts: only 400 left
    await expect(refund(ctx(), { ...base, amount: 401, requestKey: `${p.payNo}-x` })).rejects.toThrow('可退4.00元');
    const rn = { kind: 'refund', merchantId, payNo: p.payNo, refundNo: pending.refundNo, providerRefundId: 'R1', amount: 600 } as const;
    expect((await notify(t, { ...rn, status: 'failed', failReason: '原路退回失败' })).status).toBe(200);
    expect((await getPayment(ctx(), p.payNo)).payment.refundable).toBe(1000);
    const pending2 = await refund(ctx(), { ...base, amount: 700, requestKey: `${p.payNo}-p2`, scenario: 'pending' });
    const rn2 = { kind: 'refund', merchantId, payNo: p.payNo, refundNo: pending2.refundNo, providerRefundId: 'R2', amount: 700 } as const;
    expect((await notify(t, { ...rn2, status: 'refunded' })).status).toBe(200);
    expect((await notify(t, { ...rn2, status: 'refunded' })).status).toBe(200);
    expect((await notify(t, { ...rn2, status: 'failed' })).status).toBe(200); // after success: ignored
    const { payment, refunds } = await getPayment(ctx(), p.payNo);
    expect(payment).toMatchObject({ refundedAmount: 700, refundable: 300 });
    expect(refunds.map((r) => [r.amount, r.statusName])).toEqual([
      [1000, '退款失败'],
      [600, '退款失败'],
      [700, '已退款'],
    ]);
    expect(events.map((e) => e.event)).toEqual(['paid', 'refund-failed', 'refund-failed', 'refunded']);
  });

  it('settles a refund that failed when its success comes late, if the amount still fits; else records it once for people', async () => {
    const p = await paid(1000);
    const base = { payNo: p.payNo, reason: '退货', bizType: 'after-sale', bizNo: bizNo() };
    const late = await refund(ctx(), { ...base, amount: 400, requestKey: `${p.payNo}-l1`, scenario: 'fail' });
    const n = {
      kind: 'refund',
      merchantId,
      payNo: p.payNo,
      refundNo: late.refundNo,
      providerRefundId: 'RL',
      amount: 400,
      status: 'refunded',
    } as const;
    expect((await notify(t, n)).status).toBe(200);
    expect((await getPayment(ctx(), p.payNo)).payment.refundedAmount).toBe(400);
    expect((await getPayment(ctx(), p.payNo)).refunds.map((r) => r.statusName)).toEqual(['已退款']);
    // no room left: the late success changes nothing and is noted once, however often it comes
    const noRoom = await refund(ctx(), { ...base, amount: 600, requestKey: `${p.payNo}-l2`, scenario: 'fail' });
    await refund(ctx(), { ...base, amount: 600, requestKey: `${p.payNo}-l3` });
    const n2 = { ...n, refundNo: noRoom.refundNo, amount: 600 };
    expect((await notify(t, n2)).status).toBe(200);
    expect((await notify(t, n2)).status).toBe(200);
    const { payment, refunds } = await getPayment(ctx(), p.payNo);
    expect(payment.refundedAmount).toBe(1000);
    expect(refunds.map((r) => r.statusName)).toEqual(['已退款', '退款失败', '已退款']);
    const h = await t.db.db
      .selectFrom('record_history')
      .select('action_label')
      .where('subject_id', '=', noRoom.refundNo)
      .orderBy('id')
      .execute();
    expect(h.map((r) => r.action_label)).toEqual(['发起退款', '退款失败', '迟到的退款成功']);
  });

  it('applies identical notifications arriving at once exactly once', async () => {
    const p = await charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount: 321, subject: '订单', scenario: 'pending' });
    const n = { kind: 'payment', merchantId, payNo: p.payNo, status: 'paid', providerTxnId: p.providerTxnId, amount: 321 } as const;
    const answers = await Promise.all(Array.from({ length: 6 }, () => notify(t, n)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(events.map((e) => e.event)).toEqual(['paid']);
    const r = await refund(ctx(), {
      payNo: p.payNo,
      amount: 321,
      reason: '退',
      bizType: 'after-sale',
      bizNo: 'A2',
      requestKey: `${p.payNo}-c`,
      scenario: 'pending',
    });
    const rn = {
      kind: 'refund',
      merchantId,
      payNo: p.payNo,
      refundNo: r.refundNo,
      providerRefundId: 'RC',
      amount: 321,
      status: 'failed',
    } as const;
    const refundAnswers = await Promise.all(Array.from({ length: 6 }, () => notify(t, rn)));
    expect(refundAnswers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(events.map((e) => e.event)).toEqual(['paid', 'refund-failed']);
    expect((await getPayment(ctx(), p.payNo)).payment.refundedAmount).toBe(0);
    const h = await t.db.db.selectFrom('record_history').select('action_label').where('subject_id', 'in', [p.payNo, r.refundNo]).execute();
    expect(h.filter((x) => x.action_label === '支付成功')).toHaveLength(1);
    expect(h.filter((x) => x.action_label === '退款失败')).toHaveLength(2); // the refund's and the payment's
  });

  it('refuses refunds of a payment that is not paid', async () => {
    const p = await charge(ctx(), { bizType: BIZ, bizNo: bizNo(), amount: 100, subject: '订单', scenario: 'pending' });
    await expect(
      refund(ctx(), { payNo: p.payNo, amount: 1, reason: '退', bizType: 'after-sale', bizNo: 'A1', requestKey: `${p.payNo}-n` }),
    ).rejects.toThrow(`支付单${p.payNo}状态为「待支付」，不能退款`);
  });

  it('never refunds more than was paid when refunds race', async () => {
    const p = await paid(1000);
    const answers = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        refund(ctx(), {
          payNo: p.payNo,
          amount: 300,
          reason: '并发退款',
          bizType: 'after-sale',
          bizNo: `R${i}`,
          requestKey: `${p.payNo}-race-${i}`,
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 'fulfilled');
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(ok).toHaveLength(3);
    for (const r of refused) expect((r.reason as Error).message).toBe('退款金额超过可退金额（可退1.00元）');
    const row = await rowOf(p.payNo);
    expect(Number(row.refunded_amount)).toBe(900);
    const rows = await t.db.db.selectFrom('payment_refund').select('amount').where('pay_no', '=', p.payNo).execute();
    expect(rows.reduce((s, r) => s + Number(r.amount), 0)).toBe(900);
  });

  it('does not find another merchant’s payment', async () => {
    const p = await paid(100);
    await registerMerchant(t, '别家支付商户', 'payother', '13700000066');
    const other = payCtx(t, await merchantOf(t, 'payother'));
    await expect(getPayment(other, p.payNo)).rejects.toThrow('支付单不存在');
    await expect(
      refund(other, { payNo: p.payNo, amount: 1, reason: '退', bizType: 'after-sale', bizNo: 'A1', requestKey: 'k-other' }),
    ).rejects.toThrow('支付单不存在');
    // a notification naming the other merchant finds nothing there and writes nothing
    const history = await historyCount();
    const n = { kind: 'payment', merchantId: other.merchantId, payNo: p.payNo, status: 'failed', providerTxnId: 'X', amount: 100 } as const;
    expect((await notify(t, n)).status).toBe(200);
    expect(await historyCount()).toBe(history);
    expect(Number((await rowOf(p.payNo)).status)).toBe(PAYMENT_PAID);
  });
});

describe('payment notify route rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // RATE_LIMIT_MAX 10: the public routes get 20 a minute, the notify route ten times that
    t = await startTestApp('sqlite', { rateLimitMax: 10 });
  });
  afterAll(() => t.close());

  it('answers 429 past its per-address budget', async () => {
    const send = () =>
      t.app.inject({ method: 'POST', url: '/pay-api/notify/sandbox', payload: '{}', headers: { 'content-type': 'application/json' } });
    const codes: number[] = [];
    for (let i = 0; i < 201; i++) codes.push((await send()).statusCode);
    expect(codes.slice(0, 200).every((c) => c === 400)).toBe(true);
    expect(codes[200]).toBe(429);
  });
});
