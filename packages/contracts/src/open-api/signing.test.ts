import { describe, expect, it } from 'vitest';
import {
  OPEN_API_HEADERS,
  OPEN_API_NONCE_PATTERN,
  OpenApiClient,
  openApiBodyHash,
  openApiNonce,
  openApiSignature,
  openApiStringToSign,
  signOpenApiRequest,
} from './signing.ts';

// A fixed vector (computed independently with `openssl dgst -sha256 -hmac` over the same string): any change to the
// string to sign, the body hash or the encoding of the signature breaks every integrated client, so it must fail here.
const SECRET = 's3cr3t-OPEN-app-secret-0123456789ab';
const BODY = '{"hello":"世界"}';
const VECTOR = {
  method: 'post',
  path: '/open-api/v1/ping',
  timestamp: 1763690400000,
  nonce: 'abcdefghijklmnop0123',
  bodyHash: '24466f368343e7f19ff9812f46cd548b45100e1dd244815a5549c2c853b331dd',
  signature: 'b917371437826e93f7e4159b4e4ab6b69593314ec433b32ed21d1cfdbedb0a6a',
};
const EMPTY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('open API signing', () => {
  it('hashes the raw UTF-8 body bytes (string or bytes alike; empty body → sha256 of nothing)', async () => {
    expect(await openApiBodyHash(BODY)).toBe(VECTOR.bodyHash);
    expect(await openApiBodyHash(new TextEncoder().encode(BODY))).toBe(VECTOR.bodyHash);
    expect(await openApiBodyHash('')).toBe(EMPTY_HASH);
    expect(await openApiBodyHash(new Uint8Array(0))).toBe(EMPTY_HASH);
  });

  it('builds the six-line string to sign with the method upper-cased and no trailing newline', () => {
    expect(openApiStringToSign(VECTOR)).toBe(`OPEN1\nPOST\n/open-api/v1/ping\n1763690400000\nabcdefghijklmnop0123\n${VECTOR.bodyHash}`);
  });

  it('matches the known-answer vector', async () => {
    expect(await openApiSignature(SECRET, VECTOR)).toBe(VECTOR.signature);
    const headers = await signOpenApiRequest({
      appKey: 'OAABCDEFGH123456',
      secret: SECRET,
      method: 'POST',
      path: VECTOR.path,
      body: BODY,
      timestamp: VECTOR.timestamp,
      nonce: VECTOR.nonce,
    });
    expect(headers).toEqual({
      [OPEN_API_HEADERS.appKey]: 'OAABCDEFGH123456',
      [OPEN_API_HEADERS.timestamp]: '1763690400000',
      [OPEN_API_HEADERS.nonce]: VECTOR.nonce,
      [OPEN_API_HEADERS.signature]: VECTOR.signature,
    });
  });

  it('changes with every signed part and with the secret', async () => {
    const base = await openApiSignature(SECRET, VECTOR);
    const variants = [
      { ...VECTOR, method: 'GET' },
      { ...VECTOR, path: '/open-api/v1/pong' },
      { ...VECTOR, timestamp: VECTOR.timestamp + 1 },
      { ...VECTOR, nonce: 'abcdefghijklmnop0124' },
      { ...VECTOR, bodyHash: EMPTY_HASH },
    ];
    for (const v of variants) expect(await openApiSignature(SECRET, v)).not.toBe(base);
    expect(await openApiSignature(`${SECRET}x`, VECTOR)).not.toBe(base);
  });

  it('makes fresh nonces of the accepted shape', () => {
    const a = openApiNonce();
    expect(a).toMatch(OPEN_API_NONCE_PATTERN);
    expect(openApiNonce()).not.toBe(a);
  });
});

describe('OpenApiClient', () => {
  it('signs exactly the bytes it sends and parses the answer', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const client = new OpenApiClient({
      baseUrl: 'https://example.test/',
      appKey: 'OAABCDEFGH123456',
      secret: SECRET,
      now: () => VECTOR.timestamp,
      fetch: async (url, init) => {
        seen = { url, init };
        return new Response(JSON.stringify({ code: '200', msg: 'success', data: { ok: 1 } }), { status: 200 });
      },
    });
    expect(await client.post('/open-api/v1/ping', { hello: '世界' })).toEqual({ code: '200', msg: 'success', data: { ok: 1 } });
    expect(seen!.url).toBe('https://example.test/open-api/v1/ping');
    expect(seen!.init.body).toBe(BODY);
    const h = seen!.init.headers as Record<string, string>;
    expect(h['content-type']).toBe('application/json');
    const expected = await openApiSignature(SECRET, {
      method: 'POST',
      path: '/open-api/v1/ping',
      timestamp: VECTOR.timestamp,
      nonce: h[OPEN_API_HEADERS.nonce],
      bodyHash: VECTOR.bodyHash,
    });
    expect(h[OPEN_API_HEADERS.signature]).toBe(expected);
  });

  it('answers a refusal or a non-JSON answer as an envelope, never throws on them', async () => {
    const refusing = new OpenApiClient({
      baseUrl: '',
      appKey: 'OAABCDEFGH123456',
      secret: SECRET,
      fetch: async () => new Response(JSON.stringify({ code: '110401', msg: '开放接口签名校验失败', data: null }), { status: 401 }),
    });
    expect(await refusing.post('/open-api/v1/ping')).toEqual({ code: '110401', msg: '开放接口签名校验失败', data: null });
    const html = new OpenApiClient({
      baseUrl: '',
      appKey: 'OAABCDEFGH123456',
      secret: SECRET,
      fetch: async () => new Response('<html>bad gateway</html>', { status: 502 }),
    });
    expect(await html.post('/open-api/v1/ping')).toMatchObject({ code: '502', data: null });
  });
});
