import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { SelectQueryBuilder } from 'kysely';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';

/**
 * One keyset page of a finance list ordered by a time column (newest first unless ascend), ties by id, scoped to the
 * session's merchant: the records (资金流水) and the splits (分账明细) page alike.
 */
export function pageByTime<R extends { id: number }>(
  ctx: SessionOpContext,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, R>,
  sort: { key: string; column: string; value: (row: R) => number; idColumn: string },
  i: { sortOrder: 'ascend' | 'descend'; cursor?: string; pageSize: number },
): Promise<KeysetPage<R>> {
  return fetchKeysetPage(ctx.db, query, {
    sort: { key: sort.key, column: sort.column, value: sort.value },
    id: { column: sort.idColumn, value: (r) => r.id },
    order: i.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: i.cursor,
    pageSize: i.pageSize,
    scope: ctx.merchantId,
  });
}
