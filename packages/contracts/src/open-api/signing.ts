/**
 * 开放接口 (open API): the signed HTTP API a merchant's trusted client apps call on the merchant's behalf — one
 * "open app" per sales channel (the cabinets' consumer mini-program, a storefront, a marketplace). Each app holds an
 * app key and a secret; every request carries four headers and is signed with HMAC-SHA256 (docs/open-api.md).
 *
 * Web Crypto only (globalThis.crypto.subtle), so the same code signs in a browser, a mini-program shim, the simulator
 * and Node, and the server verifies with exactly the function the clients sign with.
 */
import { bytesToHex, randomToken, utf8Encode } from '../secure-channel/encoding.ts';

/** Request headers of a signed call (lower case: how Node hands them over). */
export const OPEN_API_HEADERS = Object.freeze({
  appKey: 'x-app-key',
  /** Epoch milliseconds, decimal. */
  timestamp: 'x-timestamp',
  /** 16–64 characters of [A-Za-z0-9_-], never reused by the app within the window. */
  nonce: 'x-nonce',
  /** Lower-case hex HMAC-SHA256 of the string to sign, keyed with the app secret. */
  signature: 'x-signature',
} as const);

/** Largest accepted |server now − timestamp|, inclusive (300 s passes, 300.001 s fails). */
export const OPEN_API_WINDOW_MS = 300_000;
/** First line of the string to sign: names the scheme and its version. */
export const OPEN_API_SIGNATURE_TAG = 'OPEN1';
/** Every open API path starts with it. */
export const OPEN_API_PREFIX = '/open-api';

export const OPEN_API_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** 'OA' + 14 upper-case letters or digits. */
export const OPEN_APP_KEY_PATTERN = /^OA[A-Z0-9]{14}$/;
export const OPEN_API_SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;
export const OPEN_API_TIMESTAMP_PATTERN = /^[0-9]{1,15}$/;

/** The one refusal of a call whose key, time, nonce or signature does not hold (HTTP 401): nothing was executed. */
export const OPEN_API_REFUSAL_CODE = '110401';
export const OPEN_API_REFUSAL_MESSAGE = '开放接口签名校验失败';
/** An accepted call answers `{ code: '200', msg: 'success', data }`. */
export const OPEN_API_OK_CODE = '200';
export const OPEN_API_OK_MESSAGE = 'success';

/** An open app's status: 1 启用, 2 停用 (a 停用 app's calls are refused like an unknown key). */
export const OPEN_APP_STATUS = { 1: '启用', 2: '停用' } as const;
export const OPEN_APP_ENABLED = 1;
export const OPEN_APP_DISABLED = 2;

/** What an answer of the open API looks like. */
export interface OpenApiEnvelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
}

export interface OpenApiSigningInput {
  method: string;
  /** The request path as sent, without the query (e.g. `/open-api/v1/ping`). */
  path: string;
  /** Epoch ms, as sent in x-timestamp. */
  timestamp: number | string;
  nonce: string;
  /** Lower-case hex SHA-256 of the raw body bytes (openApiBodyHash). */
  bodyHash: string;
}

function subtle(): SubtleCrypto {
  return globalThis.crypto.subtle;
}

const toBytes = (body: string | Uint8Array): Uint8Array<ArrayBuffer> =>
  typeof body === 'string' ? utf8Encode(body) : (new Uint8Array(body) as Uint8Array<ArrayBuffer>);

/** Lower-case hex SHA-256 of the raw body bytes (a string is taken as its UTF-8 bytes; '' → the hash of nothing). */
export async function openApiBodyHash(body: string | Uint8Array): Promise<string> {
  return bytesToHex(new Uint8Array(await subtle().digest('SHA-256', toBytes(body))));
}

/**
 * The string to sign, six lines joined by '\n' (no trailing newline):
 * ```
 * OPEN1
 * <METHOD upper case>
 * <path without query>
 * <timestamp>
 * <nonce>
 * <hex sha256 of the raw body>
 * ```
 */
