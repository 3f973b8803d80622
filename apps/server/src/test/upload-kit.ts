import { crc32, deflateSync } from 'node:zlib';
import { type ApiClient } from '@merchant/contracts';
import { FILE_LIMITS, fileOps, type UploadProgress } from '@merchant/contracts/file/upload';
import { op } from './harness.ts';

function chunkPng(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A real 8×8 RGB PNG. */
export function tinyPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc(8 * (1 + 8 * 3), 0x7f);
  for (let y = 0; y < 8; y++) raw[y * 25] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunkPng('IHDR', ihdr),
    chunkPng('IDAT', deflateSync(raw)),
    chunkPng('IEND', Buffer.alloc(0)),
  ]);
}
/** Uploads like the web client: first chunk with begin, the rest with append. */
export async function upload(client: ApiClient, fileName: string, bytes: Buffer, purpose = 'licence') {
  const size = FILE_LIMITS.chunkBytes;
  let res = await op(client, fileOps.uploadBegin.name, {
    fileName,
    size: bytes.length,
    purpose,
    data: bytes.subarray(0, size).toString('base64'),
  });
  while (res.code === '200' && !(res.data as UploadProgress).done) {
    const p = res.data as UploadProgress;
    res = await op(client, fileOps.uploadAppend.name, {
      uploadId: p.uploadId,
      offset: p.received,
      data: bytes.subarray(p.received, p.received + size).toString('base64'),
    });
  }
  return res as { code: string; msg: string; data: UploadProgress };
}
