/**
 * Byte helpers for the secure channel: base64url (RFC 4648 §5, no padding, strict), hex, UTF-8,
 * random bytes. Web platform only (no Buffer), so the same code runs in browsers and Node 20.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ENCODE = new Uint8Array(64);
const DECODE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  ENCODE[i] = ALPHABET.charCodeAt(i);
  DECODE[ALPHABET.charCodeAt(i)] = i;
}

const asciiDecoder = new TextDecoder('latin1');
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Unpadded base64url of `bytes`. */
export function bytesToBase64Url(bytes: Uint8Array): string {
  const n = bytes.length;
  const out = new Uint8Array(Math.ceil((n * 4) / 3));
  let o = 0;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out[o++] = ENCODE[v >>> 18];
    out[o++] = ENCODE[(v >>> 12) & 63];
    out[o++] = ENCODE[(v >>> 6) & 63];
    out[o++] = ENCODE[v & 63];
  }
  if (n - i === 1) {
    const v = bytes[i];
    out[o++] = ENCODE[v >>> 2];
    out[o++] = ENCODE[(v & 3) << 4];
  } else if (n - i === 2) {
    const v = (bytes[i] << 8) | bytes[i + 1];
    out[o++] = ENCODE[v >>> 10];
    out[o++] = ENCODE[(v >>> 4) & 63];
    out[o++] = ENCODE[(v & 15) << 2];
  }
  return asciiDecoder.decode(out);
}

/**
 * Strict base64url decoding: only the URL-safe alphabet, no padding, no whitespace, and the unused
 * low bits of the last character must be zero (so every byte string has exactly one encoding and a
 * changed character can never decode to the same bytes). Returns null on any violation.
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  const len = text.length;
  const rem = len & 3;
  if (rem === 1) return null;
  const out = new Uint8Array(((len - rem) / 4) * 3 + (rem === 0 ? 0 : rem - 1));
  let o = 0;
  let i = 0;
  for (; i + 3 < len; i += 4) {
    const a = sextet(text, i);
    const b = sextet(text, i + 1);
    const c = sextet(text, i + 2);
    const d = sextet(text, i + 3);
    if ((a | b | c | d) < 0) return null;
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = v >>> 16;
    out[o++] = (v >>> 8) & 255;
    out[o++] = v & 255;
  }
  if (rem === 2) {
    const a = sextet(text, i);
    const b = sextet(text, i + 1);
    if ((a | b) < 0 || (b & 15) !== 0) return null;
    out[o++] = (a << 2) | (b >>> 4);
  } else if (rem === 3) {
    const a = sextet(text, i);
    const b = sextet(text, i + 1);
    const c = sextet(text, i + 2);
    if ((a | b | c) < 0 || (c & 3) !== 0) return null;
    const v = (a << 10) | (b << 4) | (c >>> 2);
    out[o++] = v >>> 8;
    out[o++] = v & 255;
  }
  return out;
}

function sextet(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? DECODE[c] : -1;
}

/** Length in characters of the unpadded base64url encoding of `byteLength` bytes. */
export function base64UrlLength(byteLength: number): number {
  return Math.ceil((byteLength * 4) / 3);
}

/** Lower-case hex of `bytes`. */
export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  return s;
}

export function utf8Encode(text: string): Uint8Array<ArrayBuffer> {
  return utf8Encoder.encode(text) as Uint8Array<ArrayBuffer>;
}

/** Strict UTF-8 decoding; throws TypeError on malformed input. */
export function utf8Decode(bytes: Uint8Array): string {
  return utf8Decoder.decode(bytes);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

/** Random base64url token of `n` bytes (channel ids, nonces). */
export function randomToken(n = 16): string {
  return bytesToBase64Url(randomBytes(n));
}
