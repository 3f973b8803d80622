import { EXPORT_TASK_STATUS, type ExportTask, type ExportTaskStatus } from '@merchant/contracts/file/export-task';

/** How often the list reloads while an export is queued or running. */
export const POLL_MS = 2_000;

export const STATUS_OPTIONS = (Object.keys(EXPORT_TASK_STATUS) as ExportTaskStatus[]).map((value) => ({
  value,
  label: EXPORT_TASK_STATUS[value],
}));

/** antd Tag colour per status. */
export const STATUS_COLORS: Record<ExportTaskStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  expired: 'warning',
};

export function statusLabel(status: string): string {
  return (EXPORT_TASK_STATUS as Record<string, string>)[status] ?? status;
}

/** Still being worked on: the list keeps polling and the row shows a progress bar. */
export const isActive = (t: Pick<ExportTask, 'status'>): boolean => t.status === 'queued' || t.status === 'running';
export const canDownload = (t: Pick<ExportTask, 'status'>): boolean => t.status === 'done';
export const canRetry = (t: Pick<ExportTask, 'status'>): boolean => t.status === 'failed' || t.status === 'expired';

/** The list's reload interval: every POLL_MS while any shown row is queued or running, else none. */
export function pollInterval(page: { list: Pick<ExportTask, 'status'>[] } | undefined): number | false {
  return page?.list.some(isActive) ? POLL_MS : false;
}

/** 行数: rows written of the expected while running, the expected count while queued, the rows once done. */
export function rowsText(t: Pick<ExportTask, 'status' | 'rowCount' | 'totalRows'>): string {
  if (t.status === 'running') return `${t.rowCount.toLocaleString('zh-CN')} / ${t.totalRows.toLocaleString('zh-CN')}`;
  if (t.status === 'queued') return `约 ${t.totalRows.toLocaleString('zh-CN')}`;
  if (t.status === 'done') return t.rowCount.toLocaleString('zh-CN');
  return t.totalRows > 0 ? `约 ${t.totalRows.toLocaleString('zh-CN')}` : '--';
}
