import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import * as repo from './login-log.repo.ts';

// 登录日志: the merchant's sign-in attempts (written by the sign-in itself, read here).

export function listLoginLogs(ctx: SessionOpContext, input: Parameters<typeof repo.listLoginLogs>[2]) {
  return repo.listLoginLogs(ctx.db, ctx.merchantId, input);
}

/** The list's own query for its export (same filters, merchant scope and order). */
export function loginLogExportQuery(ctx: SessionOpContext, input: repo.LoginLogFilter) {
  return repo.loginLogQuery(ctx.db, ctx.merchantId, input);
}

export type LoginLogExportRow = Awaited<ReturnType<ReturnType<typeof repo.loginLogQuery>['execute']>>[number];
