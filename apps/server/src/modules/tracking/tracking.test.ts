import { CODES, GATEWAY_PATHS, SecureChannelClient, signTrackingBatch, type ClientChannel } from '@merchant/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('tracking upload (%s)', (dialect) => {
  let t: TestApp;
  let channel: ClientChannel;
  beforeEach(async () => {
    t = await startTestApp(dialect);
    channel = await new SecureChannelClient({
      handshake: async (hello) => (await t.app.inject({ method: 'POST', url: GATEWAY_PATHS.handshake, payload: hello })).json().data,
      now: () => t.clock.now(),
    }).channel();
  });
  afterEach(async () => {
    await t.close();
  });
  const events = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ type: 'click', page: '/website/home', target: `btn-${i}`, at: t.clock.now() })));
  const upload = async (body: string, over: Record<string, string> = {}, q = { time: t.clock.now(), nonce: `nonce-${Math.random().toString(36).slice(2)}-xxxxxxxx` }) => {
    const query = await signTrackingBatch(channel.keys, GATEWAY_PATHS.tracking, { appKey: 'A1001000', channelId: channel.channelId, ...q }, body);
    const qs = new URLSearchParams({ ...query, ...over }).toString();
    return t.app.inject({ method: 'POST', url: `${GATEWAY_PATHS.tracking}?${qs}`, headers: { 'content-type': 'text/plain' }, payload: body });
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
    const query = await signTrackingBatch(channel.keys, GATEWAY_PATHS.tracking, { appKey: 'A1001000', channelId: channel.channelId, ...q }, body);
    const url = `${GATEWAY_PATHS.tracking}?${new URLSearchParams(query)}`;
    const changed = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: events(3) });
    expect(changed.json().code).toBe(CODES.secureChannel);
    expect(await stored()).toBe(0);
    expect((await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: body })).json().code).toBe('200');
    expect((await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: body })).json().code).toBe(CODES.secureChannel);
    expect(await stored()).toBe(2);
    expect((await upload(body, {}, { time: t.clock.now() - 301_000, nonce: 'stale-nonce-0123456789' })).json().code).toBe(CODES.secureChannel);
    expect((await upload(events(201))).json().code).toBe(CODES.badInput);
    expect((await upload('x'.repeat(70 * 1024))).statusCode).toBeGreaterThanOrEqual(400);
    expect(await stored()).toBe(2);
  });
});
