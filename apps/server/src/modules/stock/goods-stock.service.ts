import type { Paged } from '@merchant/contracts';
import { GOODS_STOCK_KINDS, type GoodsStockRow, type WholesaleGoodsStockRow } from '@merchant/contracts/stock/goods-stock';
import type { StockLocationKind } from '@merchant/contracts/stock/stock-fields';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { categoryPaths } from '../goods/category.service.ts';
import * as repo from './goods-stock.repo.ts';

// 商品库存 (docs/stock.md): every live SKU with its on hand per location kind and the totals.

type Filter = repo.GoodsStockFilter;

async function toRows(ctx: SessionOpContext, rows: repo.GoodsStockDbRow[]): Promise<GoodsStockRow[]> {
  const paths = await categoryPaths(ctx.db, ctx.merchantId, [...new Set(rows.map((r) => Number(r.category_id)))]);
  return rows.map((r) => {
    const onHand = Number(r.on_hand ?? 0);
    const locked = Number(r.locked ?? 0);
    return {
      skuId: Number(r.sku_id),
      skuCode: r.sku_code,
      skuName: r.sku_name,
      barcode: r.barcode,
      categoryPath: paths.get(Number(r.category_id)) ?? '',
      kinds: Object.fromEntries(GOODS_STOCK_KINDS.map((k) => [k, Number(r[`k_${k}`] ?? 0)])),
      onHand,
      locked,
      available: onHand - locked,
    };
  });
}

export async function list(ctx: SessionOpContext, f: Filter & { pageNum: number; pageSize: number }): Promise<Paged<GoodsStockRow>> {
  const { list: rows, total } = await repo.listGoodsStock(ctx.db, ctx.merchantId, f);
  return { list: await toRows(ctx, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export const exportQuery = (ctx: SessionOpContext, f: Filter) => repo.goodsStockQuery(ctx.db, ctx.merchantId, f);
export const exportRows = toRows;

// ---------------------------------------------------------------- 批发库存: one location kind's stock by goods

async function toKindGoodsRows(
  ctx: SessionOpContext,
  kind: StockLocationKind,
  rows: repo.KindGoodsStockDbRow[],
): Promise<WholesaleGoodsStockRow[]> {
  const [paths, skus] = await Promise.all([
    categoryPaths(ctx.db, ctx.merchantId, [...new Set(rows.map((r) => Number(r.category_id)))]),
    repo.kindSkusOfGoods(
      ctx.db,
      ctx.merchantId,
      kind,
      rows.map((r) => Number(r.goods_id)),
    ),
  ]);
  const byGoods = new Map<number, WholesaleGoodsStockRow['skus']>();
  for (const k of skus) {
    const onHand = Number(k.on_hand);
    const locked = Number(k.locked);
    const list = byGoods.get(Number(k.goods_id)) ?? [];
    list.push({
      skuId: Number(k.id),
      skuCode: k.sku_code,
      skuName: k.name,
      barcode: k.barcode,
      onHand,
      locked,
      available: onHand - locked,
    });
    byGoods.set(Number(k.goods_id), list);
  }
  return rows.map((r) => {
    const onHand = Number(r.on_hand ?? 0);
    const locked = Number(r.locked ?? 0);
    return {
      goodsId: Number(r.goods_id),
      goodsCode: r.goods_code,
      goodsName: r.goods_name,
      brand: r.brand,
      categoryPath: paths.get(Number(r.category_id)) ?? '',
      skuCount: Number(r.sku_count),
      lowSkuCount: Number(r.low_count ?? 0),
      onHand,
      locked,
      available: onHand - locked,
      skus: byGoods.get(Number(r.goods_id)) ?? [],
    };
  });
}

type KindGoodsFilter = repo.KindGoodsStockFilter;

export async function listKindGoods(
  ctx: SessionOpContext,
  kind: StockLocationKind,
  f: KindGoodsFilter & { pageNum: number; pageSize: number },
): Promise<Paged<WholesaleGoodsStockRow>> {
  const { list: rows, total } = await repo.listKindGoodsStock(ctx.db, ctx.merchantId, kind, f);
  return { list: await toKindGoodsRows(ctx, kind, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const kindGoodsExportQuery = (ctx: SessionOpContext, kind: StockLocationKind, f: KindGoodsFilter) =>
  repo.kindGoodsStockQuery(ctx.db, ctx.merchantId, kind, f);
export const kindGoodsExportRows = (kind: StockLocationKind) => (ctx: SessionOpContext, rows: repo.KindGoodsStockDbRow[]) =>
  toKindGoodsRows(ctx, kind, rows);
