import { describe, expect, it } from 'vitest';
import { SecureChannelClient } from './client.ts';
import { SecureChannelError } from './errors.ts';
import { acceptHandshake, type ClientHello } from './keys.ts';
import { verifyRequest } from './request.ts';
import { sealResponse } from './response.ts';
import { MemoryChannelStore, MemoryNonceStore } from './stores.ts';
import { T0, wire } from '../test/secure-channel-kit.ts';

/** A fake server: handshake endpoint + verifier, with its own clock and a restart button. */
function server(opts: { now: () => number; ttlMs?: number }) {
  let channels = new MemoryChannelStore();
  let nonces = new MemoryNonceStore();
  const s = {
    handshakes: 0,
    async handshake(hello: ClientHello) {
      s.handshakes++;
      const { serverHello, channel } = await acceptHandshake(hello, { now: opts.now(), ttlMs: opts.ttlMs });
      await channels.put(channel);
      return JSON.parse(JSON.stringify(serverHello)) as unknown;
    },
    verify: (req: Parameters<typeof verifyRequest>[0]) => verifyRequest(req, { channels, nonces, now: opts.now() }),
    restart() {
      channels = new MemoryChannelStore();
      nonces = new MemoryNonceStore();
    },
  };
  return s;
}

describe('SecureChannelClient', () => {
  it('handshakes once for concurrent requests and stamps ts in server time', async () => {
    let serverNow = T0;
    const localSkew = -20 * 60_000; // the browser clock is 20 minutes behind
    const srv = server({ now: () => serverNow });
    const client = new SecureChannelClient({ handshake: (h) => srv.handshake(h), now: () => serverNow + localSkew });
    const sealed = await Promise.all([1, 2, 3].map((i) => client.seal({ method: 'POST', path: '/ben-api/x', body: { i } })));
    expect(srv.handshakes).toBe(1);
    expect(new Set(sealed.map((s) => s.channelId)).size).toBe(1);
    for (const s of sealed) {
      expect(s.ts).toBe(T0);
      await expect(srv.verify(wire(s))).resolves.toBeTruthy();
    }
    serverNow += 1_000;
    const g = await client.seal({ method: 'GET', path: '/ben-api/x', query: { a: 1 }, encryptResponse: true });
    const v = await srv.verify(wire(g));
    expect(await client.open(g, await sealResponse(v.channel.keys, { code: '200' }, v.nonce))).toEqual({ code: '200' });
  });

  it('renews the channel before it expires', async () => {
    let now = T0;
    const srv = server({ now: () => now, ttlMs: 10 * 60_000 });
    const client = new SecureChannelClient({ handshake: (h) => srv.handshake(h), now: () => now, renewBeforeMs: 60_000 });
    const first = await client.channel();
    now += 8 * 60_000;
    expect(await client.channel()).toBe(first);
    now += 60_000;
    const second = await client.channel();
    expect(second.channelId).not.toBe(first.channelId);
    expect(srv.handshakes).toBe(2);
  });

  it('re-handshakes by itself after a server restart and resends once with a fresh nonce', async () => {
    const srv = server({ now: () => T0 });
    const client = new SecureChannelClient({ handshake: (h) => srv.handshake(h), now: () => T0 });
    const send = async (s: Awaited<ReturnType<typeof client.seal>>) => {
      try {
        return { code: '200', data: (await srv.verify(wire(s))).payload, nonce: s.nonce };
      } catch (err) {
        if (err instanceof SecureChannelError) return { code: err.code, data: undefined, nonce: s.nonce };
        throw err;
      }
    };
    const refused = (r: { code: string }) => r.code === 'A0340';
    const a = await client.request({ method: 'POST', path: '/ben-api/x', body: { n: 1 } }, send, refused);
    expect(a).toMatchObject({ code: '200', data: { n: 1 } });
    srv.restart();
    const b = await client.request({ method: 'POST', path: '/ben-api/x', body: { n: 2 } }, send, refused);
    expect(b).toMatchObject({ code: '200', data: { n: 2 } });
    expect(b.nonce).not.toBe(a.nonce);
    expect(srv.handshakes).toBe(2);
    // A persistent refusal is returned after one retry, not looped.
    let calls = 0;
    const always = await client.request({ method: 'POST', path: '/ben-api/x' }, async () => ({ code: 'A0340', n: ++calls }), refused);
    expect(always).toEqual({ code: 'A0340', n: 2 });
  });

  it('reset only drops the named channel; a failed handshake is retried next time', async () => {
    const srv = server({ now: () => T0 });
    let fail = true;
    const client = new SecureChannelClient({
      handshake: async (h) => {
        if (fail) throw new Error('offline');
        return srv.handshake(h);
      },
      now: () => T0,
    });
    await expect(client.channel()).rejects.toThrow('offline');
    fail = false;
    const ch = await client.channel();
    client.reset('some-other-channel-id-000');
    expect(await client.channel()).toBe(ch);
    client.reset(ch.channelId);
    expect((await client.channel()).channelId).not.toBe(ch.channelId);
  });

  it('refuses a plaintext answer to a request that asked for an encrypted one, but for the clear refusals', async () => {
    const srv = server({ now: () => T0 });
    const client = new SecureChannelClient({ handshake: (h) => srv.handshake(h), now: () => T0 });
    const asked = await client.seal({ method: 'POST', path: '/ben-api/x', body: {}, encryptResponse: true });
    await expect(client.open(asked, { code: '200', data: { forged: true } })).rejects.toMatchObject({
      name: 'SecureChannelError',
      reason: 'response',
    });
    await expect(client.open(asked, 'plain')).rejects.toBeInstanceOf(SecureChannelError);
    expect(await client.open(asked, { code: 'A0340', msg: '别的说法', data: { x: 1 } })).toEqual({
      code: 'A0340',
      msg: '安全校验失败，请刷新页面后重试',
      message: '安全校验失败，请刷新页面后重试',
      data: null,
    });
    // not asked: plaintext is the answer
    const plain = await client.seal({ method: 'POST', path: '/ben-api/x', body: {} });
    expect(await client.open(plain, { code: '200', data: 1 })).toEqual({ code: '200', data: 1 });
  });
});
