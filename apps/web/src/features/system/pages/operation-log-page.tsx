import { operationLogOps, operationResult, type OperationLogRow } from '@merchant/contracts/system/operation-log';
import { Tag, Tooltip } from 'antd';
import { formatDateTime } from '../../../shared/format/date.ts';
import { ellipsisCell } from '../../../shared/ui/list/ellipsis-cell.tsx';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { listLoader } from '../../../platform/call.ts';
import { RESULT_OPTIONS } from '../log-labels.ts';
import { systemKeys } from '../query-keys.ts';

/**
 * 操作日志: who changed what, where, with which result — in words: the server answers each entry's
 * operation name, page name and targets (the stored codes stay in the export's 操作标识 column).
 * The log grows without bound: it pages by keyset (上一页 / 下一页), newest first by 操作时间.
 */
const COLUMNS: ListColumn<OperationLogRow>[] = [
  {
    key: 'createdAt',
    title: '操作时间',
    width: 170,
    render: (t) => formatDateTime(t as number),
    sortable: true,
    search: { type: 'dateRange', showTime: true, name: 'timeRange', label: '操作时间', order: 3 },
  },
  {
    key: 'userName',
    title: '操作账号',
    width: 130,
    search: { type: 'text', label: '账号', order: 0 },
    render: (v) => (v ? String(v) : '--'),
  },
  {
    key: 'operationLabel',
    title: '操作',
    width: 200,
    // Matches the operation's name (编辑角色, 导出) as well as its code.
    search: { type: 'text', name: 'operation', placeholder: '如 编辑角色、导出', maxLength: 64, order: 1 },
    render: (v) => (v ? String(v) : '--'),
  },
  { key: 'pageName', title: '所属页面', width: 120, render: (v) => (v ? String(v) : '--') },
  {
    key: 'targets',
    title: '操作对象',
    ellipsis: { showTitle: false },
    render: (v) => ellipsisCell(v),
  },
  {
    key: 'resultCode',
    title: '结果',
    width: 220,
    search: { type: 'select', options: RESULT_OPTIONS, order: 2 },
    render: (v, r) => {
      const res = operationResult(String(v), r.resultMsg);
      return (
        <Tooltip title={res.ok ? undefined : `错误码 ${r.resultCode}`}>
          <Tag color={res.ok ? 'success' : 'error'} style={{ whiteSpace: 'normal' }}>
            {res.text}
          </Tag>
        </Tooltip>
      );
    },
  },
  { key: 'ip', title: 'IP 地址', width: 140, render: (v) => (v ? String(v) : '--') },
];

export default function OperationLogPage() {
  return (
    <QueryList<OperationLogRow>
      testId="operation-log"
      title="操作日志"
      queryKey={systemKeys.operationLogs}
      rowKey="id"
      columns={COLUMNS}
      paging="keyset"
      defaultPageSize={20}
      request={listLoader(operationLogOps.list)}
      exportable={{ operation: operationLogOps.list, exportName: '操作日志' }}
      emptyText="暂无操作记录"
    />
  );
}
