import type { Kysely } from 'kysely';
import type { Config, PaymentProviderName } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';

// The payment adapter's one interface (docs/payments.md, decision 62). The payment service talks to a provider only
// through it: charge, refund, and the provider's signed notifications (verified here, applied by the service). The
// embedded provider is the sandbox (沙箱支付); WeChat Pay v3 and Alipay plug in as further implementations named by
// PAYMENT_PROVIDER (provider-registry.ts).

/** The sandbox's per-call behaviour (tests and the simulator); a real provider ignores it. */
export type PaymentScenario = 'ok' | 'fail' | 'pending';

export interface ChargeRequest {
  merchantId: number;
  /** Our payment number (unique per merchant); on the wire the provider makes it unique across merchants. */
  payNo: string;
  /** Cents, > 0. */
  amount: number;
  subject: string;
  scenario?: PaymentScenario;
}
export interface ChargeResult {
  /** paid / failed: settled now; pending: a later notification (or the time-out) settles it. */
  status: 'paid' | 'pending' | 'failed';
  /** The provider's transaction id ('' when it has none yet). */
  providerTxnId: string;
  failReason?: string;
}

export interface RefundRequest {
  merchantId: number;
  refundNo: string;
  payNo: string;
  providerTxnId: string;
  /** Cents, > 0, within what is left to refund (the service has reserved it). */
  amount: number;
  scenario?: PaymentScenario;
}
export interface RefundResult {
  status: 'refunded' | 'pending' | 'failed';
  providerRefundId: string;
  failReason?: string;
}

/** A provider's notification, verified and parsed. */
export type PaymentNotification =
  | {
      kind: 'payment';
      merchantId: number;
      payNo: string;
      status: 'paid' | 'failed';
      providerTxnId: string;
      amount: number;
      failReason?: string;
    }
  | {
      kind: 'refund';
      merchantId: number;
      refundNo: string;
      payNo: string;
      status: 'refunded' | 'failed';
      providerRefundId: string;
      amount: number;
      failReason?: string;
    };

/** The answer a provider expects to a notification (WeChat Pay: JSON code/message; Alipay: the text "success"). */
export interface CallbackAck {
  status: number;
  contentType: string;
  body: string;
}

/** A notification that is not the provider's (bad signature, stale timestamp, unreadable body): nothing is written. */
export class CallbackRefused extends Error {}

export interface PaymentProvider {
  /** The name in PAYMENT_PROVIDER, in the notify path and stored on each payment. */
  readonly name: PaymentProviderName;
  /** What people read wherever a payment of this provider shows (沙箱支付 for the sandbox). */
  readonly label: string;
  charge(req: ChargeRequest): Promise<ChargeResult>;
  refund(req: RefundRequest): Promise<RefundResult>;
  /** Checks the signature (and timestamp) of a notification and parses it; throws CallbackRefused otherwise. */
  verifyCallback(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PaymentNotification>;
  /** The answer to a notification: accepted (the provider stops retrying) or refused. */
  ack(accepted: boolean, message: string): CallbackAck;
}

/** What a provider is built from: its settings, the database (for keys it keeps) and the clock. */
export interface ProviderEnv {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
}
