/**
 * Encrypted responses: `{encrypted: true, iv, data}`, AES-GCM under the channel key with the
 * request nonce in the AAD, so a response only opens as the answer to the request that caused it.
 */
import { RESPONSE_AAD_TAG } from './config.ts';
import { base64UrlLength, base64UrlToBytes, bytesToBase64Url, randomBytes, utf8Decode, utf8Encode } from './encoding.ts';
import { CODES } from '../core/error-codes.ts';
import { refuse, SECURE_CHANNEL_MESSAGE } from './errors.ts';
import type { ChannelKeys } from './keys.ts';

export interface EncryptedResponse {
  encrypted: true;
  /** base64url of the 12-byte IV. */
  iv: string;
  /** base64url of AES-GCM ciphertext || tag of the UTF-8 JSON response (the whole `{code, msg, data}` envelope). */
  data: string;
}

function responseAad(requestNonce: string): Uint8Array<ArrayBuffer> {
  return utf8Encode(`${RESPONSE_AAD_TAG}\n${requestNonce}`);
}

/** True for an object flagged `encrypted: true`. */
export function isEncryptedResponse(json: unknown): json is EncryptedResponse {
  return typeof json === 'object' && json !== null && (json as Record<string, unknown>).encrypted === true;
}

/** Server side: encrypts a JSON-serialisable response for the request with nonce `requestNonce`. */
export async function sealResponse(keys: ChannelKeys, body: unknown, requestNonce: string): Promise<EncryptedResponse> {
  const json = JSON.stringify(body);
  if (json === undefined) throw new TypeError('secure channel: response is not JSON-serialisable');
  const iv = randomBytes(12);
  const ct = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: responseAad(requestNonce), tagLength: 128 },
    keys.encKey,
    utf8Encode(json),
  );
  return { encrypted: true, iv: bytesToBase64Url(iv), data: bytesToBase64Url(new Uint8Array(ct)) };
}

/**
 * Client side: returns `json` unchanged unless it is flagged `encrypted: true`, in which case it is
 * decrypted and parsed. Throws SecureChannelError('response') if a flagged response does not open
 * (tampered, other channel, or answer to another request), or if `requireEncrypted` is set and the
 * response is not flagged.
 */
export async function openResponse(
  keys: ChannelKeys,
  json: unknown,
  requestNonce: string,
  options: { requireEncrypted?: boolean } = {},
): Promise<unknown> {
  if (!isEncryptedResponse(json)) {
    if (options.requireEncrypted) refuse('response');
    return json;
  }
  const { iv, data } = json as unknown as Record<string, unknown>;
  if (typeof iv !== 'string' || typeof data !== 'string' || iv.length !== base64UrlLength(12)) refuse('response');
  const ivBytes = base64UrlToBytes(iv);
  const ct = base64UrlToBytes(data);
  if (!ivBytes || !ct) refuse('response');
  try {
    const plain = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: ivBytes, additionalData: responseAad(requestNonce), tagLength: 128 },
      keys.encKey,
      ct,
    );
    return JSON.parse(utf8Decode(new Uint8Array(plain)));
  } catch (err) {
    return refuse('response', err);
  }
}

/** An answer the server may send in clear to a request that asked for an encrypted one. */
export interface PlainRefusal {
  code: string;
  msg: string;
  message: string;
  data: null;
}

const RATE_LIMITED = /^请求过于频繁，请(\d{1,5})秒后再试$/;

/**
 * The only plaintext answers a client accepts where it asked for an encrypted one: refusals the server
 * gives before it could open the request (the channel's A0340, the rate limiter's A0429) or when it
 * failed while checking it (B0001). Each is rebuilt from the code alone — our own message, no data —
 * so a forged or misrouted plaintext can say nothing else. Anything else: undefined (refuse it).
 */
export function plainRefusal(json: unknown): PlainRefusal | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const { code, msg } = json as Record<string, unknown>;
  const answer = (c: string, m: string): PlainRefusal => ({ code: c, msg: m, message: m, data: null });
  if (code === CODES.secureChannel) return answer(CODES.secureChannel, SECURE_CHANNEL_MESSAGE);
  if (code === CODES.tooManyRequests) {
    const seconds = typeof msg === 'string' ? RATE_LIMITED.exec(msg)?.[1] : undefined;
    return answer(CODES.tooManyRequests, seconds ? `请求过于频繁，请${Number(seconds)}秒后再试` : '请求过于频繁，请稍后再试');
  }
  if (code === CODES.serverError) return answer(CODES.serverError, '服务器繁忙，请稍后再试');
  return undefined;
}
