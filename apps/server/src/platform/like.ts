import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** The escape character of every keyword filter (given to LIKE explicitly: SQLite has no default one). */
const ESCAPE = '\\';

/** `%`, `_` and the escape character itself, escaped so that they match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `${ESCAPE}${c}`);
}

/**
 * A keyword filter: `column LIKE '%text%' ESCAPE '\'`, the typed text matched literally (a `%` or `_`
 * typed in a search box finds only rows containing it), the same on SQLite and PostgreSQL.
 * Use: `q = q.where(contains('store.name', f.name))`.
 */
export function contains(column: string | Expression<string>, text: string): RawBuilder<SqlBool> {
  const target = typeof column === 'string' ? sql.ref(column) : column;
  return sql<SqlBool>`${target} like ${`%${escapeLike(text)}%`} escape ${sql.lit(ESCAPE)}`;
}
