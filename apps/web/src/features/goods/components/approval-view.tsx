import {
  allowedTransitions,
  approvalOps,
  approvalRejectInput,
  REVIEW_OWN_MESSAGE,
  type ApprovalDetail,
} from '@merchant/contracts/goods/approval';
import { useMemo, useState, type ReactNode } from 'react';
import type { OperationContract } from '@merchant/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { App, Button, Card, Descriptions, Form, Input, Modal, Space, Tooltip, Typography } from 'antd';
import {
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  FilePdfOutlined,
  RollbackOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { call } from '../../../platform/call.ts';
import { hasAnchor } from '../../../platform/permission.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useSession } from '../../../platform/session-store.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { GoodsImagesView } from './goods-images-view.tsx';
import {
  APPROVAL_LIST_PATH,
  ApprovalStatusTag,
  approvalPath,
  downloadApprovalPdf,
  REVIEW_ANCHOR,
  type ApprovalPaths,
} from './approval-parts.tsx';

const yuan = (cents: number) => `¥${centsToYuan(cents)}`;
const orDash = (v: string | null | undefined) => v || '--';

type StepKey = { approvalCode: string; version: number };
/**
 * Which applications the view acts on: the goods pages' (default) or the wholesale mall's (features/mall), which
 * share the state machine and the PDF but have their own operations, anchors and pages.
 */
export interface ApprovalFlavour {
  listPath: string;
  pathOf: (approvalCode: string, handleType?: 'view' | 'edit' | 'review') => string;
  reviewAnchor: string;
  /** The list's query key (invalidated after a change). */
  listKey: readonly unknown[];
  submit: (k: StepKey) => Promise<unknown>;
  withdraw: (k: StepKey & { reason: string }) => Promise<unknown>;
  approve: (k: StepKey & { remark: string }) => Promise<unknown>;
  reject: (k: StepKey & { reason: string }) => Promise<unknown>;
  remove: (k: StepKey) => Promise<unknown>;
  history: OperationContract;
  pdf: (approvalCode: string, kind: number) => Promise<void>;
  /** The application's printable PDF page (商户商品's marchant-apply-detail-pdf): a 预览申请单 button when set. */
  pdfPathOf?: (approvalCode: string) => string;
  approvedText: (kind: number) => string;
  /** What an approved application created, by the codes people know, each a link to its page. */
  created: (d: ApprovalDetail) => CreatedLink[];
}
/** One thing an approval created: its kind, its code and (where the account may open it) its page. */
export interface CreatedLink {
  label: string;
  code: string;
  to: string;
  /** The anchor of the page `to` opens: without it the code is plain text. */
  anchor: string;
}
/** The 审核结果 of an approved application: 标准商品 SP… ，商品 G… ，SKU K… (links where there is a page). */
export function CreatedLinks({ links }: { links: CreatedLink[] }) {
  const menuTree = useSession((s) => s.menuTree);
  const shown = links.filter((l) => l.code);
  if (!shown.length) return <>--</>;
  return (
    <Space size={4} wrap separator="，">
      {shown.map((l) => (
        <span key={l.label}>
          {l.label} {hasAnchor(menuTree, l.anchor) ? <Link to={l.to}>{l.code}</Link> : <Typography.Text>{l.code}</Typography.Text>}
        </span>
      ))}
    </Space>
  );
}
export const GOODS_APPROVAL: ApprovalFlavour = {
  listPath: APPROVAL_LIST_PATH,
  pathOf: approvalPath,
  reviewAnchor: REVIEW_ANCHOR,
  listKey: ['goods', 'approvals'],
  submit: (k) => call(approvalOps.submit, k),
  withdraw: (k) => call(approvalOps.withdraw, k),
  approve: (k) => call(approvalOps.approve, k),
  reject: (k) => call(approvalOps.reject, k),
  remove: (k) => call(approvalOps.delete, k),
  history: approvalOps.history,
  pdf: downloadApprovalPdf,
  approvedText: (kind) => (kind === 1 ? '已通过，商品已加入标准商品库并建为商户商品' : '已通过，SKU已创建'),
  created: (d) => [
    {
      label: '标准商品',
      code: d.createdCodes.goodsNo,
      to: `/website/goods/standerd-edit/${d.createdCodes.goodsNo}`,
      anchor: 'standard-product-list',
    },
    { label: '商品', code: d.createdCodes.spuCode, to: `/website/goods/add-goods/${d.goodsId}/view`, anchor: 'goods-management-list' },
    { label: 'SKU', code: d.createdCodes.skuCode, to: `/website/goods/add-sku/view/${d.skuId}`, anchor: 'sku-list' },
  ],
};
/** The goods applications' flavour answering to other addresses (商户商品, section 129): same operations and PDF. */
export const goodsApprovalFlavour = (paths: ApprovalPaths): ApprovalFlavour => ({
  ...GOODS_APPROVAL,
  listPath: paths.listPath,
  pathOf: paths.pathOf,
  ...(paths.pdfPathOf ? { pdfPathOf: paths.pdfPathOf } : {}),
});

/**
 * An application's page: what was applied for, its state and people, the review trail, and only the actions
 * its state allows (撤回 for the applicant; 通过 / 驳回 for a reviewer), plus the printable PDF.
 */
export function ApprovalView({
  detail: d,
  queryKey,
  flavour: fl = GOODS_APPROVAL,
  children,
}: {
  detail: ApprovalDetail;
  queryKey: readonly unknown[];
  flavour?: ApprovalFlavour;
  /** What was applied for, when the flavour's kinds are not the goods' (shown after the state card). */
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const menuTree = useSession((s) => s.menuTree);
  const canReview = useMemo(() => hasAnchor(menuTree, fl.reviewAnchor), [menuTree, fl.reviewAnchor]);
  const [dialog, setDialog] = useState<'' | 'reject' | 'withdraw'>('');
  const [busy, setBusy] = useState(false);
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const allowed = new Set(allowedTransitions(d.status));
  const key = { approvalCode: d.approvalCode, version: d.version };
  /** 四眼原则: the applicant does not review their own application (the server refuses it with this message). */
  const ownReview = d.mine ? REVIEW_OWN_MESSAGE : null;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: fl.listKey });
    await queryClient.invalidateQueries({ queryKey });
  };
  const confirm = (title: string, run: () => Promise<unknown>, done: string, danger = false) =>
    modal.confirm({
      title,
      okButtonProps: { danger },
      onOk: async () => {
        await run();
        message.success(done);
        await refresh();
      },
    });

  const submitDialog = async () => {
    const { reason } = await reasonForm.validateFields();
    setBusy(true);
    try {
      if (dialog === 'reject') await fl.reject({ ...key, reason });
      else await fl.withdraw({ ...key, reason: reason ?? '' });
      message.success(dialog === 'reject' ? '已驳回' : '已撤回');
      setDialog('');
      reasonForm.resetFields();
      await refresh();
    } catch {
      // the catalogue showed the reason
    } finally {
      setBusy(false);
    }
  };

  const pdf = async () => {
    try {
      await fl.pdf(d.approvalCode, d.kind);
    } catch {
      // the catalogue showed the reason
    }
  };

  const actions = (
    <Space wrap>
      {allowed.has('edit') && (
        <Button icon={<EditOutlined />} onClick={() => navigate(fl.pathOf(d.approvalCode, 'edit'))}>
          编辑
        </Button>
      )}
      {allowed.has('submit') && (
        <Button type="primary" icon={<SendOutlined />} onClick={() => confirm('确认提交审核？', () => fl.submit(key), '已提交审核')}>
          提交审核
        </Button>
      )}
      {allowed.has('withdraw') && d.mine && (
        <Button icon={<RollbackOutlined />} onClick={() => setDialog('withdraw')}>
          撤回
        </Button>
      )}
      {allowed.has('approve') && canReview && (
        <Tooltip title={ownReview}>
          {/* a disabled button gets no pointer events: the tooltip hangs on its wrapper */}
          <span style={{ display: 'inline-block' }}>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              disabled={!!ownReview}
              style={ownReview ? { pointerEvents: 'none' } : undefined}
              onClick={() => confirm('确认审核通过？', () => fl.approve({ ...key, remark: '' }), fl.approvedText(d.kind))}
            >
              通过
            </Button>
          </span>
        </Tooltip>
      )}
      {allowed.has('reject') && canReview && (
        <Tooltip title={ownReview}>
          <span style={{ display: 'inline-block' }}>
            <Button
              danger
              icon={<StopOutlined />}
              disabled={!!ownReview}
              style={ownReview ? { pointerEvents: 'none' } : undefined}
              onClick={() => setDialog('reject')}
            >
              驳回
            </Button>
          </span>
        </Tooltip>
      )}
      {allowed.has('delete') && (
        <Button
          danger
          icon={<DeleteOutlined />}
          onClick={() =>
            modal.confirm({
              title: `确认删除申请 ${d.approvalCode}？`,
              content: d.submittedAt === null ? '草稿删除后不可恢复。' : '删除后申请不再出现在列表中，审核记录仍保留。',
              okButtonProps: { danger: true },
              onOk: async () => {
                await fl.remove(key);
                message.success('申请已删除');
                await queryClient.invalidateQueries({ queryKey: fl.listKey });
                navigate(fl.listPath);
              },
            })
          }
        >
          删除
        </Button>
      )}
      {fl.pdfPathOf && (
        <Button icon={<FilePdfOutlined />} onClick={() => navigate(fl.pdfPathOf!(d.approvalCode))}>
          预览申请单
        </Button>
      )}
      <Button icon={<FilePdfOutlined />} onClick={() => void pdf()}>
        下载PDF
      </Button>
    </Space>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            <span data-testid="approval-title">{d.title}</span>
            <ApprovalStatusTag status={d.status} />
          </Space>
        }
        extra={actions}
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
          <Descriptions.Item label="申请单号">
            <Typography.Text copyable>{d.approvalCode}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="申请类型">{d.kindName}</Descriptions.Item>
          <Descriptions.Item label="申请状态">
            <ApprovalStatusTag status={d.status} />
          </Descriptions.Item>
          <Descriptions.Item label="申请人">{d.applicantName}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{formatDateTime(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{d.submittedAt ? formatDateTime(d.submittedAt) : '--'}</Descriptions.Item>
          <Descriptions.Item label="审核人">{orDash(d.reviewerName)}</Descriptions.Item>
          <Descriptions.Item label="审核时间">{d.reviewedAt ? formatDateTime(d.reviewedAt) : '--'}</Descriptions.Item>
          {d.status === 2 && (
            <Descriptions.Item label="审核结果">
              <CreatedLinks links={fl.created(d)} />
            </Descriptions.Item>
          )}
          <Descriptions.Item label={d.status === 3 ? '驳回原因' : '原因/意见'}>
            {d.reason ? <Typography.Text type={d.status === 3 ? 'danger' : undefined}>{d.reason}</Typography.Text> : '--'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {d.product && (
        <Card variant="borderless" title="商品信息">
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
            <Descriptions.Item label="商品名称">{d.product.name}</Descriptions.Item>
            <Descriptions.Item label="商品条码">{d.product.barcode}</Descriptions.Item>
            <Descriptions.Item label="品牌">{d.product.brand}</Descriptions.Item>
            <Descriptions.Item label="商品分类">{d.product.categoryPath}</Descriptions.Item>
            <Descriptions.Item label="规格">{d.product.spec}</Descriptions.Item>
            <Descriptions.Item label="单位">{d.product.unit}</Descriptions.Item>
            <Descriptions.Item label="保质期">{d.product.shelfLifeDays}天</Descriptions.Item>
            <Descriptions.Item label="储存方式">{d.product.storageStyleName}</Descriptions.Item>
            <Descriptions.Item label="建议零售价">{yuan(d.product.guidePrice)}</Descriptions.Item>
            <Descriptions.Item label="销售价">{yuan(d.product.basePrice)}</Descriptions.Item>
            <Descriptions.Item label="商品图片" span="filled">
              {d.product.imageIds.length ? <GoodsImagesView ids={d.product.imageIds} /> : '--'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {d.sku && (
        <Card variant="borderless" title="SKU信息">
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
            <Descriptions.Item label="所属商品">
              {d.sku.goodsName}
              {d.sku.goodsCode ? `（${d.sku.goodsCode}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="商品分类">{orDash(d.sku.categoryPath)}</Descriptions.Item>
            <Descriptions.Item label="SKU规格">{d.sku.specValues.map((v) => `${v.name}：${v.value}`).join('、') || '--'}</Descriptions.Item>
            <Descriptions.Item label="SKU条码">{d.sku.barcode}</Descriptions.Item>
            <Descriptions.Item label="销售价">{yuan(d.sku.basePrice)}</Descriptions.Item>
            <Descriptions.Item label="储存方式">{d.sku.storageStyleName}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {children}
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={fl.history} input={{ approvalCode: d.approvalCode }} queryKey={queryKey} />
      </Card>
      <Modal
        open={dialog !== ''}
        title={dialog === 'reject' ? '驳回申请' : '撤回申请'}
        okText={dialog === 'reject' ? '确认驳回' : '确认撤回'}
        okButtonProps={{ danger: dialog === 'reject', loading: busy }}
        onOk={() => void submitDialog().catch(() => undefined)}
        onCancel={() => setDialog('')}
        destroyOnHidden
      >
        <Form form={reasonForm} layout="vertical" preserve={false}>
          <Form.Item
            label={dialog === 'reject' ? '驳回原因' : '撤回原因（选填）'}
            name="reason"
            required={dialog === 'reject'}
            rules={dialog === 'reject' ? [zodRule(approvalRejectInput.shape.reason)] : [{ max: 200, message: '撤回原因不能超过200个字' }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder={dialog === 'reject' ? '请说明驳回原因，申请人将看到' : ''} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
