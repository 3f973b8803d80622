import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { FileDoneOutlined, FormOutlined, HistoryOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../shared/format/date.ts';
import { settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { call } from '../../../platform/call.ts';
import { SettleSteps, useSettleCurrent } from '../components/settle-steps.tsx';
import { SettleTag } from '../components/status-tag.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';

/** settle-apply: where the merchant stands and the way into the four-step application. */
export default function SettleApplyPage() {
  const navigate = useNavigate();
  const current = useSettleCurrent();
  const lines = useQuery({
    queryKey: ['merchant', 'business-lines'],
    queryFn: () => call(settleApplyOps.businessLines),
    staleTime: Infinity,
  });
  const canRecords = useHasAnchor('apply-record');
  if (current.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const apply = current.data?.apply ?? null;
  const open = apply && (apply.status === 0 || apply.status === 1) ? apply : null;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" title="入驻申请">
        <SettleSteps current={open ? (open.status === 1 ? 3 : 0) : -1} />
        {current.data?.settled ? (
          <Alert
            style={{ marginBottom: 16 }}
            type="success"
            showIcon
            title="商户已完成入驻"
            description="如需开通新的业务线，可再次提交入驻申请；修改商户名称或主体资质请使用“信息变更”。"
          />
        ) : (
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            title="商户尚未完成入驻"
            description="填写主体信息、选择业务线并提交，管理员审核通过后即完成入驻。"
          />
        )}
        {apply ? (
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'code', label: open ? '进行中的申请' : '最近一次申请', children: apply.applyCode },
              { key: 'status', label: '状态', children: <SettleTag status={apply.status} /> },
              {
                key: 'time',
                label: apply.submittedAt ? '提交时间' : '创建时间',
                children: formatDateTime(apply.submittedAt ?? apply.createdAt),
              },
              { key: 'subject', label: '主体', children: `${apply.subjectName}（${apply.subjectTypeName}）` },
              {
                key: 'lines',
                label: '业务线',
                span: 2,
                children: apply.businessLineNames.length ? apply.businessLineNames.map((n) => <Tag key={n}>{n}</Tag>) : '--',
              },
              ...(apply.status === 3
                ? [
                    {
                      key: 'reason',
                      label: '驳回原因',
                      span: 3,
                      children: <Typography.Text type="danger">{apply.rejectReason}</Typography.Text>,
                    },
                  ]
                : []),
            ]}
          />
        ) : null}
        <Space style={{ marginTop: 16 }} wrap>
          {open?.status === 0 ? (
            <Button type="primary" icon={<FormOutlined />} onClick={() => navigate('/website/basic/settle-apply-person-bus')}>
              继续填写
            </Button>
          ) : open?.status === 1 ? (
            <Button type="primary" icon={<FileDoneOutlined />} onClick={() => navigate('/website/basic/apply-result')}>
              查看审核进度
            </Button>
          ) : (
            <Button type="primary" icon={<FormOutlined />} onClick={() => navigate('/website/basic/settle-apply-person-bus')}>
              新的入驻申请
            </Button>
          )}
          {canRecords ? (
            <Link to="/website/basic/apply-record">
              <Button icon={<HistoryOutlined />}>申请记录</Button>
            </Link>
          ) : null}
        </Space>
      </Card>
      <Card variant="borderless" title="可申请的业务线">
        <Row gutter={[16, 16]}>
          {(lines.data ?? []).map((l) => (
            <Col key={l.code} xs={24} md={12} xl={8}>
              <Card size="small" title={l.name}>
                <Typography.Text type="secondary">{l.desc}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
    </Space>
  );
}
