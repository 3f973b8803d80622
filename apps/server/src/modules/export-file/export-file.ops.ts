import { EXPORT_OPS, exportTaskIdInput, exportTaskListInput } from '@merchant/contracts';
import { defineOperation } from '../../platform/gateway/registry.ts';

// 文件管理 → 导出文件 is in every menu (spec §2): any signed-in account sees its own export tasks only.

export const exportTaskList = defineOperation({
  name: EXPORT_OPS.taskList, summary: '导出文件列表', anchor: null, input: exportTaskListInput,
  handler: (ctx, i) => ctx.services.exports.list(ctx, i),
});
export const exportTaskDelete = defineOperation({
  name: EXPORT_OPS.taskDelete, summary: '删除导出文件', anchor: null, mutates: true, input: exportTaskIdInput,
  handler: (ctx, i) => ctx.services.exports.remove(ctx, i.id),
});
export const exportTaskRetry = defineOperation({
  name: EXPORT_OPS.taskRetry, summary: '重试导出', anchor: null, mutates: true, input: exportTaskIdInput,
  handler: (ctx, i) => ctx.services.exports.retry(ctx, i.id),
});
