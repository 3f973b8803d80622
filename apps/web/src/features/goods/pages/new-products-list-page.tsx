import { APPROVAL_KINDS, allowedTransitions, approvalOps, type ApprovalRow } from '@merchant/contracts/goods/approval';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { hasAnchor } from '../../../platform/permission.ts';
import { useSession } from '../../../platform/session-store.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { ApprovalStatusTag, approvalPath, REVIEW_ANCHOR, statusOptions } from '../components/approval-parts.tsx';

const KEY = ['goods', 'approvals'] as const;
const kindOptions = Object.entries(APPROVAL_KINDS)
  // kinds 3 and 4 are the wholesale mall's (its own 新品申请 page)
  .filter(([v]) => Number(v) <= 2)
  .map(([v, l]) => ({ value: Number(v), label: l }));
const time = (v: unknown) => (v ? formatDateTime(v as number) : '--');

/** new-products-list: 新品申请 and SKU申请 with their states; reviewers find 待审核 ones here. */
export default function NewProductsListPage() {
  const navigate = useNavigate();
  const menuTree = useSession((s) => s.menuTree);
  const canReview = useMemo(() => hasAnchor(menuTree, REVIEW_ANCHOR), [menuTree]);

  const columns: ListColumn<ApprovalRow>[] = [
    {
      key: 'approvalCode',
      title: '申请单号',
      width: 150,
      search: { type: 'text', placeholder: '如 XP2611210375' },
      render: (v) => <Link to={approvalPath(String(v))}>{String(v)}</Link>,
    },
    { key: 'title', title: '商品名称', width: 220, ellipsis: true, search: { type: 'text', placeholder: '商品名称关键字' } },
    {
      key: 'kind',
      title: '申请类型',
      dataIndex: 'kindName',
      width: 100,
      search: { type: 'select', options: kindOptions },
    },
    { key: 'barcode', title: '条码', width: 140 },
    { key: 'basePrice', title: '销售价（元）', width: 110, align: 'right', render: (v) => centsToYuan(v as number) },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v) => <ApprovalStatusTag status={Number(v)} />,
      search: { type: 'select', options: statusOptions },
    },
    { key: 'applicant', title: '申请人', dataIndex: 'applicantName', width: 100, search: { type: 'text', placeholder: '申请人账号' } },
    { key: 'submittedAt', title: '提交时间', width: 170, sortable: true, render: time, search: { type: 'dateRange' } },
    { key: 'reviewerName', title: '审核人', width: 100, render: (v) => (v as string) || '--' },
    { key: 'reviewedAt', title: '审核时间', width: 170, render: time },
    { key: 'reason', title: '原因/意见', width: 180, ellipsis: true, render: (v) => (v as string) || '--' },
    { key: 'createdAt', title: '创建时间', width: 170, sortable: true, render: time },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 150,
      render: (_v, r) => {
        const allowed = allowedTransitions(r.status);
        return (
          <Space size={4}>
            <Link to={approvalPath(r.approvalCode)}>查看</Link>
            {allowed.includes('edit') && (
              <>
                <Typography.Text type="secondary">|</Typography.Text>
                <Link to={approvalPath(r.approvalCode, 'edit')}>编辑</Link>
              </>
            )}
            {canReview && allowed.includes('reject') && (
              <>
                <Typography.Text type="secondary">|</Typography.Text>
                <Link to={`${approvalPath(r.approvalCode, 'review')}/${r.status}`}>审核</Link>
              </>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <QueryList<ApprovalRow>
      queryKey={KEY}
      request={listLoader(approvalOps.list)}
      columns={columns}
      rowKey="id"
      title="新品申请"
      exportable={{ operation: approvalOps.list }}
      toolbar={
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/website/goods/add-new-products/add')}>
            新增申请
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => navigate('/website/goods/apply-sku')}>
            SKU申请
          </Button>
        </Space>
      }
    />
  );
}
