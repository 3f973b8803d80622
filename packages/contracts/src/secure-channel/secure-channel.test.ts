import { describe, expect, it } from 'vitest';
import { canonicalQuery, signingString } from './canonical.ts';
import { base64UrlToBytes, bytesToBase64Url, concatBytes } from './encoding.ts';
import { acceptHandshake, createClientHandshake, exportChannelKeys, importChannelKeys } from './keys.ts';
import {
  computeRequestSignature,
  requestAad,
  sealRequest,
  sha256Hex,
  tryVerifyRequest,
  type SealedGetRequest,
  type SealedPostRequest,
} from './request.ts';
import { isEncryptedResponse, openResponse, sealResponse } from './response.ts';
import { MemoryChannelStore, MemoryNonceStore, type ChannelStore } from './stores.ts';
import { T0, expectRefused, fixture, flipB64, openChannel, replaceAt, sealRawGet, sealRawPost, wire } from '../test/secure-channel-kit.ts';

const PATH = '/ben-api/api/uniter/v1/url/request';

async function post(
  f: Awaited<ReturnType<typeof fixture>>,
  body: unknown = { name: 'goods.list', body: { pageNum: 1 } },
  extra: object = {},
) {
  return (await f.seal({ method: 'POST', path: PATH, body, ...extra })) as SealedPostRequest;
}
async function get(
  f: Awaited<ReturnType<typeof fixture>>,
  query: Record<string, string | number> = { pageNum: 1, keyword: '可乐 & co' },
  extra: object = {},
) {
  return (await f.seal({ method: 'GET', path: '/ben-api/v1/goods/list', query, ...extra })) as SealedGetRequest;
}

