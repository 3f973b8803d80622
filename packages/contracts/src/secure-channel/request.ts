/**
 * Requests over the secure channel: `sealRequest` (browser / test client) and `verifyRequest`
 * (server). Transport-independent: the caller sends what sealRequest returns and hands the server
 * side the method, raw request target and parsed body.
 */
import { canonicalPath, canonicalQuery, encodeRfc3986, signingString, type SigningInput } from './canonical.ts';
import { REQUEST_AAD_TAG, SECURE_QUERY_KEYS, resolveLimits, type SecureChannelLimits } from './config.ts';
import {
  base64UrlLength,
  base64UrlToBytes,
  bytesToBase64Url,
  bytesToHex,
  concatBytes,
  randomBytes,
  randomToken,
  utf8Decode,
  utf8Encode,
} from './encoding.ts';
import { SecureChannelError, refuse } from './errors.ts';
import { parseJsonWithLimits } from './json-limits.ts';
import { isChannelIdShape, type ChannelKeys, type SecureChannel } from './keys.ts';
import type { ChannelStore, NonceStore } from './stores.ts';

export type SecureMethod = 'GET' | 'POST';
export type SecureQueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type SecureQuery = Readonly<Record<string, SecureQueryValue>>;

/** Body of a secure POST. */
export interface SecurePostEnvelope {
  channelId: string;
  /** Epoch ms (server clock). */
  ts: number;
  nonce: string;
  /** base64url of the 12-byte AES-GCM IV. */
  iv: string;
  /** base64url of AES-GCM ciphertext || 16-byte tag of the UTF-8 JSON body. */
  data: string;
  /** base64url of the 32-byte HMAC-SHA256 over the signing string. */
  sign: string;
}

export interface SealRequestInput {
  keys: ChannelKeys;
  channelId: string;
  method: SecureMethod | 'get' | 'post';
  /** Origin-relative path without query, e.g. `/ben-api/api/uniter/v1/url/request`. */
  path: string;
  /**
   * GET: the request's parameters; they travel encrypted in `body`. POST: plain URL parameters,
   * signed but not encrypted. null/undefined values are dropped, arrays joined with ',', everything
   * else String()-ed (as ApiClient's buildQuery does).
   */
  query?: SecureQuery;
  /** POST only: any JSON-serialisable value; undefined is sent as `{}`. */
  body?: unknown;
  /** Timestamp to stamp, epoch ms in server time (default Date.now()). */
  now?: number;
  /** Default: 16 random bytes, base64url. */
  nonce?: string;
  /** Ask for an encrypted response: adds the signed parameter `enc=1`. */
  encryptResponse?: boolean;
}

interface SealedBase {
  channelId: string;
  ts: number;
  nonce: string;
  /** Canonical path to request (send exactly this). */
  path: string;
  /** URL query parameters to send, in order. */
  query: Record<string, string>;
  /** `path` + `?` + RFC 3986-encoded query: the request target to send. */
  url: string;
}
export interface SealedPostRequest extends SealedBase {
  method: 'POST';
  /** Send as the JSON body (Content-Type: application/json). */
  body: SecurePostEnvelope;
}
export interface SealedGetRequest extends SealedBase {
  method: 'GET';
  body?: undefined;
}
export type SealedRequest = SealedPostRequest | SealedGetRequest;

/** What the server hands to verifyRequest. */
export interface IncomingSecureRequest {
  /** HTTP method (Fastify: request.method). */
  method: string;
  /** Raw request target, path + optional `?query` (Fastify: request.url). */
  url: string;
  /** POST: the parsed JSON body (Fastify: request.body) or its raw text. Ignored for GET. */
  body?: unknown;
}

export interface VerifyRequestOptions {
  channels: ChannelStore;
  nonces: NonceStore;
  /** Server clock, epoch ms (default Date.now()). */
  now?: number;
  limits?: Partial<SecureChannelLimits>;
}

export interface VerifiedRequest {
  channel: SecureChannel;
  channelId: string;
  method: SecureMethod;
  path: string;
  ts: number;
  /** The request nonce; pass it to sealResponse. */
  nonce: string;
  /** The decrypted JSON: the POST body, or the GET parameters object (string values). */
  payload: unknown;
  /** Signed plain URL parameters other than the reserved ones (POST query; normally empty for GET). */
  query: Record<string, string>;
  /** The client asked for an encrypted response (`enc=1`, signed). */
  encryptResponse: boolean;
}

export type VerifyResult = { ok: true; request: VerifiedRequest } | { ok: false; error: SecureChannelError };

