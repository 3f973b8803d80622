import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';

// 文件: uploads (licence images, contract files, store photos, goods images), their info and download.

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
  'image/webp': { label: 'WebP 图片', exts: ['webp'] },
  'application/pdf': { label: 'PDF 文件', exts: ['pdf'] },
} as const;
export type FileMime = keyof typeof FILE_TYPES;
/** The types a purpose takes unless it names its own (`types`). */
const DOCUMENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const satisfies readonly FileMime[];
export const FILE_ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

interface FilePurposeDef {
  label: string;
  anchors: readonly string[];
  shownOn: readonly string[];
  types?: readonly FileMime[];
  maxBytes?: number;
}

/**
 * What a file is for. `anchors`: the pages that upload it (uploading needs one of them); `shownOn`:
 * further pages that show it. Reading a file (info, bytes) needs one of both lists (fileReadAnchors),
 * so whoever uploaded a file can always see it on the form they are filling. `types` / `maxBytes`:
 * what the purpose takes when narrower than PNG/JPEG/PDF up to FILE_LIMITS.maxBytes. Adding a purpose
 * is one line here.
 */
export const FILE_PURPOSES = {
  licence: { label: '营业执照/证件照片', anchors: ['settle-apply', 'change-view'], shownOn: ['apply-record', 'information-detail'] },
  contract: { label: '合同附件', anchors: ['contract-list'], shownOn: [] },
  store: { label: '门店照片', anchors: ['shop-management-list'], shownOn: [] },
  /**
   * 商品图片: uploaded where a product is written (the standard library's edit point, merchant goods, new-product
   * applications), shown on every goods page that lists or reviews products.
   */
  goods: {
    label: '商品图片',
    anchors: ['standard-product-edit', 'goods-management-list', 'new-products-list', 'marchant-add-new-product'],
    shownOn: ['standard-product-list', 'sku-list', 'record-list'],
    types: ['image/jpeg', 'image/png', 'image/webp'],
    maxBytes: 2 * 1024 * 1024,
  },
} as const satisfies Record<string, FilePurposeDef>;
export type FilePurpose = keyof typeof FILE_PURPOSES;

/** The types a file of this purpose may have (checked by content). */
export function purposeTypes(purpose: FilePurpose): readonly FileMime[] {
  const def: FilePurposeDef = FILE_PURPOSES[purpose];
  return def.types ?? DOCUMENT_TYPES;
}
/** The largest file of this purpose, in bytes. */
export function purposeMaxBytes(purpose: FilePurpose): number {
  const def: FilePurposeDef = FILE_PURPOSES[purpose];
  return def.maxBytes ?? FILE_LIMITS.maxBytes;
}
/** The `accept` of a file input for this purpose: `.png,.jpg,…,image/png,…`. */
export function purposeAccept(purpose: FilePurpose): string {
  const types = purposeTypes(purpose);
  return [...types.flatMap((t) => FILE_TYPES[t].exts.map((e) => `.${e}`)), ...types].join(',');
}
/** "PNG、JPEG、PDF": the purpose's types in words. */
export function purposeTypeNames(purpose: FilePurpose): string {
  return purposeTypes(purpose)
    .map((t) => FILE_TYPES[t].label.replace(' 图片', '').replace(' 文件', ''))
    .join('、');
}
export const fileMimeSchema = z.enum(Object.keys(FILE_TYPES) as [FileMime, ...FileMime[]]);
export const filePurposeSchema = z.enum(Object.keys(FILE_PURPOSES) as [FilePurpose, ...FilePurpose[]], { error: '文件用途不正确' });

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
  purpose: filePurposeSchema,
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

export const fileMetaSchema = z.object({
  /** The public id (random, not guessable): what business forms keep (certFileId, fileId). */
  id: z.string(),
  name: z.string(),
  mime: fileMimeSchema,
  size: z.number(),
  sha256: z.string(),
  purpose: filePurposeSchema,
  createdAt: z.number(),
});
export type FileMeta = z.infer<typeof fileMetaSchema>;

export const uploadProgressSchema = z.object({
  uploadId: z.string(),
  received: z.number(),
  size: z.number(),
  done: z.boolean(),
  file: fileMetaSchema.optional(),
});
export type UploadProgress = z.infer<typeof uploadProgressSchema>;

/**
 * Uploads (licence images, contract files). A file travels through the unified gateway in base64
 * chunks — the secure channel's 1 MiB payload limit applies to every request — and is checked by
 * its content: PNG, JPEG or PDF, at most 5 MB (goods images: JPEG, PNG or WebP, at most 2 MB). The first chunk carries the magic bytes, so a
 * wrong type is refused before anything is stored.
 */
export const fileOps = defineOperations(
  { anchor: null },
  {
    uploadBegin: {
      name: 'file.upload.begin',
      label: '上传文件',
      summary: '上传文件：第一段（按内容识别类型，限 PNG/JPEG/PDF，5MB 以内；商品图片限 JPEG/PNG/WebP，2MB 以内）',
      writes: true,
      input: fileUploadBeginInput,
      output: uploadProgressSchema,
    },
    uploadAppend: {
      name: 'file.upload.append',
      label: '继续上传文件',
      summary: '上传文件：后续分段（最后一段完成上传）',
      writes: true,
      input: fileUploadAppendInput,
      output: uploadProgressSchema,
    },
    info: {
      name: 'file.info',
      label: '文件信息',
      summary: '文件信息（本商户、且角色有该文件所属页面的权限）',
      input: fileInfoInput,
      output: fileMetaSchema,
    },
  },
);

/** "1.2 MB" / "350 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
