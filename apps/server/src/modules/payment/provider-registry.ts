import type { PaymentProviderName } from '../../config.ts';
import type { PaymentProvider, ProviderEnv } from './payment-provider.ts';
import { SANDBOX_PAYMENT_LABEL } from '@merchant/contracts/payment/payment-fields';
import { SandboxProvider } from './sandbox-provider.ts';

// Which provider implementations this build has, by the name PAYMENT_PROVIDER and the notify path use. A real provider
// (wechat, alipay) is one more entry here plus its name in config.ts PAYMENT_PROVIDERS (docs/payments.md).

const FACTORIES: Record<PaymentProviderName, (env: ProviderEnv) => PaymentProvider> = {
  sandbox: (env) => new SandboxProvider(env),
};

const built = new WeakMap<object, Map<string, PaymentProvider>>();

/** The provider of that name (the notify route: a payment keeps settling after PAYMENT_PROVIDER changes), or undefined. */
export function providerNamed(env: ProviderEnv, name: string): PaymentProvider | undefined {
  if (!Object.hasOwn(FACTORIES, name)) return undefined;
  let mine = built.get(env.db);
  if (!mine) built.set(env.db, (mine = new Map()));
  let p = mine.get(name);
  if (!p) mine.set(name, (p = FACTORIES[name as PaymentProviderName](env)));
  return p;
}

/** The provider new payments use (PAYMENT_PROVIDER; config refuses a name this build does not have). */
export function currentProvider(env: ProviderEnv): PaymentProvider {
  const p = providerNamed(env, env.config.payment.provider);
  if (!p) throw new Error(`支付渠道 ${env.config.payment.provider} 未接入（PAYMENT_PROVIDER）`);
  return p;
}

/** What each provider is called wherever it shows (its `label`), known without building it. */
const LABELS: Record<PaymentProviderName, string> = { sandbox: SANDBOX_PAYMENT_LABEL };

/**
 * The label of a provider by name (a payment's 支付渠道); the name itself when this build does not have it. Builds no
 * provider: a view made outside a request (the ledger's replay at start) must not leave a provider built from partial
 * settings in the per-database cache.
 */
export const providerLabel = (_env: ProviderEnv, name: string) =>
  Object.hasOwn(LABELS, name) ? LABELS[name as PaymentProviderName] : name;

/** The sandbox of this app (tests and the simulator deliver its notifications). */
export const sandboxOf = (env: ProviderEnv) => providerNamed(env, 'sandbox') as SandboxProvider;