export function openApiStringToSign(input: OpenApiSigningInput): string {
  return [OPEN_API_SIGNATURE_TAG, input.method.toUpperCase(), input.path, String(input.timestamp), input.nonce, input.bodyHash].join('\n');
}

/** Lower-case hex HMAC-SHA256 of `text` keyed with the app secret (its UTF-8 bytes). */
export async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  const key = await subtle().importKey('raw', utf8Encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return bytesToHex(new Uint8Array(await subtle().sign('HMAC', key, utf8Encode(text))));
}

/** The x-signature of a request: HMAC-SHA256 (hex) of openApiStringToSign with the app secret. */
export async function openApiSignature(secret: string, input: OpenApiSigningInput): Promise<string> {
  return hmacSha256Hex(secret, openApiStringToSign(input));
}

/** A fresh nonce: 18 random bytes, base64url (24 characters of [A-Za-z0-9_-]). */
export function openApiNonce(): string {
  return randomToken(18);
}

export interface SignOpenApiRequestInput {
  appKey: string;
  secret: string;
  method: string;
  path: string;
  /** The exact body bytes that will be sent ('' for none). */
  body: string | Uint8Array;
  /** Default Date.now(). */
  timestamp?: number;
  /** Default openApiNonce(). */
  nonce?: string;
}

/** The four headers of a signed request. */
export async function signOpenApiRequest(input: SignOpenApiRequestInput): Promise<Record<string, string>> {
  const timestamp = input.timestamp ?? Date.now();
  const nonce = input.nonce ?? openApiNonce();
  const bodyHash = await openApiBodyHash(input.body);
  const signature = await openApiSignature(input.secret, { method: input.method, path: input.path, timestamp, nonce, bodyHash });
  return {
    [OPEN_API_HEADERS.appKey]: input.appKey,
    [OPEN_API_HEADERS.timestamp]: String(timestamp),
    [OPEN_API_HEADERS.nonce]: nonce,
    [OPEN_API_HEADERS.signature]: signature,
  };
}

export type OpenApiFetch = (input: string, init: RequestInit) => Promise<Response>;

export interface OpenApiClientOptions {
  /** Origin (and any path before /open-api), e.g. `https://merchant.example.com`; '' for same-origin / inject. */
  baseUrl: string;
  appKey: string;
  secret: string;
  /** Default globalThis.fetch. */
  fetch?: OpenApiFetch;
  /** Clock for x-timestamp (default Date.now). */
  now?: () => number;
}

/** A small client of the open API (the simulator, tests, integration examples): signs, sends JSON, parses the answer. */
export class OpenApiClient {
  private readonly opts: OpenApiClientOptions;
  constructor(opts: OpenApiClientOptions) {
    this.opts = opts;
  }

  /** POSTs `body` as JSON to `path` (e.g. `/open-api/v1/ping`); resolves to the answer `{code, msg, data}` whatever its code. */
  async post<T = unknown>(path: string, body: unknown = {}): Promise<OpenApiEnvelope<T>> {
    const raw = JSON.stringify(body ?? {});
    const headers = await signOpenApiRequest({
      appKey: this.opts.appKey,
      secret: this.opts.secret,
      method: 'POST',
      path,
      body: raw,
      timestamp: (this.opts.now ?? Date.now)(),
    });
    const send = this.opts.fetch ?? ((url: string, init: RequestInit) => globalThis.fetch(url, init));
    const res = await send(`${this.opts.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: raw,
    });
    const text = await res.text();
    try {
      const json = JSON.parse(text) as Partial<OpenApiEnvelope<T>>;
      return { code: String(json.code ?? res.status), msg: String(json.msg ?? ''), data: (json.data ?? null) as T };
    } catch {
      return { code: String(res.status), msg: '响应不是合法的JSON', data: null as T };
    }
  }
}
