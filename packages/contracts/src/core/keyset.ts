import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

/**
 * Keyset paging, for the lists over tables that grow without bound (operation log; later orders,
 * movements, journal entries, telemetry). A page is asked for by a `cursor` (opaque to the client)
 * instead of a page number: the server answers the rows after (or before) the row the cursor names,
 * so page 500 costs what page 1 costs. Bounded lists keep `listInput` / `pagedOf` (./paging.ts).
 *
 * The cursor names the boundary row's sort value and id, which way to read from it (next or previous
 * page) and the sort it belongs to (sort field and order). A cursor of another sort (the sort changed
 * since it was handed out) is ignored: the answer is the first page of the asked sort. A cursor that
 * is not one the server handed out is refused with INVALID_CURSOR_MESSAGE, nothing else happens.
 */

/** The refusal of a cursor the server did not hand out (or one too long). */
export const INVALID_CURSOR_MESSAGE = '分页位置无效，请回到第一页';

/** Longest cursor accepted. */
export const MAX_CURSOR_LENGTH = 512;

/** The cursor field of a keyset list's input: absent or '' for the first page. */
export const cursorField = z
  .string({ error: INVALID_CURSOR_MESSAGE })
  .max(MAX_CURSOR_LENGTH, INVALID_CURSOR_MESSAGE)
  .regex(/^[A-Za-z0-9_-]*$/, INVALID_CURSOR_MESSAGE)
  .optional();

/**
 * Input schema of a keyset list operation: its own filters, `cursor` (from the previous answer's
 * nextCursor / prevCursor), page size (clamped to 1..MAX_PAGE_SIZE) and sorting by allow-listed fields only.
 */
export function keysetInput<S extends z.ZodRawShape, const F extends readonly [string, ...string[]]>(filters: S, sortable: F) {
  return z.object({
    ...filters,
    cursor: cursorField,
    pageSize: z.coerce
      .number({ error: '每页条数必须是数字' })
      .int('每页条数必须是整数')
      .default(20)
      .transform((n) => Math.min(MAX_PAGE_SIZE, Math.max(1, n))),
    sortField: z.enum(sortable, { error: `排序字段只能是：${sortable.join('、')}` }).optional(),
    sortOrder: z.enum(['ascend', 'descend'], { error: '排序方向只能是 ascend 或 descend' }).default('descend'),
  });
}

/** One page of a keyset list. */
export interface KeysetPage<T> {
  list: T[];
  pageSize: number;
  /** Asks for the page after this one; null on the last page. */
  nextCursor: string | null;
  /** Asks for the page before this one; null on the first page. */
  prevCursor: string | null;
  /** How many rows the filters match, when the list counts them (e.g. only on its first page). */
  total?: number;
}

/** The output schema of a keyset list operation whose rows are `row`. */
export function keysetOf<R extends z.ZodType>(row: R) {
  return z.object({
    list: z.array(row),
    pageSize: z.number().int(),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
    total: z.number().int().optional(),
  });
}