const IV_BYTES = 12;
const TAG_BYTES = 16;
const SIGN_CHARS = 43;
const NONCE_RE = /^[A-Za-z0-9_-]{16,64}$/;
const TS_RE = /^(?:0|[1-9][0-9]{0,15})$/;
const ENVELOPE_KEYS = ['channelId', 'ts', 'nonce', 'iv', 'data', 'sign'] as const;
const K = SECURE_QUERY_KEYS;
const GET_RESERVED = new Set<string>([K.channelId, K.ts, K.nonce, K.body, K.sign, K.encryptResponse]);

function subtle(): SubtleCrypto {
  return globalThis.crypto.subtle;
}

/** Lower-case hex SHA-256 of the UTF-8 bytes of `text`. */
export async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(new Uint8Array(await subtle().digest('SHA-256', utf8Encode(text))));
}

/** base64url HMAC-SHA256 of signingString(input). Low-level; sealRequest uses it. */
export async function computeRequestSignature(macKey: CryptoKey, input: SigningInput): Promise<string> {
  return bytesToBase64Url(new Uint8Array(await subtle().sign('HMAC', macKey, utf8Encode(signingString(input)))));
}

/** AES-GCM additional data of a request: binds the ciphertext to method, path, channel, ts and nonce. */
export function requestAad(method: string, path: string, channelId: string, ts: number, nonce: string): Uint8Array<ArrayBuffer> {
  return utf8Encode([REQUEST_AAD_TAG, method, path, channelId, String(ts), nonce].join('\n'));
}

/** Query object -> ordered pairs, the way ApiClient's buildQuery flattens it. */
export function normalizeQuery(query: SecureQuery | undefined): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (!query) return pairs;
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    pairs.push([k, Array.isArray(v) ? v.join(',') : String(v)]);
  }
  return pairs;
}

/** True if `text` is not well-formed UTF-16 (it could not be percent-encoded). */
function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c > 0xdbff) return true;
    const d = text.charCodeAt(i + 1);
    if (!(d >= 0xdc00 && d <= 0xdfff)) return true;
    i++;
  }
  return false;
}

function targetOf(path: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.length === 0 ? path : `${path}?${pairs.map(([k, v]) => `${encodeRfc3986(k)}=${encodeRfc3986(v)}`).join('&')}`;
}

/**
 * Client side: encrypts and signs a request. Throws TypeError for programming errors (bad method,
 * path, channel id, nonce, timestamp, a GET with a body, or a POST query using the reserved `enc`).
 */
export async function sealRequest(input: SealRequestInput): Promise<SealedRequest> {
  const method = String(input.method).toUpperCase();
  if (method !== 'GET' && method !== 'POST') throw new TypeError(`secure channel: unsupported method ${input.method}`);
  const path = canonicalPath(input.path);
  if (path === null) throw new TypeError(`secure channel: bad path ${input.path}`);
  const { channelId, keys } = input;
  if (!isChannelIdShape(channelId)) throw new TypeError('secure channel: bad channelId');
  const ts = input.now ?? Date.now();
  if (!Number.isSafeInteger(ts) || ts < 0) throw new TypeError('secure channel: ts must be a non-negative integer (epoch ms)');
  const nonce = input.nonce ?? randomToken(16);
  if (!NONCE_RE.test(nonce)) throw new TypeError('secure channel: bad nonce');
  const userPairs = normalizeQuery(input.query);
  if (method === 'POST' && userPairs.some(([k, v]) => hasLoneSurrogate(k) || hasLoneSurrogate(v))) {
    throw new TypeError('secure channel: query contains a lone surrogate');
  }

  const iv = randomBytes(IV_BYTES);
  const encrypt = async (plaintext: string) =>
    new Uint8Array(
      await subtle().encrypt(
        { name: 'AES-GCM', iv, additionalData: requestAad(method, path, channelId, ts, nonce), tagLength: 128 },
        keys.encKey,
        utf8Encode(plaintext),
      ),
    );
  const enc: Array<[string, string]> = input.encryptResponse ? [[K.encryptResponse, '1']] : [];

  if (method === 'GET') {
    if (input.body !== undefined) throw new TypeError('secure channel: a GET has no body; pass its parameters as query');
    const body = bytesToBase64Url(concatBytes(iv, await encrypt(JSON.stringify(Object.fromEntries(userPairs)))));
    const pairs: Array<[string, string]> = [[K.channelId, channelId], [K.ts, String(ts)], [K.nonce, nonce], [K.body, body], ...enc];
    const sign = await computeRequestSignature(keys.macKey, {
      method,
      path,
      query: canonicalQuery(pairs),
      channelId,
      ts,
      nonce,
      payloadHash: await sha256Hex(body),
    });
    pairs.push([K.sign, sign]);
    return { method, channelId, ts, nonce, path, query: Object.fromEntries(pairs), url: targetOf(path, pairs) };
  }

  if (userPairs.some(([k]) => k === K.encryptResponse))
    throw new TypeError(`secure channel: query parameter "${K.encryptResponse}" is reserved`);
  const pairs = [...userPairs, ...enc];
  const json = JSON.stringify(input.body === undefined ? {} : input.body);
  if (json === undefined) throw new TypeError('secure channel: body is not JSON-serialisable');
  const ivText = bytesToBase64Url(iv);
  const data = bytesToBase64Url(await encrypt(json));
  const sign = await computeRequestSignature(keys.macKey, {
    method,
    path,
    query: canonicalQuery(pairs),
    channelId,
    ts,
    nonce,
    payloadHash: await sha256Hex(`${ivText}.${data}`),
  });
  return {
    method,
    channelId,
    ts,
    nonce,
    path,
    query: Object.fromEntries(pairs),
    url: targetOf(path, pairs),
    body: { channelId, ts, nonce, iv: ivText, data, sign },
  };
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : refuse('format');
}

