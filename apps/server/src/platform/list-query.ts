import { MAX_PAGE_SIZE } from '@merchant/contracts';
import { z } from 'zod';

/**
 * Input schema of a list operation: its own filters, paging (page size clamped to 1..200) and
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
