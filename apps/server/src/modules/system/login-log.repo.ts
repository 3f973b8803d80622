import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database>;
type Range = [number, number] | undefined;
interface Paging {
  pageNum: number;
  pageSize: number;
  sortOrder: 'ascend' | 'descend';
}

export interface LoginLogFilter {
  userName?: string;
  success?: boolean;
  timeRange?: Range;
  sortOrder: 'ascend' | 'descend';
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
  const { list, total } = await fetchPage(db, q, f);
  return { list: list.map((r) => ({ ...r, success: r.success === 1 })), total: total, pageNum: f.pageNum, pageSize: f.pageSize };
}
