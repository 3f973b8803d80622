import {
  ACTIVATION_REVIEW_ANCHOR,
  activationAllowed,
  activationOps,
  activationReasonSchema,
  type ActivationDevice,
} from '@merchant/contracts/device/device-activation';
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { App, Button, Card, Descriptions, Form, Input, Modal, Result, Skeleton, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../../shared/format/date.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { call } from '../../../platform/call.ts';
import { hasAnchor } from '../../../platform/permission.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useSession } from '../../../platform/session-store.ts';
import { ActivationStatusTag } from '../components/activation-tags.tsx';
import { DeviceStatusTag } from '../components/device-tags.tsx';
import { ACTIVATION_LIST } from '../routes.ts';

const backToList = <Link to={ACTIVATION_LIST}>返回激活申请</Link>;
const DEVICE_COLUMNS: ColumnsType<ActivationDevice> = [
  {
    title: '设备编号',
    dataIndex: 'deviceCode',
    width: 140,
    render: (v: string) => <Link to={`/website/device-management/device-detail/${v}`}>{v}</Link>,
  },
  { title: '设备名称', dataIndex: 'name' },
  { title: '型号', dataIndex: 'modelName', width: 140 },
  { title: '设备状态', dataIndex: 'status', width: 100, render: (v: number) => <DeviceStatusTag status={v} /> },
];

/** application-detail/:applyCode: the application, its devices and contract, the actions its state allows, history. */
export default function ActivationDetailPage() {
  const { applyCode = '' } = useParams();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const menuTree = useSession((s) => s.menuTree);
  const canReview = useMemo(() => hasAnchor(menuTree, ACTIVATION_REVIEW_ANCHOR), [menuTree]);
  const [rejecting, setRejecting] = useState(false);
  const [rejectForm] = Form.useForm<{ reason: string }>();
  const key = ['device', 'activation', applyCode] as const;
  const q = useQuery({ queryKey: key, queryFn: () => call(activationOps.detail, { applyCode }), enabled: Boolean(applyCode) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['device'] });

  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  const a = q.data;
  if (!a) return <Result status="warning" title="激活申请不存在" extra={backToList} />;
  const step = { applyCode: a.applyCode, version: a.version };
  const review = canReview && !a.mine;

  const withdraw = () =>
    modal.confirm({
      title: `撤回激活申请 ${a.applyCode}？`,
      content: '撤回后设备可重新申请激活。',
      onOk: async () => {
        await call(activationOps.withdraw, step);
        message.success('申请已撤回');
        await refresh();
      },
    });
  const approve = () =>
    modal.confirm({
      title: `审核通过并激活 ${a.deviceCount} 台设备？`,
      content: `合同 ${a.contractNo}（${a.modelName}）。通过后设备立即变为已激活，不可撤销。`,
      onOk: async () => {
        await call(activationOps.approve, { ...step, remark: '' });
        message.success('已审核通过，设备已激活');
        await refresh();
      },
    });
  const reject = async () => {
    const { reason } = await rejectForm.validateFields();
    await call(activationOps.reject, { ...step, reason });
    message.success('已驳回');
    setRejecting(false);
    await refresh();
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            激活申请 {a.applyCode}
            <ActivationStatusTag status={a.status} />
          </Space>
        }
        extra={
          <Space>
            {a.mine && activationAllowed('withdraw', a.status) ? <Button onClick={withdraw}>撤回</Button> : null}
            {review && activationAllowed('reject', a.status) ? (
              <Button danger onClick={() => setRejecting(true)}>
                驳回
              </Button>
            ) : null}
            {review && activationAllowed('approve', a.status) ? (
              <Button type="primary" onClick={approve}>
                审核通过
              </Button>
            ) : null}
          </Space>
        }
      >
        {canReview && a.mine && a.status === 1 ? (
          <Typography.Paragraph type="secondary">这是您提交的申请，需由其他审核人审核。</Typography.Paragraph>
        ) : null}
        <Descriptions column={3} size="small" bordered>
          <Descriptions.Item label="申请单号">
            <Typography.Text copyable>{a.applyCode}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="状态">{a.statusName}</Descriptions.Item>
          <Descriptions.Item label="柜型">{a.modelName}</Descriptions.Item>
          <Descriptions.Item label="合同">
            {a.contractNo} {a.contractName}
          </Descriptions.Item>
          <Descriptions.Item label="合同状态">{a.contract?.statusName ?? '--'}</Descriptions.Item>
          <Descriptions.Item label="合同柜数">
            {a.contract && a.contract.cabinetCount > 0 ? `已激活${a.contract.cabinetActivated}/${a.contract.cabinetCount}台` : '--'}
          </Descriptions.Item>
          <Descriptions.Item label="申请人">{a.applicantName}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{formatDateTime(a.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="设备数">{a.deviceCount}</Descriptions.Item>
          <Descriptions.Item label="审核人">{a.reviewerName || '--'}</Descriptions.Item>
          <Descriptions.Item label="审核时间">{a.reviewedAt ? formatDateTime(a.reviewedAt) : '--'}</Descriptions.Item>
          <Descriptions.Item label={a.status === 3 ? '驳回原因' : '审核意见'}>{a.reason || '--'}</Descriptions.Item>
          <Descriptions.Item label="申请说明" span={3}>
            {a.remark || '--'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card variant="borderless" title="申请设备">
        <Table<ActivationDevice> size="small" rowKey="deviceCode" columns={DEVICE_COLUMNS} dataSource={a.devices} pagination={false} />
      </Card>
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={activationOps.history} input={{ applyCode: a.applyCode }} queryKey={key} />
      </Card>
      <Modal
        open={rejecting}
        title={`驳回激活申请 ${a.applyCode}`}
        okText="驳回"
        okButtonProps={{ danger: true }}
        onOk={() => void reject().catch(() => undefined)}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Form form={rejectForm} layout="vertical" preserve={false}>
          <Form.Item name="reason" label="驳回原因" rules={[zodRule(activationReasonSchema)]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="请输入驳回原因（至少2个字）" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
