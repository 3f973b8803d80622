/**
 * Canonical forms shared by signer and verifier: path, query string and the signing string.
 */
import { SIGNATURE_TAG } from './config.ts';

/** RFC 3986 percent-encoding of a decoded key or value (unreserved characters kept). */
export function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/**
 * Canonical request path: what the WHATWG URL parser makes of it (dot segments resolved, characters
 * outside the path set percent-encoded), so the string the client signs is the string the server
 * sees. Returns null for anything that is not an origin-relative path (`/...`, not `//...`) or that
 * carries a query or fragment.
 */
export function canonicalPath(path: string): string | null {
  if (typeof path !== 'string' || path.length === 0 || path[0] !== '/' || path[1] === '/' || path[1] === '\\') return null;
  if (path.includes('?') || path.includes('#')) return null;
  try {
    const url = new URL(path, 'http://h.invalid');
    if (url.host !== 'h.invalid') return null;
    return url.pathname;
  } catch {
    return null;
  }
}

/**
 * Canonical query: every (decoded) pair RFC 3986-encoded as `key=value`, sorted by encoded key and
 * then encoded value (UTF-16 code unit order), joined with `&`. Empty query -> ''.
 */
export function canonicalQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  const encoded = pairs.map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const);
  encoded.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return encoded.map(([k, v]) => `${k}=${v}`).join('&');
}

export interface SigningInput {
  method: string;
  path: string;
  /** Output of canonicalQuery: every URL query parameter except `sign`. */
  query: string;
  channelId: string;
  ts: number;
  nonce: string;
  /** Lower-case hex SHA-256 of the payload string (POST: `iv + "." + data`; GET: the `body` parameter). */
  payloadHash: string;
}

/**
 * The string the HMAC covers: eight lines joined by '\n', no trailing newline.
 * ```
 * SC1-HMAC-SHA256
 * <METHOD upper case>
 * <canonical path>
 * <canonical query, may be empty>
 * <channelId>
 * <ts, decimal epoch ms>
 * <nonce>
 * <hex sha256 of payload>
 * ```
 */
export function signingString(input: SigningInput): string {
  return [
    SIGNATURE_TAG,
    input.method.toUpperCase(),
    input.path,
    input.query,
    input.channelId,
    String(input.ts),
    input.nonce,
    input.payloadHash,
  ].join('\n');
}
