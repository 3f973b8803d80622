import { CABINET_CHANNEL } from '@merchant/contracts/price/price-fields';
import {
  MATCHING_CABINETS_MAX,
  type CabinetOption,
  type MatchingCabinets,
  type PriceSkuOption,
  type PriceStoreOption,
} from '@merchant/contracts/price/price-options';
import { badInput } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { list as deviceList } from '../device/device.service.ts';
import { storeOptions } from '../merchant/store.service.ts';
import * as optionsRepo from './price-options.repo.ts';
import * as resolverRepo from './price-resolver.repo.ts';
import * as sheetRepo from './price-sheet.repo.ts';

// The pickers of the price pages, read through the owning modules' services (devices, stores) and the sheet's SKU
// query, all on the session's merchant.

const ACTIVATED = 2;

/** The merchant's activated cabinets whose code or name holds the keyword (at most `pageSize`, newest first). */
export async function cabinets(ctx: SessionOpContext, i: { keyword?: string; pageSize: number }): Promise<CabinetOption[]> {
  const base = { pageNum: 1, pageSize: i.pageSize, status: ACTIVATED, sortField: 'createdAt' as const, sortOrder: 'descend' as const };
  const k = i.keyword ?? '';
  const pages = k
    ? await Promise.all([deviceList(ctx, { ...base, deviceCode: k.toUpperCase() }), deviceList(ctx, { ...base, name: k })])
    : [await deviceList(ctx, base)];
  const seen = new Map<string, { deviceCode: string; name: string; modelName: string }>();
  for (const p of pages) for (const d of p.list) if (!seen.has(d.deviceCode)) seen.set(d.deviceCode, d);
  const rows = [...seen.values()].slice(0, i.pageSize);
  const bound = new Map(
    (
      await resolverRepo.cabinetChannels(
        ctx.db,
        ctx.merchantId,
        CABINET_CHANNEL,
        rows.map((r) => r.deviceCode),
      )
    ).map((b) => [b.device_code, b]),
  );
  return rows.map((d) => {
    const b = bound.get(d.deviceCode);
    return {
      deviceCode: d.deviceCode,
      name: d.name,
      modelName: d.modelName,
      secondChannelId: b ? b.channel_id : null,
      secondChannelName: b?.name ?? '',
    };
  });
}

/** The merchant's stores (newest first). */
export async function stores(ctx: SessionOpContext): Promise<PriceStoreOption[]> {
  return (await storeOptions(ctx)).map((s) => ({ storeId: s.id, storeCode: s.storeCode, name: s.name, statusName: s.statusName }));
}

/** The merchant's live SKUs among `skuIds` (another merchant's or a deleted one is simply absent), in the order asked. */
export async function skus(ctx: SessionOpContext, skuIds: number[]): Promise<PriceSkuOption[]> {
  const rows = await sheetRepo.sheetQuery(ctx.db, ctx.merchantId, { skuIds: [...new Set(skuIds)] }, []).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return [...new Set(skuIds)].flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ skuId: id, skuCode: r.sku_code, skuName: r.name, barcode: r.barcode }] : [];
  });
}

/**
 * 调整柜价 with nothing ticked: every cabinet carrying any of the SKUs whose name holds the filter's text. More than
 * MATCHING_CABINETS_MAX is refused (narrow the filter or tick cabinets), never cut silently.
 */
export async function matchingCabinets(ctx: SessionOpContext, i: { skuIds: number[]; deviceName?: string }): Promise<MatchingCabinets> {
  const codes = await optionsRepo.cabinetsCarrying(ctx.db, ctx.merchantId, i.skuIds, i.deviceName, MATCHING_CABINETS_MAX + 1);
  if (codes.length > MATCHING_CABINETS_MAX) {
    throw badInput(`符合条件的智能柜超过${MATCHING_CABINETS_MAX}台，请按设备名称缩小范围或勾选要调价的智能柜`);
  }
  return { deviceCodes: codes };
}
