import { WITHDRAWAL_REVIEW_ANCHOR, withdrawalAllowed, withdrawalOps } from '@merchant/contracts/device/point-withdrawal';
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { App, Button, Card, Descriptions, Input, Modal, Result, Skeleton, Space, Table, Typography } from 'antd';
import { businessToday, formatDateTime } from '../../../shared/format/date.ts';
import { call } from '../../../platform/call.ts';
import { hasAnchor } from '../../../platform/permission.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useSession } from '../../../platform/session-store.ts';
import { WithdrawalStatusTag } from '../components/point-busi-tags.tsx';
import { WITHDRAWAL_LIST } from '../routes.ts';

const backToList = <Link to={WITHDRAWAL_LIST}>返回撤点管理</Link>;

/** back-point-detail/:applyCode: the application, the point's devices now, the actions its state allows, history. */
export default function WithdrawalDetailPage() {
  const { applyCode = '' } = useParams();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const menuTree = useSession((s) => s.menuTree);
  const canReview = useMemo(() => hasAnchor(menuTree, WITHDRAWAL_REVIEW_ANCHOR), [menuTree]);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const key = ['withdrawal', 'detail', applyCode] as const;
  const q = useQuery({ queryKey: key, queryFn: () => call(withdrawalOps.detail, { applyCode }), enabled: Boolean(applyCode) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['withdrawal'] });

  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  const a = q.data;
  if (!a) return <Result status="warning" title="撤点申请不存在" extra={backToList} />;
  const step = { applyCode: a.applyCode, version: a.version };
  const review = canReview && !a.mine;
  const due = businessToday() >= a.plannedDate;

  const cancel = () =>
    modal.confirm({
      title: `撤回撤点申请 ${a.applyCode}？`,
      content: '撤回后点位可重新申请撤点。',
      onOk: async () => {
        await call(withdrawalOps.cancel, step);
        message.success('申请已撤回');
        await refresh();
      },
    });
  const approve = () =>
    modal.confirm({
      title: `审核通过撤点申请 ${a.applyCode}？`,
      content: `点位「${a.pointName}」将在计划日期 ${a.plannedDate} 当天或之后执行撤点。`,
      onOk: async () => {
        await call(withdrawalOps.approve, { ...step, remark: '' });
        message.success('已审核通过');
        await refresh();
      },
    });
  const complete = () =>
    modal.confirm({
      title: `执行撤点「${a.pointName}」？`,
      content: `将解绑该点位的全部设备（现有${a.devices.length}台）并把点位改为已撤点，不可恢复。`,
      okText: '执行撤点',
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(withdrawalOps.complete, step);
        message.success('已撤点');
        await refresh();
        await queryClient.invalidateQueries({ queryKey: ['point'] });
      },
    });
  const reject = async () => {
    await call(withdrawalOps.reject, { ...step, reason });
    message.success('已驳回');
    setRejecting(false);
    setReason('');
    await refresh();
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            撤点申请 {a.applyCode}
            <WithdrawalStatusTag status={a.status} />
          </Space>
        }
        extra={
          <Space>
            {backToList}
            {a.mine && withdrawalAllowed('cancel', a.status) ? <Button onClick={cancel}>撤回</Button> : null}
            {review && withdrawalAllowed('reject', a.status) ? (
              <Button danger onClick={() => setRejecting(true)}>
                驳回
              </Button>
            ) : null}
            {review && withdrawalAllowed('approve', a.status) ? (
              <Button type="primary" onClick={approve}>
                审核通过
              </Button>
            ) : null}
            {withdrawalAllowed('complete', a.status) ? (
              <Button
                type="primary"
                danger
                disabled={!due}
                title={due ? undefined : `计划撤点日期 ${a.plannedDate} 起可执行`}
                onClick={complete}
              >
                执行撤点
              </Button>
            ) : null}
          </Space>
        }
      >
        {canReview && a.mine && a.status === 1 ? (
          <Typography.Paragraph type="secondary">这是您提交的申请，需由其他审核人审核。</Typography.Paragraph>
        ) : null}
        {a.status === 2 && !due ? (
          <Typography.Paragraph type="secondary">已审核通过，计划撤点日期 {a.plannedDate} 当天或之后可执行撤点。</Typography.Paragraph>
        ) : null}
        <Descriptions column={3} size="small" bordered>
          <Descriptions.Item label="申请单号">
            <Typography.Text copyable>{a.applyCode}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="状态">{a.statusName}</Descriptions.Item>
          <Descriptions.Item label="计划撤点日期">{a.plannedDate}</Descriptions.Item>
          <Descriptions.Item label="点位">
            <Link to={`/website/point-busi/point-detail/${a.pointId}`}>
              {a.pointName}（{a.pointCode}）
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label="点位状态">{a.pointStatusName}</Descriptions.Item>
          <Descriptions.Item label="解绑设备数">{a.status === 5 ? `${a.unboundCount}台` : '--'}</Descriptions.Item>
          <Descriptions.Item label="申请人">{a.applicantName}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{formatDateTime(a.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="审核人">{a.reviewerName || '--'}</Descriptions.Item>
          <Descriptions.Item label="审核时间">{a.reviewedAt ? formatDateTime(a.reviewedAt) : '--'}</Descriptions.Item>
          <Descriptions.Item label={a.status === 3 ? '驳回原因' : '审核意见'}>{a.reviewRemark || '--'}</Descriptions.Item>
          <Descriptions.Item label="执行">{a.completedAt ? `${a.completerName} ${formatDateTime(a.completedAt)}` : '--'}</Descriptions.Item>
          <Descriptions.Item label="撤点原因" span={3}>
            {a.reason}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {a.status !== 5 ? (
        <Card variant="borderless" title={`点位现有设备（${a.devices.length}台，执行撤点时全部解绑）`}>
          <Table
            size="small"
            rowKey="deviceCode"
            pagination={false}
            dataSource={a.devices}
            locale={{ emptyText: '该点位没有绑定设备' }}
            columns={[
              {
                title: '设备编号',
                dataIndex: 'deviceCode',
                width: 140,
                render: (v: string) => <Link to={`/website/device-management/device-detail/${v}`}>{v}</Link>,
              },
              { title: '设备名称', dataIndex: 'name' },
              { title: '设备状态', dataIndex: 'statusName', width: 120 },
            ]}
          />
        </Card>
      ) : null}
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={withdrawalOps.history} input={{ applyCode: a.applyCode }} queryKey={key} />
      </Card>
      <Modal
        open={rejecting}
        title={`驳回撤点申请 ${a.applyCode}`}
        okText="驳回"
        okButtonProps={{ danger: true, disabled: reason.trim().length < 2 }}
        onOk={() => void reject()}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Input.TextArea
          rows={3}
          maxLength={200}
          showCount
          placeholder="请输入驳回原因（至少2个字）"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Space>
  );
}
