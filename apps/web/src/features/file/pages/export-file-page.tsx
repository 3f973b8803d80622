import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { EXPORT_DOWNLOAD_PATH, exportTaskOps, type ExportTask, type ExportTaskStatus } from '@merchant/contracts/file/export-task';
import { call } from '../../../platform/call.ts';
import { http } from '../../../platform/http-client.ts';
import { EXPORT_TASKS_KEY } from '../../../platform/list/export-button.tsx';
import { saveFile } from '../../../platform/save-file.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatFileSize } from '../../../shared/format/file-size.ts';
import { ellipsisCell } from '../../../shared/ui/list/ellipsis-cell.tsx';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { canDownload, canRetry, isActive, pollInterval, rowsText, STATUS_COLORS, STATUS_OPTIONS, statusLabel } from '../task-status.ts';

const secondary = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

/**
 * 导出文件: the signed-in account's export tasks (larger exports run in the background). Reloads
 * every 2 s while one is queued or running; finished files download here until they expire.
 */
export default function ExportFilePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [downloading, setDownloading] = useState<number | null>(null);

  const refresh = useCallback(() => qc.invalidateQueries({ queryKey: EXPORT_TASKS_KEY }), [qc]);
  const { mutateAsync: remove } = useMutation({
    mutationFn: (id: number) => call(exportTaskOps.delete, { id }),
    onSuccess: async () => {
      message.success('导出文件已删除');
      await refresh();
    },
  });
  const {
    mutate: retry,
    isPending: retrying,
    variables: retryingId,
  } = useMutation({
    mutationFn: (id: number) => call(exportTaskOps.retry, { id }),
    onSuccess: async () => {
      message.success('已重新加入导出队列');
      await refresh();
    },
  });

  const columns = useMemo<ListColumn<ExportTask>[]>(() => {
    const download = async (t: ExportTask) => {
      setDownloading(t.id);
      try {
        // The finished file (a JSON error such as 导出文件不存在或已过期 is shown by the catalogue and raised).
        saveFile(await http.download({ method: 'POST', path: EXPORT_DOWNLOAD_PATH, body: { id: t.id } }, t.fileName));
      } catch {
        // The http client has shown why (e.g. 导出文件不存在或已过期); the row may have changed.
        await refresh();
      } finally {
        setDownloading(null);
      }
    };
    return [
      {
        key: 'fileName',
        title: '文件名',
        width: 250,
        fixed: 'left',
        render: (v) => <Typography.Text strong>{String(v)}</Typography.Text>,
      },
      { key: 'sourcePage', title: '来源页面', width: 110 },
      {
        key: 'filterSummary',
        title: '筛选条件',
        width: 180,
        ellipsis: { showTitle: false },
        render: (v) => ellipsisCell(v, secondary('全部')),
      },
      { key: 'rowCount', title: '行数', width: 110, align: 'right', render: (_v, t) => rowsText(t) },
      { key: 'fileSize', title: '文件大小', width: 100, align: 'right', render: (v) => formatFileSize(v as number | null) },
      {
        key: 'status',
        title: '状态',
        width: 180,
        search: { type: 'select', label: '状态', options: STATUS_OPTIONS },
        render: (v, t) => (
          <div className="export-task-status" data-status={t.status}>
            <Tag color={STATUS_COLORS[v as ExportTaskStatus] ?? 'default'}>{statusLabel(String(v))}</Tag>
            {isActive(t) ? <Progress percent={t.progress} size="small" status="active" style={{ margin: '4px 0 0', width: 150 }} /> : null}
            {t.status === 'failed' && t.errorMessage ? (
              <Typography.Paragraph
                type="danger"
                style={{ margin: '4px 0 0', fontSize: 12 }}
                ellipsis={{ rows: 2, tooltip: t.errorMessage }}
              >
                {t.errorMessage}
              </Typography.Paragraph>
            ) : null}
          </div>
        ),
      },
      { key: 'createdAt', title: '创建时间', width: 170, render: (v) => formatDateTime(v as number) },
      { key: 'finishedAt', title: '完成时间', width: 170, render: (v) => formatDateTime(v as number | null) },
      { key: 'expiresAt', title: '过期时间', width: 170, render: (v) => formatDateTime(v as number | null) },
      {
        key: 'actions',
        title: '操作',
        width: 160,
        fixed: 'right',
        render: (_v, t) => (
          <Space size={0}>
            {canDownload(t) ? (
              <Button type="link" size="small" loading={downloading === t.id} onClick={() => void download(t)}>
                下载
              </Button>
            ) : null}
            {canRetry(t) ? (
              <Button type="link" size="small" loading={retrying && retryingId === t.id} onClick={() => retry(t.id)}>
                重试
              </Button>
            ) : null}
            <Popconfirm
              title={`删除“${t.fileName}”？`}
              description={isActive(t) ? '该导出尚未完成，删除后将停止导出。' : '删除后文件不可恢复，需要时可在原列表重新导出。'}
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(t.id)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ];
  }, [downloading, retrying, retryingId, retry, remove, refresh]);

  return (
    <QueryList<ExportTask>
      testId="export-file-list"
      title={
        <>
          导出文件
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400, marginLeft: 8 }}>
            数据较多的导出在后台生成，完成后在这里下载；文件到期后自动删除，可重试重新生成
          </Typography.Text>
        </>
      }
      queryKey={EXPORT_TASKS_KEY}
      rowKey="id"
      columns={columns}
      defaultPageSize={20}
      request={({ pageNum, pageSize, status }) =>
        call(exportTaskOps.list, { pageNum, pageSize, status: status as ExportTaskStatus | undefined })
      }
      refetchInterval={pollInterval}
      emptyText="暂无导出文件：在列表页点击「导出」，数据较多时会在这里生成文件"
    />
  );
}
