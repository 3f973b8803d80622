import { z } from 'zod';
import { defineOperation } from '../../platform/gateway/registry.ts';
import { listInput, timeRange } from '../../platform/list-query.ts';
import * as repo from './audit.repo.ts';

const text = (label: string) => z.string().trim().max(64, `${label}不能超过64个字`).optional();

export const operationLogList = defineOperation({
  name: 'system.operationLog.list',
  summary: '操作日志列表',
  anchor: 'operation-log',
  input: listInput(
    { userName: text('账号'), operation: text('操作'), resultCode: z.string().max(16).optional(), timeRange },
    ['createdAt'],
  ),
  handler: (ctx, input) => repo.listOperationLogs(ctx.db, ctx.session!.merchantId, input),
});

export const loginLogList = defineOperation({
  name: 'system.loginLog.list',
  summary: '登录日志列表',
  anchor: 'login-log',
  input: listInput({ userName: text('账号'), success: z.boolean({ error: '登录结果只能是 是/否' }).optional(), timeRange }, ['createdAt']),
  handler: (ctx, input) => repo.listLoginLogs(ctx.db, ctx.session!.merchantId, input),
});
