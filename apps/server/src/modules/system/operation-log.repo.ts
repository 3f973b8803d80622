import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { TargetKind } from '../../platform/audit.ts';
import { contains } from '../../platform/like.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';

type Db = Kysely<Database>;
type Range = [number, number] | undefined;
interface Paging {
  cursor?: string;
  pageSize: number;
}

export interface OperationLogFilter {
  userName?: string;
  /** Matches the operation's code, or (with `operationNames`, the operations whose Chinese name holds the text) its name. */
  operation?: string;
  operationNames?: readonly string[];
  resultCode?: string;
  timeRange?: Range;
  sortOrder: 'ascend' | 'descend';
}

/** The operation log list's query: filters, merchant scope and order, without paging (the list and its export). */
export function operationLogQuery(db: Db, merchantId: number, f: OperationLogFilter) {
  let q = db.selectFrom('operation_log').where('merchant_id', '=', merchantId);
  if (f.userName) q = q.where(contains('user_name', f.userName));
  if (f.operation) {
    const text = f.operation;
    const names = f.operationNames?.length ? [...f.operationNames] : null;
    q = q.where((eb) => (names ? eb.or([contains('operation', text), eb('operation', 'in', names)]) : contains('operation', text)));
  }
  if (f.resultCode) q = q.where('result_code', '=', f.resultCode);
  if (f.timeRange) q = q.where('created_at', '>=', f.timeRange[0]).where('created_at', '<=', f.timeRange[1]);
  return q
    .select([
      'id',
      'user_name as userName',
      'organization_id as organizationId',
      'role_ids as roleIds',
      'operation',
      'anchor',
      'client_anchor as clientAnchor',
      'target_ids as targetIds',
      'result_code as resultCode',
      'result_msg as resultMsg',
      'ip',
      'created_at as createdAt',
    ])
    .orderBy('created_at', orderOf(f))
    .orderBy('id', orderOf(f));
}

/** Up to how many entries the list counts (共 N 条); more are not counted. */
export const COUNT_UP_TO = 10_000;

const orderOf = (f: Pick<OperationLogFilter, 'sortOrder'>) => (f.sortOrder === 'ascend' ? 'asc' : 'desc');

/**
 * A page of the list by keyset (the table grows without bound): 操作时间 then id, newest first unless
 * asked otherwise; indexed by (merchant_id, created_at, id) and (merchant_id, result_code, created_at, id).
 * The total is counted with the first page only (a cursor's page does not count again), and only up to
 * COUNT_UP_TO entries (beyond that it is left out: counting the whole log costs what offset paging costs).
 */
export async function listOperationLogs(db: Db, merchantId: number, f: Paging & OperationLogFilter) {
  return fetchKeysetPage(db, operationLogQuery(db, merchantId, f), {
    sort: { key: 'createdAt', column: 'created_at', value: (r) => r.createdAt },
    id: { column: 'id', value: (r) => r.id },
    order: orderOf(f),
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: COUNT_UP_TO },
  });
}

/** Names of the pages (menus of type 2) by anchor, as the 操作日志 page shows 所属页面. */
export async function pageNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('menu').select(['anchor', 'name']).where('menu_type', '=', 2).where('anchor', '!=', '').execute();
  return new Map(rows.map((r) => [r.anchor, r.name]));
}

const ids = (values: Iterable<string>) => [...values].filter((v) => /^\d{1,9}$/.test(v)).map(Number);

/**
 * Names of the things operation-log entries point at, looked up in the merchant's own data only (an id of
 * another merchant in a refused request stays an id): organisations, roles, accounts, stores, staff,
 * contracts, applications, change requests, export files.
 */
export async function targetNames(
  db: Db,
  merchantId: number,
  wanted: ReadonlyMap<TargetKind, ReadonlySet<string>>,
): Promise<Map<TargetKind, Map<string, string>>> {
  const out = new Map<TargetKind, Map<string, string>>();
  const put = (kind: TargetKind, rows: { key: string | number; name: string }[]) =>
    out.set(kind, new Map(rows.map((r) => [String(r.key), r.name])));
  for (const [kind, values] of wanted) {
    if (kind === 'storeCode') {
      const codes = [...values].filter((v) => v.length <= 64);
      if (codes.length)
        put(
          kind,
          await db
            .selectFrom('store')
            .select(['store_code as key', 'name'])
            .where('merchant_id', '=', merchantId)
            .where('store_code', 'in', codes)
            .execute(),
        );
      continue;
    }
    const list = ids(values);
    if (!list.length) continue;
    switch (kind) {
      case 'organization':
        put(
          kind,
          await db
            .selectFrom('organization')
            .select(['id as key', 'name'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', list)
            .execute(),
        );
        break;
      case 'role':
        put(
          kind,
          await db.selectFrom('role').select(['id as key', 'name']).where('merchant_id', '=', merchantId).where('id', 'in', list).execute(),
        );
        break;
      case 'account':
        put(
          kind,
          await db
            .selectFrom('account')
            .select(['id as key', 'user_name as name'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', list)
            .execute(),
        );
        break;
      case 'store':
        put(
          kind,
          await db
            .selectFrom('store')
            .select(['id as key', 'name'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', list)
            .execute(),
        );
        break;
      case 'staff':
        put(
          kind,
          await db
            .selectFrom('store_staff')
            .select(['id as key', 'name'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', list)
            .execute(),
        );
        break;
      case 'contract':
        put(
          kind,
          await db
            .selectFrom('contract')
            .select(['id as key', 'name'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', list)
            .execute(),
        );
        break;
      case 'settleApply':
        put(
          kind,
          await db
            .selectFrom('settle_apply')
            .select(['id as key', 'apply_code as name'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', list)
            .execute(),
        );
        break;
      case 'merchantChange':
        put(
          kind,
          await db
            .selectFrom('merchant_change')
            .select(['id as key', 'change_code as name'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', list)
            .execute(),
        );
        break;
      case 'exportTask':
        put(
          kind,
          await db
            .selectFrom('export_task')
            .select(['id as key', 'file_name as name'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', list)
            .execute(),
        );
        break;
    }
  }
  return out;
}
