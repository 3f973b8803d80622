import { approvalPdfFileName } from '@merchant/contracts/goods/approval';
import { mallApprovalOps, MALL_APPROVAL_PDF_PATH } from '@merchant/contracts/mall/mall-approval';
import { MALL_STATUS } from '@merchant/contracts/mall/mall-fields';
import type { PriceTier } from '@merchant/contracts/mall/price-tiers';
import { Space, Tag, Typography } from 'antd';
import { call } from '../../../../platform/call.ts';
import { http } from '../../../../platform/http-client.ts';
import { saveFile } from '../../../../platform/save-file.ts';
import { centsToYuan } from '../../../../shared/format/money.ts';
import type { ApprovalFlavour } from '../../components/approval-view.tsx';

// Pieces shared by the wholesale mall's pages (section 107 批发商城).

export const MALL = '/website/mall';
export const MALL_GOODS_LIST = `${MALL}/mall-standard-product-list`;
export const MALL_SKU_LIST = `${MALL}/mall-sku-list`;
export const MALL_SALES_LIST = `${MALL}/mall-salesmanagement-list`;
export const MALL_APPLY_LIST = `${MALL}/mall-add-new-product`;
export const MALL_REVIEW_ANCHOR = 'mall-new-product-review';

/** mall-apply-detail/:approvalCode?/:detail? — `detail` opens it read-only (with the actions its state allows). */
export const mallApplyPath = (approvalCode: string, handleType: 'view' | 'edit' | 'review' = 'view') =>
  `${MALL}/mall-apply-detail/${approvalCode}${handleType === 'edit' ? '' : '/detail'}`;
export const mallPdfPath = (approvalCode: string) => `${MALL}/mall-apply-detail-pdf?approvalCode=${encodeURIComponent(approvalCode)}`;

/** 上架 / 下架 in the mall. */
export function MallStatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'blue' : 'default'}>{MALL_STATUS[status as keyof typeof MALL_STATUS] ?? status}</Tag>;
}
export const mallStatusOptions = Object.entries(MALL_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));

/** The breaks one under the other: 2箱起 ¥48.00. */
export function TierList({ tiers, unit }: { tiers: readonly PriceTier[]; unit: string }) {
  return (
    <Space orientation="vertical" size={0} data-testid="tier-list">
      {tiers.map((t) => (
        <Typography.Text key={t.minQty} style={{ whiteSpace: 'nowrap' }}>
          {t.minQty}
          {unit}起 <Typography.Text strong>¥{centsToYuan(t.price)}</Typography.Text>
        </Typography.Text>
      ))}
    </Space>
  );
}

export async function mallPdfBlob(approvalCode: string, kind: number) {
  return http.download({ method: 'GET', path: MALL_APPROVAL_PDF_PATH, query: { approvalCode } }, approvalPdfFileName(approvalCode, kind));
}
export async function downloadMallPdf(approvalCode: string, kind: number): Promise<void> {
  saveFile(await mallPdfBlob(approvalCode, kind));
}

/** The shared application view acting on the mall's operations and pages. */
export const MALL_APPROVAL: ApprovalFlavour = {
  listPath: MALL_APPLY_LIST,
  pathOf: mallApplyPath,
  reviewAnchor: MALL_REVIEW_ANCHOR,
  listKey: ['mall', 'approvals'],
  submit: (k) => call(mallApprovalOps.submit, k),
  withdraw: (k) => call(mallApprovalOps.withdraw, k),
  approve: (k) => call(mallApprovalOps.approve, k),
  reject: (k) => call(mallApprovalOps.reject, k),
  remove: (k) => call(mallApprovalOps.delete, k),
  history: mallApprovalOps.history,
  pdf: downloadMallPdf,
  created: (d) => [
    {
      label: '标准商品',
      code: d.createdCodes.goodsNo,
      to: `/website/goods/standerd-edit/${d.createdCodes.goodsNo}`,
      anchor: 'standard-product-list',
    },
    { label: '商城商品', code: d.createdCodes.spuCode, to: `${MALL}/edit/${d.goodsId}`, anchor: 'mall-standard-product-list' },
    {
      label: '商城SKU',
      code: d.createdCodes.skuCode,
      to: `${MALL}/wholesale-add-sku/view/${d.goodsId}/${d.goodsId}/${d.skuId}`,
      anchor: 'mall-sku-list',
    },
  ],
  approvedText: (kind) => (kind === 3 ? '已通过，商品已入标准商品库并上架批发商城（SKU待在销售管理上架）' : '已通过，商城SKU已创建'),
};
