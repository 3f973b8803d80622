import { APPROVAL_ACTIONS, approvalPdfFileName } from '@merchant/contracts/goods/approval';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { renderPdf, type PdfWriter } from '../../platform/pdf/pdf-document.ts';
import * as s from './approval.service.ts';

/** yyyy-MM-dd HH:mm in the business time zone. */
function timeText(ms: number | null, timeZone: string): string {
  if (ms === null) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The applied product's fields as every application PDF prints them (goods 新品申请 and 商城新品申请), name to guide price. */
export function productPdfFields(p: {
  name: string;
  barcode: string;
  brand: string;
  categoryPath: string;
  spec: string;
  unit: string;
  shelfLifeDays: number;
  storageStyleName: string;
  guidePrice: number;
}): [string, string][] {
  return [
    ['商品名称', p.name],
    ['商品条码', p.barcode],
    ['品牌', p.brand],
    ['商品分类', p.categoryPath],
    ['规格', p.spec],
    ['单位', p.unit],
    ['保质期', `${p.shelfLifeDays}天`],
    ['储存方式', p.storageStyleName],
    ['建议零售价', s.yuan(p.guidePrice)],
  ];
}

/** The images line of an application PDF (the count: the PDF does not embed them). */
export const imagesPdfField = (imageIds: readonly string[]): [string, string] => [
  '商品图片',
  imageIds.length ? `${imageIds.length}张` : '无',
];

/** The printable application (申请单): its code, state, people and times, every applied field, the review trail. */
export async function approvalPdf(
  ctx: SessionOpContext,
  approvalCode: string,
  family: s.ApprovalFamily = 'goods',
  /** The applied fields of kinds this module does not print itself (the mall's: modules/mall). */
  extra?: (w: PdfWriter) => void,
): Promise<{ fileName: string; bytes: Buffer }> {
  const d = await s.detailOf(ctx, await s.requireApproval(ctx, approvalCode, ctx.db, family));
  const trail = await s.fullHistory(ctx, approvalCode);
  const tz = ctx.config.businessTimeZone;
  const t = (ms: number | null) => timeText(ms, tz);
  const title = `${d.kindName}单`;
  const bytes = await renderPdf({ title: `${title} ${d.approvalCode}`, author: d.applicantName, subject: d.title }, (w) => {
    w.title(title, `申请单号：${d.approvalCode}    打印时间：${t(ctx.clock.now())}`);
    w.heading('申请信息');
    w.fields([
      ['申请单号', d.approvalCode],
      ['申请类型', d.kindName],
      ['申请状态', d.statusName],
      ['申请人', d.applicantName],
      ['创建时间', t(d.createdAt)],
      ['提交时间', t(d.submittedAt)],
      ['审核人', d.reviewerName],
      ['审核时间', t(d.reviewedAt)],
      ...(d.reason ? ([['原因/意见', d.reason]] as const) : []),
    ]);
    if (d.product) {
      const p = d.product;
      w.heading('商品信息');
      w.fields([...productPdfFields(p), ['销售价', s.yuan(p.basePrice)], imagesPdfField(p.imageIds)]);
    }
    if (d.sku) {
      const k = d.sku;
      w.heading('SKU信息');
      w.fields([
        ['所属商品', k.goodsCode ? `${k.goodsName}（${k.goodsCode}）` : k.goodsName],
        ['商品分类', k.categoryPath],
        ['SKU规格', k.specValues.map((v) => `${v.name}：${v.value}`).join('、') || '无'],
        ['SKU条码', k.barcode],
        ['销售价', s.yuan(k.basePrice)],
        ['储存方式', k.storageStyleName],
      ]);
    }
    extra?.(w);
    w.heading('审核记录');
    w.table(
      [
        { header: '时间', width: 22 },
        { header: '操作', width: 14 },
        { header: '操作人', width: 14 },
        { header: '原因/意见', width: 50 },
      ],
      trail.map((e) => [
        t(e.createdAt),
        APPROVAL_ACTIONS[e.action as keyof typeof APPROVAL_ACTIONS] ?? e.actionLabel,
        e.operatorName,
        e.remark,
      ]),
    );
    w.footnote('本申请单由系统生成，内容以系统记录为准。');
  });
  return { fileName: approvalPdfFileName(d.approvalCode, d.kind), bytes };
}
