import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { App, Button, Card, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { formatDateTime } from '../../../shared/format/date.ts';
import { settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { call } from '../../../platform/call.ts';
import { SETTLE_CURRENT_KEY, SettleSteps, useSettleCurrent } from '../components/settle-steps.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';

const STATUS_VIEW: Record<number, { status: 'info' | 'success' | 'error' | 'warning'; title: string }> = {
  1: { status: 'info', title: '申请已提交，等待管理员审核' },
  2: { status: 'success', title: '审核通过，入驻成功' },
  3: { status: 'error', title: '审核未通过' },
  4: { status: 'warning', title: '申请已撤回' },
};

/** apply-result: step 4, the review outcome of the latest application. */
export default function ApplyResultPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const current = useSettleCurrent();
  const canRecords = useHasAnchor('apply-record');
  if (current.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const apply = current.data?.apply;
  if (!apply || apply.status === 0) {
    return (
      <Card variant="borderless">
        <SettleSteps current={3} />
        <Result
          status="info"
          title={apply ? '申请尚未提交' : '还没有入驻申请'}
          extra={
            <Link to={apply ? '/website/basic/submit-apply' : '/website/basic/settle-apply'}>
              <Button type="primary">{apply ? '去提交' : '去申请'}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  const view = STATUS_VIEW[apply.status];
  const withdraw = () =>
    modal.confirm({
      title: `撤回申请 ${apply.applyCode}？`,
      content: '撤回后可修改信息重新提交。',
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(settleApplyOps.withdraw, { id: apply.id });
        message.success('申请已撤回');
        await queryClient.invalidateQueries({ queryKey: SETTLE_CURRENT_KEY });
      },
    });

  return (
    <Card variant="borderless" title={`入驻申请 ${apply.applyCode}`}>
      <SettleSteps current={apply.status === 2 ? 4 : 3} />
      <Result
        status={view.status}
        title={<span data-testid="apply-result-title">{view.title}</span>}
        subTitle={
          apply.status === 3
            ? `驳回原因：${apply.rejectReason}`
            : apply.status === 2 && apply.reviewRemark
              ? `审核意见：${apply.reviewRemark}`
              : undefined
        }
        extra={
          <Space wrap>
            {apply.status === 1 ? (
              <Button danger onClick={withdraw}>
                撤回申请
              </Button>
            ) : null}
            {apply.status === 3 || apply.status === 4 ? (
              <Button type="primary" onClick={() => navigate('/website/basic/settle-apply-person-bus')}>
                重新申请
              </Button>
            ) : null}
            {canRecords ? (
              <Link to="/website/basic/apply-record">
                <Button>申请记录</Button>
              </Link>
            ) : null}
            <Link to="/website/basic/settle-apply">
              <Button>返回入驻申请</Button>
            </Link>
          </Space>
        }
      />
      <Descriptions
        size="small"
        bordered
        style={{ maxWidth: 880, margin: '0 auto' }}
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'subject', label: '主体', children: `${apply.subjectName}（${apply.subjectTypeName}）` },
          { key: 'lines', label: '业务线', children: apply.businessLineNames.map((n) => <Tag key={n}>{n}</Tag>) },
          { key: 'submitted', label: '提交时间', children: formatDateTime(apply.submittedAt) },
          { key: 'reviewed', label: '审核时间', children: formatDateTime(apply.reviewedAt) },
          { key: 'reviewer', label: '审核人', children: apply.reviewerName || '--' },
          { key: 'creator', label: '申请人', children: apply.creatorName || '--' },
        ]}
      />
    </Card>
  );
}
