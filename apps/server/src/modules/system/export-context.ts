import type { OpContext, SessionOpContext } from '../../platform/gateway/registry.ts';

/**
 * An export source's context as a signed-in handler's. Export sources receive a plain `OpContext`, and an
 * export task run later carries the asking account's session but not its `merchantId`: set it from the session.
 */
export function exportContext(ctx: OpContext): SessionOpContext {
  if (!ctx.session) throw new Error('an export runs as a signed-in account');
  const c = ctx as SessionOpContext;
  c.merchantId ??= ctx.session.merchantId;
  return c;
}
