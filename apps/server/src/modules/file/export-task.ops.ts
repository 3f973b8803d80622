import { exportTaskOps } from '@merchant/contracts/file/export-task';
import { implement } from '../../platform/gateway/registry.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';

// 文件管理 → 导出文件 is in every menu (spec §2): any signed-in account sees its own export tasks only.

const owner = (ctx: SessionOpContext) => ({ merchantId: ctx.merchantId, accountId: ctx.session.accountId });

export const exportTaskList = implement(exportTaskOps.list, (ctx, i) => ctx.services.exports.list(owner(ctx), i));
export const exportTaskDelete = implement(exportTaskOps.delete, (ctx, i) => ctx.services.exports.remove(owner(ctx), i.id));
export const exportTaskRetry = implement(exportTaskOps.retry, (ctx, i) => ctx.services.exports.retry(owner(ctx), i.id));
