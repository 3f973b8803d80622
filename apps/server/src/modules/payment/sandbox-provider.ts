import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_PAYMENT_LABEL } from '@merchant/contracts/payment/payment-fields';
import { z } from 'zod';
import {
  CallbackRefused,
  type CallbackAck,
  type ChargeRequest,
  type ChargeResult,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentScenario,
  type ProviderEnv,
  type RefundRequest,
  type RefundResult,
} from './payment-provider.ts';

// 沙箱支付 (docs/payments.md): the embedded provider. No money moves; it behaves like a real provider so that the code
// above it is exercised the same way: a charge settles at once (ok), fails (fail) or waits for a notification (pending) —
// chosen per call, or for calls that choose nothing by PAYMENT_SANDBOX_FAIL_RATE, drawn from PAYMENT_SANDBOX_SEED and the
// payment number (the same payment always draws the same). Its notifications are signed with HMAC-SHA256 over
// `timestamp\nbody` with a secret generated on first use and kept in payment_provider_key (never in the repository), so
// notifications made before a restart still verify after it.

export const SANDBOX_HEADERS = { timestamp: 'x-sandbox-timestamp', signature: 'x-sandbox-signature' } as const;
/** A notification's timestamp may be this far from the server's clock (WeChat Pay v3 allows 5 minutes too). */
export const SANDBOX_MAX_SKEW_MS = 5 * 60_000;

/** On the wire a trade number is unique across merchants: M<merchant>-<number>. */
const wireNo = (merchantId: number, no: string) => `M${merchantId}-${no}`;
const fromWire = (s: string) => {
  const m = /^M(\d{1,10})-([A-Z0-9]{1,20})$/.exec(s);
  if (!m) throw new CallbackRefused('交易单号不正确');
  return { merchantId: Number(m[1]), no: m[2] };
};
const digest = (s: string) => createHash('sha256').update(s).digest('hex');

const bodySchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('payment'),
    out_trade_no: z.string(),
    transaction_id: z.string().max(64),
    trade_state: z.enum(['SUCCESS', 'FAIL']),
    amount: z.number().int().positive(),
    fail_reason: z.string().max(200).optional(),
  }),
  z.object({
    event: z.literal('refund'),
    out_trade_no: z.string(),
    out_refund_no: z.string(),
    refund_id: z.string().max(64),
    refund_status: z.enum(['SUCCESS', 'FAIL']),
    amount: z.number().int().positive(),
    fail_reason: z.string().max(200).optional(),
  }),
]);
type SandboxBody = z.infer<typeof bodySchema>;

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly label = SANDBOX_PAYMENT_LABEL;
  private secretPromise?: Promise<string>;

  constructor(private readonly env: ProviderEnv) {}

  /** The callback secret: generated and stored on first use; every instance sharing the database reads the same one. */
  private secret(): Promise<string> {
    this.secretPromise ??= (async () => {
      const { db, clock } = this.env;
      await db
        .insertInto('payment_provider_key')
        .values({ provider: this.name, secret: randomBytes(32).toString('base64url'), created_at: clock.now() })
        .onConflict((oc) => oc.column('provider').doNothing())
        .execute();
      const row = await db.selectFrom('payment_provider_key').select('secret').where('provider', '=', this.name).executeTakeFirstOrThrow();
      return row.secret;
    })().catch((err: unknown) => {
      this.secretPromise = undefined;
      throw err;
    });
    return this.secretPromise;
  }

  /** The scenario of a call that named none: fail with the seeded rate, else ok. */
  private drawn(no: string): PaymentScenario {
    const { failRate, seed } = this.env.config.payment.sandbox;
    if (failRate <= 0) return 'ok';
    const u = parseInt(digest(`${seed}:${no}`).slice(0, 8), 16) / 0x1_0000_0000;
    return u < failRate ? 'fail' : 'ok';
  }

  /** The transaction id the sandbox gives a payment (the same for every call about it). */
  txnIdOf(merchantId: number, payNo: string): string {
    return `SBX${digest(`txn:${wireNo(merchantId, payNo)}`)
      .slice(0, 24)
      .toUpperCase()}`;
  }
  refundIdOf(merchantId: number, refundNo: string): string {
    return `SBR${digest(`refund:${wireNo(merchantId, refundNo)}`)
      .slice(0, 24)
      .toUpperCase()}`;
  }

  charge(req: ChargeRequest): Promise<ChargeResult> {
    const scenario = req.scenario ?? this.drawn(req.payNo);
    const providerTxnId = this.txnIdOf(req.merchantId, req.payNo);
    if (scenario === 'fail')
      return Promise.resolve({ status: 'failed', providerTxnId, failReason: `${this.label}：模拟支付失败（余额不足）` });
    if (scenario === 'pending') return Promise.resolve({ status: 'pending', providerTxnId });
    return Promise.resolve({ status: 'paid', providerTxnId });
  }

  refund(req: RefundRequest): Promise<RefundResult> {
    const scenario = req.scenario ?? this.drawn(req.refundNo);
    const providerRefundId = this.refundIdOf(req.merchantId, req.refundNo);
    if (scenario === 'fail') return Promise.resolve({ status: 'failed', providerRefundId, failReason: `${this.label}：模拟退款失败` });
    if (scenario === 'pending') return Promise.resolve({ status: 'pending', providerRefundId });
    return Promise.resolve({ status: 'refunded', providerRefundId });
  }

  private sign(secret: string, timestamp: string, body: string): string {
    return createHmac('sha256', secret).update(`${timestamp}\n${body}`).digest('base64');
  }

  /**
   * A signed notification as the sandbox would send it (tests and the simulator deliver it to POST
   * /pay-api/notify/sandbox): the settlement of a payment or refund the caller names.
   */
  async callback(
    n: PaymentNotification,
    opts: { at?: number; secret?: string } = {},
  ): Promise<{ headers: Record<string, string>; body: string }> {
    const body: SandboxBody =
      n.kind === 'payment'
        ? {
            event: 'payment',
            out_trade_no: wireNo(n.merchantId, n.payNo),
            transaction_id: n.providerTxnId,
            trade_state: n.status === 'paid' ? 'SUCCESS' : 'FAIL',
            amount: n.amount,
            ...(n.failReason ? { fail_reason: n.failReason } : {}),
          }
        : {
            event: 'refund',
            out_trade_no: wireNo(n.merchantId, n.payNo),
            out_refund_no: wireNo(n.merchantId, n.refundNo),
            refund_id: n.providerRefundId,
            refund_status: n.status === 'refunded' ? 'SUCCESS' : 'FAIL',
            amount: n.amount,
            ...(n.failReason ? { fail_reason: n.failReason } : {}),
          };
    const raw = JSON.stringify(body);
    const timestamp = String(opts.at ?? this.env.clock.now());
    const signature = this.sign(opts.secret ?? (await this.secret()), timestamp, raw);
    return {
      headers: { 'content-type': 'application/json', [SANDBOX_HEADERS.timestamp]: timestamp, [SANDBOX_HEADERS.signature]: signature },
      body: raw,
    };
  }

  async verifyCallback(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PaymentNotification> {
    const one = (h: string) => {
      const v = headers[h];
      return typeof v === 'string' ? v : undefined;
    };
    const timestamp = one(SANDBOX_HEADERS.timestamp);
    const signature = one(SANDBOX_HEADERS.signature);
    if (!timestamp || !signature || !/^\d{1,16}$/.test(timestamp)) throw new CallbackRefused('缺少签名');
    if (Math.abs(this.env.clock.now() - Number(timestamp)) > SANDBOX_MAX_SKEW_MS) throw new CallbackRefused('通知已过期');
    const expected = Buffer.from(this.sign(await this.secret(), timestamp, rawBody));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new CallbackRefused('签名错误');
    let body: SandboxBody;
    try {
      body = bodySchema.parse(JSON.parse(rawBody));
    } catch {
      throw new CallbackRefused('通知内容不正确');
    }
    const trade = fromWire(body.out_trade_no);
    if (body.event === 'payment') {
      return {
        kind: 'payment',
        merchantId: trade.merchantId,
        payNo: trade.no,
        status: body.trade_state === 'SUCCESS' ? 'paid' : 'failed',
        providerTxnId: body.transaction_id,
        amount: body.amount,
        ...(body.fail_reason ? { failReason: body.fail_reason } : {}),
      };
    }
    const refund = fromWire(body.out_refund_no);
    if (refund.merchantId !== trade.merchantId) throw new CallbackRefused('交易单号不正确');
    return {
      kind: 'refund',
      merchantId: trade.merchantId,
      payNo: trade.no,
      refundNo: refund.no,
      status: body.refund_status === 'SUCCESS' ? 'refunded' : 'failed',
      providerRefundId: body.refund_id,
      amount: body.amount,
      ...(body.fail_reason ? { failReason: body.fail_reason } : {}),
    };
  }

  /** WeChat Pay v3's answer shape: 200 {code: SUCCESS} accepted; 4xx {code: FAIL, message} refused (it retries). */
  ack(accepted: boolean, message: string): CallbackAck {
    return {
      status: accepted ? 200 : 400,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(accepted ? { code: 'SUCCESS', message: '成功' } : { code: 'FAIL', message }),
    };
  }
}