describe('handshake', () => {
  it('gives both sides the same keys and a 128-bit channel id', async () => {
    const hs = await createClientHandshake();
    expect(hs.hello).toEqual({ publicKey: hs.publicKey });
    expect(base64UrlToBytes(hs.publicKey)).toHaveLength(65);
    const { serverHello, channel } = await acceptHandshake(hs.hello, { now: T0, ttlMs: 60_000 });
    expect(Object.keys(serverHello).sort()).toEqual(['channelId', 'expiresAt', 'publicKey', 'serverTime']);
    expect(serverHello.channelId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(base64UrlToBytes(serverHello.channelId)).toHaveLength(16);
    expect(serverHello).toMatchObject({ expiresAt: T0 + 60_000, serverTime: T0 });
    const client = await hs.complete(serverHello, { now: T0 - 5_000 });
    expect(client).toMatchObject({ channelId: channel.channelId, expiresAt: T0 + 60_000, clockOffsetMs: 5_000 });
    // Same keys: what one side encrypts the other opens.
    const sealed = await sealResponse(channel.keys, { code: '200' }, 'n'.repeat(22));
    expect(await openResponse(client.keys, sealed, 'n'.repeat(22))).toEqual({ code: '200' });
    // Two handshakes never share a channel id or keys.
    const other = await openChannel();
    expect(other.server.channelId).not.toBe(channel.channelId);
    await expectRefused(openResponse(other.client.keys, sealed, 'n'.repeat(22)), 'response');
  });

  it('accepts the public key as a string and refuses bad client keys', async () => {
    const hs = await createClientHandshake();
    await expect(acceptHandshake(hs.publicKey)).resolves.toBeTruthy();
    const raw = base64UrlToBytes(hs.publicKey)!;
    const offCurve = raw.slice();
    offCurve[64] ^= 1;
    const compressed = concatBytes(new Uint8Array([2 + (raw[64] & 1)]), raw.slice(1, 33));
    for (const bad of [
      undefined,
      null,
      42,
      {},
      { publicKey: 1 },
      '',
      'x'.repeat(87),
      hs.publicKey.slice(1),
      hs.publicKey + 'A',
      bytesToBase64Url(offCurve),
      bytesToBase64Url(compressed),
      bytesToBase64Url(new Uint8Array(65)),
    ]) {
      await expectRefused(acceptHandshake(bad), 'handshake');
    }
  });

  it('refuses malformed server hellos and completes only once', async () => {
    const hs = await createClientHandshake();
    const { serverHello } = await acceptHandshake(hs.hello, { now: T0 });
    for (const bad of [
      null,
      'x',
      {},
      { ...serverHello, channelId: 'short' },
      { ...serverHello, publicKey: hs.publicKey.slice(2) },
      { ...serverHello, expiresAt: String(serverHello.expiresAt) },
      { ...serverHello, expiresAt: serverHello.serverTime },
      { ...serverHello, serverTime: undefined },
    ]) {
      await expectRefused(hs.complete(bad), 'handshake');
    }
    await hs.complete(serverHello);
    await expectRefused(hs.complete(serverHello), 'handshake');
  });

  it('exports server keys for storage and restores them', async () => {
    const f = await fixture();
    const stored = await exportChannelKeys(f.server.keys);
    expect(stored).toMatch(/^sc1:[A-Za-z0-9_-]{86}$/);
    const restored = { ...f.server, keys: await importChannelKeys(stored) };
    const channels = new MemoryChannelStore();
    await channels.put(restored);
    const sealed = await post(f);
    const ok = await tryVerifyRequest(wire(sealed), { channels, nonces: new MemoryNonceStore(), now: T0 });
    expect(ok.ok).toBe(true);
    expect(await exportChannelKeys(restored.keys)).toBe(stored);
    // Client keys stay non-extractable.
    await expect(exportChannelKeys(f.client.keys)).rejects.toThrow(TypeError);
    for (const bad of ['', 'sc1:', stored.slice(4), `sc1:${stored.slice(5)}`, `${stored}AA`])
      await expectRefused(importChannelKeys(bad), 'channel');
  });
});

describe('POST', () => {
  it('round-trips an encrypted, signed body', async () => {
    const f = await fixture();
    const body = { name: 'goods.save', body: { title: '矿泉水 550ml', price: 1.5, tags: ['a', 'b'], nested: { ok: true, none: null } } };
    const sealed = await f.seal({ method: 'post', path: PATH, query: { appKey: 'A1001002', n: 3, skip: undefined }, body });
    expect(sealed.method).toBe('POST');
    expect(sealed.url).toBe(`${PATH}?appKey=A1001002&n=3`);
    expect(sealed.query).toEqual({ appKey: 'A1001002', n: '3' });
    const env = sealed.body!;
    expect(Object.keys(env)).toEqual(['channelId', 'ts', 'nonce', 'iv', 'data', 'sign']);
    expect(env).toMatchObject({ channelId: f.client.channelId, ts: T0, nonce: sealed.nonce });
    expect(env.iv).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(env.sign).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(env.data).not.toContain('矿泉水');
    expect(base64UrlToBytes(env.data)!.length).toBe(new TextEncoder().encode(JSON.stringify(body)).length + 16);

    const v = await f.verify(wire(sealed));
    expect(v).toMatchObject({
      channelId: f.client.channelId,
      method: 'POST',
      path: PATH,
      ts: T0,
      nonce: sealed.nonce,
      payload: body,
      encryptResponse: false,
    });
    expect(v.query).toEqual({ appKey: 'A1001002', n: '3' });
    expect(v.channel).toBe(f.server);
  });

  it('accepts the raw JSON text of the envelope and sends {} for an undefined body', async () => {
    const f = await fixture();
    const sealed = (await f.seal({ method: 'POST', path: PATH })) as SealedPostRequest;
    const v = await f.verify({ method: 'POST', url: sealed.url, body: JSON.stringify(sealed.body) });
    expect(v.payload).toEqual({});
  });

  it('signs exactly the documented string', async () => {
    const f = await fixture();
    const sealed = await post(f, { a: 1 }, { query: { z: '1', a: 'x y' }, nonce: 'N'.repeat(22) });
    const env = sealed.body;
    const expected = [
      'SC1-HMAC-SHA256',
      'POST',
      PATH,
      'a=x%20y&z=1',
      f.client.channelId,
      String(T0),
      'N'.repeat(22),
      await sha256Hex(`${env.iv}.${env.data}`),
    ].join('\n');
    expect(
      signingString({
        method: 'post',
        path: PATH,
        query: canonicalQuery([
          ['z', '1'],
          ['a', 'x y'],
        ]),
        channelId: f.client.channelId,
        ts: T0,
        nonce: 'N'.repeat(22),
        payloadHash: await sha256Hex(`${env.iv}.${env.data}`),
      }),
    ).toBe(expected);
    const mac = await globalThis.crypto.subtle.sign('HMAC', f.server.keys.macKey, new TextEncoder().encode(expected));
    expect(env.sign).toBe(bytesToBase64Url(new Uint8Array(mac)));
  });

  it('refuses one changed byte anywhere in the request', async () => {
    const f = await fixture();
    const sealed = await post(f, { name: 'x' }, { query: { appKey: 'A1001002' } });
    const w = wire(sealed) as { method: string; url: string; body: Record<string, unknown> };
    const env = w.body as unknown as SealedPostRequest['body'];
    const cases: Array<[string, Parameters<typeof f.verify>[0], string]> = [
      ['data', { ...w, body: { ...env, data: flipB64(env.data, 5) } }, 'signature'],
      ['data (last char)', { ...w, body: { ...env, data: flipB64(env.data, env.data.length - 1) } }, ''],
      ['iv', { ...w, body: { ...env, iv: flipB64(env.iv, 3) } }, 'signature'],
      ['sign', { ...w, body: { ...env, sign: flipB64(env.sign, 0) } }, 'signature'],
      ['nonce', { ...w, body: { ...env, nonce: flipB64(env.nonce, 0) } }, 'signature'],
      ['ts', { ...w, body: { ...env, ts: env.ts + 1 } }, 'signature'],
      ['channelId', { ...w, body: { ...env, channelId: flipB64(env.channelId, 0) } }, 'channel'],
      ['path', { ...w, url: w.url.replace('/request', '/requesu') }, 'signature'],
      ['path case', { ...w, url: w.url.replace('/ben-api', '/Ben-api') }, 'signature'],
      ['query value', { ...w, url: w.url.replace('A1001002', 'A1001003') }, 'signature'],
      ['query key', { ...w, url: w.url.replace('appKey', 'appKez') }, 'signature'],
      ['query removed', { ...w, url: PATH }, 'signature'],
      ['query added', { ...w, url: `${w.url}&merchantId=2` }, 'signature'],
      ['enc added', { ...w, url: `${w.url}&enc=1` }, 'signature'],
      ['query re-encoded', { ...w, url: w.url.replace('A', '%41') }, 'format'],
      ['method', { ...w, method: 'PUT' }, 'format'],
      ['extra field', { ...w, body: { ...env, merchantId: 2 } }, 'format'],
      ['missing sign', { ...w, body: { ...env, sign: undefined } }, 'format'],
      ['ts as string', { ...w, body: { ...env, ts: String(env.ts) } }, 'format'],
      ['array body', { ...w, body: [env] }, 'format'],
    ];
    for (const [name, req, reason] of cases) {
      const err = await expectRefused(f.verify(req));
      if (reason) expect(err.reason, name).toBe(reason);
    }
    // None of the refusals burned the nonce: the untouched request still goes through once.
    await expect(f.verify(wire(sealed))).resolves.toMatchObject({ payload: { name: 'x' } });
  });

  it('refuses a GET turned into a POST (method is signed and the payload differs)', async () => {
    const f = await fixture();
    const sealed = await get(f);
    const bytes = base64UrlToBytes(sealed.query.body)!;
    const env = {
      channelId: sealed.channelId,
      ts: sealed.ts,
      nonce: sealed.nonce,
      iv: bytesToBase64Url(bytes.slice(0, 12)),
      data: bytesToBase64Url(bytes.slice(12)),
      sign: sealed.query.sign,
    };
    await expectRefused(f.verify({ method: 'POST', url: '/ben-api/v1/goods/list', body: env }), 'signature');
    // And the GET itself as a POST target with the same query string.
    await expectRefused(f.verify({ method: 'POST', url: sealed.url, body: env }), 'signature');
  });

  it('refuses tampered ciphertext, iv or tag even under a valid signature', async () => {
    const f = await fixture();
    const sealed = await post(f, { amount: 100 });
    const env = sealed.body;
    const resign = async (iv: string, data: string) => ({
      ...env,
      iv,
      data,
      sign: await computeRequestSignature(f.server.keys.macKey, {
        method: 'POST',
        path: PATH,
        query: '',
        channelId: env.channelId,
        ts: env.ts,
        nonce: env.nonce,
        payloadHash: await sha256Hex(`${iv}.${data}`),
      }),
    });
    const ct = base64UrlToBytes(env.data)!;
    const flip = (i: number) => {
      const c = ct.slice();
      c[i] ^= 0x01;
      return bytesToBase64Url(c);
    };
    // Sanity: re-signing the untouched envelope is accepted (with its own fresh nonce store).
    await expect(
      f.verify({ method: 'POST', url: PATH, body: await resign(env.iv, env.data) }, { nonces: new MemoryNonceStore() }),
    ).resolves.toBeTruthy();
    for (const [iv, data] of [
      [env.iv, flip(0)], // ciphertext
      [env.iv, flip(ct.length - 1)], // tag
      [env.iv, flip(ct.length - 16)], // tag, first byte
      [flipB64(env.iv, 2), env.data], // iv
      [env.iv, bytesToBase64Url(ct.slice(0, ct.length - 1))], // truncated tag
    ]) {
      await expectRefused(
        f.verify({ method: 'POST', url: PATH, body: await resign(iv, data) }, { nonces: new MemoryNonceStore() }),
        'decrypt',
      );
    }
    // AAD binds the path: same ciphertext, re-signed for another path, does not open.
    const other = '/ben-api/other';
    const forged = {
      ...env,
      sign: await computeRequestSignature(f.server.keys.macKey, {
        method: 'POST',
        path: other,
        query: '',
        channelId: env.channelId,
        ts: env.ts,
        nonce: env.nonce,
        payloadHash: await sha256Hex(`${env.iv}.${env.data}`),
      }),
    };
    await expectRefused(f.verify({ method: 'POST', url: other, body: forged }), 'decrypt');
  });

  it('refuses requests sealed with the wrong channel keys', async () => {
    const f = await fixture();
    const stranger = await openChannel();
    const sealed = await f.seal({ method: 'POST', path: PATH, body: {} }, { channelId: f.client.channelId, keys: stranger.client.keys });
    await expectRefused(f.verify(wire(sealed)), 'signature');
    const sealedGet = await f.seal({ method: 'GET', path: PATH, query: {} }, { channelId: f.client.channelId, keys: stranger.client.keys });
    await expectRefused(f.verify(wire(sealedGet)), 'signature');
  });

  it('rejects misuse on the client side with TypeError', async () => {
    const f = await fixture();
    const bad = [
      { method: 'PUT' as 'POST', path: PATH },
      { method: 'POST' as const, path: 'ben-api/x' },
      { method: 'POST' as const, path: '//evil.example/x' },
      { method: 'POST' as const, path: `${PATH}?a=1` },
      { method: 'POST' as const, path: PATH, query: { enc: '1' } },
      { method: 'POST' as const, path: PATH, nonce: 'short' },
      { method: 'POST' as const, path: PATH, now: 1.5 },
      { method: 'POST' as const, path: PATH, body: () => 1 },
      { method: 'GET' as const, path: PATH, body: { a: 1 } },
      { method: 'POST' as const, path: PATH, query: { a: 'x\uD800' } },
      { method: 'POST' as const, path: PATH, query: { ['\uDC00y']: '1' } },
    ];
    for (const input of bad) await expect(f.seal(input), JSON.stringify(input)).rejects.toThrow(TypeError);
    await expect(sealRequest({ keys: f.client.keys, channelId: 'nope', method: 'POST', path: PATH })).rejects.toThrow(TypeError);
    // Well-formed surrogate pairs are fine, and a GET carries lone surrogates inside its JSON body.
    await expect(f.seal({ method: 'POST', path: PATH, query: { a: '😀' } })).resolves.toBeTruthy();
    await expect(f.verify(wire(await f.seal({ method: 'GET', path: PATH, query: { a: 'x\uD800' } })))).resolves.toMatchObject({
      payload: { a: 'x\uD800' },
    });
  });

  it('signs the canonical path (dot segments resolved) and refuses a non-canonical target', async () => {
    const f = await fixture();
    const sealed = await f.seal({ method: 'POST', path: '/ben-api/a/../b c', body: {} });
    expect(sealed.path).toBe('/ben-api/b%20c');
    expect((await f.verify(wire(sealed))).path).toBe('/ben-api/b%20c');
    const again = await f.seal({ method: 'POST', path: '/ben-api/b c', body: {} });
    await expectRefused(f.verify({ ...wire(again), url: '/ben-api/a/../b%20c' }), 'format');
  });
});

describe('GET', () => {
  it('round-trips parameters encrypted in body, with everything signed', async () => {
    const f = await fixture();
    const sealed = await f.seal({
      method: 'GET',
      path: '/ben-api/v1/goods/list',
      query: { pageNum: 2, keyword: '可乐 & co=+/?#%', ids: [1, 2], none: null, flag: false },
    });
    expect(sealed.body).toBeUndefined();
    expect(Object.keys(sealed.query)).toEqual(['channelId', 'ts', 'nonce', 'body', 'sign']);
    expect(sealed.query).toMatchObject({ channelId: f.client.channelId, ts: String(T0), nonce: sealed.nonce });
    expect(sealed.url).not.toContain('keyword');
    expect(sealed.url.startsWith('/ben-api/v1/goods/list?channelId=')).toBe(true);
    // The URL parser leaves the target untouched (what fetch sends is what was signed).
    const parsed = new URL(sealed.url, 'http://localhost');
    expect(parsed.pathname + parsed.search).toBe(sealed.url);
    const v = await f.verify(wire(sealed));
    expect(v.payload).toEqual({ pageNum: '2', keyword: '可乐 & co=+/?#%', ids: '1,2', flag: 'false' });
    expect(v.query).toEqual({});
    expect(v.method).toBe('GET');
  });

  it('refuses one changed byte in body, path, query or method', async () => {
    const f = await fixture();
    const sealed = await get(f);
    const url = sealed.url;
    const q = sealed.query;
    const swap = (key: string, value: string) => url.replace(`${key}=${encodeURIComponent(q[key])}`, `${key}=${value}`);
    const cases: Array<[string, Parameters<typeof f.verify>[0], string]> = [
      ['body', { method: 'GET', url: swap('body', flipB64(q.body, 20)) }, 'signature'],
      ['body (iv part)', { method: 'GET', url: swap('body', flipB64(q.body, 1)) }, 'signature'],
      ['body (tag part)', { method: 'GET', url: swap('body', flipB64(q.body, q.body.length - 2)) }, 'signature'],
      ['sign', { method: 'GET', url: swap('sign', flipB64(q.sign, 10)) }, 'signature'],
      ['nonce', { method: 'GET', url: swap('nonce', flipB64(q.nonce, 10)) }, 'signature'],
      ['ts', { method: 'GET', url: swap('ts', String(sealed.ts - 1)) }, 'signature'],
      ['ts leading zero', { method: 'GET', url: swap('ts', `0${sealed.ts}`) }, 'format'],
      ['channelId', { method: 'GET', url: swap('channelId', flipB64(q.channelId, 4)) }, 'channel'],
      ['path', { method: 'GET', url: url.replace('/goods/', '/goodz/') }, 'signature'],
      ['extra param', { method: 'GET', url: `${url}&merchantId=9` }, 'signature'],
      ['enc added', { method: 'GET', url: `${url}&enc=1` }, 'signature'],
      ['duplicate param', { method: 'GET', url: `${url}&ts=${sealed.ts}` }, 'format'],
      ['sign missing', { method: 'GET', url: url.replace(/&sign=[^&]*/, '') }, 'format'],
      ['body missing', { method: 'GET', url: url.replace(/&body=[^&]*/, '') }, 'format'],
      ['method', { method: 'POST', url, body: {} }, 'format'],
      ['method DELETE', { method: 'DELETE', url }, 'format'],
    ];
    for (const [name, req, reason] of cases) {
      const err = await expectRefused(f.verify(req));
      expect(err.reason, name).toBe(reason);
    }
    await expect(f.verify(wire(sealed))).resolves.toBeTruthy();
  });

  it('only accepts an object of parameters in body', async () => {
    const f = await fixture();
    await expect(f.verify(await sealRawGet(f, '{"a":"1"}'))).resolves.toMatchObject({ payload: { a: '1' } });
    for (const text of ['[1,2]', '"a=1"', 'null', '1', '{"a":']) {
      const err = await expectRefused(f.verify(await sealRawGet(f, text)));
      expect(['format', 'limits']).toContain(err.reason);
    }
  });

  it('refuses a tampered body under a valid signature', async () => {
    const f = await fixture();
    const sealed = await get(f);
    const bytes = base64UrlToBytes(sealed.query.body)!;
    bytes[bytes.length - 1] ^= 0x80;
    const body = bytesToBase64Url(bytes);
    const pairs: Array<[string, string]> = [
      ['channelId', sealed.channelId],
      ['ts', String(sealed.ts)],
      ['nonce', sealed.nonce],
      ['body', body],
    ];
    const sign = await computeRequestSignature(f.server.keys.macKey, {
      method: 'GET',
      path: sealed.path,
      query: canonicalQuery(pairs),
      channelId: sealed.channelId,
      ts: sealed.ts,
      nonce: sealed.nonce,
      payloadHash: await sha256Hex(body),
    });
    const url = `${sealed.path}?channelId=${sealed.channelId}&ts=${sealed.ts}&nonce=${sealed.nonce}&body=${body}&sign=${sign}`;
    await expectRefused(f.verify({ method: 'GET', url }), 'decrypt');
  });
});

describe('timestamp window (|now - ts| <= 300 s, to the millisecond)', () => {
  for (const method of ['POST', 'GET'] as const) {
    it(`${method}: accepts ts at exactly ±300 s and refuses ±300.001 s and ±301 s`, async () => {
      const f = await fixture();
      const send = async (offsetMs: number) => {
        const sealed = await f.seal(
          method === 'POST'
            ? { method, path: PATH, body: { a: 1 }, now: T0 + offsetMs }
            : { method, path: PATH, query: { a: 1 }, now: T0 + offsetMs },
        );
        return f.verify(wire(sealed), { now: T0 });
      };
      for (const ok of [0, 300_000, -300_000, 299_999, -299_999]) await expect(send(ok), `offset ${ok}`).resolves.toBeTruthy();
      for (const bad of [300_001, -300_001, 301_000, -301_000, 3_600_000, -T0]) await expectRefused(send(bad), 'timestamp');
    });
  }

  it('checks the window against the server clock passed as now', async () => {
    const f = await fixture();
    const sealed = await post(f);
    await expectRefused(f.verify(wire(sealed), { now: T0 + 301_000 }), 'timestamp');
    await expect(f.verify(wire(sealed), { now: T0 + 300_000 })).resolves.toBeTruthy();
  });
});

describe('replay', () => {
  it('refuses a captured request sent again; the same request re-sealed with a fresh nonce succeeds', async () => {
    const f = await fixture();
    const input = { method: 'POST' as const, path: PATH, body: { name: 'order.refund', body: { id: 7 } } };
    const captured = await f.seal(input);
    await expect(f.verify(wire(captured))).resolves.toBeTruthy();
    await expectRefused(f.verify(wire(captured)), 'replay');
    await expectRefused(f.verify(wire(captured), { now: T0 + 120_000 }), 'replay');
    const fresh = await f.seal(input);
    expect(fresh.nonce).not.toBe(captured.nonce);
    await expect(f.verify(wire(fresh))).resolves.toMatchObject({ payload: input.body });

    const g = await f.seal({ method: 'GET', path: PATH, query: { id: 7 } });
    await expect(f.verify(wire(g))).resolves.toBeTruthy();
    await expectRefused(f.verify(wire(g)), 'replay');
  });

  it('remembers a nonce for as long as its timestamp can pass the window', async () => {
    const f = await fixture();
    // ts at the far edge of the window: still inside it 600 s after it was first seen.
    const sealed = await f.seal({ method: 'POST', path: PATH, body: {}, now: T0 + 300_000 });
    await expect(f.verify(wire(sealed), { now: T0 })).resolves.toBeTruthy();
    await expectRefused(f.verify(wire(sealed), { now: T0 + 600_000 }), 'replay');
    await expectRefused(f.verify(wire(sealed), { now: T0 + 600_001 }), 'timestamp');
    // An ordinary nonce is remembered 600 s.
    const plain = await post(f);
    await f.verify(wire(plain));
    expect(await f.nonces.remember(f.client.channelId, plain.nonce, T0 + 1, T0 + 599_999)).toBe(false);
    expect(await f.nonces.remember(f.client.channelId, plain.nonce, T0 + 1_200_000, T0 + 600_000)).toBe(true);
  });

  it('does not record the nonce of a request whose signature fails', async () => {
    const f = await fixture();
    const sealed = await post(f);
    await expectRefused(f.verify({ ...wire(sealed), url: `${PATH}?x=1` }), 'signature');
    expect(f.nonces.size).toBe(0);
    await expect(f.verify(wire(sealed))).resolves.toBeTruthy();
    expect(f.nonces.size).toBe(1);
  });
});

describe('channel', () => {
  it('refuses an unknown channel, e.g. after a server restart', async () => {
    const f = await fixture();
    const sealed = await post(f);
    const restarted = { channels: new MemoryChannelStore(), nonces: new MemoryNonceStore(), now: T0 };
    const r = await tryVerifyRequest(wire(sealed), restarted);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.reason).toBe('channel');
    expect(restarted.nonces.size).toBe(0);
  });

  it('refuses an expired channel (usable while now < expiresAt)', async () => {
    const f = await fixture();
    const exp = f.server.expiresAt;
    const at = async (now: number) => f.verify(wire(await f.seal({ method: 'POST', path: PATH, body: {}, now })), { now });
    await expect(at(exp - 1)).resolves.toBeTruthy();
    await expectRefused(at(exp), 'channel');
    await expectRefused(at(exp + 1), 'channel');
  });

  it('double-checks expiry and id even if the store does not', async () => {
    const f = await fixture();
    const sealed = await post(f);
    const lax = (ch: typeof f.server): ChannelStore => ({ get: async () => ch, put: async () => {} });
    await expectRefused(
      tryVerifyRequest(wire(sealed), { channels: lax({ ...f.server, expiresAt: T0 }), nonces: new MemoryNonceStore(), now: T0 }).then(
        (r) => {
          if (!r.ok) throw r.error;
        },
      ),
      'channel',
    );
    await expectRefused(
      f
        .verify(wire(sealed), {})
        .then(() =>
          tryVerifyRequest(wire(sealed), {
            channels: lax({ ...f.server, channelId: 'A'.repeat(22) }),
            nonces: new MemoryNonceStore(),
            now: T0,
          }),
        )
        .then((r) => {
          if (!r.ok) throw r.error;
        }),
      'channel',
    );
  });

  it('lets store failures through as ordinary errors (not a refusal)', async () => {
    const f = await fixture();
    const sealed = await post(f);
    const broken: ChannelStore = {
      get: async () => {
        throw new Error('db down');
      },
      put: async () => {},
    };
    await expect(tryVerifyRequest(wire(sealed), { channels: broken, nonces: f.nonces, now: T0 })).rejects.toThrow('db down');
  });
});

