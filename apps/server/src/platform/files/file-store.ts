import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  FILE_LIMITS,
  FILE_PURPOSES,
  FILE_TYPES,
  type FileMeta,
  type FileMime,
  type FilePurpose,
  fileReadAnchors,
  purposeMaxBytes,
  purposeTypeNames,
  purposeTypes,
  type fileUploadAppendInput,
  type fileUploadBeginInput,
  type UploadProgress,
} from '@merchant/contracts/file/upload';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { loadAccess } from '../auth/access.ts';
import type { SessionContext } from '../auth/session.service.ts';
import { badInput, conflict, forbidden, notFound } from '../errors.ts';
import type { OpContext } from '../gateway/op-context.ts';
import { detectMime, extensionFits, extensionOf, looksComplete } from './file-type.ts';
import * as repo from './file.repo.ts';

/**
 * Uploaded files (DESIGN §6: under DATA_DIR/files). Bytes live at
 * `files/<merchantId>/<random name>`; unfinished chunked uploads at `files/.uploads/<uploadId>.part`.
 * The database row (merchant, original name, type by content, size, SHA-256, purpose, uploader) is the
 * only way to a file. People and URLs know a file by its public id (128 random bits); business tables
 * keep the internal row id. Reading a file needs the session's merchant and, in the active role, one of
 * the pages of the file's purpose (fileReadAnchors; an admin role holds all).
 */
export function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}
export function storedPath(dataDir: string, merchantId: number, storageName: string): string {
  return path.join(filesRoot(dataDir), String(merchantId), storageName);
}
const partPath = (dataDir: string, uploadId: string) => path.join(filesRoot(dataDir), '.uploads', `${uploadId}.part`);

type Db = Kysely<Database> | Transaction<Database>;

interface FileRow {
  id: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  purpose: string;
  createdAt: number;
}
function toMeta(row: FileRow): FileMeta {
  return {
    id: row.id,
    name: row.name,
    mime: row.mime as FileMime,
    size: Number(row.size),
    sha256: row.sha256,
    purpose: row.purpose as FilePurpose,
    createdAt: Number(row.createdAt),
  };
}

/** A file's meta with the internal row id a business table keeps. */
export type StoredFile = FileMeta & { rowId: number };

const purposeLabel = (purpose: string) => (purpose in FILE_PURPOSES ? FILE_PURPOSES[purpose as FilePurpose].label : '该文件');

/** 128 random bits, base64url: the id people and URLs see. */
const newPublicId = () => randomBytes(16).toString('base64url');

async function checkPurpose(ctx: OpContext, purpose: FilePurpose): Promise<void> {
  const access = await loadAccess(ctx.db, ctx.session!);
  const def = FILE_PURPOSES[purpose];
  if (!def.anchors.some((a) => access.anchors.has(a))) throw forbidden(`没有上传${def.label}的权限`);
}

/**
 * Refuses a first chunk whose content is not one of the purpose's types (PNG, JPEG or PDF; goods images
 * JPEG, PNG or WebP), or does not match the name's extension.
 */
function typeOf(fileName: string, head: Buffer, purpose: FilePurpose): FileMime {
  const mime = detectMime(head);
  if (!mime || !purposeTypes(purpose).includes(mime)) {
    const what = purposeTypes(purpose).every((t) => t.startsWith('image/')) ? '图片' : '文件';
    throw badInput(
      `文件类型不支持：${purposeLabel(purpose)}只能上传 ${purposeTypeNames(purpose)} ${what}，按内容识别“${fileName}”不是其中之一（字段：fileName）`,
    );
  }
  if (!extensionFits(fileName, mime)) {
    const ext = extensionOf(fileName);
    throw badInput(
      `文件扩展名与内容不符：内容是${FILE_TYPES[mime].label}，扩展名却是${ext ? `.${ext}` : '空'}，请使用 .${FILE_TYPES[mime].exts.join(' 或 .')}（字段：fileName）`,
    );
  }
  return mime;
}

async function dropExpired(ctx: OpContext): Promise<void> {
  const stale = await repo.expiredUploads(ctx.db, ctx.clock.now() - FILE_LIMITS.uploadTtlMs);
  for (const u of stale) {
    await ctx.db.deleteFrom('file_upload').where('id', '=', u.id).execute();
    await fs.rm(partPath(ctx.config.dataDir, u.id), { force: true });
  }
}

