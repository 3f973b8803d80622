import { ACTIVATION_STATUS, activationOps, type ActivationRow } from '@merchant/contracts/device/device-activation';
import { deviceOps } from '@merchant/contracts/device/device';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../shared/format/date.ts';
import { call, listLoader } from '../../../platform/call.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { ActivationStatusTag } from '../components/activation-tags.tsx';
import { ACTIVATION_ADD, activationDetailPath } from '../routes.ts';

const KEY = ['device', 'activations'] as const;
const statusOptions = Object.entries(ACTIVATION_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));
const time = (v: unknown) => (v ? formatDateTime(v as number) : '--');

/** device-active-application: activation applications against 智能柜投放合同, their review state. */
export default function ActivationListPage() {
  const navigate = useNavigate();
  const models = useQuery({ queryKey: ['device', 'models'], queryFn: () => call(deviceOps.models), staleTime: Infinity });
  const columns: ListColumn<ActivationRow>[] = [
    {
      key: 'applyCode',
      title: '申请单号',
      width: 150,
      search: { type: 'text', placeholder: '如 JH2611210375' },
      render: (v) => <Link to={activationDetailPath(String(v))}>{String(v)}</Link>,
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v) => <ActivationStatusTag status={Number(v)} />,
      search: { type: 'select', options: statusOptions },
    },
    { key: 'contractNo', title: '合同编号', width: 140, search: { type: 'text' } },
    { key: 'contractName', title: '合同名称', width: 200, ellipsis: true },
    {
      key: 'modelCode',
      title: '柜型',
      dataIndex: 'modelName',
      width: 120,
      search: { type: 'select', options: (models.data ?? []).map((m) => ({ value: m.code, label: m.name })) },
    },
    { key: 'deviceCount', title: '设备数', width: 80, align: 'right' },
    {
      key: 'deviceCode',
      title: '设备',
      dataIndex: 'deviceCodes',
      width: 220,
      ellipsis: true,
      search: { type: 'text', placeholder: '设备编号' },
      render: (_v, r) => r.deviceCodes.join('、'),
    },
    { key: 'applicant', title: '申请人', dataIndex: 'applicantName', width: 100, search: { type: 'text', placeholder: '申请人账号' } },
    { key: 'createdAt', title: '申请时间', width: 170, sortable: true, render: time, search: { type: 'dateRange' } },
    { key: 'reviewerName', title: '审核人', width: 100, render: (v) => String(v || '--') },
    { key: 'reviewedAt', title: '审核时间', width: 170, sortable: true, render: time },
    {
      key: 'reason',
      title: '驳回原因/审核意见',
      width: 200,
      ellipsis: true,
      render: (v) => (v ? String(v) : <Typography.Text type="secondary">--</Typography.Text>),
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 80,
      render: (_v, r) => <Link to={activationDetailPath(r.applyCode)}>{r.status === 1 ? '处理' : '详情'}</Link>,
    },
  ];

  return (
    <QueryList<ActivationRow>
      queryKey={KEY}
      request={listLoader(activationOps.list)}
      columns={columns}
      rowKey="id"
      title="激活申请"
      exportable={{ operation: activationOps.list }}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(ACTIVATION_ADD)}>
          新增激活申请
        </Button>
      }
    />
  );
}
