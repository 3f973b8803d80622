import { z } from 'zod';
import { listInput } from './paging.ts';

/**
 * A business record's history (AREA-CHECKLIST "Details: the record's history"): who did what, when, and the
 * fields it changed. Values are stored as the words a person reads (before/after text), written by the
 * service that made the change, so one reader serves every area.
 */
export const historyChangeSchema = z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() });
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const historyEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  actionLabel: z.string(),
  changes: z.array(historyChangeSchema),
  remark: z.string(),
  operatorName: z.string(),
  createdAt: z.number(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** The input of a record's history list: the record's key field, paged (newest first). */
export const historyInput = <S extends z.ZodRawShape>(key: S) => listInput(key, ['createdAt']);

/** The version a record had when the edit began (DESIGN §5: a stale edit is refused). */
export const versionField = z.coerce.number({ error: '缺少数据版本，请刷新后重试' }).int('数据版本不正确').min(0, '数据版本不正确');

/** The answer to a stale edit (someone else changed the record since it was read). */
export const STALE_VERSION_MESSAGE = '该记录已被他人修改，请刷新后重试';
