/** Shared fixtures for the secure-channel tests (not exported from the package). */
import { expect } from 'vitest';
import type { SecureChannelLimits } from '../secure-channel/config.ts';
import { SECURE_CHANNEL_MESSAGE, SecureChannelError, type SecureChannelReason } from '../secure-channel/errors.ts';
import { acceptHandshake, createClientHandshake, type ClientChannel, type SecureChannel } from '../secure-channel/keys.ts';
import { canonicalQuery } from '../secure-channel/canonical.ts';
import { bytesToBase64Url, concatBytes, randomBytes, randomToken } from '../secure-channel/encoding.ts';
import {
  computeRequestSignature,
  requestAad,
  sealRequest,
  sha256Hex,
  verifyRequest,
  type IncomingSecureRequest,
  type SealRequestInput,
  type SealedRequest,
} from '../secure-channel/request.ts';
import { MemoryChannelStore, MemoryNonceStore } from '../secure-channel/stores.ts';

export const T0 = 1_750_000_000_000;

export interface Fixture {
  client: ClientChannel;
  server: SecureChannel;
  channels: MemoryChannelStore;
  nonces: MemoryNonceStore;
  seal(
    input: Omit<SealRequestInput, 'keys' | 'channelId'>,
    channel?: { channelId: string; keys: SealRequestInput['keys'] },
  ): Promise<SealedRequest>;
  verify(
    req: IncomingSecureRequest,
    opts?: { now?: number; limits?: Partial<SecureChannelLimits>; nonces?: MemoryNonceStore },
  ): ReturnType<typeof verifyRequest>;
}

export async function openChannel(now = T0): Promise<{ client: ClientChannel; server: SecureChannel }> {
  const hs = await createClientHandshake();
  const { serverHello, channel } = await acceptHandshake(hs.hello, { now });
  const client = await hs.complete(JSON.parse(JSON.stringify(serverHello)), { now });
  return { client, server: channel };
}

export async function fixture(): Promise<Fixture> {
  const { client, server } = await openChannel();
  const channels = new MemoryChannelStore();
  const nonces = new MemoryNonceStore();
  await channels.put(server);
  return {
    client,
    server,
    channels,
    nonces,
    seal: (input, channel = client) => sealRequest({ now: T0, ...input, keys: channel.keys, channelId: channel.channelId }),
    verify: (req, opts = {}) => verifyRequest(req, { channels, nonces: opts.nonces ?? nonces, now: opts.now ?? T0, limits: opts.limits }),
  };
}

/** The request as the server receives it: POST envelopes go through JSON. */
export function wire(sealed: SealedRequest): IncomingSecureRequest {
  return sealed.method === 'POST'
    ? { method: 'POST', url: sealed.url, body: JSON.parse(JSON.stringify(sealed.body)) }
    : { method: 'GET', url: sealed.url };
}

export async function expectRefused(promise: Promise<unknown>, reason?: SecureChannelReason): Promise<SecureChannelError> {
  let error: unknown;
  try {
    await promise;
  } catch (err) {
    error = err;
  }
  expect(error, 'expected a SecureChannelError').toBeInstanceOf(SecureChannelError);
  const e = error as SecureChannelError;
  expect(e.code).toBe('A0340');
  expect(e.message).toBe(SECURE_CHANNEL_MESSAGE);
  if (reason) expect(e.reason).toBe(reason);
  return e;
}

/** Replaces the character at `index` of `text` with `ch`. */
export function replaceAt(text: string, index: number, ch: string): string {
  return text.slice(0, index) + ch + text.slice(index + 1);
}

/** Changes one character of a base64url string to another base64url character. */
export function flipB64(text: string, index = 0): string {
  const c = text[index];
  return replaceAt(text, index, c === 'A' ? 'B' : 'A');
}

/**
 * A POST whose plaintext is arbitrary bytes, correctly encrypted and signed: what a hostile client
 * (which holds its own channel keys) can send.
 */
export async function sealRawPost(
  f: Fixture,
  plaintext: Uint8Array<ArrayBuffer> | string,
  path = '/ben-api/raw',
  now = T0,
): Promise<IncomingSecureRequest> {
  const bytes = typeof plaintext === 'string' ? new TextEncoder().encode(plaintext) : plaintext;
  const nonce = randomToken(16);
  const iv = randomBytes(12);
  const ct = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: requestAad('POST', path, f.client.channelId, now, nonce) },
    f.client.keys.encKey,
    bytes,
  );
  const ivText = bytesToBase64Url(iv);
  const data = bytesToBase64Url(new Uint8Array(ct));
  const sign = await computeRequestSignature(f.client.keys.macKey, {
    method: 'POST',
    path,
    query: '',
    channelId: f.client.channelId,
    ts: now,
    nonce,
    payloadHash: await sha256Hex(`${ivText}.${data}`),
  });
  return { method: 'POST', url: path, body: { channelId: f.client.channelId, ts: now, nonce, iv: ivText, data, sign } };
}

/** A GET whose encrypted parameters are arbitrary text, correctly encrypted and signed (hostile client). */
export async function sealRawGet(f: Fixture, plaintext: string, path = '/ben-api/raw', now = T0): Promise<IncomingSecureRequest> {
  const nonce = randomToken(16);
  const iv = randomBytes(12);
  const ct = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: requestAad('GET', path, f.client.channelId, now, nonce) },
    f.client.keys.encKey,
    new TextEncoder().encode(plaintext),
  );
  const body = bytesToBase64Url(concatBytes(iv, new Uint8Array(ct)));
  const pairs: Array<[string, string]> = [
    ['channelId', f.client.channelId],
    ['ts', String(now)],
    ['nonce', nonce],
    ['body', body],
  ];
  const sign = await computeRequestSignature(f.client.keys.macKey, {
    method: 'GET',
    path,
    query: canonicalQuery(pairs),
    channelId: f.client.channelId,
    ts: now,
    nonce,
    payloadHash: await sha256Hex(body),
  });
  return { method: 'GET', url: `${path}?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}&sign=${sign}` };
}
