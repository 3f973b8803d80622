import { describe, expect, it } from 'vitest';
import { detectMime, extensionFits, looksComplete } from './file-type.ts';

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(20),
  Buffer.from('IEND'),
]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100), Buffer.from([0xff, 0xd9])]);
const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

describe('file type by content', () => {
  it('recognises PNG, JPEG and PDF by their magic bytes only', () => {
    expect(detectMime(png)).toBe('image/png');
    expect(detectMime(jpeg)).toBe('image/jpeg');
    expect(detectMime(pdf)).toBe('application/pdf');
    expect(detectMime(webp)).toBe('image/webp');
    expect(detectMime(Buffer.from('RIFF\x10\0\0\0WAVEfmt ', 'latin1'))).toBeNull(); // a RIFF that is not WebP
    expect(detectMime(Buffer.from('hello, this is text'))).toBeNull();
    expect(detectMime(Buffer.from('GIF89a......'))).toBeNull();
    expect(detectMime(Buffer.from('%PDF-x.y'))).toBeNull();
    expect(detectMime(png.subarray(0, 8))).toBeNull(); // too short to see the IHDR chunk
  });
  it('wants the trailer of a complete file', () => {
    expect(looksComplete(png, 'image/png')).toBe(true);
    expect(looksComplete(png.subarray(0, 30), 'image/png')).toBe(false);
    expect(looksComplete(jpeg, 'image/jpeg')).toBe(true);
    expect(looksComplete(jpeg.subarray(0, 50), 'image/jpeg')).toBe(false);
    expect(looksComplete(pdf, 'application/pdf')).toBe(true);
    expect(looksComplete(pdf.subarray(0, 20), 'application/pdf')).toBe(false);
    expect(looksComplete(pdf, 'image/png')).toBe(false);
    expect(looksComplete(webp, 'image/webp')).toBe(true);
    expect(looksComplete(webp.subarray(0, 30), 'image/webp')).toBe(false);
  });
  it('matches the name’s extension to the type', () => {
    expect(extensionFits('营业执照.PNG', 'image/png')).toBe(true);
    expect(extensionFits('photo.jpeg', 'image/jpeg')).toBe(true);
    expect(extensionFits('合同.pdf', 'image/png')).toBe(false);
    expect(extensionFits('noext', 'application/pdf')).toBe(false);
    expect(extensionFits('商品.webp', 'image/webp')).toBe(true);
  });
});
