import { EXPORT_DOWNLOAD_PATH, type ExportTask, exportTaskOps, type ExportTaskStatus } from '@merchant/contracts/file/export-task';
import { http } from '../../platform/http-client.ts';
import type { DownloadedFile } from '../../platform/http-core.ts';
import { EXPORT_TASKS_KEY } from '../../platform/list/export-button.tsx';

export interface ExportTaskPage {
  list: ExportTask[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Query-cache key of the list (an export that became a task invalidates it too). */
export const exportTaskKeys = { all: EXPORT_TASKS_KEY };

/** 导出文件: the signed-in account's own export tasks. */
export const exportTaskApi = {
  list: (params: { status?: ExportTaskStatus; pageNum: number; pageSize: number }) =>
    http.gateway<ExportTaskPage>({ name: exportTaskOps.list.name, body: params }),
  remove: (id: number) => http.gateway<{ id: number }>({ name: exportTaskOps.delete.name, body: { id } }),
  retry: (id: number) => http.gateway<ExportTask>({ name: exportTaskOps.retry.name, body: { id } }),
  /** The finished file (a JSON error such as 导出文件不存在或已过期 is shown by the catalogue and raised). */
  download: (task: Pick<ExportTask, 'id' | 'fileName'>): Promise<DownloadedFile> =>
    http.download({ method: 'POST', path: EXPORT_DOWNLOAD_PATH, body: { id: task.id } }, task.fileName),
};
