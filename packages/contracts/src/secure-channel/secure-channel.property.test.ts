import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, bytesToBase64Url } from './encoding.ts';
import { SecureChannelError } from './errors.ts';
import { computeRequestSignature, sha256Hex, verifyRequest, type SealedGetRequest, type SealedPostRequest } from './request.ts';
import { openResponse, sealResponse } from './response.ts';
import { MemoryNonceStore } from './stores.ts';
import { T0, expectRefused, fixture, replaceAt, wire } from '../test/secure-channel-kit.ts';

const PATH = '/ben-api/api/uniter/v1/url/request';
const RUNS = { numRuns: 150 };

const noProto = (v: unknown) => !JSON.stringify(v).includes('"__proto__"');
const jsonBody = fc.jsonValue({ maxDepth: 6, stringUnit: 'binary' }).filter(noProto);
/** Strings that are valid UTF-16 (they may go into a URL). */
const text = fc.string({ unit: 'grapheme', maxLength: 30 });
/** Query parameters; a parameter named __proto__ never becomes an own key on either side (like the bodies above). */
const queryParams = fc.dictionary(text, text, { maxKeys: 5 }).filter((q) => !Object.keys(q).includes('__proto__'));
const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));

/** Verifies with a fresh nonce store so each mutant is judged on its own merits. */
async function isRefused(f: Awaited<ReturnType<typeof fixture>>, req: Parameters<typeof f.verify>[0]): Promise<boolean> {
  try {
    await f.verify(req, { nonces: new MemoryNonceStore() });
    return false;
  } catch (err) {
    if (err instanceof SecureChannelError && err.code === 'A0340') return true;
    throw err;
  }
}

describe('properties', () => {
  it('random POST bodies and query parameters round-trip', async () => {
    const f = await fixture();
    await fc.assert(
      fc.asyncProperty(jsonBody, queryParams, async (body, query) => {
        const sealed = await f.seal({ method: 'POST', path: PATH, body, query: { ...query, enc: undefined } });
        const v = await f.verify(wire(sealed));
        expect(v.payload).toEqual(JSON.parse(JSON.stringify(body)));
        const expectedQuery = Object.fromEntries(Object.entries(query).filter(([k]) => k !== 'enc'));
        expect(v.query).toEqual(expectedQuery);
      }),
      RUNS,
    );
  });

  it('random GET parameters round-trip', async () => {
    const f = await fixture();
    const key = fc.string({ unit: 'binary', maxLength: 12 }).filter((k) => k !== '__proto__');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, fc.string({ unit: 'binary', maxLength: 40 }), { maxKeys: 8 }), async (query) => {
        const sealed = await f.seal({ method: 'GET', path: '/ben-api/v1/x', query });
        expect((await f.verify(wire(sealed))).payload).toEqual(query);
      }),
      RUNS,
    );
  });

  it('any single changed character of a POST (URL or JSON body text) is refused', async () => {
    const f = await fixture();
    const sealed = (await f.seal({
      method: 'POST',
      path: PATH,
      query: { appKey: 'A1001002', page: 2 },
      body: { name: 'goods.save', body: { price: 1.5 } },
    })) as SealedPostRequest;
    const bodyText = JSON.stringify(sealed.body);
    expect(await isRefused(f, { method: 'POST', url: sealed.url, body: bodyText })).toBe(false);
    const targets = bodyText.length + sealed.url.length;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: targets - 1 }), printable, async (pos, ch) => {
        const inBody = pos < bodyText.length;
        const original = inBody ? bodyText : sealed.url;
        const i = inBody ? pos : pos - bodyText.length;
        fc.pre(original[i] !== ch);
        const mutated = replaceAt(original, i, ch);
        const req = inBody ? { method: 'POST', url: sealed.url, body: mutated } : { method: 'POST', url: mutated, body: bodyText };
        expect(await isRefused(f, req)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('any single changed character of a GET URL is refused', async () => {
    const f = await fixture();
    const sealed = (await f.seal({
      method: 'GET',
      path: '/ben-api/v1/goods/list',
      query: { pageNum: 1, keyword: '可乐 a+b' },
      encryptResponse: true,
    })) as SealedGetRequest;
    expect(await isRefused(f, wire(sealed))).toBe(false);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: sealed.url.length - 1 }), printable, async (i, ch) => {
        fc.pre(sealed.url[i] !== ch);
        expect(await isRefused(f, { method: 'GET', url: replaceAt(sealed.url, i, ch) })).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('any bit flip in iv, ciphertext or tag is refused even when re-signed', async () => {
    const f = await fixture();
    const sealed = (await f.seal({ method: 'POST', path: PATH, body: { amount: 100, to: 'merchant-1' } })) as SealedPostRequest;
    const env = sealed.body;
    const iv = base64UrlToBytes(env.iv)!;
    const ct = base64UrlToBytes(env.data)!;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: (iv.length + ct.length) * 8 - 1 }), async (bit) => {
        const byte = bit >> 3;
        const [iv2, ct2] = [iv.slice(), ct.slice()];
        if (byte < iv.length) iv2[byte] ^= 1 << (bit & 7);
        else ct2[byte - iv.length] ^= 1 << (bit & 7);
        const ivText = bytesToBase64Url(iv2);
        const data = bytesToBase64Url(ct2);
        const sign = await computeRequestSignature(f.client.keys.macKey, {
          method: 'POST',
          path: PATH,
          query: '',
          channelId: env.channelId,
          ts: env.ts,
          nonce: env.nonce,
          payloadHash: await sha256Hex(`${ivText}.${data}`),
        });
        await expectRefused(
          verifyRequest(
            { method: 'POST', url: PATH, body: { ...env, iv: ivText, data, sign } },
            { channels: f.channels, nonces: new MemoryNonceStore(), now: T0 },
          ),
          'decrypt',
        );
      }),
      RUNS,
    );
  });

  it('random responses round-trip and open only for their own request nonce', async () => {
    const f = await fixture();
    const nonce = fc.uint8Array({ minLength: 16, maxLength: 16 }).map(bytesToBase64Url);
    await fc.assert(
      fc.asyncProperty(jsonBody, nonce, nonce, async (body, n1, n2) => {
        const res = await sealResponse(f.server.keys, body, n1);
        expect(await openResponse(f.client.keys, res, n1)).toEqual(JSON.parse(JSON.stringify(body)));
        if (n1 !== n2) await expectRefused(openResponse(f.client.keys, res, n2), 'response');
      }),
      { numRuns: 100 },
    );
  });
});
