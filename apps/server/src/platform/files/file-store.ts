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
  type fileUploadAppendInput,
  type fileUploadBeginInput,
  type UploadProgress,
} from '@merchant/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { loadAccess } from '../auth/access.ts';
import { badInput, conflict, forbidden, notFound } from '../errors.ts';
import type { OpContext } from '../gateway/registry.ts';
import { detectMime, extensionFits, extensionOf, looksComplete } from './file-type.ts';
import * as repo from './file.repo.ts';

/**
 * Uploaded files (DESIGN §6: under DATA_DIR/files). Bytes live at
 * `files/<merchantId>/<random name>`; unfinished chunked uploads at `files/.uploads/<uploadId>.part`.
 * The database row (merchant, original name, type by content, size, SHA-256, uploader) is the only
 * way to a file: every read is scoped by the session's merchant.
 */
export function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}
export function storedPath(dataDir: string, merchantId: number, storageName: string): string {
  return path.join(filesRoot(dataDir), String(merchantId), storageName);
}
const partPath = (dataDir: string, uploadId: string) => path.join(filesRoot(dataDir), '.uploads', `${uploadId}.part`);

const TYPE_NAMES = Object.values(FILE_TYPES).map((t) => t.label.replace(' 图片', '').replace(' 文件', '')).join('、');

function toMeta(row: { id: number; name: string; mime: string; size: number; sha256: string; purpose: string; createdAt: number }): FileMeta {
  return { id: row.id, name: row.name, mime: row.mime as FileMime, size: Number(row.size), sha256: row.sha256, purpose: row.purpose as FilePurpose, createdAt: Number(row.createdAt) };
}

async function checkPurpose(ctx: OpContext, purpose: FilePurpose): Promise<void> {
  const access = await loadAccess(ctx.db, ctx.session!);
  const def = FILE_PURPOSES[purpose];
  if (!def.anchors.some((a) => access.anchors.has(a))) throw forbidden(`没有上传${def.label}的权限`);
}

/** Refuses a first chunk whose content is not PNG, JPEG or PDF, or does not match the name's extension. */
function typeOf(fileName: string, head: Buffer): FileMime {
  const mime = detectMime(head);
  if (!mime) throw badInput(`文件类型不支持：只能上传 ${TYPE_NAMES} 文件，按内容识别“${fileName}”不是其中之一（字段：fileName）`);
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
  if (!looksComplete(bytes, upload.mime)) throw badInput(`文件内容不完整或已损坏，不是有效的${FILE_TYPES[upload.mime].label}（字段：data）`);
  const merchantId = ctx.session!.merchantId;
  const storageName = `${randomBytes(16).toString('hex')}.${FILE_TYPES[upload.mime].exts[0]}`;
  const target = storedPath(ctx.config.dataDir, merchantId, storageName);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, bytes, { flag: 'wx' });
  try {
    const now = ctx.clock.now();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const row = await ctx.db
      .insertInto('file')
      .values({
        merchant_id: merchantId, original_name: upload.fileName, mime: upload.mime, size: bytes.length, sha256,
        storage_name: storageName, purpose: upload.purpose, created_by: ctx.session!.accountId, created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, name: upload.fileName, mime: upload.mime, size: bytes.length, sha256, purpose: upload.purpose, createdAt: now };
  } catch (err) {
    await fs.rm(target, { force: true });
    throw err;
  }
}

/** First chunk: permission by purpose, type by content, size limit; a small file completes at once. */
export async function beginUpload(ctx: OpContext, input: z.output<typeof fileUploadBeginInput>): Promise<UploadProgress> {
  await checkPurpose(ctx, input.purpose);
  const head = Buffer.from(input.data, 'base64');
  if (head.length > input.size) throw badInput('文件内容超过了声明的大小（字段：data）');
  const mime = typeOf(input.fileName, head);
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
      id: uploadId, merchant_id: ctx.session!.merchantId, account_id: ctx.session!.accountId, original_name: input.fileName,
      mime, purpose: input.purpose, size: input.size, received: head.length, created_at: ctx.clock.now(),
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
    const file = await finish(ctx, { fileName: upload.original_name, mime: upload.mime as FileMime, purpose: upload.purpose as FilePurpose, size }, bytes);
    return { uploadId: upload.id, received: size, size, done: true, file };
  } finally {
    await abandon(ctx, upload.id);
  }
}

export async function fileInfo(ctx: OpContext, id: number): Promise<FileMeta> {
  return requireMerchantFile(ctx.db, ctx.session!.merchantId, id, '文件');
}

/** For business modules: a file id from the client must be this merchant's (else "not found"). */
export async function requireMerchantFile(db: Kysely<Database>, merchantId: number, id: number, what = '附件'): Promise<FileMeta> {
  const row = await repo.findFile(db, merchantId, id);
  if (!row) throw notFound(what);
  return toMeta(row);
}

/** Names of files by id (this merchant's only). */
export async function fileNames(db: Kysely<Database>, merchantId: number, ids: number[]): Promise<Map<number, string>> {
  const rows = await repo.findFiles(db, merchantId, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The bytes' location and headers for a download by a session of `merchantId`. */
export async function locateForDownload(db: Kysely<Database>, dataDir: string, merchantId: number, id: number) {
  const row = await repo.findFile(db, merchantId, id);
  if (!row) throw notFound('文件');
  const full = storedPath(dataDir, merchantId, row.storageName);
  try {
    await fs.access(full);
  } catch {
    throw notFound('文件');
  }
  return { path: full, meta: toMeta(row) };
}
