import { allowedTransitions, REVIEW_OWN_MESSAGE, type ApprovalRow } from '@merchant/contracts/goods/approval';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { hasAnchor } from '../../../platform/permission.ts';
import { useSession } from '../../../platform/session-store.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn, ListOption } from '../../../shared/ui/list/list-columns.ts';
import { ApprovalStatusTag, statusOptions } from './approval-parts.tsx';

const time = (v: unknown) => (v ? formatDateTime(v as number) : '--');

/** What tells the goods' and the mall's application lists apart (new-products-list, mall-add-new-product). */
export interface ApprovalListFlavour {
  /** An example code in the search box (`如 XP2611210375`). */
  codeExample: string;
  /** The kinds this list shows, for the 申请类型 filter. */
  kindOptions: ListOption[];
  kindWidth: number;
  /** The price column: 销售价 (goods) or 起批单价 (mall). */
  priceTitle: string;
  priceWidth: number;
  /** Whether the list shows 审核时间. */
  reviewedAt: boolean;
  /** The anchor whose holders review (the 审核 link). */
  reviewAnchor: string;
  viewPath: (approvalCode: string) => string;
  editPath: (approvalCode: string) => string;
  reviewPath: (row: ApprovalRow) => string;
}

/** Whether this account may review the family's applications. */
export function useCanReview(anchor: string): boolean {
  const menuTree = useSession((s) => s.menuTree);
  return useMemo(() => hasAnchor(menuTree, anchor), [menuTree, anchor]);
}

/**
 * The columns (and search fields) of an application list, one definition for both families: code, name, kind,
 * barcode, price in 元, state tag, applicant, times, reviewer, reason, and the actions the state allows
 * (`allowedTransitions`: 编辑 while editable, 审核 while 待审核 for reviewers — disabled, with the server's reason, on
 * the account's own application: 四眼原则).
 */
export function approvalListColumns(f: ApprovalListFlavour, canReview: boolean): ListColumn<ApprovalRow>[] {
  return [
    {
      key: 'approvalCode',
      title: '申请单号',
      width: 150,
      search: { type: 'text', placeholder: `如 ${f.codeExample}` },
      render: (v) => <Link to={f.viewPath(String(v))}>{String(v)}</Link>,
    },
    { key: 'title', title: '商品名称', width: 220, ellipsis: true, search: { type: 'text', placeholder: '商品名称关键字' } },
    { key: 'kind', title: '申请类型', dataIndex: 'kindName', width: f.kindWidth, search: { type: 'select', options: f.kindOptions } },
    { key: 'barcode', title: '条码', width: 140 },
    { key: 'basePrice', title: f.priceTitle, width: f.priceWidth, align: 'right', render: (v) => centsToYuan(v as number) },
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
    ...(f.reviewedAt ? [{ key: 'reviewedAt', title: '审核时间', width: 170, render: time }] : []),
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
            <Link to={f.viewPath(r.approvalCode)}>查看</Link>
            {allowed.includes('edit') && (
              <>
                <Typography.Text type="secondary">|</Typography.Text>
                <Link to={f.editPath(r.approvalCode)}>编辑</Link>
              </>
            )}
            {canReview && allowed.includes('reject') && (
              <>
                <Typography.Text type="secondary">|</Typography.Text>
                {r.mine ? (
                  <Tooltip title={REVIEW_OWN_MESSAGE}>
                    <Typography.Link disabled aria-disabled="true">
                      审核
                    </Typography.Link>
                  </Tooltip>
                ) : (
                  <Link to={f.reviewPath(r)}>审核</Link>
                )}
              </>
            )}
          </Space>
        );
      },
    },
  ];
}

/** The list's toolbar: a new-product application and (where given) a SKU application. */
export function ApplyButtons({ product, sku }: { product: { label: string; path: string }; sku?: string }) {
  const navigate = useNavigate();
  return (
    <Space>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(product.path)}>
        {product.label}
      </Button>
      {sku && (
        <Button icon={<PlusOutlined />} onClick={() => navigate(sku)}>
          SKU申请
        </Button>
      )}
    </Space>
  );
}
