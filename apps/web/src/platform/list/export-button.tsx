import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_FILE_ROUTE, type OperationContract } from '@merchant/contracts';
import { navigateTo } from '../browser.ts';
import { wasNotified } from '../error-catalogue.ts';
import { http } from '../http-client.ts';
import type { ExportResult } from '../http-core.ts';
import { saveFile } from '../save-file.ts';

/** Cache key prefix of the 导出文件 list (refreshed when an export becomes a task). */
export const EXPORT_TASKS_KEY = ['file', 'export-tasks'] as const;

/** What a list needs to offer 导出. */
export interface ListExport {
  /** The list's operation (an exportable contract): the server re-runs it with the same filters, without paging. */
  operation: ExportOperation;
  /** Names the file and the task (e.g. 账号列表); the operation's label by default. */
  exportName?: string;
  /** Turns the list's current filters (and sorting) into the operation's body; unchanged by default. */
  body?: (filters: Record<string, unknown>) => unknown;
}

/** What an export needs of the list's contract. */
export type ExportOperation = Pick<OperationContract, 'name' | 'label' | 'merchantScope'>;

export interface ExportButtonProps {
  operation: ExportOperation;
  /** The operation's label by default. */
  exportName?: string;
  /** The body sent, read when the button is clicked (the filters the table shows then). */
  body: () => unknown;
  disabled?: boolean;
  /** Why the button is disabled (a tooltip). */
  disabledReason?: string;
}

/**
 * 导出: asks the server for the list with the current filters. A small list arrives as an .xlsx
 * download; a larger one becomes a background task (a message with a way to 导出文件); errors
 * are shown by the http client's catalogue (e.g. too many exports running).
 */
export function ExportButton({ operation, exportName, body, disabled, disabledReason }: ExportButtonProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  const done = (result: ExportResult) => {
    if (result.kind === 'file') {
      saveFile(result.file);
      message.success(`已导出「${result.file.fileName}」`);
      return;
    }
    void qc.invalidateQueries({ queryKey: EXPORT_TASKS_KEY });
    const key = `export-queued-${result.taskId}`;
    message.success({
      key,
      duration: 8,
      content: (
        <span data-testid="export-queued">
          {result.message}
          <a
            style={{ marginLeft: 8 }}
            onClick={() => {
              message.destroy(key);
              navigateTo(EXPORT_FILE_ROUTE);
            }}
          >
            查看导出文件
          </a>
        </span>
      ),
    });
  };

  const run = async () => {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    try {
      done(
        await http.exportList({
          name: operation.name,
          merchantScope: operation.merchantScope || undefined,
          body: body(),
          exportName: exportName ?? operation.label,
        }),
      );
    } catch (err) {
      if (!wasNotified(err)) message.error(err instanceof Error && err.message ? err.message : '导出失败，请稍后重试');
    } finally {
      busy.current = false;
      setRunning(false);
    }
  };

  const button = (
    <Button icon={<DownloadOutlined />} loading={running} disabled={disabled && !running} onClick={() => void run()}>
      导出
    </Button>
  );
  return disabled && disabledReason && !running ? <Tooltip title={disabledReason}>{button}</Tooltip> : button;
}
