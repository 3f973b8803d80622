import { useMemo } from 'react';
import type { MenuNode } from '@merchant/contracts';
import { Tag, Tooltip, Typography } from 'antd';
import { useSession } from '../../../platform/session-store.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { ellipsisCell } from '../../../shared/ui/list/ellipsis-cell.tsx';
import { QueryList } from '../../../shared/ui/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { AUDIT_OPS, auditApi, auditKeys, type OperationLogRow } from '../api.ts';
import { operationLabel, operationResult } from '@merchant/contracts';
import { OPERATION_OPTIONS, RESULT_OPTIONS } from '../labels.ts';

function menuNames(tree: MenuNode[], out = new Map<string, string>()): Map<string, string> {
  for (const n of tree) {
    if (n.anchor && n.menuType === 2) out.set(n.anchor, n.name);
    menuNames(n.children ?? [], out);
  }
  return out;
}

/** 操作日志: who changed what, where, with which result. */
export default function OperationLogPage() {
  const menuTree = useSession((s) => s.menuTree);
  const pageNames = useMemo(() => menuNames(menuTree), [menuTree]);

  const columns = useMemo<ListColumn<OperationLogRow>[]>(
    () => [
      { key: 'createdAt', title: '操作时间', width: 170, render: (t) => formatDateTime(t as number), search: { type: 'dateRange', showTime: true, name: 'timeRange', label: '操作时间', order: 3 } },
      { key: 'userName', title: '操作账号', width: 130, search: { type: 'text', label: '账号', order: 0 }, render: (v) => (v ? String(v) : '--') },
      {
        key: 'operation',
        title: '操作',
        width: 200,
        search: { type: 'select', options: OPERATION_OPTIONS, order: 1 },
        render: (v) => (
          <div>
            <div>{operationLabel(String(v))}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {String(v)}
            </Typography.Text>
          </div>
        ),
      },
      {
        key: 'anchor',
        title: '所属页面',
        width: 120,
        render: (v) => (v ? pageNames.get(String(v)) ?? String(v) : '--'),
      },
      {
        key: 'targetIds',
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
    ],
    [pageNames],
  );

  return (
    <QueryList<OperationLogRow>
      testId="operation-log"
      title="操作日志"
      queryKey={auditKeys.operationLogs}
      rowKey="id"
      columns={columns}
      defaultPageSize={20}
      request={(p) => auditApi.operationLogs(p)}
      exportable={{ name: AUDIT_OPS.operationLogList, exportName: '操作日志' }}
      emptyText="暂无操作记录"
    />
  );
}
