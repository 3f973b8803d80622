import { GATEWAY_PATHS, type ApiRequest, type ChannelOption, type LoginOrgRole } from '@merchant/contracts';

/** What the client adds to requests (spec §7): the page's menu anchor and the merchant scope. */
export interface RequestContext {
  anchor: string | null;
  loginRole: LoginOrgRole | null;
  channelChoice: ChannelOption[] | null;
}

/**
 * Price, stock, goods and merchant endpoints get the merchant id of the stored login org-role and
 * the confirmed channel list. Gateway operations are matched by name, REST aliases by path.
 * Later issues add their endpoints here.
 */
export const MERCHANT_SCOPED_OPERATION = /^(price|stock|goods|merchant)\./;
export const MERCHANT_SCOPED_PATHS: RegExp[] = [/^\/ben-api\/v2\/merchant\//];
/** The price update also carries the merchant name and the user id. */
export const PRICE_UPDATE_OPERATIONS = new Set(['price.update']);

type Plain = Record<string, unknown>;
function isPlain(v: unknown): v is Plain {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

function merchantScope(body: Plain, ctx: RequestContext, priceUpdate: boolean): Plain {
  if (!ctx.loginRole) return body;
  const next: Plain = { ...body, merchantId: ctx.loginRole.merchantId };
  if (ctx.channelChoice && ctx.channelChoice.length > 0 && next.channelList === undefined) {
    next.channelList = ctx.channelChoice.map((c) => c.code);
  }
  if (priceUpdate) {
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
  if (isGateway) {
    const name = typeof body.name === 'string' ? body.name : '';
    if (MERCHANT_SCOPED_OPERATION.test(name)) {
      const inner = isPlain(body.body) ? body.body : {};
      body = { ...body, body: merchantScope(inner, ctx, PRICE_UPDATE_OPERATIONS.has(name)) };
    }
  } else if (MERCHANT_SCOPED_PATHS.some((re) => re.test(req.path))) {
    body = merchantScope(body, ctx, false);
  }
  if (ctx.anchor && body.anchor === undefined) body = { ...body, anchor: ctx.anchor };
  return { ...req, body };
}