describe('limits', () => {
  const limits = { maxPayloadBytes: 1_000, maxJsonDepth: 32, maxJsonEntries: 50, maxJsonTotalEntries: 120 };
  const sized = (n: number) => 'x'.repeat(n - 2); // JSON string of exactly n bytes

  it('refuses payloads over maxPayloadBytes (POST and GET) and accepts exactly the limit', async () => {
    const f = await fixture();
    await expect(f.verify(wire(await post(f, sized(1_000))), { limits })).resolves.toMatchObject({ payload: sized(1_000) });
    await expectRefused(f.verify(wire(await post(f, sized(1_001))), { limits }), 'limits');
    // GET: {"q":"xxx"} is 8 bytes plus the value.
    await expect(f.verify(wire(await get(f, { q: 'y'.repeat(992) })), { limits })).resolves.toBeTruthy();
    await expectRefused(f.verify(wire(await get(f, { q: 'y'.repeat(993) })), { limits }), 'limits');
  });

  it('refuses a body over the default 1 MiB', async () => {
    const f = await fixture();
    await expectRefused(f.verify(wire(await post(f, sized(1_048_577)))), 'limits');
    await expect(f.verify(wire(await post(f, sized(1_048_576))))).resolves.toBeTruthy();
  });

  it('refuses JSON deeper than maxJsonDepth (default 32)', async () => {
    const f = await fixture();
    const nest = (d: number): unknown => (d === 1 ? { leaf: [] as unknown[] }.leaf : { a: nest(d - 1) });
    const arrays = (d: number): unknown => (d === 0 ? 1 : [arrays(d - 1)]);
    await expect(f.verify(wire(await post(f, nest(32))))).resolves.toBeTruthy();
    await expectRefused(f.verify(wire(await post(f, nest(33)))), 'limits');
    await expect(f.verify(wire(await post(f, arrays(32))))).resolves.toBeTruthy();
    await expectRefused(f.verify(wire(await post(f, arrays(33)))), 'limits');
    // A hostile client holds its own keys and can send any plaintext.
    await expectRefused(f.verify(await sealRawPost(f, '['.repeat(200_000) + ']'.repeat(200_000))), 'limits');
    await expectRefused(f.verify(await sealRawPost(f, '{"a":'.repeat(33) + '1' + '}'.repeat(33))), 'limits');
    await expect(f.verify(await sealRawPost(f, '{"a":'.repeat(32) + '1' + '}'.repeat(32)))).resolves.toBeTruthy();
    await expectRefused(f.verify(wire(await get(f, { deep: 1 })), { limits: { maxJsonDepth: 0 } }), 'limits');
  });

  it('refuses too many keys or array items', async () => {
    const f = await fixture();
    const obj = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    const arr = (n: number) => Array.from({ length: n }, (_, i) => i);
    await expect(f.verify(wire(await post(f, obj(50))), { limits })).resolves.toBeTruthy();
    await expectRefused(f.verify(wire(await post(f, obj(51))), { limits }), 'limits');
    await expect(f.verify(wire(await post(f, { list: arr(50) })), { limits })).resolves.toBeTruthy();
    await expectRefused(f.verify(wire(await post(f, { list: arr(51) })), { limits }), 'limits');
    // Total over the document: 3 × 40 items + 3 keys = 123 > 120.
    await expectRefused(f.verify(wire(await post(f, { a: arr(40), b: arr(40), c: arr(40) })), { limits }), 'limits');
    await expect(f.verify(wire(await post(f, { a: arr(39), b: arr(39), c: arr(39) })), { limits })).resolves.toBeTruthy();
    await expectRefused(f.verify(wire(await get(f, obj(51))), { limits }), 'limits');
  });

  it('refuses too many query parameters', async () => {
    const f = await fixture();
    const query = Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`p${i}`, i]));
    await expect(f.verify(wire(await f.seal({ method: 'POST', path: PATH, query, body: {} })))).resolves.toBeTruthy();
    await expectRefused(f.verify(wire(await f.seal({ method: 'POST', path: PATH, query: { ...query, p64: 1 }, body: {} }))), 'format');
  });

  it('refuses invalid JSON and invalid UTF-8 from a hostile client', async () => {
    const f = await fixture();
    await expect(f.verify(await sealRawPost(f, '{"ok":1}'))).resolves.toMatchObject({ payload: { ok: 1 } });
    for (const text of ['', '{', '{"a":1,}', 'undefined', "{'a':1}", '[1,2', '"\\x"'])
      await expectRefused(f.verify(await sealRawPost(f, text)), 'limits');
    await expectRefused(f.verify(await sealRawPost(f, new Uint8Array([0x22, 0xff, 0x22]))), 'limits');
    await expectRefused(f.verify(await sealRawPost(f, new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]))), 'limits');
  });

  it('refuses __proto__ keys', async () => {
    const f = await fixture();
    await expectRefused(f.verify(wire(await post(f, JSON.parse('{"__proto__":{"admin":true}}')))), 'limits');
    await expectRefused(f.verify(wire(await get(f, JSON.parse('{"__proto__":"x"}')))), 'limits');
    await expectRefused(f.verify(await sealRawPost(f, '{"a":{"\\u005f_proto__":{"admin":true}}}')), 'limits');
    await expect(f.verify(await sealRawPost(f, '{"note":"__proto__ \\u0041"}'))).resolves.toMatchObject({
      payload: { note: '__proto__ A' },
    });
  });
});

