import { type ApiRequest, GATEWAY_PATHS } from '@merchant/contracts';
import type { ChannelOption, LoginOrgRole } from '@merchant/contracts/permission/session';

/** What the client adds to requests (spec §7): the page's menu anchor and the merchant scope. */
export interface RequestContext {
  anchor: string | null;
  loginRole: LoginOrgRole | null;
  channelChoice: ChannelOption[] | null;
}

/*
 * Price, stock, goods and merchant endpoints (spec §7) get the merchant id of the stored login org-role and
 * the confirmed channel list; the price update also the merchant name and the user id. Which ones: each
 * operation's contract says (`merchantScope`), and `call` puts it on the request. Nothing is listed here.
 */

type Plain = Record<string, unknown>;
function isPlain(v: unknown): v is Plain {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

function merchantScope(body: Plain, ctx: RequestContext, withOperator: boolean): Plain {
  if (!ctx.loginRole) return body;
  const next: Plain = { ...body, merchantId: ctx.loginRole.merchantId };
  if (ctx.channelChoice && ctx.channelChoice.length > 0 && next.channelList === undefined) {
    next.channelList = ctx.channelChoice.map((c) => c.code);
  }
  if (withOperator) {
    next.merchantName = ctx.loginRole.bisMerchantName;
    next.userId = ctx.loginRole.userId;
  }
  return next;
}

/** Pure: returns the request with the anchor and (for scoped endpoints) the merchant scope added. */
export function applyRequestContext(req: ApiRequest, ctx: RequestContext): ApiRequest {
  const isGateway = req.path === GATEWAY_PATHS.request || req.path === GATEWAY_PATHS.ignoreSecurity || req.path === GATEWAY_PATHS.export;
  if (req.method === 'GET') {
    if (!ctx.anchor || req.query?.anchor !== undefined) return req;
    return { ...req, query: { ...(req.query ?? {}), anchor: ctx.anchor } };
  }
  if (!isPlain(req.body) && req.body !== undefined) return req;
  let body: Plain = isPlain(req.body) ? req.body : {};
  if (req.merchantScope) {
    const withOperator = req.merchantScope === 'merchant-operator';
    if (isGateway) {
      const inner = isPlain(body.body) ? body.body : {};
      body = { ...body, body: merchantScope(inner, ctx, withOperator) };
    } else {
      body = merchantScope(body, ctx, withOperator);
    }
  }
  if (ctx.anchor && body.anchor === undefined) body = { ...body, anchor: ctx.anchor };
  return { ...req, body };
}
