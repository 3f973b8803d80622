import type { CabinetPriceGoodsRow, CabinetPriceRow } from '@merchant/contracts/cabinet-goods/cabinet-price-goods';
import type { Paged } from '@merchant/contracts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { modelsByCode } from '../device/device.service.ts';
import { pricesAtCabinets } from './cabinet-price.ts';
import * as repo from './cabinet-price-goods.repo.ts';

async function toRows(ctx: SessionOpContext, rows: repo.CabinetSkuDbRow[]): Promise<CabinetPriceGoodsRow[]> {
  const pairs = await repo.cabinetsOfSkus(
    ctx.db,
    ctx.merchantId,
    rows.map((r) => r.id),
  );
  const prices = await pricesAtCabinets(
    ctx.db,
    ctx.merchantId,
    pairs.map((p) => p.device_code),
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const ps = pairs.filter((p) => p.sku_id === r.id).map((p) => prices.get(`${p.device_code}:${r.id}`) ?? Number(r.base_price));
    return {
      skuId: r.id,
      skuCode: r.sku_code,
      skuName: r.name,
      goodsId: r.goods_id,
      goodsName: r.goods_name,
      basePrice: Number(r.base_price),
      cabinetCount: Number(r.cabinet_count),
      minPrice: ps.length ? Math.min(...ps) : Number(r.base_price),
      maxPrice: ps.length ? Math.max(...ps) : Number(r.base_price),
    };
  });
}

export async function list(
  ctx: SessionOpContext,
  f: repo.CabinetPriceGoodsFilter & { pageNum: number; pageSize: number },
): Promise<Paged<CabinetPriceGoodsRow>> {
  const { list: rows, total } = await fetchPage(ctx.db, repo.cabinetSkusQuery(ctx.db, ctx.merchantId, f), f);
  return { list: await toRows(ctx, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.CabinetPriceGoodsFilter) => repo.cabinetSkusQuery(ctx.db, ctx.merchantId, f);
export const exportRows = (ctx: SessionOpContext, rows: repo.CabinetSkuDbRow[]) => toRows(ctx, rows);

type PricesInput = {
  skuIds: number[];
  deviceName?: string;
  sortField?: 'deviceCode' | 'deviceName';
  sortOrder: 'ascend' | 'descend';
};

/** The per-cabinet prices of the chosen SKUs (only the merchant's: another merchant's SKU ids find nothing). */
export async function prices(
  ctx: SessionOpContext,
  i: PricesInput & { pageNum: number; pageSize: number },
): Promise<Paged<CabinetPriceRow>> {
  const { list: rows, total } = await fetchPage(ctx.db, repo.skuCabinetsQuery(ctx.db, ctx.merchantId, i.skuIds, i), i);
  return { total, pageNum: i.pageNum, pageSize: i.pageSize, list: await priceRows(ctx, rows) };
}
/** containerPrice-commodity-price 导出: the same query without paging. */
export const pricesExportQuery = (ctx: SessionOpContext, i: PricesInput) => repo.skuCabinetsQuery(ctx.db, ctx.merchantId, i.skuIds, i);

/** A batch of (cabinet, SKU) rows with their slots and the cabinet price the resolver answers. */
export async function priceRows(ctx: SessionOpContext, rows: repo.SkuCabinetDbRow[]): Promise<CabinetPriceRow[]> {
  if (rows.length === 0) return [];
  const skuIds = [...new Set(rows.map((r) => r.sku_id))];
  const slots = await repo.slotsOfSkus(
    ctx.db,
    ctx.merchantId,
    skuIds,
    rows.map((r) => r.device_id),
  );
  const at = await pricesAtCabinets(
    ctx.db,
    ctx.merchantId,
    rows.map((r) => r.device_code),
    skuIds,
  );
  const models = await modelsByCode(ctx);
  return rows.map((r) => ({
    deviceCode: r.device_code,
    deviceName: r.name,
    modelName: models.get(r.model_code)?.name ?? r.model_code,
    skuId: r.sku_id,
    skuCode: r.sku_code,
    skuName: r.sku_name,
    slots: slots.filter((s) => s.device_id === r.device_id && s.sku_id === r.sku_id).map((s) => s.slot_no),
    basePrice: Number(r.base_price),
    price: at.get(`${r.device_code}:${r.sku_id}`) ?? Number(r.base_price),
  }));
}
