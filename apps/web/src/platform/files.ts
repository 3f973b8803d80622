import { ApiError } from '@merchant/contracts';
import { FILE_LIMITS, FILE_PATHS, fileOps, type FileMeta, type FilePurpose } from '@merchant/contracts/file/upload';
import { call } from './call.ts';
import { http } from './http-client.ts';

// Files (licence images, contract attachments): the chunked upload, a file's description and its bytes. A platform
// helper because the pages of several features upload and show files.

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Chunked upload through the gateway (first chunk checked by content on the server). */
export async function uploadFile(file: File, purpose: FilePurpose, onProgress?: (percent: number) => void): Promise<FileMeta> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const step = FILE_LIMITS.chunkBytes;
  let p = await call(fileOps.uploadBegin, { fileName: file.name, size: bytes.length, purpose, data: toBase64(bytes.subarray(0, step)) });
  onProgress?.(Math.round((p.received / bytes.length) * 100));
  while (!p.done) {
    p = await call(fileOps.uploadAppend, {
      uploadId: p.uploadId,
      offset: p.received,
      data: toBase64(bytes.subarray(p.received, p.received + step)),
    });
    onProgress?.(Math.round((p.received / bytes.length) * 100));
  }
  return p.file!;
}

/** A file's description (name, type, size) by its public id. */
export const fileInfo = (id: string) => call(fileOps.info, { id });

/** The file's bytes as a Blob (secure GET by public id; only the owning merchant's roles with the file's page get them). */
export async function downloadFile(id: string): Promise<Blob> {
  const res = await http.raw({ method: 'GET', path: FILE_PATHS.download, query: { id } });
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await res.json()) as { code: string; msg?: string };
    throw new ApiError(env.code, env.msg ?? '下载失败', res.status);
  }
  return res.blob();
}
