import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalPath, canonicalQuery, encodeRfc3986 } from './canonical.ts';
import { base64UrlLength, base64UrlToBytes, bytesToBase64Url, bytesToHex, randomToken } from './encoding.ts';

/** Reference: the platform's btoa turned into unpadded base64url. */
function reference(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

describe('base64url', () => {
  it('matches the platform encoder and round-trips', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const s = bytesToBase64Url(bytes);
        expect(s).toBe(reference(bytes));
        expect(s.length).toBe(base64UrlLength(bytes.length));
        expect(base64UrlToBytes(s)).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });

  it('is strict: every accepted string is the unique encoding of its bytes', () => {
    const alphabet = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=. '.split(''));
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 40 }), (s) => {
        const bytes = base64UrlToBytes(s);
        if (bytes) expect(bytesToBase64Url(bytes)).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses padding, the standard alphabet, bad lengths and dirty trailing bits', () => {
    for (const bad of ['A', 'AAAAA', 'AA==', 'A+', 'A/', 'AB', 'AAB', 'Zg=', 'é', 'AA A']) expect(base64UrlToBytes(bad), bad).toBeNull();
    expect(base64UrlToBytes('')).toEqual(new Uint8Array(0));
    expect(base64UrlToBytes('Zg')).toEqual(new Uint8Array([0x66]));
    expect(base64UrlToBytes('Zm8')).toEqual(new Uint8Array([0x66, 0x6f]));
    expect(base64UrlToBytes('-_-_')).toEqual(new Uint8Array([0xfb, 0xff, 0xbf]));
  });

  it('hex and random tokens', () => {
    expect(bytesToHex(new Uint8Array([0, 15, 16, 255]))).toBe('000f10ff');
    const t = randomToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomToken()).not.toBe(t);
  });
});

describe('canonical forms', () => {
  it('encodes per RFC 3986', () => {
    expect(encodeRfc3986("a b+c&d=e/f?g#h!'()*~._-é")).toBe('a%20b%2Bc%26d%3De%2Ff%3Fg%23h%21%27%28%29%2A~._-%C3%A9');
  });

  it('sorts the query by encoded key then value, independent of order', () => {
    expect(
      canonicalQuery([
        ['b', '2'],
        ['a', 'z'],
        ['a', 'y'],
        ['B', '1'],
        ['a b', ''],
      ]),
    ).toBe('B=1&a=y&a=z&a%20b=&b=2');
    expect(canonicalQuery([])).toBe('');
    const pairs = fc.array(fc.tuple(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' })), { maxLength: 8 });
    fc.assert(
      fc.property(pairs, (p) => {
        expect(canonicalQuery([...p].reverse())).toBe(canonicalQuery(p));
        // The URL parser decodes what we encode back to the same pairs.
        const url = new URL(`http://h/?${p.map(([k, v]) => `${encodeRfc3986(k)}=${encodeRfc3986(v)}`).join('&')}`);
        const back: Array<[string, string]> = [];
        url.searchParams.forEach((v, k) => back.push([k, v]));
        expect(back).toEqual(p.filter(() => true));
      }),
      { numRuns: 200 },
    );
  });

  it('canonicalises paths like the URL parser and rejects non-paths', () => {
    expect(canonicalPath('/ben-api/a/../b c/./d')).toBe('/ben-api/b%20c/d');
    expect(canonicalPath('/ben-api/商品')).toBe('/ben-api/%E5%95%86%E5%93%81');
    expect(canonicalPath('/x\\y')).toBe('/x/y');
    for (const bad of ['', 'x', '//evil.example/x', '/\\evil', '/a?b', '/a#b', 'http://h/x']) expect(canonicalPath(bad), bad).toBeNull();
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (s) => {
        const p = canonicalPath(`/${s}`);
        if (p !== null) expect(canonicalPath(p)).toBe(p); // idempotent
      }),
    );
  });
});