/**
 * Server side: checks a secure request and returns its decrypted payload, or throws
 * SecureChannelError (one code, A0340, whatever went wrong). Order: shape and size -> |now - ts| <=
 * maxSkewMs -> channel known and unexpired -> HMAC (constant time, crypto.subtle.verify) -> nonce
 * unseen (recorded only once the MAC is valid) -> AES-GCM decrypt -> UTF-8 -> JSON within limits.
 * Nothing is written unless the MAC is valid; nothing should run unless this resolves.
 */
export async function verifyRequest(req: IncomingSecureRequest, options: VerifyRequestOptions): Promise<VerifiedRequest> {
  const limits = resolveLimits(options.limits);
  const now = options.now ?? Date.now();
  const method = typeof req.method === 'string' ? req.method.toUpperCase() : '';
  if (method !== 'GET' && method !== 'POST') refuse('format');
  const url = str(req.url);

  // Path: must already be canonical (the client sends the canonical form), so the signed path is
  // exactly the routed path.
  const qIndex = url.indexOf('?');
  const rawPath = qIndex < 0 ? url : url.slice(0, qIndex);
  const path = canonicalPath(rawPath);
  if (path === null || path !== rawPath) refuse('format');

  // Query: unique keys, bounded count, and written exactly as the client writes it (RFC 3986,
  // `k=v` joined by `&`), so any changed byte is a refusal even where decoding would hide it.
  const rawQuery = qIndex < 0 ? '' : url.slice(qIndex + 1);
  const query = new Map<string, string>();
  let bad = false;
  new URLSearchParams(rawQuery).forEach((v, k) => {
    if (query.has(k) || query.size >= limits.maxQueryParams) bad = true;
    else query.set(k, v);
  });
  if (bad || targetOf('', [...query]) !== (rawQuery === '' ? '' : `?${rawQuery}`)) refuse('format');

  let channelId: string, nonce: string, sign: string, payloadText: string, ts: number;
  let iv: Uint8Array<ArrayBuffer>, ciphertext: Uint8Array<ArrayBuffer>;
  const signedPairs: Array<[string, string]> = [];
  const plainQuery: Record<string, string> = {};
  const maxCipherBytes = limits.maxPayloadBytes + TAG_BYTES;

  if (method === 'GET') {
    channelId = query.get(K.channelId) ?? refuse('format');
    const tsText = query.get(K.ts) ?? refuse('format');
    if (!TS_RE.test(tsText)) refuse('format');
    ts = Number(tsText);
    nonce = query.get(K.nonce) ?? refuse('format');
    payloadText = query.get(K.body) ?? refuse('format');
    sign = query.get(K.sign) ?? refuse('format');
    if (payloadText.length > base64UrlLength(IV_BYTES + maxCipherBytes)) refuse('limits');
    const body = base64UrlToBytes(payloadText);
    if (!body || body.length < IV_BYTES + TAG_BYTES) refuse('format');
    if (body.length > IV_BYTES + maxCipherBytes) refuse('limits');
    iv = body.slice(0, IV_BYTES);
    ciphertext = body.slice(IV_BYTES);
    for (const [k, v] of query) {
      if (k !== K.sign) signedPairs.push([k, v]);
      if (!GET_RESERVED.has(k)) plainQuery[k] = v;
    }
  } else {
    let envelope = req.body;
    if (typeof envelope === 'string') {
      if (envelope.length > base64UrlLength(maxCipherBytes) + 1024) refuse('limits');
      try {
        envelope = JSON.parse(envelope);
      } catch (err) {
        refuse('format', err);
      }
    }
    if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) refuse('format');
    const e = envelope as Record<string, unknown>;
    if (Object.keys(e).length !== ENVELOPE_KEYS.length || !ENVELOPE_KEYS.every((k) => Object.hasOwn(e, k))) refuse('format');
    channelId = str(e.channelId);
    nonce = str(e.nonce);
    sign = str(e.sign);
    const ivText = str(e.iv);
    const data = str(e.data);
    if (typeof e.ts !== 'number' || !Number.isSafeInteger(e.ts) || e.ts < 0) refuse('format');
    ts = e.ts;
    if (data.length > base64UrlLength(maxCipherBytes)) refuse('limits');
    const ivBytes = ivText.length === base64UrlLength(IV_BYTES) ? base64UrlToBytes(ivText) : null;
    const ct = base64UrlToBytes(data);
    if (!ivBytes || !ct || ct.length < TAG_BYTES) refuse('format');
    if (ct.length > maxCipherBytes) refuse('limits');
    iv = ivBytes;
    ciphertext = ct;
    payloadText = `${ivText}.${data}`;
    for (const [k, v] of query) {
      signedPairs.push([k, v]);
      if (k !== K.encryptResponse) plainQuery[k] = v;
    }
  }
  if (!isChannelIdShape(channelId) || !NONCE_RE.test(nonce) || sign.length !== SIGN_CHARS) refuse('format');
  const signature = base64UrlToBytes(sign);
  if (!signature) refuse('format');

  // 1. Timestamp: |now - ts| <= maxSkewMs, to the millisecond.
  if (Math.abs(now - ts) > limits.maxSkewMs) refuse('timestamp');

  // 2. Channel.
  const channel = await options.channels.get(channelId, now);
  if (!channel || channel.channelId !== channelId || !(now < channel.expiresAt)) refuse('channel');

  // 3. Signature.
  const signed = signingString({
    method,
    path,
    query: canonicalQuery(signedPairs),
    channelId,
    ts,
    nonce,
    payloadHash: await sha256Hex(payloadText),
  });
  let valid = false;
  try {
    valid = await subtle().verify('HMAC', channel.keys.macKey, signature, utf8Encode(signed));
  } catch (err) {
    refuse('signature', err);
  }
  if (!valid) refuse('signature');

  // 4. Nonce: remembered nonceTtlMs, and at least until this ts can no longer pass the window.
  const nonceExpiresAt = Math.max(now + limits.nonceTtlMs, ts + limits.maxSkewMs + 1);
  if (!(await options.nonces.remember(channelId, nonce, nonceExpiresAt, now))) refuse('replay');

  // 5. Decrypt.
  let plaintext: Uint8Array;
  try {
    plaintext = new Uint8Array(
      await subtle().decrypt(
        { name: 'AES-GCM', iv, additionalData: requestAad(method, path, channelId, ts, nonce), tagLength: 128 },
        channel.keys.encKey,
        ciphertext,
      ),
    );
  } catch (err) {
    return refuse('decrypt', err);
  }
  if (plaintext.length > limits.maxPayloadBytes) refuse('limits'); // already implied by the ciphertext size; kept as a backstop

  // 6. JSON within limits.
  let text: string;
  try {
    text = utf8Decode(plaintext);
  } catch (err) {
    return refuse('limits', err);
  }
  const payload = parseJsonWithLimits(text, limits);
  if (method === 'GET' && (typeof payload !== 'object' || payload === null || Array.isArray(payload))) refuse('format');

  return {
    channel,
    channelId,
    method,
    path,
    ts,
    nonce,
    payload,
    query: plainQuery,
    encryptResponse: query.get(K.encryptResponse) === '1',
  };
}

/** verifyRequest as a discriminated result; other (non-channel) errors still throw. */
export async function tryVerifyRequest(req: IncomingSecureRequest, options: VerifyRequestOptions): Promise<VerifyResult> {
  try {
    return { ok: true, request: await verifyRequest(req, options) };
  } catch (err) {
    if (err instanceof SecureChannelError) return { ok: false, error: err };
    throw err;
  }
}