/** Moves complete bytes into place and writes the row; nothing is left behind on failure. */
async function finish(
  ctx: OpContext,
  upload: { fileName: string; mime: FileMime; purpose: FilePurpose; size: number },
  bytes: Buffer,
): Promise<FileMeta> {
  if (bytes.length !== upload.size) throw badInput('文件大小与声明的不一致（字段：size）');
  if (!looksComplete(bytes, upload.mime))
    throw badInput(`文件内容不完整或已损坏，不是有效的${FILE_TYPES[upload.mime].label}（字段：data）`);
  const merchantId = ctx.session!.merchantId;
  const storageName = `${randomBytes(16).toString('hex')}.${FILE_TYPES[upload.mime].exts[0]}`;
  const target = storedPath(ctx.config.dataDir, merchantId, storageName);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, bytes, { flag: 'wx' });
  try {
    const now = ctx.clock.now();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const publicId = newPublicId();
    await ctx.db
      .insertInto('file')
      .values({
        public_id: publicId,
        merchant_id: merchantId,
        original_name: upload.fileName,
        mime: upload.mime,
        size: bytes.length,
        sha256,
        storage_name: storageName,
        purpose: upload.purpose,
        created_by: ctx.session!.accountId,
        created_at: now,
      })
      .execute();
    return { id: publicId, name: upload.fileName, mime: upload.mime, size: bytes.length, sha256, purpose: upload.purpose, createdAt: now };
  } catch (err) {
    await fs.rm(target, { force: true });
    throw err;
  }
}

/** First chunk: permission by purpose, type by content, size limit; a small file completes at once. */
export async function beginUpload(ctx: OpContext, input: z.output<typeof fileUploadBeginInput>): Promise<UploadProgress> {
  await checkPurpose(ctx, input.purpose);
  const maxBytes = purposeMaxBytes(input.purpose);
  if (input.size > maxBytes) throw badInput(`${purposeLabel(input.purpose)}不能超过${maxBytes / 1024 / 1024}MB（字段：size）`);
  const head = Buffer.from(input.data, 'base64');
  if (head.length > input.size) throw badInput('文件内容超过了声明的大小（字段：data）');
  const mime = typeOf(input.fileName, head, input.purpose);
  await dropExpired(ctx);
  const uploadId = randomBytes(18).toString('base64url');
  if (head.length === input.size) {
    const file = await finish(ctx, { fileName: input.fileName, mime, purpose: input.purpose, size: input.size }, head);
    return { uploadId, received: head.length, size: input.size, done: true, file };
  }
  const part = partPath(ctx.config.dataDir, uploadId);
  await fs.mkdir(path.dirname(part), { recursive: true });
  await fs.writeFile(part, head, { flag: 'wx' });
  await ctx.db
    .insertInto('file_upload')
    .values({
      id: uploadId,
      merchant_id: ctx.session!.merchantId,
      account_id: ctx.session!.accountId,
      original_name: input.fileName,
      mime,
      purpose: input.purpose,
      size: input.size,
      received: head.length,
      created_at: ctx.clock.now(),
    })
    .execute();
  return { uploadId, received: head.length, size: input.size, done: false };
}

async function abandon(ctx: OpContext, uploadId: string): Promise<void> {
  await ctx.db.deleteFrom('file_upload').where('id', '=', uploadId).execute();
  await fs.rm(partPath(ctx.config.dataDir, uploadId), { force: true });
}

