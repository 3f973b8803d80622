import type { MyGoodsContainer, MyGoodsRow } from '@merchant/contracts/cabinet-goods/my-goods';
import type { Paged } from '@merchant/contracts';
import { notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { modelsByCode } from '../device/device.service.ts';
import { pricesAtCabinets } from './cabinet-price.ts';
import * as repo from './my-goods.repo.ts';
import { goodsFieldsMapper } from './goods-fields.ts';

async function toRows(ctx: SessionOpContext, rows: repo.MyGoodsDbRow[]): Promise<MyGoodsRow[]> {
  const fields = await goodsFieldsMapper(ctx, rows);
  return rows.map((r) => ({
    ...fields(r),
    skuCount: Number(r.sku_count ?? 0),
    slotCount: Number(r.slot_count ?? 0),
    createdAt: Number(r.created_at),
  }));
}

export async function list(
  ctx: SessionOpContext,
  f: repo.MyGoodsFilter & { pageNum: number; pageSize: number },
): Promise<Paged<MyGoodsRow>> {
  const { list: rows, total } = await repo.listMyGoods(ctx.db, ctx.merchantId, f);
  return { list: await toRows(ctx, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.MyGoodsFilter) => repo.myGoodsQuery(ctx.db, ctx.merchantId, f);
export const exportRows = (ctx: SessionOpContext, rows: repo.MyGoodsDbRow[]) => toRows(ctx, rows);

/** container-list: the cabinets that carry the goods, with their slots, capacity and price range. */
export async function containers(
  ctx: SessionOpContext,
  i: {
    goodsId: number;
    deviceName?: string;
    pageNum: number;
    pageSize: number;
    sortField?: 'deviceCode' | 'deviceName';
    sortOrder: 'ascend' | 'descend';
  },
): Promise<Paged<MyGoodsContainer> & { goodsName: string; goodsCode: string }> {
  const g = await repo.findGoods(ctx.db, ctx.merchantId, i.goodsId);
  if (!g) throw notFound('商品');
  const { list: rows, total } = await fetchPage(ctx.db, repo.containersQuery(ctx.db, ctx.merchantId, g.id, i), i);
  return {
    goodsName: g.name,
    goodsCode: g.goods_code,
    total,
    pageNum: i.pageNum,
    pageSize: i.pageSize,
    list: await containerRows(ctx, rows),
  };
}

/** container-list 导出: the same query without paging (another merchant's goods id finds no cabinets). */
export const containersExportQuery = (
  ctx: SessionOpContext,
  i: { goodsId: number; deviceName?: string; sortField?: 'deviceCode' | 'deviceName'; sortOrder: 'ascend' | 'descend' },
) => repo.containersQuery(ctx.db, ctx.merchantId, i.goodsId, i);

/** A batch of container rows (all of one goods) with their slots, SKUs and cabinet prices. */
export async function containerRows(ctx: SessionOpContext, rows: repo.ContainerDbRow[]): Promise<MyGoodsContainer[]> {
  if (rows.length === 0) return [];
  const goodsId = rows[0].goods_id;
  const slots = await repo.slotsOfGoods(
    ctx.db,
    ctx.merchantId,
    goodsId,
    rows.map((r) => r.device_id),
  );
  const prices = await pricesAtCabinets(
    ctx.db,
    ctx.merchantId,
    rows.map((r) => r.device_code),
    slots.map((s) => s.sku_id),
  );
  const models = await modelsByCode(ctx);
  return rows.map((r) => {
    const mine = slots.filter((s) => s.device_id === r.device_id);
    const ps = mine.map((s) => prices.get(`${r.device_code}:${s.sku_id}`) ?? 0);
    return {
      deviceCode: r.device_code,
      deviceName: r.name,
      modelName: models.get(r.model_code)?.name ?? r.model_code,
      online: Boolean(r.online),
      templateCode: r.template_code,
      slots: mine.map((s) => s.slot_no),
      skuNames: [...new Set(mine.map((s) => s.sku_name))],
      capacity: Number(r.capacity ?? 0),
      parLevel: Number(r.par_level ?? 0),
      minPrice: ps.length ? Math.min(...ps) : 0,
      maxPrice: ps.length ? Math.max(...ps) : 0,
      appliedAt: Number(r.applied_at ?? 0),
    };
  });
}
