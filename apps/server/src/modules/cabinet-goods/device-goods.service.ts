import type { DeviceGoodsRow } from '@merchant/contracts/cabinet-goods/device-goods';
import type { Paged } from '@merchant/contracts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { modelsByCode } from '../device/device.service.ts';
import { pricesAtCabinets } from './cabinet-price.ts';
import * as repo from './device-goods.repo.ts';

async function toRows(ctx: SessionOpContext, rows: repo.DeviceGoodsDbRow[]): Promise<DeviceGoodsRow[]> {
  const models = await modelsByCode(ctx);
  const prices = await pricesAtCabinets(
    ctx.db,
    ctx.merchantId,
    rows.map((r) => r.device_code),
    rows.map((r) => r.sku_id),
  );
  return rows.map((r) => ({
    id: r.id,
    deviceCode: r.device_code,
    deviceName: r.device_name,
    modelCode: r.model_code,
    modelName: models.get(r.model_code)?.name ?? r.model_code,
    templateCode: r.template_code,
    templateVersion: Number(r.template_version),
    slotNo: r.slot_no,
    skuId: r.sku_id,
    skuCode: r.sku_code,
    skuName: r.sku_name,
    goodsId: r.goods_id,
    goodsName: r.goods_name,
    capacity: r.capacity,
    parLevel: r.par_level,
    price: prices.get(`${r.device_code}:${r.sku_id}`) ?? 0,
    appliedAt: Number(r.applied_at),
  }));
}

export async function list(
  ctx: SessionOpContext,
  f: repo.DeviceGoodsFilter & { pageNum: number; pageSize: number },
): Promise<Paged<DeviceGoodsRow>> {
  const { list: rows, total } = await repo.listDeviceGoods(ctx.db, ctx.merchantId, f);
  return { list: await toRows(ctx, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.DeviceGoodsFilter) => repo.deviceGoodsQuery(ctx.db, ctx.merchantId, f);
export const exportRows = (ctx: SessionOpContext, rows: repo.DeviceGoodsDbRow[]) => toRows(ctx, rows);
