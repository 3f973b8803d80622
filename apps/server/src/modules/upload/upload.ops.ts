import { FILE_OPS, fileInfoInput, fileUploadAppendInput, fileUploadBeginInput } from '@merchant/contracts';
import { defineOperation } from '../../platform/gateway/registry.ts';
import * as files from '../../platform/files/file-store.ts';

/**
 * Uploads through the unified gateway (platform/files does the work). Permission: the operations are
 * open to any signed-in account, and the handler requires one of the purpose's pages (FILE_PURPOSES in
 * contracts): uploading a licence needs settle-apply or change-view; reading a file (info, download)
 * needs one of its purpose's reading pages (fileReadAnchors), in the file's own merchant.
 */
export const fileUploadBegin = defineOperation({
  name: FILE_OPS.uploadBegin, summary: '上传文件：第一段（按内容识别类型，限 PNG/JPEG/PDF，5MB 以内）', label: '上传文件', anchor: null, mutates: true,
  input: fileUploadBeginInput, handler: (ctx, i) => files.beginUpload(ctx, i),
});
export const fileUploadAppend = defineOperation({
  name: FILE_OPS.uploadAppend, summary: '上传文件：后续分段（最后一段完成上传）', label: '继续上传文件', anchor: null, mutates: true,
  input: fileUploadAppendInput, handler: (ctx, i) => files.appendUpload(ctx, i),
});
export const fileInfo = defineOperation({
  name: FILE_OPS.info, summary: '文件信息（本商户、且角色有该文件所属页面的权限）', anchor: null,
  input: fileInfoInput, handler: (ctx, i) => files.fileInfo(ctx, i.id),
});
