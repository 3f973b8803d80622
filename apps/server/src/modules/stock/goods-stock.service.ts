import type { Paged } from '@merchant/contracts';
import { GOODS_STOCK_KINDS, type GoodsStockRow } from '@merchant/contracts/stock/goods-stock';
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