/** Next chunk at the expected offset; the last one completes the file. */
export async function appendUpload(ctx: OpContext, input: z.output<typeof fileUploadAppendInput>): Promise<UploadProgress> {
  const upload = await repo.findUpload(ctx.db, ctx.session!.merchantId, input.uploadId);
  if (!upload || upload.account_id !== ctx.session!.accountId) throw notFound('上传任务');
  if (ctx.clock.now() - Number(upload.created_at) > FILE_LIMITS.uploadTtlMs) {
    await abandon(ctx, upload.id);
    throw notFound('上传任务');
  }
  const received = Number(upload.received);
  const size = Number(upload.size);
  if (input.offset !== received) throw conflict(`续传位置不正确：应从第${received}字节继续`);
  const chunk = Buffer.from(input.data, 'base64');
  if (received + chunk.length > size) {
    await abandon(ctx, upload.id);
    throw badInput('文件内容超过了声明的大小，上传已取消（字段：data）');
  }
  // Claim the range first: a concurrent chunk at the same offset loses here.
  const claimed = await ctx.db
    .updateTable('file_upload')
    .set({ received: received + chunk.length })
    .where('id', '=', upload.id)
    .where('received', '=', received)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw conflict('该分段已在上传，请勿重复提交');
  const part = partPath(ctx.config.dataDir, upload.id);
  try {
    await fs.appendFile(part, chunk);
  } catch (err) {
    await abandon(ctx, upload.id);
    throw err;
  }
  if (received + chunk.length < size) return { uploadId: upload.id, received: received + chunk.length, size, done: false };
  try {
    const bytes = await fs.readFile(part);
    const file = await finish(
      ctx,
      { fileName: upload.original_name, mime: upload.mime as FileMime, purpose: upload.purpose as FilePurpose, size },
      bytes,
    );
    return { uploadId: upload.id, received: size, size, done: true, file };
  } finally {
    await abandon(ctx, upload.id);
  }
}

/**
 * A file the session may read: this merchant's (else "not found", whoever owns it), and a purpose
 * whose pages the active role holds (else a refusal naming what it is). Whoever uploaded a file held
 * one of its upload pages, which are reading pages too, so the form that uploaded it can show it.
 */
async function readableFile(db: Db, session: SessionContext, publicId: string) {
  const row = await repo.findFile(db, session.merchantId, publicId);
  if (!row) throw notFound('文件');
  const access = await loadAccess(db, session);
  const anchors = row.purpose in FILE_PURPOSES ? fileReadAnchors(row.purpose as FilePurpose) : [];
  if (!access.isAdmin && !anchors.some((a) => access.anchors.has(a))) throw forbidden(`没有查看${purposeLabel(row.purpose)}的权限`);
  return row;
}

/** file.info: the meta of a file the session may read. */
export async function fileInfo(ctx: OpContext, publicId: string): Promise<FileMeta> {
  return toMeta(await readableFile(ctx.db, ctx.session!, publicId));
}

/**
 * For business modules: a file id from the client must be this merchant's (else "not found") and,
 * when `purpose` is given, uploaded for that purpose (else bad input naming `field`). The answer
 * carries the row id the business table keeps.
 */
export async function requireMerchantFile(
  db: Db,
  merchantId: number,
  publicId: string,
  opts: { what?: string; purpose?: FilePurpose; field?: string } = {},
): Promise<StoredFile> {
  const what = opts.what ?? '附件';
  const row = await repo.findFile(db, merchantId, publicId);
  if (!row) throw notFound(what);
  if (opts.purpose && row.purpose !== opts.purpose) {
    throw badInput(
      `“${row.name}”是作为${purposeLabel(row.purpose)}上传的，不能用作${what}，请重新上传${opts.field ? `（字段：${opts.field}）` : ''}`,
    );
  }
  return { ...toMeta(row), rowId: row.rowId };
}

/** Public ids and names of files by their row ids (this merchant's only). */
export async function fileRefs(db: Db, merchantId: number, rowIds: number[]): Promise<Map<number, { id: string; name: string }>> {
  const rows = await repo.findFilesByRowIds(db, merchantId, [...new Set(rowIds)]);
  return new Map(rows.map((r) => [r.rowId, { id: r.id, name: r.name }]));
}

/** The public id of a referenced file (null when none, or not this merchant's). */
export async function filePublicId(db: Db, merchantId: number, rowId: number | null): Promise<string | null> {
  if (rowId === null) return null;
  return (await fileRefs(db, merchantId, [rowId])).get(rowId)?.id ?? null;
}

/** The bytes' location and headers for a download by `session` (same rules as file.info). */
export async function locateForDownload(db: Db, dataDir: string, session: SessionContext, publicId: string) {
  const row = await readableFile(db, session, publicId);
  const full = storedPath(dataDir, session.merchantId, row.storageName);
  try {
    await fs.access(full);
  } catch {
    throw notFound('文件');
  }
  return { path: full, meta: toMeta(row) };
}
