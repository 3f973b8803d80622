import { allowedTransitions, APPROVAL_KINDS, type ApprovalRow } from '@merchant/contracts/goods/approval';
import { mallApprovalOps } from '@merchant/contracts/mall/mall-approval';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { listLoader } from '../../../../platform/call.ts';
import { QueryList } from '../../../../platform/list/query-list.tsx';
import { hasAnchor } from '../../../../platform/permission.ts';
import { useSession } from '../../../../platform/session-store.ts';
import { formatDateTime } from '../../../../shared/format/date.ts';
import { centsToYuan } from '../../../../shared/format/money.ts';
import type { ListColumn } from '../../../../shared/ui/list/list-columns.ts';
import { ApprovalStatusTag, statusOptions } from '../../components/approval-parts.tsx';
import { MALL, MALL_REVIEW_ANCHOR, mallApplyPath } from '../components/mall-parts.tsx';

const KEY = ['mall', 'approvals'] as const;
const kindOptions = [3, 4].map((k) => ({ value: k, label: APPROVAL_KINDS[k as 3 | 4] }));
const time = (v: unknown) => (v ? formatDateTime(v as number) : '--');

/** mall-add-new-product (新品申请): the mall's applications (商城新品申请, 商城SKU申请) with their states. */
export default function MallApplyListPage() {
  const navigate = useNavigate();
  const menuTree = useSession((s) => s.menuTree);
  const canReview = useMemo(() => hasAnchor(menuTree, MALL_REVIEW_ANCHOR), [menuTree]);

  const columns: ListColumn<ApprovalRow>[] = [
    {
      key: 'approvalCode',
      title: '申请单号',
      width: 150,
      search: { type: 'text', placeholder: '如 MP2611210375' },
      render: (v) => <Link to={mallApplyPath(String(v))}>{String(v)}</Link>,
    },
    { key: 'title', title: '商品名称', width: 220, ellipsis: true, search: { type: 'text', placeholder: '商品名称关键字' } },
    { key: 'kind', title: '申请类型', dataIndex: 'kindName', width: 120, search: { type: 'select', options: kindOptions } },
    { key: 'barcode', title: '条码', width: 140 },
    { key: 'basePrice', title: '起批单价（元）', width: 120, align: 'right', render: (v) => centsToYuan(v as number) },
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
            <Link to={mallApplyPath(r.approvalCode)}>查看</Link>
            {allowed.includes('edit') && (
              <>
                <Typography.Text type="secondary">|</Typography.Text>
                <Link to={mallApplyPath(r.approvalCode, 'edit')}>编辑</Link>
              </>
            )}
            {canReview && allowed.includes('reject') && (
              <>
                <Typography.Text type="secondary">|</Typography.Text>
                <Link to={mallApplyPath(r.approvalCode)}>审核</Link>
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
      request={listLoader(mallApprovalOps.list)}
      columns={columns}
      rowKey="id"
      title="批发商城新品申请"
      exportable={{ operation: mallApprovalOps.list }}
      toolbar={
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${MALL}/mall-apply-detail`)}>
            新品申请
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => navigate(`${MALL}/mall-apply-sku`)}>
            SKU申请
          </Button>
        </Space>
      }
    />
  );
}
