import { type ClientChannel, CODES, GATEWAY_PATHS, SecureChannelClient } from '@merchant/contracts';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { signTrackingBatch } from '@merchant/contracts/tracking/tracking';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('tracking upload (%s)', (dialect) => {
  let t: TestApp;
  let channel: ClientChannel;
  let token: string;
  beforeEach(async () => {
    t = await startTestApp(dialect);
    token = (await t.signIn('admin')).token;
    channel = await new SecureChannelClient({
      handshake: async (hello) => (await t.app.inject({ method: 'POST', url: GATEWAY_PATHS.handshake, payload: hello })).json().data,
      now: () => t.clock.now(),
    }).channel();
  });
  afterEach(async () => {
    await t.close();
  });
  const events = (n: number) =>
    JSON.stringify(Array.from({ length: n }, (_, i) => ({ type: 'click', page: '/website/home', target: `btn-${i}`, at: t.clock.now() })));
  const upload = async (
    body: string,
    over: Record<string, string> = {},
    q = { time: t.clock.now(), nonce: `nonce-${Math.random().toString(36).slice(2)}-xxxxxxxx` },
    authorization: string | undefined = token,
  ) => {
    const query = await signTrackingBatch(
      channel.keys,
      GATEWAY_PATHS.tracking,
      { appKey: 'A1001000', channelId: channel.channelId, ...q },
      body,
    );
    const qs = new URLSearchParams({ ...query, ...over }).toString();
    const headers = { 'content-type': 'text/plain', ...(authorization ? { authorization } : {}) };
    return t.app.inject({ method: 'POST', url: `${GATEWAY_PATHS.tracking}?${qs}`, headers, payload: body });
  };
  const stored = async () => (await t.db.db.selectFrom('tracking_event').selectAll().execute()).length;

  it('stores a signed batch through the real client, with the session’s merchant', async () => {
    const admin = await t.signIn('admin');
    const ok = await admin.uploadTracking('A1001000', [{ type: 'pageview', page: '/website/home', at: t.clock.now() }]);
    expect(ok).toBe(true);
    const rows = await t.db.db.selectFrom('tracking_event').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].merchant_id).toBeGreaterThan(0);
  });

  it('refuses a bad signature, a changed body, a replay, a stale time, and oversize batches; stores nothing', async () => {
    const body = events(2);
    expect((await upload(body, { sign: 'A'.repeat(43) })).json().code).toBe(CODES.secureChannel);
    const q = { time: t.clock.now(), nonce: 'fixed-nonce-0123456789' };
    const query = await signTrackingBatch(
      channel.keys,
      GATEWAY_PATHS.tracking,
      { appKey: 'A1001000', channelId: channel.channelId, ...q },
      body,
    );
    const url = `${GATEWAY_PATHS.tracking}?${new URLSearchParams(query)}`;
    const headers = { 'content-type': 'text/plain', authorization: token };
    const changed = await t.app.inject({ method: 'POST', url, headers, payload: events(3) });
    expect(changed.json().code).toBe(CODES.secureChannel);
    expect(await stored()).toBe(0);
    expect((await t.app.inject({ method: 'POST', url, headers, payload: body })).json().code).toBe('200');
    expect((await t.app.inject({ method: 'POST', url, headers, payload: body })).json().code).toBe(CODES.secureChannel);
    expect(await stored()).toBe(2);
    expect((await upload(body, {}, { time: t.clock.now() - 301_000, nonce: 'stale-nonce-0123456789' })).json().code).toBe(
      CODES.secureChannel,
    );
    expect((await upload(events(201))).json().code).toBe(CODES.badInput);
    expect((await upload('x'.repeat(70 * 1024))).statusCode).toBeGreaterThanOrEqual(400);
    expect(await stored()).toBe(2);
  });

  it('refuses a batch without a signed-in session, however well signed; stores nothing', async () => {
    const body = events(2);
    const anonymous = await upload(body, {}, undefined, '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(CODES.sessionInvalid);
    expect((await upload(body, {}, undefined, 'x'.repeat(43))).json().code).toBe(CODES.sessionInvalid);
    // a session that has ended
    const finance = await t.signIn('finance');
    expect((await op(finance, signInOps.logout.name)).code).toBe('200');
    expect((await upload(body, {}, undefined, finance.token)).json().code).toBe(CODES.sessionInvalid);
    // the real client does not even try without a token
    expect(await t.anon.uploadTracking('A1001000', [{ type: 'pageview', page: '/login', at: t.clock.now() }])).toBe(false);
    expect(await stored()).toBe(0);
    expect((await upload(body)).json().code).toBe('200');
    expect(await stored()).toBe(2);
  });

  it('refuses a NUL character in an event as bad input naming the field', async () => {
    const body = JSON.stringify([
      { type: 'click', page: '/website/home', at: t.clock.now() },
      { type: 'click', page: '/website/home', target: 'a\u0000b', at: t.clock.now() },
    ]);
    expect((await upload(body)).json()).toMatchObject({
      code: CODES.badInput,
      msg: '内容包含不可见的空字符，请删除后重试（字段：1.target）',
    });
    expect(await stored()).toBe(0);
  });
});
