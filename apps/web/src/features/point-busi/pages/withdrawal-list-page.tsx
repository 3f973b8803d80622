import { WITHDRAWAL_STATUS, withdrawalOps, type WithdrawalRow } from '@merchant/contracts/device/point-withdrawal';
import { Link, useNavigate } from 'react-router';
import { Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../shared/format/date.ts';
import { listLoader } from '../../../platform/call.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { WithdrawalStatusTag } from '../components/point-busi-tags.tsx';
import { WITHDRAWAL_ADD, withdrawalDetailPath } from '../routes.ts';

const KEY = ['withdrawal', 'list'] as const;
const statusOptions = Object.entries(WITHDRAWAL_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));
const time = (v: unknown) => (v ? formatDateTime(v as number) : '--');

/** back-point-management (撤点管理): 撤点申请, reviewed and executed (the point's devices unbound, the point 已撤点). */
export default function WithdrawalListPage() {
  const navigate = useNavigate();
  const columns: ListColumn<WithdrawalRow>[] = [
    {
      key: 'applyCode',
      title: '申请单号',
      width: 150,
      search: { type: 'text', placeholder: '如 CD2611230001' },
      render: (v) => <Link to={withdrawalDetailPath(String(v))}>{String(v)}</Link>,
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v) => <WithdrawalStatusTag status={Number(v)} />,
      search: { type: 'select', options: statusOptions },
    },
    {
      key: 'point',
      title: '点位',
      dataIndex: 'pointName',
      width: 200,
      ellipsis: true,
      search: { type: 'text', placeholder: '点位名称或编号' },
    },
    { key: 'pointCode', title: '点位编号', width: 120 },
    { key: 'pointStatusName', title: '点位状态', width: 100 },
    { key: 'plannedDate', title: '计划撤点日期', width: 130, sortable: true, search: { type: 'dateRange', dates: true } },
    { key: 'reason', title: '撤点原因', width: 220, ellipsis: true },
    { key: 'applicant', title: '申请人', dataIndex: 'applicantName', width: 100, search: { type: 'text', placeholder: '申请人账号' } },
    { key: 'createdAt', title: '申请时间', width: 170, sortable: true, render: time, search: { type: 'dateRange' } },
    { key: 'reviewerName', title: '审核人', width: 100, render: (v) => String(v || '--') },
    { key: 'reviewedAt', title: '审核时间', width: 170, sortable: true, render: time },
    {
      key: 'reviewRemark',
      title: '驳回原因/审核意见',
      width: 200,
      ellipsis: true,
      render: (v) => (v ? String(v) : <Typography.Text type="secondary">--</Typography.Text>),
    },
    { key: 'completedAt', title: '执行时间', width: 170, render: time },
    { key: 'unboundCount', title: '解绑设备数', width: 100, align: 'right' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 80,
      render: (_v, r) => <Link to={withdrawalDetailPath(r.applyCode)}>{r.status === 1 || r.status === 2 ? '处理' : '详情'}</Link>,
    },
  ];

  return (
    <QueryList<WithdrawalRow>
      queryKey={KEY}
      request={listLoader(withdrawalOps.list)}
      columns={columns}
      rowKey="id"
      title="撤点管理"
      exportable={{ operation: withdrawalOps.list }}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(WITHDRAWAL_ADD)}>
          新增撤点申请
        </Button>
      }
    />
  );
}
