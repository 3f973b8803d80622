import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { pagedOf } from '../core/paging.ts';

// 文件管理 → 导出文件 (spec §7 "asynchronous export file list"): the signed-in account's own export tasks.

/** Downloads a finished export task's file (the export itself is GATEWAY_PATHS.export). */
export const EXPORT_DOWNLOAD_PATH = '/ben-api/api/uniter/v1/common/export/download';

export const EXPORT_TASK_STATUS = {
  queued: '排队中',
  running: '导出中',
  done: '已完成',
  failed: '失败',
  expired: '已过期',
} as const;
export type ExportTaskStatus = keyof typeof EXPORT_TASK_STATUS;
const statusKeys = Object.keys(EXPORT_TASK_STATUS) as [ExportTaskStatus, ...ExportTaskStatus[]];

/** One row of the 导出文件 list. */
export const exportTaskSchema = z.object({
  id: z.number(),
  /** Download name (server-generated, ends in .xlsx). */
  fileName: z.string(),
  /** The list the export came from (e.g. 账号列表). */
  sourcePage: z.string(),
  /** The filters in words, e.g. "状态：启用；手机号：138". */
  filterSummary: z.string(),
  status: z.enum(statusKeys),
  /** 0..100 while running; 100 when done. */
  progress: z.number(),
  /** Rows written so far (all rows once done). */
  rowCount: z.number(),
  /** Rows the export expects (counted when it was asked for). */
  totalRows: z.number(),
  /** Bytes, once done. */
  fileSize: z.number().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  /** When the file is deleted (done tasks only). */
  expiresAt: z.number().nullable(),
});
export type ExportTask = z.infer<typeof exportTaskSchema>;

export const exportTaskListInput = z.object({
  status: z.enum(statusKeys, { error: '状态不正确' }).optional(),
  pageNum: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码从1开始').default(1),
  pageSize: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .default(20)
    .transform((n) => Math.min(200, Math.max(1, n))),
});
export type ExportTaskListInput = z.input<typeof exportTaskListInput>;

export const exportTaskIdInput = z.object({ id: idSchema('导出任务') });

/** data of the pass-silent 200002 answer when an export became a task. */
export interface ExportQueued {
  taskId: number;
  totalRows: number;
}

/** The file name in a content-disposition header (RFC 6266 / 5987), or undefined. */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1];
}

/** 导出文件 is in every menu (spec §2): any signed-in account, its own tasks only. */
export const exportTaskOps = defineOperations(
  { anchor: null },
  {
    list: { name: 'file.export.list', label: '导出文件列表', input: exportTaskListInput, output: pagedOf(exportTaskSchema) },
    delete: {
      name: 'file.export.delete',
      label: '删除导出文件',
      writes: true,
      input: exportTaskIdInput,
      output: z.object({ id: z.number() }),
    },
    retry: { name: 'file.export.retry', label: '重试导出', writes: true, input: exportTaskIdInput, output: exportTaskSchema },
  },
);
