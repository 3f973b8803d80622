import { POINT_LOG_FIELDS, pointLogOps, type PointLogRow } from '@merchant/contracts/device/point-log';
import { Tag, Typography } from 'antd';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';

const KEY = ['point', 'log'] as const;
const fieldOptions = Object.entries(POINT_LOG_FIELDS).map(([value, label]) => ({ value, label }));
const ACTION_COLORS: Record<string, string> = {
  create: 'blue',
  update: 'default',
  terms: 'purple',
  pause: 'warning',
  resume: 'success',
  withdraw: 'error',
  bind: 'cyan',
  unbind: 'orange',
};

/** address/address-log (点位日志): the change log of every point field over all points, newest first (keyset). */
export default function AddressLogPage() {
  const columns: ListColumn<PointLogRow>[] = [
    {
      key: 'createdAt',
      title: '时间',
      width: 170,
      render: (v) => formatDateTime(v as number),
      search: { type: 'dateRange', showTime: true },
    },
    { key: 'pointCode', title: '点位编号', width: 120, search: { type: 'text', placeholder: '如 P26110001' } },
    { key: 'pointName', title: '点位名称', width: 180 },
    { key: 'actionLabel', title: '操作', width: 120, render: (v, r) => <Tag color={ACTION_COLORS[r.action]}>{String(v)}</Tag> },
    {
      key: 'field',
      title: '变更内容',
      dataIndex: 'changes',
      width: 420,
      search: { type: 'select', options: fieldOptions, label: '变更字段' },
      render: (_v, r) =>
        r.changes.length ? (
          <Typography.Text>
            {r.changes.map((c) => (
              <div key={c.field}>
                {c.label}：<Typography.Text type="secondary">{c.before}</Typography.Text> → {c.after}
              </div>
            ))}
          </Typography.Text>
        ) : (
          r.remark || '--'
        ),
    },
    { key: 'operatorName', title: '操作人', width: 110 },
  ];
  return (
    <QueryList<PointLogRow>
      queryKey={KEY}
      request={listLoader(pointLogOps.list)}
      columns={columns}
      rowKey="id"
      title="点位日志"
      paging="keyset"
      exportable={{ operation: pointLogOps.list }}
    />
  );
}
