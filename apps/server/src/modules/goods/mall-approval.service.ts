import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { specText } from '@merchant/contracts/goods/sku';
import type { MallApprovalDetail } from '@merchant/contracts/mall/mall-approval';
import { tierText } from '@merchant/contracts/mall/price-tiers';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import type { PdfWriter } from '../../platform/pdf/pdf-document.ts';
import { historyPage } from '../../platform/record-history.ts';
import { approvalPdf, imagesPdfField, productPdfFields } from './approval-pdf.ts';
import * as approval from './approval.service.ts';
import { categoryPaths } from './category.service.ts';
import { findMallGoodsBrief, type MallNewProductPayload, type MallSkuApplyPayload } from './mall-approval-kinds.ts';

// 批发商城 → 新品申请: the mall's applications (kinds 3 and 4) through the goods applications' service with the
// mall family, so they share the state machine, review rules, history and PDF; only the applied fields differ.

const MALL = 'mall' as const;
const storageName = (s: number) => STORAGE_STYLES[s as keyof typeof STORAGE_STYLES] ?? String(s);

export async function detail(ctx: SessionOpContext, approvalCode: string): Promise<MallApprovalDetail> {
  const row = await approval.requireApproval(ctx, approvalCode, ctx.db, MALL);
  const base = await approval.detailOf(ctx, row);
  const payload = approval.payloadOfRow(row);
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  if (row.kind === 3) {
    const p = payload as MallNewProductPayload;
    return {
      ...base,
      mallProduct: {
        ...p,
        categoryPath: paths.get(p.categoryId) ?? `分类#${p.categoryId}`,
        storageStyleName: storageName(p.storageStyle),
        tierText: tierText(p.priceTiers, p.saleUnit),
      },
      mallSku: null,
    };
  }
  const k = payload as MallSkuApplyPayload;
  const g = await findMallGoodsBrief(ctx.db, ctx.merchantId, k.mallGoodsId);
  return {
    ...base,
    mallProduct: null,
    mallSku: {
      ...k,
      mallCode: g?.mall_code ?? '',
      mallTitle: g?.title ?? `商城商品#${k.mallGoodsId}`,
      saleUnit: g?.sale_unit ?? '',
      categoryPath: g ? (paths.get(g.category_id) ?? '') : '',
      tierText: tierText(k.priceTiers, g?.sale_unit ?? ''),
    },
  };
}

export async function history(ctx: SessionOpContext, i: { approvalCode: string; pageNum: number; pageSize: number }) {
  const row = await approval.requireApproval(ctx, i.approvalCode, ctx.db, MALL);
  return historyPage(ctx, 'goods.approval', row.approval_code, i);
}

/** SKU review reason (spec §7): the application's state and its latest reason. */
export async function reviewReason(ctx: SessionOpContext, approvalCode: string) {
  const r = await approval.requireApproval(ctx, approvalCode, ctx.db, MALL);
  return {
    approvalCode: r.approval_code,
    status: r.status,
    statusName: approval.statusName(r.status),
    reason: r.reason,
    reviewerName: r.reviewer_name,
    reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
  };
}

/** The printable mall application: the goods application's PDF with the mall's fields and the breaks. */
export async function pdf(ctx: SessionOpContext, approvalCode: string) {
  const d = await detail(ctx, approvalCode);
  return approvalPdf(ctx, approvalCode, MALL, (w: PdfWriter) => {
    if (d.mallProduct) {
      const p = d.mallProduct;
      w.heading('商品信息');
      w.fields([
        ...productPdfFields(p),
        imagesPdfField(p.imageIds),
        ['销售单位', `${p.saleUnit}（每${p.saleUnit}${p.piecesPerUnit}${p.unit}）`],
      ]);
    }
    if (d.mallSku) {
      const k = d.mallSku;
      w.heading('SKU信息');
      w.fields([
        ['所属商城商品', k.mallCode ? `${k.mallTitle}（${k.mallCode}）` : k.mallTitle],
        ['商品分类', k.categoryPath],
        ['SKU规格', specText(k.specValues) || '无'],
        ['SKU条码', k.barcode],
      ]);
    }
    const tiers = d.mallProduct?.priceTiers ?? d.mallSku?.priceTiers ?? [];
    const unit = d.mallProduct?.saleUnit ?? d.mallSku?.saleUnit ?? '';
    w.heading('批发阶梯价');
    w.table(
      [
        { header: '档位', width: 14 },
        { header: '起批数量', width: 30 },
        { header: '批发单价', width: 30 },
      ],
      tiers.map((t, i) => [`第${i + 1}档`, `${t.minQty}${unit}起`, approval.yuan(t.price)]),
    );
  });
}
