import { describe, expect, it } from 'vitest';
import { CODES } from '../core/error-codes.ts';
import { SECURE_CHANNEL_MESSAGE } from '../secure-channel/errors.ts';
import { acceptHandshake, type ClientHello } from '../secure-channel/keys.ts';
import { verifyRequest, type VerifiedRequest } from '../secure-channel/request.ts';
import { sealResponse } from '../secure-channel/response.ts';
import { MemoryChannelStore, MemoryNonceStore } from '../secure-channel/stores.ts';
import { ApiClient, ApiError, GATEWAY_PATHS, type FetchLike } from './api-client.ts';

type Answer = (v: VerifiedRequest) => Response | Promise<Response>;

const jsonAnswer = (body: unknown, status = 200, contentType = 'application/json; charset=utf-8') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });

/** A server that verifies every /ben-api request for real and answers what the test says (honestly or not). */
function server(answer: Answer) {
  const channels = new MemoryChannelStore();
  const nonces = new MemoryNonceStore();
  const s = { handshakes: 0, requests: 0, answer };
  const fetch: FetchLike = async (url, init) => {
    if (url === GATEWAY_PATHS.handshake) {
      s.handshakes++;
      const { serverHello, channel } = await acceptHandshake(JSON.parse(String(init.body)) as ClientHello, {});
      await channels.put(channel);
      return jsonAnswer({ code: '200', msg: '成功', message: '成功', data: serverHello });
    }
    s.requests++;
    const verified = await verifyRequest(
      { method: String(init.method), url, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) },
      { channels, nonces },
    );
    return s.answer(verified);
  };
  return { s, client: (opts: ConstructorParameters<typeof ApiClient>[0] = {}) => new ApiClient({ fetch, ...opts }) };
}

const honest: Answer = async (v) =>
  jsonAnswer(await sealResponse(v.channel.keys, { code: '200', msg: '成功', message: '成功', data: { secret: 42 } }, v.nonce));
const gateway = { method: 'POST' as const, path: GATEWAY_PATHS.request, body: { name: 'x', body: {} } };

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({ code: CODES.secureChannel, message: SECURE_CHANNEL_MESSAGE });
  return err as ApiError;
}

describe('ApiClient over the secure channel: a plaintext answer where an encrypted one was asked for', () => {
  it('opens an honest encrypted answer', async () => {
    const { client } = server(honest);
    expect(await client().call(gateway)).toEqual({ secret: 42 });
  });

  it.each([
    ['application/json', 'application/json; charset=utf-8'],
    ['text/plain', 'text/plain'],
    ['text/html', 'text/html'],
    ['no content type', ''],
  ])('refuses a plaintext success (%s): never handed to the caller', async (_label, contentType) => {
    const { client } = server(() => jsonAnswer({ code: '200', msg: '成功', data: { token: 'forged' } }, 200, contentType));
    const err = await refusal(client().call(gateway));
    expect(JSON.stringify(err)).not.toContain('forged');
    await refusal(client().envelope(gateway));
  });

  it('refuses an encrypted answer to another request, and plaintext carrying the encrypted flag', async () => {
    const other = server(async (v) => jsonAnswer(await sealResponse(v.channel.keys, { code: '200', data: 1 }, 'another-nonce-0000000000')));
    await refusal(other.client().call(gateway));
    const flagged = server(() => jsonAnswer({ encrypted: true, iv: 'AAAAAAAAAAAAAAAA', data: 'e30' }));
    await refusal(flagged.client().call(gateway));
  });

  it('refuses plaintext JSON where a file was asked for, but passes the file itself', async () => {
    const json = server(() => jsonAnswer({ code: '200', data: { url: 'https://evil.example' } }));
    await refusal(json.client().send({ ...gateway, path: GATEWAY_PATHS.export, raw: true }));
    const file = server(
      () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
    );
    const res = await file.client().send({ ...gateway, path: GATEWAY_PATHS.export, raw: true });
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
  });

  it('accepts the refusals the server sends in clear, rebuilt from their code alone', async () => {
    // the channel's refusal: re-handshake and resend once, then report it with our own words
    const channel = server(() =>
      jsonAnswer({ code: CODES.secureChannel, msg: '请拨打 400-000-0000 验证身份', data: { phish: true } }, 400),
    );
    const env = await channel.client().envelope(gateway);
    expect(env).toEqual({
      code: CODES.secureChannel,
      msg: SECURE_CHANNEL_MESSAGE,
      message: SECURE_CHANNEL_MESSAGE,
      data: null,
      status: 400,
    });
    expect(channel.s).toMatchObject({ handshakes: 2, requests: 2 });
    // the rate limiter's: the wait is kept, any other text is not
    const limited = server(() => jsonAnswer({ code: CODES.tooManyRequests, msg: '请求过于频繁，请7秒后再试', data: 'x' }, 429));
    expect(await limited.client().envelope(gateway)).toMatchObject({
      code: CODES.tooManyRequests,
      msg: '请求过于频繁，请7秒后再试',
      data: null,
    });
    const phishing = server(() => jsonAnswer({ code: CODES.tooManyRequests, msg: '账号异常，请访问 evil.example 解封' }, 429));
    expect(await phishing.client().envelope(gateway)).toMatchObject({ code: CODES.tooManyRequests, msg: '请求过于频繁，请稍后再试' });
    const broken = server(() => jsonAnswer({ code: CODES.serverError, msg: 'stack trace…', data: { sql: 'select' } }, 500));
    expect(await broken.client().envelope(gateway)).toMatchObject({ code: CODES.serverError, msg: '服务器繁忙，请稍后再试', data: null });
  });

  it('hands a file asked for without `raw` on byte for byte, and refuses JSON behind a BOM', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4, 0xff, 0xfe, 0x00, 0x7b]);
    const file = server(() => new Response(bytes, { headers: { 'content-type': 'application/octet-stream' } }));
    expect(new Uint8Array(await (await file.client().send(gateway)).arrayBuffer())).toEqual(bytes);
    const bom = server(
      () =>
        new Response(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(' {"code":"200","data":1}')]), {
          headers: { 'content-type': 'text/plain' },
        }),
    );
    await refusal(bom.client().call(gateway));
  });

  it('still reports a proxy’s non-JSON error page as such', async () => {
    const { client } = server(
      () => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    await expect(client().envelope(gateway)).rejects.toMatchObject({ code: 'NETWORK', status: 502 });
  });

  it('takes plaintext only when it did not ask for encryption', async () => {
    const { client } = server(() => jsonAnswer({ code: '200', data: { plain: true } }));
    expect(await client({ secure: { encryptResponses: false } }).call(gateway)).toEqual({ plain: true });
  });
});
