import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Descriptions, Drawer, Space, Tag, Typography } from 'antd';
import { CERT_LABELS, SUBJECT_TYPES } from '@merchant/contracts/merchant/certificate';
import { phoneRevealOps } from '@merchant/contracts/merchant/phone-reveal';
import { SETTLE_STATUS, settleApplyOps, type SettleApply } from '@merchant/contracts/merchant/settle-apply';
import { formatDateTime } from '../../../shared/format/date.ts';
import { MaskedPhone } from '../../../shared/ui/masked-phone.tsx';
import { call, listLoader } from '../../../platform/call.ts';
import { FilePreview } from '../components/file-preview.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { ReviewModal } from '../components/review-modal.tsx';
import { SettleTag } from '../components/status-tag.tsx';
import { useHasAnchor, useIsAdmin } from '../../../platform/use-anchor.ts';

const KEY = ['merchant', 'settle-records'] as const;

function DetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['merchant', 'settle', id],
    queryFn: () => call(settleApplyOps.detail, { id: id! }),
    enabled: id !== null,
  });
  // the number is edited on 入驻申请 (settle-apply): its holders may reveal it
  const canReveal = useHasAnchor('settle-apply');
  const a = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size={640} title={a ? `入驻申请 ${a.applyCode}` : '入驻申请'} loading={q.isLoading}>
      {a ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'status', label: '状态', children: <SettleTag status={a.status} /> },
            { key: 'type', label: '主体类型', children: a.subjectTypeName },
            { key: 'name', label: '主体名称', children: a.subjectName },
            { key: 'cert', label: CERT_LABELS[a.subjectType], children: a.certNo },
            ...(a.subjectType === 'business' ? [{ key: 'legal', label: '法定代表人', children: a.legalPerson }] : []),
            { key: 'contact', label: '联系人', children: a.contactName },
            {
              key: 'phone',
              label: '联系电话',
              children: (
                <MaskedPhone
                  value={a.contactPhone}
                  canReveal={canReveal}
                  reveal={() => call(phoneRevealOps.reveal, { kind: 'settle', id: a.id }).then((r) => r.phone)}
                />
              ),
            },
            { key: 'address', label: '地址', children: [a.province, a.city, a.district, a.address].filter(Boolean).join(' ') },
            { key: 'file', label: '证件照片', children: <FilePreview id={a.certFileId} thumbnail={120} /> },
            { key: 'lines', label: '业务线', children: a.businessLineNames.map((n) => <Tag key={n}>{n}</Tag>) },
            { key: 'remark', label: '补充说明', children: a.remark || '--' },
            { key: 'creator', label: '申请人', children: a.creatorName || '--' },
            { key: 'created', label: '创建时间', children: formatDateTime(a.createdAt) },
            { key: 'submitted', label: '提交时间', children: formatDateTime(a.submittedAt) },
            { key: 'reviewer', label: '审核人', children: a.reviewerName || '--' },
            { key: 'reviewed', label: '审核时间', children: formatDateTime(a.reviewedAt) },
            ...(a.status === 3
              ? [{ key: 'reason', label: '驳回原因', children: <Typography.Text type="danger">{a.rejectReason}</Typography.Text> }]
              : []),
            ...(a.status === 2 ? [{ key: 'review', label: '审核意见', children: a.reviewRemark || '--' }] : []),
          ]}
        />
      ) : null}
    </Drawer>
  );
}

/** apply-record: every settle application with its status; administrators review pending ones. */
export default function ApplyRecordPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const isAdmin = useIsAdmin();
  const [detailId, setDetailId] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState<SettleApply | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['merchant'] });

  const columns: ListColumn<SettleApply>[] = [
    {
      key: 'applyCode',
      title: '申请编号',
      width: 140,
      render: (v, r) => <a onClick={() => setDetailId(r.id)}>{String(v)}</a>,
      search: { type: 'text', placeholder: '如 RZ2611210042' },
    },
    { key: 'subjectName', title: '主体名称', width: 220, search: { type: 'text' } },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v) => <SettleTag status={Number(v)} />,
      search: { type: 'select', options: Object.entries(SETTLE_STATUS).map(([v, l]) => ({ value: Number(v), label: l })) },
    },
    {
      key: 'subjectType',
      title: '主体类型',
      dataIndex: 'subjectTypeName',
      width: 130,
      search: { type: 'select', options: Object.entries(SUBJECT_TYPES).map(([v, l]) => ({ value: v, label: l })) },
    },
    { key: 'certNo', title: '证件号码', width: 190 },
    { key: 'contactName', title: '联系人', width: 90 },
    { key: 'contactPhone', title: '联系电话', width: 130 },
    {
      key: 'businessLineNames',
      title: '业务线',
      width: 200,
      render: (v) =>
        (v as string[]).length ? (
          <Space size={[0, 4]} wrap>
            {(v as string[]).map((n) => (
              <Tag key={n}>{n}</Tag>
            ))}
          </Space>
        ) : (
          '--'
        ),
    },
    { key: 'submittedAt', title: '提交时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number | null) },
    { key: 'createdRange', title: '创建时间', hideInTable: true, search: { type: 'dateRange' } },
    { key: 'reviewerName', title: '审核人', width: 90, render: (v) => (v as string) || '--' },
    { key: 'reviewedAt', title: '审核时间', width: 170, render: (v) => formatDateTime(v as number | null) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 120,
      render: (_v, r) => (
        <Space size={8}>
          <a onClick={() => setDetailId(r.id)}>详情</a>
          {r.status === 1 && isAdmin ? <a onClick={() => setReviewing(r)}>审核</a> : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryList<SettleApply>
        queryKey={KEY}
        request={listLoader(settleApplyOps.list)}
        columns={columns}
        rowKey="id"
        title="申请记录"
        exportable={{ operation: settleApplyOps.list }}
      />
      <DetailDrawer id={detailId} onClose={() => setDetailId(null)} />
      <ReviewModal
        open={reviewing !== null}
        title={`审核入驻申请 ${reviewing?.applyCode ?? ''}`}
        summary={
          reviewing ? (
            <Descriptions
              size="small"
              column={1}
              style={{ marginBottom: 12 }}
              items={[
                { key: 'subject', label: '主体', children: `${reviewing.subjectName}（${reviewing.subjectTypeName}）` },
                { key: 'lines', label: '业务线', children: reviewing.businessLineNames.join('、') },
              ]}
            />
          ) : null
        }
        onApprove={async (remark) => {
          await call(settleApplyOps.approve, { id: reviewing!.id, remark });
          message.success('已审核通过');
          await refresh();
        }}
        onReject={async (reason) => {
          await call(settleApplyOps.reject, { id: reviewing!.id, reason });
          message.success('已驳回');
          await refresh();
        }}
        onClose={() => setReviewing(null)}
      />
    </>
  );
}
