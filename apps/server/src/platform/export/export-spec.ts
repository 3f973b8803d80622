import { sql, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { SessionOpContext } from '../gateway/op-context.ts';
import type { ExportColumn, ExportSheet } from './export-column.ts';

export type { ExportColumn, ExportColumnType } from './export-column.ts';

/**
 * What makes a list operation exportable: the same query the list runs (same filters, permission and
 * merchant scope, same order), its columns, and words for its filters.
 */
export interface ExportSource<I = unknown, R = Record<string, unknown>> extends ExportSheet<R> {
  /** Rows in the list's order, in batches, without paging. */
  rows(ctx: SessionOpContext, input: I): AsyncIterable<readonly R[]>;
  /** How many rows `rows` will produce. */
  count(ctx: SessionOpContext, input: I): Promise<number>;
}

/** What a list repo builds: a Kysely select whose rows are the export rows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListQuery<R> = SelectQueryBuilder<any, any, R>;

/**
 * An export source from the list's own Kysely query (the first argument is the list's input schema,
 * which types the query's input): counted with `select count(*) from (query)`,
 * streamed from a database cursor. `map` turns a raw row into the row the columns read.
 */
export function queryExport<S extends z.ZodType, Raw, R = Raw, I = z.output<S>>(
  _input: S,
  spec: {
    columns: readonly ExportColumn<R>[];
    /** May be async: a query that first reads what the session may see (its rows are then counted right). */
    query: (ctx: SessionOpContext, input: I) => ListQuery<Raw> | Promise<ListQuery<Raw>>;
    map?: (row: Raw) => R;
    /** Enriches one batch (e.g. one query for the memberships of a thousand accounts). */
    mapBatch?: (ctx: SessionOpContext, rows: Raw[]) => Promise<R[]>;
    filterLabels?: Readonly<Record<string, string>>;
    filterValues?: ExportSheet['filterValues'];
  },
): ExportSource<I, R> {
  return {
    columns: spec.columns,
    filterLabels: spec.filterLabels,
    filterValues: spec.filterValues,
    async *rows(ctx, input) {
      const q = (await spec.query(ctx, input)).clearLimit().clearOffset();
      for await (const batch of ctx.stream(q)) {
        yield spec.mapBatch ? await spec.mapBatch(ctx, batch) : spec.map ? batch.map(spec.map) : (batch as unknown as R[]);
      }
    },
    async count(ctx, input) {
      const q = (await spec.query(ctx, input)).clearLimit().clearOffset().clearOrderBy();
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${q}) as export_count`.execute(ctx.db);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** An export source over rows already in memory (e.g. a tree flattened). */
export function memoryExport<S extends z.ZodType, R, I = z.output<S>>(
  _input: S,
  spec: {
    columns: readonly ExportColumn<R>[];
    load: (ctx: SessionOpContext, input: I) => Promise<readonly R[]>;
    filterLabels?: Readonly<Record<string, string>>;
    filterValues?: ExportSheet['filterValues'];
  },
): ExportSource<I, R> {
  return {
    columns: spec.columns,
    filterLabels: spec.filterLabels,
    filterValues: spec.filterValues,
    async *rows(ctx, input) {
      const all = await spec.load(ctx, input);
      for (let i = 0; i < all.length; i += 1000) yield all.slice(i, i + 1000);
    },
    async count(ctx, input) {
      return (await spec.load(ctx, input)).length;
    },
  };
}
