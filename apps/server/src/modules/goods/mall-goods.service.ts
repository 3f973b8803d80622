import type { Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import { MALL_OFF, MALL_ON } from '@merchant/contracts/mall/mall-fields';
import type { MallGoodsOption, MallGoodsRow, mallGoodsUpdateInput } from '@merchant/contracts/mall/mall-goods';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { categoryPaths } from './category.service.ts';
import { MALL_GOODS_PREFIX, mallCode } from './mall-code.ts';
import * as repo from './mall-goods.repo.ts';
import { followOff, followTitle, mallStatusName } from './mall-sku.service.ts';

export const MALL_GOODS_SUBJECT = 'mall.goods';

export const MALL_GOODS_LABELS = {
  title: '商城商品名称',
  saleUnit: '销售单位',
  piecesPerUnit: '每单位件数',
  status: '上下架状态',
} as const;

const goodsText = (field: string, v: unknown) =>
  v === undefined || v === null || v === '' ? '（空）' : field === 'status' ? mallStatusName(v) : String(v);

function imageIds(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as string[]) : [];
  } catch {
    return [];
  }
}

export function toMallGoodsRow(r: repo.MallGoodsListRow, paths: Map<number, string>): MallGoodsRow {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    mallGoodsId: Number(r.id),
    mallCode: r.mall_code,
    title: r.title,
    standardProductId: Number(r.standard_product_id),
    goodsNo: r.goods_no,
    barcode: r.barcode,
    brand: r.brand,
    spec: r.spec,
    unit: r.unit,
    categoryId: Number(r.category_id),
    categoryPath: paths.get(Number(r.category_id)) ?? '',
    saleUnit: r.sale_unit,
    piecesPerUnit: Number(r.pieces_per_unit),
    moq: n(r.moq),
    minPrice: n(r.min_price),
    maxPrice: n(r.max_price),
    skuCount: Number(r.sku_count ?? 0),
    imageIds: imageIds(r.image_ids),
    status: Number(r.status),
    statusName: mallStatusName(r.status),
    approvalCode: r.approval_code,
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireGoods(ctx: SessionOpContext, id: number, db: SessionOpContext['db'] | Transaction<Database> = ctx.db) {
  const row = await repo.findMallGoods(db, ctx.merchantId, id);
  if (!row) throw notFound('商城商品');
  return row;
}

export async function list(
  ctx: SessionOpContext,
  f: repo.MallGoodsFilter & { pageNum: number; pageSize: number },
): Promise<Paged<MallGoodsRow>> {
  const { list: rows, total } = await repo.listMallGoods(ctx.db, ctx.merchantId, f);
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return { list: rows.map((r) => toMallGoodsRow(r, paths)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.MallGoodsFilter) => repo.mallGoodsQuery(ctx.db, ctx.merchantId, f);
export async function exportRows(ctx: SessionOpContext, rows: repo.MallGoodsListRow[]) {
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return rows.map((r) => toMallGoodsRow(r, paths));
}

export async function detail(ctx: SessionOpContext, id: number): Promise<MallGoodsRow> {
  return toMallGoodsRow(await requireGoods(ctx, id), await categoryPaths(ctx.db, ctx.merchantId));
}

export async function options(ctx: SessionOpContext, keyword?: string): Promise<MallGoodsOption[]> {
  const rows = await repo.mallGoodsOptions(ctx.db, ctx.merchantId, keyword);
  return rows.map((r) => ({
    mallGoodsId: Number(r.id),
    mallCode: r.mall_code,
    title: r.title,
    saleUnit: r.sale_unit,
    status: Number(r.status),
  }));
}

/**
 * Lists a standard product in the mall (inside the caller's transaction: the approval of a 商城新品申请), 上架.
 * A product is listed at most once (mall_goods_product_uq is the last word).
 */
export async function createMallGoods(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  product: { id: number; name: string; categoryId: number },
  v: { saleUnit: string; piecesPerUnit: number },
  approvalCode = '',
) {
  const mid = ctx.merchantId;
  const held = await repo.mallGoodsOfProduct(trx, mid, product.id);
  if (held) throw conflict(`「${product.name}」已在批发商城（${held.mall_code}），不能重复上架`);
  const code = await mallCode(MALL_GOODS_PREFIX, (c) => repo.mallCodeTaken(trx, mid, c));
  const now = ctx.clock.now();
  const values = { title: product.name, saleUnit: v.saleUnit, piecesPerUnit: v.piecesPerUnit, status: MALL_ON };
  const id = await repo.insertMallGoods(trx, {
    merchant_id: mid,
    standard_product_id: product.id,
    mall_code: code,
    title: values.title,
    category_id: product.categoryId,
    sale_unit: values.saleUnit,
    pieces_per_unit: values.piecesPerUnit,
    approval_code: approvalCode,
    status: values.status,
    created_by: ctx.session.accountId,
    created_at: now,
    updated_at: now,
  });
  await writeHistory(trx, ctx, {
    subject: MALL_GOODS_SUBJECT,
    subjectId: id,
    action: 'create',
    actionLabel: '上架到批发商城',
    changes: describeChanges({}, values, MALL_GOODS_LABELS, goodsText),
    remark: approvalCode ? `由申请 ${approvalCode} 审核通过` : '',
  });
  return { mallGoodsId: id, mallCode: code };
}

export async function update(ctx: SessionOpContext, i: z.output<typeof mallGoodsUpdateInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    const g = await requireGoods(ctx, i.mallGoodsId, trx);
    if (Number(g.version) !== i.version) throw conflict(STALE_VERSION_MESSAGE);
    const before = { title: g.title, saleUnit: g.sale_unit, piecesPerUnit: Number(g.pieces_per_unit) };
    const after = { title: i.title, saleUnit: i.saleUnit, piecesPerUnit: i.piecesPerUnit };
    const changes = describeChanges(before, after, MALL_GOODS_LABELS, goodsText);
    if (changes.length === 0) return { mallGoodsId: Number(g.id), version: i.version };
    assertFresh(
      await repo.updateMallGoodsVersioned(trx, ctx.merchantId, g.id, i.version, {
        title: after.title,
        sale_unit: after.saleUnit,
        pieces_per_unit: after.piecesPerUnit,
        updated_at: ctx.clock.now(),
      }),
    );
    await writeHistory(trx, ctx, { subject: MALL_GOODS_SUBJECT, subjectId: g.id, action: 'update', actionLabel: '编辑商城商品', changes });
    if (after.title !== before.title) await followTitle(trx, ctx, g.id, after.title);
    return { mallGoodsId: Number(g.id), version: i.version + 1 };
  });
}

/** 上架 ⇄ 下架 (docs/goods.md "Mall SPU status"): 下架 takes every 上架 SKU of it 下架 in the same transaction. */
export async function setStatus(ctx: SessionOpContext, i: { mallGoodsId: number; version: number; status: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const g = await requireGoods(ctx, i.mallGoodsId, trx);
    if (Number(g.status) === i.status) throw conflict(`商城商品已是${mallStatusName(i.status)}状态`);
    assertFresh(
      await repo.updateMallGoodsVersioned(trx, ctx.merchantId, g.id, i.version, { status: i.status, updated_at: ctx.clock.now() }),
    );
    await writeHistory(trx, ctx, {
      subject: MALL_GOODS_SUBJECT,
      subjectId: g.id,
      action: 'status',
      actionLabel: i.status === MALL_ON ? '上架' : '下架',
      changes: describeChanges({ status: Number(g.status) }, { status: i.status }, { status: MALL_GOODS_LABELS.status }, goodsText),
    });
    if (i.status === MALL_OFF) await followOff(trx, ctx, g.id);
  });
  return null;
}

export async function history(
  ctx: SessionOpContext,
  i: { mallGoodsId: number; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const g = await requireGoods(ctx, i.mallGoodsId);
  return historyPage(ctx, MALL_GOODS_SUBJECT, g.id, i);
}