describe('encrypted responses', () => {
  it('round-trips and is bound to its request nonce', async () => {
    const f = await fixture();
    const sealed = await post(f, {}, { encryptResponse: true });
    expect(sealed.url).toBe(`${PATH}?enc=1`);
    const v = await f.verify(wire(sealed));
    expect(v.encryptResponse).toBe(true);
    expect(v.query).toEqual({});
    const answer = { code: '200', msg: '成功', data: { list: [{ id: 1, name: '可乐' }], total: 1 } };
    const res = await sealResponse(v.channel.keys, answer, v.nonce);
    expect(Object.keys(res)).toEqual(['encrypted', 'iv', 'data']);
    expect(isEncryptedResponse(res)).toBe(true);
    expect(JSON.stringify(res)).not.toContain('可乐');
    expect(await openResponse(f.client.keys, JSON.parse(JSON.stringify(res)), sealed.nonce)).toEqual(answer);

    // Swapped onto another request: refused.
    const other = await post(f);
    await expectRefused(openResponse(f.client.keys, res, other.nonce), 'response');
    // Tampered: refused.
    await expectRefused(openResponse(f.client.keys, { ...res, data: flipB64(res.data, 3) }, sealed.nonce), 'response');
    await expectRefused(openResponse(f.client.keys, { ...res, iv: flipB64(res.iv, 3) }, sealed.nonce), 'response');
    await expectRefused(openResponse(f.client.keys, { ...res, iv: 1 }, sealed.nonce), 'response');
    // Another channel's keys: refused.
    await expectRefused(openResponse((await openChannel()).client.keys, res, sealed.nonce), 'response');
  });

  it('passes unflagged responses through unless encryption is required', async () => {
    const f = await fixture();
    const plain = { code: 'A0340', msg: 'x' };
    expect(await openResponse(f.client.keys, plain, 'n'.repeat(22))).toBe(plain);
    expect(await openResponse(f.client.keys, { encrypted: 'true', data: 1 }, 'n'.repeat(22))).toEqual({ encrypted: 'true', data: 1 });
    await expectRefused(openResponse(f.client.keys, plain, 'n'.repeat(22), { requireEncrypted: true }), 'response');
  });

  it('GET can ask for an encrypted response too (signed enc=1)', async () => {
    const f = await fixture();
    const sealed = await get(f, { a: 1 }, { encryptResponse: true });
    expect(sealed.query.enc).toBe('1');
    expect((await f.verify(wire(sealed))).encryptResponse).toBe(true);
    const stripped = await get(f, { a: 1 }, { encryptResponse: true });
    await expectRefused(f.verify({ method: 'GET', url: stripped.url.replace('&enc=1', '') }), 'signature');
  });
});

describe('request AAD', () => {
  it('is the documented string', () => {
    expect(new TextDecoder().decode(requestAad('POST', PATH, 'C'.repeat(22), T0, 'N'.repeat(22)))).toBe(
      `SC1-REQUEST\nPOST\n${PATH}\n${'C'.repeat(22)}\n${T0}\n${'N'.repeat(22)}`,
    );
  });
});

it('replaceAt helper', () => expect(replaceAt('abc', 1, 'X')).toBe('aXc'));
