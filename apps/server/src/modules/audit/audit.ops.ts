import { describeUserAgent, LOGIN_METHOD_LABELS, loginFailureText, operationResult } from '@merchant/contracts';
import { z } from 'zod';
import { OPERATION_LOG_LABELS } from '../../platform/audit.ts';
import { queryExport } from '../../platform/export/export-spec.ts';
import { defineOperation } from '../../platform/gateway/registry.ts';
import { listInput, timeRange } from '../../platform/list-query.ts';
import * as repo from './audit.repo.ts';
import { describeEntries, listOperationLogs, operationLogFilter, type EntryWords } from './audit.service.ts';

const text = (label: string) => z.string().trim().max(64, `${label}不能超过64个字`).optional();

type OperationLogRow = Awaited<ReturnType<ReturnType<typeof repo.operationLogQuery>['execute']>>[number] & EntryWords;
type LoginLogRow = Awaited<ReturnType<ReturnType<typeof repo.loginLogQuery>['execute']>>[number];

const operationLogInput = listInput(
  { userName: text('账号'), operation: text('操作'), resultCode: z.string().max(16).optional(), timeRange },
  ['createdAt'],
);
export const operationLogList = defineOperation({
  name: 'system.operationLog.list',
  summary: '操作日志列表',
  anchor: 'operation-log',
  input: operationLogInput,
  // Each entry in words (operation name, page name, targets) next to the stored codes.
  handler: (ctx, input) => listOperationLogs(ctx, input),
  export: queryExport(operationLogInput, {
    query: (ctx, i) => repo.operationLogQuery(ctx.db, ctx.session!.merchantId, operationLogFilter(i)),
    // The sheet says what the page says: the same words, put the same way.
    mapBatch: (ctx, rows) => describeEntries(ctx, rows),
    filterLabels: { timeRange: '操作时间' },
    columns: [
      { header: '操作时间', key: 'createdAt', type: 'time' },
      { header: '操作账号', key: 'userName' },
      { header: '操作', key: 'operation', type: 'enum', labels: OPERATION_LOG_LABELS, value: (r: OperationLogRow) => r.operationLabel },
      { header: '操作标识', key: 'operationName', value: (r: OperationLogRow) => r.operation, width: 30 },
      { header: '所属页面', key: 'pageName' },
      { header: '操作对象', key: 'targets', width: 40 },
      { header: '结果', key: 'result', value: (r: OperationLogRow) => operationResult(r.resultCode, r.resultMsg).text, width: 30 },
      { header: '结果码', key: 'resultCode' },
      { header: 'IP 地址', key: 'ip' },
    ],
  }),
});

const loginLogInput = listInput({ userName: text('账号'), success: z.boolean({ error: '登录结果只能是 是/否' }).optional(), timeRange }, ['createdAt']);
export const loginLogList = defineOperation({
  name: 'system.loginLog.list',
  summary: '登录日志列表',
  anchor: 'login-log',
  input: loginLogInput,
  handler: (ctx, input) => repo.listLoginLogs(ctx.db, ctx.session!.merchantId, input),
  export: queryExport(loginLogInput, {
    query: (ctx, i) => repo.loginLogQuery(ctx.db, ctx.session!.merchantId, i),
    filterLabels: { success: '登录成功', timeRange: '登录时间' },
    columns: [
      { header: '登录时间', key: 'createdAt', type: 'time' },
      { header: '登录账号', key: 'userName' },
      { header: '登录方式', key: 'method', type: 'enum', labels: LOGIN_METHOD_LABELS },
      { header: '登录结果', key: 'result', value: (r: LoginLogRow) => (Number(r.success) === 1 ? '成功' : '失败') },
      { header: '失败原因', key: 'reason', value: (r: LoginLogRow) => (Number(r.success) === 1 ? '' : loginFailureText(r.reason)), width: 24 },
      { header: 'IP 地址', key: 'ip' },
      { header: '登录设备', key: 'device', value: (r: LoginLogRow) => describeUserAgent(r.userAgent), width: 20 },
      { header: '设备信息（User-Agent）', key: 'userAgent', width: 50 },
    ],
  }),
});
