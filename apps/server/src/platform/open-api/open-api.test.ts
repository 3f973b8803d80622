import { CODES } from '@merchant/contracts';
import {
  OPEN_API_HEADERS,
  OPEN_API_REFUSAL_CODE,
  OPEN_API_REFUSAL_MESSAGE,
  OPEN_API_WINDOW_MS,
  OPEN_APP_DISABLED,
  OPEN_APP_ENABLED,
  OPEN_APP_KEY_PATTERN,
} from '@merchant/contracts/open-api/signing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { newOpenApp, openCall, openClient, type OpenCreds } from '../../test/open-api-kit.ts';
import { merchantOf } from '../../test/payment-kit.ts';
import { classifyTarget } from '../secure/request-target.ts';
import { provisionOpenApp, setOpenAppStatus } from './open-app.repo.ts';

const REFUSAL = { code: OPEN_API_REFUSAL_CODE, msg: OPEN_API_REFUSAL_MESSAGE, data: null };

describe.each(DIALECTS)('open API (%s)', (dialect) => {
  let t: TestApp;
  let merchantId: number;
  let app: OpenCreds;
  beforeEach(async () => {
    t = await startTestApp(dialect);
    merchantId = await merchantOf(t, 'admin');
    app = await newOpenApp(t, merchantId, 'container', '智能柜小程序');
  });
  afterEach(async () => {
    await t.close();
  });

  const refused = async (call: Parameters<typeof openCall>[2], creds: OpenCreds = app) => {
    const res = await openCall(t, creds, call);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(REFUSAL);
  };

  it('answers a signed ping as the app of its merchant', async () => {
    const merchant = await t.db.db.selectFrom('merchant').select('name').where('id', '=', merchantId).executeTakeFirstOrThrow();
    const res = await openClient(t, app).post('/open-api/v1/ping', { echo: '你好' });
    expect(res).toEqual({
      code: '200',
      msg: 'success',
      data: {
        appKey: app.appKey,
        appName: '智能柜小程序',
        channelCode: 'container',
        merchantName: merchant.name,
        serverTime: t.clock.now(),
        echo: '你好',
      },
    });
    // an empty body, and one sent without a content type, are signed and read as they are
    const empty = await openCall(t, app, { body: '' });
    expect(empty.status).toBe(200);
    expect(empty.body.data).not.toHaveProperty('echo');
    const untyped = await openCall(t, app, { body: '{"echo":"x"}', contentType: null });
    expect(untyped.status).toBe(200);
    expect(untyped.body.data).toMatchObject({ echo: 'x' });
    const text = await openCall(t, app, { body: '{"echo":"y"}', contentType: 'text/plain' });
    expect(text.body.data).toMatchObject({ echo: 'y' });
  });

  it('refuses a wrong signature, an unknown key and a disabled app alike, running nothing', async () => {
    await refused({}, { appKey: app.appKey, secret: `${app.secret}x` });
    await refused({}, { appKey: 'OAZZZZZZZZZZZZZZ', secret: app.secret });
    await refused({ headers: (h) => ({ ...h, [OPEN_API_HEADERS.signature]: h[OPEN_API_HEADERS.signature].toUpperCase() }) });
    await setOpenAppStatus(t.db.db, { merchantId, appKey: app.appKey, status: OPEN_APP_DISABLED, now: t.clock.now() });
    await refused({});
    await setOpenAppStatus(t.db.db, { merchantId, appKey: app.appKey, status: OPEN_APP_ENABLED, now: t.clock.now() });
    expect((await openCall(t, app)).status).toBe(200);
    // another merchant cannot switch this merchant's app
    await expect(
      setOpenAppStatus(t.db.db, { merchantId: merchantId + 1000, appKey: app.appKey, status: OPEN_APP_DISABLED, now: t.clock.now() }),
    ).rejects.toMatchObject({ code: CODES.notFound });
  });

  it('accepts a timestamp up to the window either way and refuses one beyond it', async () => {
    const now = t.clock.now();
    expect((await openCall(t, app, { timestamp: now - OPEN_API_WINDOW_MS })).status).toBe(200);
    expect((await openCall(t, app, { timestamp: now + OPEN_API_WINDOW_MS })).status).toBe(200);
    await refused({ timestamp: now - OPEN_API_WINDOW_MS - 1 });
    await refused({ timestamp: now + OPEN_API_WINDOW_MS + 1 });
    await refused({ headers: (h) => ({ ...h, [OPEN_API_HEADERS.timestamp]: `${h[OPEN_API_HEADERS.timestamp]}.0` }) });
  });

  it('refuses a replayed nonce (per app), a tampered body or path, a query string and missing or malformed headers', async () => {
    const nonce = 'replay-nonce-0123456789';
    expect((await openCall(t, app, { nonce })).status).toBe(200);
    await refused({ nonce });
    t.clock.advance(1_000);
    await refused({ nonce });
    // the nonce store is keyed by app: another app may use the same nonce
    const other = await newOpenApp(t, merchantId, 'mall', '批发商城');
    expect((await openCall(t, other, { nonce })).status).toBe(200);
    // a refused call does not spend its nonce: the genuine call with it still goes through
    await refused({ nonce: 'unspent-nonce-0123456789', signedBody: '{"echo":"a"}', body: '{"echo":"b"}' });
    expect((await openCall(t, app, { nonce: 'unspent-nonce-0123456789' })).status).toBe(200);

    await refused({ signedBody: '{"echo":"a"}', body: '{"echo":"b"}' });
    await refused({ signedBody: '{"echo":"a"}', body: '{"echo":"a"} ' });
    await refused({ signedPath: '/open-api/v1/pong' });
    await refused({ path: '/open-api/v1/ping?echo=1' });
    for (const name of Object.values(OPEN_API_HEADERS)) {
      await refused({
        headers: (h) => {
          const rest = { ...h };
          delete rest[name];
          return rest;
        },
      });
    }
    await refused({ nonce: 'short' });
    await refused({ nonce: 'has space in the nonce 0123' });
    await refused({ headers: (h) => ({ ...h, [OPEN_API_HEADERS.appKey]: h[OPEN_API_HEADERS.appKey].toLowerCase() }) });
  });

  it('answers bad JSON and bad input with 400 and a Chinese message naming the field, after the signature', async () => {
    const badJson = await openCall(t, app, { body: '{"echo":' });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ code: CODES.badInput, msg: '请求内容不是合法的JSON' });
    const badInput = await openCall(t, app, { body: JSON.stringify({ echo: 'x'.repeat(65) }) });
    expect(badInput.status).toBe(400);
    expect(badInput.body).toMatchObject({ code: CODES.badInput, msg: '回显内容不能超过64个字（字段：echo）' });
    const notText = await openCall(t, app, { body: JSON.stringify({ echo: 1 }) });
    expect(notText.body.msg).toBe('回显内容须为文本（字段：echo）');
    const nul = await openCall(t, app, { body: JSON.stringify({ echo: 'a\u0000b' }) });
    expect(nul.status).toBe(400);
    expect(nul.body.msg).toContain('字段：echo');
    const notUtf8 = await openCall(t, app, { body: Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]) });
    expect(notUtf8.status).toBe(400);
    // unsigned bad JSON is refused as unsigned, not parsed
    await refused({ body: '{"echo":', headers: (h) => ({ ...h, [OPEN_API_HEADERS.signature]: '0'.repeat(64) }) });
  });

  it('acts only for its own merchant', async () => {
    await registerMerchant(t, '第二商户有限公司', 'second', '13900000077');
    const secondId = await merchantOf(t, 'second');
    const second = await newOpenApp(t, secondId, 'online', '第二商户网店');
    const mine = await openClient(t, app).post<{ merchantName: string; appKey: string }>('/open-api/v1/ping');
    const theirs = await openClient(t, second).post<{ merchantName: string; appKey: string; channelCode: string }>('/open-api/v1/ping');
    expect(theirs.data).toMatchObject({ merchantName: '第二商户有限公司', appKey: second.appKey, channelCode: 'online' });
    expect(mine.data.merchantName).not.toBe('第二商户有限公司');
    // the app key names the merchant: another merchant's id in the body is refused, never obeyed
    const foreign = await openCall(t, app, { body: JSON.stringify({ merchantId: secondId }) });
    expect(foreign.status).toBe(403);
    expect(foreign.body.msg).toBe('不能访问其他商户的数据');
    expect((await openCall(t, app, { body: JSON.stringify({ merchantId }) })).status).toBe(200);
    // one merchant's secret does not sign for the other's key
    await refused({}, { appKey: second.appKey, secret: app.secret });
  });

  it('provisions generated credentials; the demo merchant has one app per sales channel', async () => {
    const demo = await t.db.db
      .selectFrom('open_app')
      .select(['app_key', 'secret', 'channel_code', 'status'])
      .where('merchant_id', '=', merchantId)
      .where('app_key', '!=', app.appKey)
      .orderBy('channel_code')
      .execute();
    expect(demo.map((r) => r.channel_code)).toEqual(['container', 'locallife', 'mall', 'online']);
    const all = [...demo, { app_key: app.appKey, secret: app.secret }];
    for (const r of all) {
      expect(r.app_key).toMatch(OPEN_APP_KEY_PATTERN);
      expect(r.secret.length).toBeGreaterThanOrEqual(32);
    }
    expect(new Set(all.map((r) => r.app_key)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.secret)).size).toBe(all.length);
    // a seeded app works as it is
    const seeded = demo.find((r) => r.channel_code === 'mall')!;
    expect((await openClient(t, { appKey: seeded.app_key, secret: seeded.secret }).post('/open-api/v1/ping')).code).toBe('200');
    await expect(provisionOpenApp(t.db.db, { merchantId, channelCode: 'nope', name: 'x', now: t.clock.now() })).rejects.toMatchObject({
      code: CODES.badInput,
      message: '销售渠道不存在',
    });
  });

  it('keeps /open-api out of the web app and under the target rule; documents the endpoint', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/open-api/v1/ping', headers: { accept: 'text/html' } });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ code: CODES.notFound, msg: '接口不存在' });
    const unknown = await openCall(t, app, { path: '/open-api/v1/nothing-here' });
    expect(unknown.status).toBe(404);
    // an API area: a target not written plainly is refused before any handler (inject() would normalise it, so the
    // rule is asked directly; path-normalisation.test.ts sends such bytes over a socket)
    for (const target of ['/open-api/v1/x/../ping', '/open-api/v1/%70ing', '/%6Fpen-api/v1/ping', '/OPEN-API/v1/ping']) {
      expect(classifyTarget(target), target).toEqual({ area: 'api', plain: false });
    }
    expect(classifyTarget('/open-api/v1/ping')).toEqual({ area: 'api', plain: true });

    const admin = await t.signIn('admin');
    const doc = await t.app.inject({ method: 'GET', url: '/docs/json', headers: { authorization: admin.token } });
    const json = doc.json() as {
      paths: Record<string, { post: { summary: string; security: unknown[]; responses: Record<string, unknown> } }>;
      components: { securitySchemes: Record<string, { name: string }> };
    };
    const ping = json.paths['/open-api/v1/ping'].post;
    expect(ping.summary).toBe('连通性测试');
    expect(ping.security).toEqual([{ OpenAppKey: [], OpenTimestamp: [], OpenNonce: [], OpenSignature: [] }]);
    expect(Object.keys(ping.responses)).toEqual(['200', '400', '401']);
    expect(Object.values(json.components.securitySchemes).map((s) => s.name)).toEqual(Object.values(OPEN_API_HEADERS));
  });
});
