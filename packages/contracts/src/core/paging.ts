import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

/**
 * Input schema of a list operation: its own filters, paging (page size clamped to 1..MAX_PAGE_SIZE) and
 * sorting by allow-listed fields only.
 */
export function listInput<S extends z.ZodRawShape, const F extends readonly [string, ...string[]]>(filters: S, sortable: F) {
  return z.object({
    ...filters,
    pageNum: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码从1开始').max(1_000_000).default(1),
    pageSize: z.coerce
      .number({ error: '每页条数必须是数字' })
      .int('每页条数必须是整数')
      .default(20)
      .transform((n) => Math.min(MAX_PAGE_SIZE, Math.max(1, n))),
    sortField: z.enum(sortable, { error: `排序字段只能是：${sortable.join('、')}` }).optional(),
    sortOrder: z.enum(['ascend', 'descend'], { error: '排序方向只能是 ascend 或 descend' }).default('descend'),
  });
}

/** A time range filter [start, end] in epoch ms; end must not be before start. */
export const timeRange = z
  .tuple([z.number().int().nonnegative(), z.number().int().nonnegative()], { error: '时间范围格式不正确' })
  .refine(([a, b]) => a <= b, '结束时间不能早于开始时间')
  .optional();

/** One page of a list: its rows, the total and where the page is. */
export interface Paged<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** The output schema of a list operation whose rows are `row`. */
export function pagedOf<R extends z.ZodType>(row: R) {
  return z.object({ list: z.array(row), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });
}

/** The output of an operation that answers nothing (a state change): `data: null`. */
export const nothing = z.null();

/** A code and its Chinese name (options of a select). */
export const optionSchema = z.object({ code: z.string(), name: z.string() });
export type Option = z.infer<typeof optionSchema>;
