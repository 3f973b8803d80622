import { FILE_TYPES, type FileMime } from '@merchant/contracts/file/upload';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type of a file by its first bytes (magic numbers), or null when it is none of PNG, JPEG, WebP, PDF. */
export function detectMime(head: Uint8Array): FileMime | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 16 && b.subarray(0, 8).equals(PNG_SIGNATURE) && b.toString('latin1', 12, 16) === 'IHDR') return 'image/png';
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff && b[3] >= 0xc0) return 'image/jpeg';
  // RIFF container, form WEBP, first chunk one of the three WebP encodings
  if (
    b.length >= 16 &&
    b.toString('latin1', 0, 4) === 'RIFF' &&
    b.toString('latin1', 8, 12) === 'WEBP' &&
    /^VP8[ LX]$/.test(b.toString('latin1', 12, 16))
  )
    return 'image/webp';
  if (b.length >= 8 && b.toString('latin1', 0, 5) === '%PDF-' && /^\d\.\d$/.test(b.toString('latin1', 5, 8))) return 'application/pdf';
  return null;
}

/** Whole-file check once every byte has arrived: the type's trailer is there (not a truncated file). */
export function looksComplete(bytes: Buffer, mime: FileMime): boolean {
  if (detectMime(bytes) !== mime) return false;
  // WebP: the RIFF header states the length of what follows it; a truncated file is shorter
  if (mime === 'image/webp') return bytes.length >= 8 + bytes.readUInt32LE(4);
  const tail = bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1');
  if (mime === 'image/png') return tail.includes('IEND');
  if (mime === 'application/pdf') return tail.includes('%%EOF');
  // JPEG: an end-of-image marker (some cameras append data after it).
  return bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) > 2;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function extensionFits(name: string, mime: FileMime): boolean {
  return (FILE_TYPES[mime].exts as readonly string[]).includes(extensionOf(name));
}
