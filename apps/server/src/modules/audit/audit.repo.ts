import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;
type Range = [number, number] | undefined;
interface Paging {
  pageNum: number;
  pageSize: number;
  sortOrder: 'ascend' | 'descend';
}

export async function listOperationLogs(
  db: Db,
  merchantId: number,
  f: Paging & { userName?: string; operation?: string; resultCode?: string; timeRange?: Range },
) {
  let q = db.selectFrom('operation_log').where('merchant_id', '=', merchantId);
  if (f.userName) q = q.where('user_name', 'like', `%${f.userName}%`);
  if (f.operation) q = q.where('operation', 'like', `%${f.operation}%`);
  if (f.resultCode) q = q.where('result_code', '=', f.resultCode);
  if (f.timeRange) q = q.where('created_at', '>=', f.timeRange[0]).where('created_at', '<=', f.timeRange[1]);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await q
    .select(['id', 'user_name as userName', 'organization_id as organizationId', 'role_ids as roleIds', 'operation', 'anchor',
      'client_anchor as clientAnchor', 'target_ids as targetIds', 'result_code as resultCode', 'result_msg as resultMsg', 'ip',
      'created_at as createdAt'])
    .orderBy('id', f.sortOrder === 'ascend' ? 'asc' : 'desc')
    .limit(f.pageSize)
    .offset((f.pageNum - 1) * f.pageSize)
    .execute();
  return { list, total: Number(total.n), pageNum: f.pageNum, pageSize: f.pageSize };
}

export async function listLoginLogs(
  db: Db,
  merchantId: number,
  f: Paging & { userName?: string; success?: boolean; timeRange?: Range },
) {
  let q = db.selectFrom('login_log').where('merchant_id', '=', merchantId);
  if (f.userName) q = q.where('user_name', 'like', `%${f.userName}%`);
  if (f.success !== undefined) q = q.where('success', '=', f.success ? 1 : 0);
  if (f.timeRange) q = q.where('created_at', '>=', f.timeRange[0]).where('created_at', '<=', f.timeRange[1]);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await q
    .select(['id', 'user_name as userName', 'method', 'success', 'reason', 'ip', 'user_agent as userAgent', 'created_at as createdAt'])
    .orderBy('id', f.sortOrder === 'ascend' ? 'asc' : 'desc')
    .limit(f.pageSize)
    .offset((f.pageNum - 1) * f.pageSize)
    .execute();
  return { list: list.map((r) => ({ ...r, success: r.success === 1 })), total: Number(total.n), pageNum: f.pageNum, pageSize: f.pageSize };
}
