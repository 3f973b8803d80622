import { z } from 'zod';

/**
 * Uploads (licence images, contract files). A file travels through the unified gateway in base64
 * chunks — the secure channel's 1 MiB payload limit applies to every request — and is checked by
 * its content: PNG, JPEG or PDF only, at most 5 MB. The first chunk carries the magic bytes, so a
 * wrong type is refused before anything is stored.
 */
export const FILE_OPS = {
  uploadBegin: 'file.upload.begin',
  uploadAppend: 'file.upload.append',
  info: 'file.info',
} as const;

/**
 * Secure GET `?id=` (the file's public id): the bytes, only for a session of the owning merchant whose
 * active role holds one of the purpose's pages (fileReadAnchors).
 */
export const FILE_PATHS = { download: '/ben-api/v1/file/download' } as const;

export const FILE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Raw bytes per chunk: base64 of it plus the channel envelope stays well inside 1 MiB. */
  chunkBytes: 512 * 1024,
  maxNameLength: 100,
  /** An unfinished upload is dropped after this long. */
  uploadTtlMs: 30 * 60 * 1000,
} as const;

export const FILE_TYPES = {
  'image/png': { label: 'PNG 图片', exts: ['png'] },
  'image/jpeg': { label: 'JPEG 图片', exts: ['jpg', 'jpeg'] },
  'application/pdf': { label: 'PDF 文件', exts: ['pdf'] },
} as const;
export type FileMime = keyof typeof FILE_TYPES;
export const FILE_ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

/**
 * What a file is for. `anchors`: the pages that upload it (uploading needs one of them); `shownOn`:
 * further pages that show it. Reading a file (info, bytes) needs one of both lists (fileReadAnchors),
 * so whoever uploaded a file can always see it on the form they are filling. Adding a purpose is one
 * line here.
 */
export const FILE_PURPOSES = {
  licence: { label: '营业执照/证件照片', anchors: ['settle-apply', 'change-view'], shownOn: ['apply-record', 'information-detail'] },
  contract: { label: '合同附件', anchors: ['contract-list'], shownOn: [] },
  store: { label: '门店照片', anchors: ['shop-management-list'], shownOn: [] },
} as const satisfies Record<string, { label: string; anchors: readonly string[]; shownOn: readonly string[] }>;
export type FilePurpose = keyof typeof FILE_PURPOSES;

/** The pages whose holders may read a file of this purpose (the upload pages and the pages that show it). */
export function fileReadAnchors(purpose: FilePurpose): readonly string[] {
  const def = FILE_PURPOSES[purpose];
  return [...def.anchors, ...def.shownOn];
}

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
const maxChunkChars = Math.ceil(FILE_LIMITS.chunkBytes / 3) * 4;
export const fileChunkSchema = z
  .string({ error: '文件内容不正确' })
  .max(maxChunkChars, `每段不能超过${FILE_LIMITS.chunkBytes / 1024}KB`)
  .regex(BASE64_RE, '文件内容必须是 base64 编码')
  .refine((s) => s.length % 4 === 0, '文件内容必须是 base64 编码');

export const fileNameSchema = z
  .string({ error: '请选择文件' })
  .trim()
  .min(1, '请选择文件')
  .max(FILE_LIMITS.maxNameLength, `文件名不能超过${FILE_LIMITS.maxNameLength}个字`)
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\\/\u0000-\u001f]/.test(s), '文件名不能包含 / \\ 或控制字符');

export const uploadIdSchema = z.string({ error: '上传编号不正确' }).regex(/^[A-Za-z0-9_-]{16,64}$/, '上传编号不正确');

export const fileUploadBeginInput = z.object({
  fileName: fileNameSchema,
  size: z.coerce
    .number({ error: '文件大小不正确' })
    .int('文件大小不正确')
    .min(1, '文件是空的')
    .max(FILE_LIMITS.maxBytes, `文件不能超过${FILE_LIMITS.maxBytes / 1024 / 1024}MB`),
  purpose: z.enum(Object.keys(FILE_PURPOSES) as [FilePurpose, ...FilePurpose[]], { error: '文件用途不正确' }),
  /** The first chunk (all of a small file). */
  data: fileChunkSchema.refine((s) => s.length > 0, '文件是空的'),
});

export const fileUploadAppendInput = z.object({
  uploadId: uploadIdSchema,
  offset: z.coerce.number({ error: '偏移量不正确' }).int('偏移量不正确').min(0, '偏移量不正确'),
  data: fileChunkSchema.refine((s) => s.length > 0, '文件内容为空'),
});

/**
 * A file's public id: 128 random bits in base64url (22 characters), never the row number. The schema
 * accepts any id-shaped text (a number too, as text), so a guessed or old numeric id answers
 * "not found" rather than "bad input".
 */
export const FILE_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
export const fileIdField = (message: string) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: message }).trim().regex(FILE_ID_RE, message));
export const fileIdSchema = fileIdField('附件不正确');
export const fileInfoInput = z.object({ id: fileIdSchema });

export interface FileMeta {
  /** The public id (random, not guessable): what business forms keep (certFileId, fileId). */
  id: string;
  name: string;
  mime: FileMime;
  size: number;
  sha256: string;
  purpose: FilePurpose;
  createdAt: number;
}

export interface UploadProgress {
  uploadId: string;
  received: number;
  size: number;
  done: boolean;
  file?: FileMeta;
}

/** "1.2 MB" / "350 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
