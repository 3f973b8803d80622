import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { INVALID_CURSOR_MESSAGE, MAX_CURSOR_LENGTH, type KeysetPage } from '@merchant/contracts/core/keyset';
import type { Database } from '../db/database.ts';
import { badInput } from './errors.ts';

/**
 * Keyset paging (docs/decisions.md): a page of a list over a table that grows without bound, read from
 * the boundary row a cursor names instead of skipping `offset` rows, so every page costs what the first
 * costs (with an index on the filter columns then sort column, id). The list's order is its sort column,
 * ties broken by id in the same direction; both must be NOT NULL. Bounded lists page by offset (page-query.ts).
 *
 * The cursor is base64url JSON: { v: 1, s: sort key, o: 'a'|'d' (order), d: 'n'|'p' (next or previous
 * page), k: boundary sort value, i: boundary id }. Its values only ever become bound parameters of the
 * list's own (merchant-scoped) query, so a hand-made cursor can only move within the same rows; one that
 * does not decode to exactly this shape is refused with INVALID_CURSOR_MESSAGE. A cursor of another sort
 * (key or order) is ignored: the first page of the asked sort.
 */

type SortValue = number | string;
type Order = 'asc' | 'desc';

export interface KeysetOptions<R> {
  sort: {
    /** Names the sort in the cursor (the contract's sortField); the column by default. */
    key?: string;
    /** The column ordered by (a real column, not an alias of the select). */
    column: string;
    value: (row: R) => SortValue;
    /** What the column holds; a cursor holding the other kind is refused. Default 'number'. */
    type?: 'number' | 'string';
  };
  id: { column: string; value: (row: R) => number };
  /** Display order (of the sort column, and of id among equal sort values). */
  order: Order;
  /** From a previous page's nextCursor / prevCursor; absent or '' for the first page. */
  cursor?: string | null;
  pageSize: number;
  /**
   * Also count the rows the query matches (the same query, its order dropped) into `total`. With
   * `upTo`, the count reads at most upTo + 1 rows and `total` is left out when there are more (an
   * exact count of an unbounded table costs what offset paging costs: it is only given when cheap). The
   * count drops the query's select: not for a grouped or distinct query.
   */
  count?: boolean | { upTo: number };
}

interface Cursor {
  v: 1;
  s: string;
  o: 'a' | 'd';
  d: 'n' | 'p';
  k: SortValue;
  i: number;
}

const encode = (c: Cursor): string => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');

function decode(text: string, sortType: 'number' | 'string'): Cursor {
  const bad = () => badInput(INVALID_CURSOR_MESSAGE);
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) throw bad();
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad();
  const c = raw as Record<string, unknown>;
  const keyOk = sortType === 'number' ? typeof c.k === 'number' && Number.isFinite(c.k) : typeof c.k === 'string' && c.k.length <= 256;
  if (
    c.v !== 1 ||
    typeof c.s !== 'string' ||
    (c.o !== 'a' && c.o !== 'd') ||
    (c.d !== 'n' && c.d !== 'p') ||
    !keyOk ||
    typeof c.i !== 'number' ||
    !Number.isSafeInteger(c.i)
  )
    throw bad();
  const cursor: Cursor = { v: 1, s: c.s, o: c.o, d: c.d, k: c.k as SortValue, i: c.i };
  // Only the exact text the server hands out (no extra fields, no other spelling of the same values).
  if (encode(cursor) !== text) throw bad();
  return cursor;
}

const flip = (o: Order): Order => (o === 'asc' ? 'desc' : 'asc');

/** The rows the query matches; undefined when there are more than `upTo`. */
async function countUpTo(
  db: Kysely<Database>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, unknown>,
  upTo?: number,
): Promise<number | undefined> {
  // Counted rows need no columns (an index alone can answer). Not for a grouped or distinct query.
  const base = query
    .clearOrderBy()
    .clearLimit()
    .clearOffset()
    .clearSelect()
    .select(sql<number>`1`.as('one'));
  const { n } = await db
    .selectFrom((upTo === undefined ? base : base.limit(upTo + 1)).as('q'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  return upTo !== undefined && total > upTo ? undefined : total;
}

/**
 * One page of `query` by keyset: its rows in display order, and the cursors of the pages before and
 * after it. Reads pageSize + 1 rows to know whether there is more. Any order on `query` is replaced.
 * The boundary is `sort ⋛ k and (sort ≷ k or id ≷ i)` — the expanded form of a row-value comparison
 * (not portable), with the sort column's own range first so the index bounds the scan.
 */
export async function fetchKeysetPage<R>(
  db: Kysely<Database>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, R>,
  opts: KeysetOptions<R>,
): Promise<KeysetPage<R>> {
  const key = opts.sort.key ?? opts.sort.column;
  const o = opts.order === 'asc' ? 'a' : 'd';
  const decoded = opts.cursor ? decode(opts.cursor, opts.sort.type ?? 'number') : null;
  // A cursor of another sort: the first page of this one.
  const cursor = decoded && decoded.s === key && decoded.o === o ? decoded : null;
  const forward = !cursor || cursor.d === 'n';
  const read = forward ? opts.order : flip(opts.order);
  const sortCol = opts.sort.column;
  const idCol = opts.id.column;

  let q = query.clearOrderBy().clearLimit().clearOffset();
  if (cursor) {
    const [strict, loose] = read === 'asc' ? (['>', '>='] as const) : (['<', '<='] as const);
    q = q.where((eb) =>
      eb.and([eb(eb.ref(sortCol), loose, cursor.k), eb.or([eb(eb.ref(sortCol), strict, cursor.k), eb(eb.ref(idCol), strict, cursor.i)])]),
    );
  }
  const [fetched, total] = await Promise.all([
    q
      .orderBy(sortCol, read)
      .orderBy(idCol, read)
      .limit(opts.pageSize + 1)
      .execute(),
    opts.count ? countUpTo(db, query, opts.count === true ? undefined : opts.count.upTo) : Promise.resolve(undefined),
  ]);
  const more = fetched.length > opts.pageSize;
  const list = fetched.slice(0, opts.pageSize);
  if (!forward) list.reverse();

  const at = (d: 'n' | 'p', row: R | undefined) =>
    row === undefined ? null : encode({ v: 1, s: key, o, d, k: opts.sort.value(row), i: opts.id.value(row) });
  const first = list[0];
  const last = list[list.length - 1];
  const nextCursor = forward ? (more ? at('n', last) : null) : at('n', last);
  const prevCursor = forward ? (cursor ? at('p', first) : null) : more ? at('p', first) : null;
  return { list, pageSize: opts.pageSize, nextCursor, prevCursor, ...(total === undefined ? {} : { total }) };
}
