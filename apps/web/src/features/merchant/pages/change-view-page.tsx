import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Modal, Space, Table, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { CHANGE_STATUS, merchantChangeOps, type ChangeRequest } from '@merchant/contracts/merchant/merchant-change';
import type { FieldChange } from '@merchant/contracts/core/field-change';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatFieldValue } from '@merchant/contracts/merchant/field-value';
import { call, listLoader } from '../../../platform/call.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { FilePreview } from '../components/file-preview.tsx';
import { ReviewModal } from '../components/review-modal.tsx';
import { ChangeTag } from '../components/status-tag.tsx';
import { useIsAdmin } from '../../../platform/use-anchor.ts';

const KEY = ['merchant', 'changes'] as const;

/** A changed value; a certificate image is shown as the file itself (by its public id). */
function ChangedValue({ field, value, strong }: { field: string; value: unknown; strong?: boolean }) {
  if (field === 'certFileId' && typeof value === 'string' && value) return <FilePreview id={value} thumbnail={64} />;
  return strong ? (
    <Typography.Text strong>{formatFieldValue(field, value)}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">{formatFieldValue(field, value)}</Typography.Text>
  );
}

function ChangesTable({ changes }: { changes: FieldChange[] }) {
  return (
    <Table<FieldChange>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={changes}
      columns={[
        { title: '字段', dataIndex: 'label', width: 110 },
        { title: '变更前', dataIndex: 'before', render: (v: unknown, r) => <ChangedValue field={r.field} value={v} /> },
        { title: '变更后', dataIndex: 'after', render: (v: unknown, r) => <ChangedValue field={r.field} value={v} strong /> },
      ]}
    />
  );
}

/** change-view: the merchant's reviewed information, its change requests (history) and their review. */
export default function ChangeViewPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const isAdmin = useIsAdmin();
  const form = useQuery({ queryKey: ['merchant', 'change-form'], queryFn: () => call(merchantChangeOps.form) });
  const [viewing, setViewing] = useState<ChangeRequest | null>(null);
  const [reviewing, setReviewing] = useState<ChangeRequest | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['merchant'] });
  const info = form.data?.info;

  const withdraw = (c: ChangeRequest) =>
    modal.confirm({
      title: `撤回变更申请 ${c.changeCode}？`,
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(merchantChangeOps.withdraw, { id: c.id });
        message.success('已撤回');
        await refresh();
      },
    });

  const columns: ListColumn<ChangeRequest>[] = [
    {
      key: 'changeCode',
      title: '变更编号',
      width: 140,
      render: (v, r) => <a onClick={() => setViewing(r)}>{String(v)}</a>,
      search: { type: 'text', placeholder: '如 BG2611210042' },
    },
    {
      key: 'changes',
      title: '变更内容',
      width: 320,
      render: (v) => (
        <Space orientation="vertical" size={0}>
          {(v as FieldChange[]).map((c) => (
            <span key={c.field}>
              {c.label}：{formatFieldValue(c.field, c.before)} →{' '}
              <Typography.Text strong>{formatFieldValue(c.field, c.after)}</Typography.Text>
            </span>
          ))}
        </Space>
      ),
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v) => <ChangeTag status={Number(v)} />,
      search: { type: 'select', options: Object.entries(CHANGE_STATUS).map(([v, l]) => ({ value: Number(v), label: l })) },
    },
    { key: 'reason', title: '变更原因', width: 200, ellipsis: true },
    { key: 'submitterName', title: '提交人', width: 90 },
    { key: 'createdAt', title: '提交时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    { key: 'createdRange', title: '提交时间', hideInTable: true, search: { type: 'dateRange' } },
    { key: 'reviewerName', title: '审核人', width: 90, render: (v) => (v as string) || '--' },
    { key: 'reviewedAt', title: '审核时间', width: 170, render: (v) => formatDateTime(v as number | null) },
    {
      key: 'review',
      title: '审核意见',
      width: 220,
      ellipsis: true,
      dataIndex: 'reviewRemark',
      render: (_v, r) => (r.status === 3 ? <Typography.Text type="danger">{r.rejectReason}</Typography.Text> : r.reviewRemark || '--'),
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 150,
      render: (_v, r) => (
        <Space size={8}>
          <a onClick={() => setViewing(r)}>详情</a>
          {r.status === 1 && isAdmin ? <a onClick={() => setReviewing(r)}>审核</a> : null}
          {r.status === 1 ? <a onClick={() => withdraw(r)}>撤回</a> : null}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title="当前信息"
        loading={form.isLoading}
        extra={
          info ? (
            <Button
              type="primary"
              icon={<SwapOutlined />}
              disabled={Boolean(info.pendingChange)}
              onClick={() => navigate(`/website/basic/change-business/${info.merchantId}`)}
            >
              申请变更
            </Button>
          ) : null
        }
      >
        {info?.pendingChange ? (
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            title={`变更申请 ${info.pendingChange.changeCode} 待审核，审核完成前不能再次提交`}
          />
        ) : null}
        {info ? (
          <Descriptions
            column={{ xs: 1, sm: 2, xl: 3 }}
            items={[
              { key: 'name', label: '商户名称', children: info.merchantName },
              { key: 'type', label: '商户类型', children: info.merchantTypeName || '--' },
              { key: 'subject', label: '主体名称', children: info.subjectName || '--' },
              { key: 'legal', label: '法定代表人', children: info.legalPerson || '--' },
              { key: 'cert', label: '证件号码', children: info.certNo || '--' },
              { key: 'settle', label: '入驻状态', children: info.settleStatusName },
            ]}
          />
        ) : null}
      </Card>
      <QueryList<ChangeRequest>
        queryKey={KEY}
        request={listLoader(merchantChangeOps.list)}
        columns={columns}
        rowKey="id"
        title="变更记录"
        exportable={{ operation: merchantChangeOps.list, exportName: '信息变更记录' }}
      />
      <Modal
        open={viewing !== null}
        title={`变更申请 ${viewing?.changeCode ?? ''}`}
        footer={null}
        onCancel={() => setViewing(null)}
        width={640}
      >
        {viewing ? (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Descriptions
              size="small"
              column={2}
              items={[
                { key: 'status', label: '状态', children: <ChangeTag status={viewing.status} /> },
                { key: 'submitter', label: '提交人', children: `${viewing.submitterName} · ${formatDateTime(viewing.createdAt)}` },
                { key: 'reason', label: '变更原因', span: 2, children: viewing.reason },
                ...(viewing.reviewedAt
                  ? [
                      {
                        key: 'review',
                        label: viewing.status === 3 ? '驳回原因' : '审核意见',
                        span: 2,
                        children: viewing.status === 3 ? viewing.rejectReason : viewing.reviewRemark || '--',
                      },
                    ]
                  : []),
              ]}
            />
            <ChangesTable changes={viewing.changes} />
          </Space>
        ) : null}
      </Modal>
      <ReviewModal
        open={reviewing !== null}
        title={`审核变更申请 ${reviewing?.changeCode ?? ''}`}
        summary={
          reviewing ? (
            <div style={{ marginBottom: 12 }}>
              <ChangesTable changes={reviewing.changes} />
            </div>
          ) : null
        }
        onApprove={async (remark) => {
          await call(merchantChangeOps.approve, { id: reviewing!.id, remark });
          message.success('已审核通过，变更已生效');
          await refresh();
        }}
        onReject={async (reason) => {
          await call(merchantChangeOps.reject, { id: reviewing!.id, reason });
          message.success('已驳回');
          await refresh();
        }}
        onClose={() => setReviewing(null)}
      />
    </Space>
  );
}
