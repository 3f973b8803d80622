import { fileOps } from '@merchant/contracts/file/upload';
import { implement } from '../../platform/gateway/registry.ts';
import * as files from '../../platform/files/file-store.ts';

/**
 * Uploads through the unified gateway (platform/files does the work). Permission: the operations are
 * open to any signed-in account, and the handler requires one of the purpose's pages (FILE_PURPOSES in
 * contracts): uploading a licence needs settle-apply or change-view; reading a file (info, download)
 * needs one of its purpose's reading pages (fileReadAnchors), in the file's own merchant.
 */
export const fileUploadBegin = implement(fileOps.uploadBegin, (ctx, i) => files.beginUpload(ctx, i));
export const fileUploadAppend = implement(fileOps.uploadAppend, (ctx, i) => files.appendUpload(ctx, i));
export const fileInfo = implement(fileOps.info, (ctx, i) => files.fileInfo(ctx, i.id));
