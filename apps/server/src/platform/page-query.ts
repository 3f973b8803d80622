import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * One page of a list query and the total it would give without paging: the count runs over the same query
 * (its order dropped), so the total always matches the filters. Every list repo pages through this.
 */
export async function fetchPage<R>(
  db: Kysely<Database>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, R>,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: R[]; total: number }> {
  const total = await db
    .selectFrom(query.clearOrderBy().as('q'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const list = await query
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize)
    .execute();
  return { list, total: Number(total.n) };
}
