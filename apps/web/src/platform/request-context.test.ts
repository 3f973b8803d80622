import { describe, expect, it } from 'vitest';
import { GATEWAY_PATHS } from '@merchant/contracts';
import type { LoginOrgRole } from '@merchant/contracts/permission/session';
import { applyRequestContext, type RequestContext } from './request-context.ts';

const loginRole: LoginOrgRole = {
  structureType: 1,
  rootOrgId: 1,
  merchantId: 9001,
  bisMerchantId: 9001,
  bisMerchantName: '示例商户',
  userId: 77,
  merchantBusCode: 'A1001005',
};
const ctx: RequestContext = {
  anchor: 'price-list',
  loginRole,
  channelChoice: [
    { code: 'C1', name: '美团' },
    { code: 'C2', name: '饿了么' },
  ],
};

describe('applyRequestContext (spec §7)', () => {
  it('adds the page anchor to GET params', () => {
    const r = applyRequestContext({ method: 'GET', path: '/uni-api/x', query: { a: 1 } }, ctx);
    expect(r.query).toEqual({ a: 1, anchor: 'price-list' });
  });

  it('adds the anchor to a POST body and to the gateway descriptor (not its inner body)', () => {
    expect(applyRequestContext({ method: 'POST', path: '/ben-api/v1/x', body: { a: 1 } }, ctx).body).toEqual({
      a: 1,
      anchor: 'price-list',
    });
    const g = applyRequestContext({ method: 'POST', path: GATEWAY_PATHS.request, body: { name: 'system.org.list', body: { p: 1 } } }, ctx);
    expect(g.body).toEqual({ name: 'system.org.list', body: { p: 1 }, anchor: 'price-list' });
  });

  it('adds nothing without an anchor (public pages) and never overrides a given one', () => {
    const none = { ...ctx, anchor: null };
    const req = { method: 'GET' as const, path: '/x', query: { a: 1 } };
    expect(applyRequestContext(req, none)).toBe(req);
    expect(applyRequestContext({ method: 'POST', path: '/x', body: { anchor: 'mine' } }, ctx).body).toEqual({ anchor: 'mine' });
  });

  it('injects merchant id and channel list where the operation’s contract asks for the merchant scope (price, stock, goods, merchant)', () => {
    for (const name of ['price.list', 'stock.adjust', 'goods.list', 'merchant.detail']) {
      const r = applyRequestContext(
        { method: 'POST', path: GATEWAY_PATHS.request, body: { name, body: { q: 'x' } }, merchantScope: 'merchant' },
        ctx,
      );
      expect((r.body as { body: unknown }).body).toEqual({ q: 'x', merchantId: 9001, channelList: ['C1', 'C2'] });
    }
    // The name decides nothing: an operation whose contract has no merchant scope gets none, whatever it is called.
    for (const name of ['system.org.list', 'merchant.detail']) {
      const other = applyRequestContext({ method: 'POST', path: GATEWAY_PATHS.request, body: { name, body: { q: 'x' } } }, ctx);
      expect((other.body as { body: unknown }).body).toEqual({ q: 'x' });
    }
  });

  it('price update also carries the merchant name and the user id', () => {
    const r = applyRequestContext(
      { method: 'POST', path: GATEWAY_PATHS.request, body: { name: 'price.update', body: {} }, merchantScope: 'merchant-operator' },
      ctx,
    );
    expect((r.body as { body: unknown }).body).toEqual({
      merchantId: 9001,
      channelList: ['C1', 'C2'],
      merchantName: '示例商户',
      userId: 77,
    });
  });

  it('merchant REST aliases get the scope in the body; an explicit channel list is kept', () => {
    const r = applyRequestContext(
      { method: 'POST', path: '/ben-api/v2/merchant/merchantInfoDetail', body: { channelList: ['C9'] }, merchantScope: 'merchant' },
      ctx,
    );
    expect(r.body).toEqual({ channelList: ['C9'], merchantId: 9001, anchor: 'price-list' });
  });

  it('no stored choice or no login role: nothing invented', () => {
    const r = applyRequestContext(
      { method: 'POST', path: GATEWAY_PATHS.request, body: { name: 'goods.list', body: {} }, merchantScope: 'merchant' },
      { anchor: null, loginRole, channelChoice: null },
    );
    expect((r.body as { body: unknown }).body).toEqual({ merchantId: 9001 });
    const anon = applyRequestContext(
      { method: 'POST', path: GATEWAY_PATHS.request, body: { name: 'goods.list', body: {} }, merchantScope: 'merchant' },
      { anchor: null, loginRole: null, channelChoice: null },
    );
    expect((anon.body as { body: unknown }).body).toEqual({});
  });

  it('leaves non-plain bodies (FormData, arrays) alone', () => {
    const fd = new FormData();
    const req = { method: 'POST' as const, path: '/upload', body: fd };
    expect(applyRequestContext(req, ctx)).toBe(req);
  });
});
