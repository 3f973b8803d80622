import { APPROVAL_ACTIONS, approvalOps, type ApprovalRecord } from '@merchant/contracts/goods/approval';
import { Link } from 'react-router';
import { Tag, Typography } from 'antd';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { ApprovalStatusTag, approvalPath } from '../components/approval-parts.tsx';

const KEY = ['goods', 'approval-records'] as const;
const ACTION_COLORS: Record<string, string> = {
  create: 'default',
  edit: 'default',
  submit: 'processing',
  withdraw: 'warning',
  approve: 'success',
  reject: 'error',
  delete: 'default',
};
/** What the server says of an application deleted since (its status then no longer counts). */
const DELETED = '已删除';
const actionOptions = Object.entries(APPROVAL_ACTIONS).map(([value, label]) => ({ value, label }));

/** merchant-goods-management/record-list (审核记录): every action on every application, newest first. */
export default function RecordListPage() {
  const columns: ListColumn<ApprovalRecord>[] = [
    { key: 'createdAt', title: '时间', width: 170, render: (v) => formatDateTime(v as number), search: { type: 'dateRange' } },
    {
      key: 'approvalCode',
      title: '申请单号',
      width: 150,
      search: { type: 'text', placeholder: '如 XP2611210375' },
      render: (v, r) => (r.statusName === DELETED ? String(v) : <Link to={approvalPath(String(v))}>{String(v)}</Link>),
    },
    { key: 'kindName', title: '申请类型', width: 100 },
    { key: 'title', title: '商品名称', width: 220, ellipsis: true },
    {
      key: 'action',
      title: '操作',
      width: 110,
      render: (v, r) => <Tag color={ACTION_COLORS[String(v)]}>{r.actionLabel}</Tag>,
      search: { type: 'select', options: actionOptions },
    },
    {
      key: 'remark',
      title: '原因/意见',
      width: 240,
      render: (v, r) =>
        v ? (
          String(v)
        ) : r.changes.length && r.action === 'edit' ? (
          <Typography.Text type="secondary">修改了{r.changes.map((c) => c.label).join('、')}</Typography.Text>
        ) : (
          '--'
        ),
    },
    { key: 'operator', title: '操作人', dataIndex: 'operatorName', width: 110, search: { type: 'text', placeholder: '操作人账号' } },
    {
      key: 'statusName',
      title: '申请当前状态',
      width: 120,
      render: (v, r) => (v === DELETED ? <Tag>{DELETED}</Tag> : <ApprovalStatusTag status={r.status} />),
    },
  ];
  return (
    <QueryList<ApprovalRecord>
      queryKey={KEY}
      request={listLoader(approvalOps.records)}
      columns={columns}
      rowKey="id"
      title="审核记录"
      paging="keyset"
      exportable={{ operation: approvalOps.records }}
    />
  );
}
