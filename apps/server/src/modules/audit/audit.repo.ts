import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { contains } from '../../platform/like.ts';

type Db = Kysely<Database>;
type Range = [number, number] | undefined;
interface Paging {
  pageNum: number;
  pageSize: number;
  sortOrder: 'ascend' | 'descend';
}

export interface OperationLogFilter {
  userName?: string;
  operation?: string;
  resultCode?: string;
  timeRange?: Range;
  sortOrder: 'ascend' | 'descend';
}

export interface LoginLogFilter {
  userName?: string;
  success?: boolean;
  timeRange?: Range;
  sortOrder: 'ascend' | 'descend';
}

/** The operation log list's query: filters, merchant scope and order, without paging (the list and its export). */
export function operationLogQuery(db: Db, merchantId: number, f: OperationLogFilter) {
  let q = db.selectFrom('operation_log').where('merchant_id', '=', merchantId);
  if (f.userName) q = q.where(contains('user_name', f.userName));
  if (f.operation) q = q.where(contains('operation', f.operation));
  if (f.resultCode) q = q.where('result_code', '=', f.resultCode);
  if (f.timeRange) q = q.where('created_at', '>=', f.timeRange[0]).where('created_at', '<=', f.timeRange[1]);
  return q
    .select(['id', 'user_name as userName', 'organization_id as organizationId', 'role_ids as roleIds', 'operation', 'anchor',
      'client_anchor as clientAnchor', 'target_ids as targetIds', 'result_code as resultCode', 'result_msg as resultMsg', 'ip',
      'created_at as createdAt'])
    .orderBy('id', f.sortOrder === 'ascend' ? 'asc' : 'desc');
}

export async function listOperationLogs(db: Db, merchantId: number, f: Paging & OperationLogFilter) {
  const q = operationLogQuery(db, merchantId, f);
  const total = await db.selectFrom(q.clearOrderBy().as('q')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await q.limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute();
  return { list, total: Number(total.n), pageNum: f.pageNum, pageSize: f.pageSize };
}

/** The login log list's query: filters, merchant scope and order, without paging (the list and its export). */
export function loginLogQuery(db: Db, merchantId: number, f: LoginLogFilter) {
  let q = db.selectFrom('login_log').where('merchant_id', '=', merchantId);
  if (f.userName) q = q.where(contains('user_name', f.userName));
  if (f.success !== undefined) q = q.where('success', '=', f.success ? 1 : 0);
  if (f.timeRange) q = q.where('created_at', '>=', f.timeRange[0]).where('created_at', '<=', f.timeRange[1]);
  return q
    .select(['id', 'user_name as userName', 'method', 'success', 'reason', 'ip', 'user_agent as userAgent', 'created_at as createdAt'])
    .orderBy('id', f.sortOrder === 'ascend' ? 'asc' : 'desc');
}

export async function listLoginLogs(db: Db, merchantId: number, f: Paging & LoginLogFilter) {
  const q = loginLogQuery(db, merchantId, f);
  const total = await db.selectFrom(q.clearOrderBy().as('q')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await q.limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute();
  return { list: list.map((r) => ({ ...r, success: r.success === 1 })), total: Number(total.n), pageNum: f.pageNum, pageSize: f.pageSize };
}

/** Names of the pages (menus of type 2) by anchor, as the 操作日志 page shows 所属页面. */
export async function pageNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('menu').select(['anchor', 'name']).where('menu_type', '=', 2).where('anchor', '!=', '').execute();
  return new Map(rows.map((r) => [r.anchor, r.name]));
}
