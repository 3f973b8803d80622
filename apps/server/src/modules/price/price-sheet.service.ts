import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { DEVICE_STATUS, type DeviceStatus } from '@merchant/contracts/device/device';
import { STORAGE_STYLES, type StorageStyle } from '@merchant/contracts/goods/goods-fields';
import { SKU_STATUS } from '@merchant/contracts/goods/sku';
import { PRICE_CHANNEL_ENABLED } from '@merchant/contracts/price/price-channel';
import { CABINET_CHANNEL, LOCAL_LIFE_ALL_STORES, LOCAL_LIFE_CHANNEL } from '@merchant/contracts/price/price-fields';
import {
  PRICE_SHEET_COUNT_UP_TO,
  type CabinetInfo,
  type CabinetSheetRow,
  type ChannelSheetRow,
  type LocalLifeSheetRow,
  type QuoteRow,
} from '@merchant/contracts/price/price-sheet';
import { badInput, notFound } from '../../platform/errors.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { devicesByCodes, modelsByCode } from '../device/device.service.ts';
import { categoryPaths } from '../goods/category.service.ts';
import { storesByIds } from '../merchant/store.service.ts';
import * as resolverRepo from './price-resolver.repo.ts';
import * as repo from './price-sheet.repo.ts';
import { firstChannels } from './price-targets.ts';
import { resolvePrices, type PriceQuery, type ResolvedPrice } from './price.resolver.ts';

// Price sheets: every live SKU of the merchant with each layer's price in one place and the price that wins
// (单柜价格, 渠道价格, 本地生活价格), and price.resolver.quote. All prices come from the resolver.

interface Paging {
  cursor?: string;
  pageSize: number;
  sortField?: 'createdAt' | 'skuCode';
  sortOrder: 'ascend' | 'descend';
}

async function page(ctx: SessionOpContext, f: repo.SheetFilter & Paging, groups: repo.LayerGroup[]) {
  const byCode = f.sortField === 'skuCode';
  return fetchKeysetPage(ctx.db, repo.sheetQuery(ctx.db, ctx.merchantId, f, groups), {
    sort: byCode
      ? { key: 'skuCode', column: 'goods_sku.sku_code', type: 'string', value: (r) => r.sku_code }
      : { key: 'createdAt', column: 'goods_sku.created_at', value: (r) => Number(r.created_at) },
    id: { column: 'goods_sku.id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: PRICE_SHEET_COUNT_UP_TO },
    scope: ctx.merchantId,
  });
}

async function skuColumns(ctx: SessionOpContext) {
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return (r: repo.SheetRow) => ({
    skuId: Number(r.id),
    skuCode: r.sku_code,
    skuName: r.name,
    goodsName: r.goods_name,
    barcode: r.barcode,
    categoryPath: paths.get(Number(r.category_id)) ?? '',
    storageStyleName: STORAGE_STYLES[Number(r.storage_style) as StorageStyle] ?? '',
    skuStatusName: SKU_STATUS[Number(r.status) as keyof typeof SKU_STATUS] ?? '',
  });
}

const layerColumns = (p: ResolvedPrice) => ({
  basePrice: p.layers.base!,
  channel1Price: p.layers.channel1,
  channel2Price: p.layers.channel2,
  cabinetPrice: p.layers.cabinet,
  localLifePrice: p.layers.localLife,
  effectivePrice: p.priceCents,
  layer: p.layer,
  layerName: p.layerName,
});

// ---------------------------------------------------------------- 单柜价格

async function cabinetOf(ctx: SessionOpContext, deviceCode: string) {
  const [d] = await devicesByCodes(ctx.db, ctx.merchantId, [deviceCode]);
  if (!d) throw notFound('智能柜');
  const [bound] = await resolverRepo.cabinetChannels(ctx.db, ctx.merchantId, CABINET_CHANNEL, [deviceCode]);
  return { d, bound };
}

function cabinetGroups(deviceCode: string, secondChannelId: number | null): repo.LayerGroup[] {
  return [
    { layer: 'cabinet', targets: [{ scope: 'cabinet', key: deviceCode }] },
    ...(secondChannelId !== null ? [{ layer: 'channel2', targets: [{ scope: 'channel2', key: String(secondChannelId) }] }] : []),
    { layer: 'channel1', targets: [{ scope: 'channel1', key: CABINET_CHANNEL }] },
  ];
}

export async function cabinetInfo(ctx: SessionOpContext, deviceCode: string): Promise<CabinetInfo> {
  const { d, bound } = await cabinetOf(ctx, deviceCode);
  const models = await modelsByCode(ctx);
  return {
    deviceCode: d.device_code,
    name: d.name,
    modelName: models.get(d.model_code)?.name ?? d.model_code,
    statusName: DEVICE_STATUS[d.status as DeviceStatus] ?? String(d.status),
    secondChannelId: bound ? bound.channel_id : null,
    secondChannelName: bound ? `${bound.name}${bound.status === PRICE_CHANNEL_ENABLED ? '' : '（已停用）'}` : '',
    cabinetPriceCount: await repo.countCabinetPrices(ctx.db, ctx.merchantId, deviceCode),
  };
}

type CabinetInput = repo.SheetFilter & Paging & { deviceCode: string };
export async function cabinet(ctx: SessionOpContext, f: CabinetInput): Promise<KeysetPage<CabinetSheetRow>> {
  const { bound } = await cabinetOf(ctx, f.deviceCode);
  const active = bound && bound.status === PRICE_CHANNEL_ENABLED ? bound.channel_id : null;
  const p = await page(ctx, f, cabinetGroups(f.deviceCode, active));
  return { ...p, list: await cabinetRows(ctx, f.deviceCode, p.list, bound?.name ?? '') };
}
async function cabinetRows(
  ctx: SessionOpContext,
  deviceCode: string,
  rows: repo.SheetRow[],
  secondName: string,
): Promise<CabinetSheetRow[]> {
  const cols = await skuColumns(ctx);
  const prices = await resolvePrices(
    ctx.db,
    ctx.merchantId,
    rows.map((r) => ({ skuId: Number(r.id), deviceCode })),
    undefined,
    ctx.clock.now(),
  );
  return rows.map((r, i) => {
    const sku = cols(r);
    return {
      ...sku,
      ...layerColumns(prices[i]),
      deviceCode,
      secondChannelId: prices[i].secondChannelId,
      secondChannelName: prices[i].secondChannelId !== null ? secondName : '',
    };
  });
}
export async function cabinetExport(ctx: SessionOpContext, f: CabinetInput) {
  const { bound } = await cabinetOf(ctx, f.deviceCode);
  const active = bound && bound.status === PRICE_CHANNEL_ENABLED ? bound.channel_id : null;
  return {
    query: repo.sheetQuery(ctx.db, ctx.merchantId, f, cabinetGroups(f.deviceCode, active)),
    map: (rows: repo.SheetRow[]) => cabinetRows(ctx, f.deviceCode, rows, bound?.name ?? ''),
  };
}

// ---------------------------------------------------------------- 渠道价格

type ChannelInput = repo.SheetFilter & Paging & { channelCode: string; secondChannelId?: number };
async function channelPlace(ctx: SessionOpContext, f: ChannelInput) {
  const channels = await firstChannels(ctx);
  if (!channels.has(f.channelCode)) throw badInput('一级渠道不存在或未开通（字段：channelCode）');
  if (f.secondChannelId !== undefined) {
    const [c] = await resolverRepo.secondChannels(ctx.db, ctx.merchantId, [f.secondChannelId]);
    if (!c) throw notFound('二级渠道');
    if (c.first_channel_code !== f.channelCode) throw badInput('二级渠道不属于该一级渠道（字段：secondChannelId）');
  }
  const groups: repo.LayerGroup[] = [
    ...(f.secondChannelId !== undefined ? [{ layer: 'channel2', targets: [{ scope: 'channel2', key: String(f.secondChannelId) }] }] : []),
    { layer: 'channel1', targets: [{ scope: 'channel1', key: f.channelCode }] },
  ];
  return groups;
}
async function channelRows(ctx: SessionOpContext, f: ChannelInput, rows: repo.SheetRow[]): Promise<ChannelSheetRow[]> {
  const cols = await skuColumns(ctx);
  const prices = await resolvePrices(
    ctx.db,
    ctx.merchantId,
    rows.map((r) => ({ skuId: Number(r.id), channelCode: f.channelCode, secondChannelId: f.secondChannelId })),
    undefined,
    ctx.clock.now(),
  );
  return rows.map((r, i) => {
    const sku = cols(r);
    // a disabled second channel's own price still shows in its column (it does not win)
    return { ...sku, ...layerColumns(prices[i]), channelCode: f.channelCode, secondChannelId: f.secondChannelId ?? null };
  });
}
export async function channel(ctx: SessionOpContext, f: ChannelInput): Promise<KeysetPage<ChannelSheetRow>> {
  const p = await page(ctx, f, await channelPlace(ctx, f));
  return { ...p, list: await channelRows(ctx, f, p.list) };
}
export async function channelExport(ctx: SessionOpContext, f: ChannelInput) {
  const groups = await channelPlace(ctx, f);
  return { query: repo.sheetQuery(ctx.db, ctx.merchantId, f, groups), map: (rows: repo.SheetRow[]) => channelRows(ctx, f, rows) };
}

// ---------------------------------------------------------------- 本地生活价格

type LocalInput = repo.SheetFilter & Paging & { storeId?: number };
async function localPlace(ctx: SessionOpContext, f: LocalInput) {
  let storeName = '全部门店';
  if (f.storeId !== undefined) {
    const s = (await storesByIds(ctx, [f.storeId])).get(f.storeId);
    if (!s) throw notFound('门店');
    storeName = s.name;
  }
  const groups: repo.LayerGroup[] = [
    {
      layer: 'localLife',
      targets: [
        ...(f.storeId !== undefined ? [{ scope: 'localLife', key: String(f.storeId) }] : []),
        { scope: 'localLife', key: LOCAL_LIFE_ALL_STORES },
      ],
    },
    { layer: 'channel1', targets: [{ scope: 'channel1', key: LOCAL_LIFE_CHANNEL }] },
  ];
  return { groups, storeName };
}
async function localRows(ctx: SessionOpContext, f: LocalInput, storeName: string, rows: repo.SheetRow[]): Promise<LocalLifeSheetRow[]> {
  const cols = await skuColumns(ctx);
  const q = (r: repo.SheetRow): PriceQuery =>
    f.storeId !== undefined ? { skuId: Number(r.id), storeId: f.storeId } : { skuId: Number(r.id), channelCode: LOCAL_LIFE_CHANNEL };
  const prices = await resolvePrices(ctx.db, ctx.merchantId, rows.map(q), undefined, ctx.clock.now());
  const all = await resolverRepo.currentPrices(
    ctx.db,
    ctx.merchantId,
    rows.map((r) => Number(r.id)),
    ['localLife'],
  );
  const byKey = new Map(all.map((p) => [`${p.sku_id}|${p.scope_key}`, p.price_cents]));
  return rows.map((r, i) => {
    const sku = cols(r);
    return {
      ...sku,
      ...layerColumns(prices[i]),
      storeId: f.storeId ?? null,
      storeName,
      allStoresPrice: byKey.get(`${r.id}|${LOCAL_LIFE_ALL_STORES}`) ?? null,
      storePrice: f.storeId !== undefined ? (byKey.get(`${r.id}|${f.storeId}`) ?? null) : null,
    };
  });
}
export async function localLife(ctx: SessionOpContext, f: LocalInput): Promise<KeysetPage<LocalLifeSheetRow>> {
  const { groups, storeName } = await localPlace(ctx, f);
  const p = await page(ctx, f, groups);
  return { ...p, list: await localRows(ctx, f, storeName, p.list) };
}
export async function localLifeExport(ctx: SessionOpContext, f: LocalInput) {
  const { groups, storeName } = await localPlace(ctx, f);
  return { query: repo.sheetQuery(ctx.db, ctx.merchantId, f, groups), map: (rows: repo.SheetRow[]) => localRows(ctx, f, storeName, rows) };
}

// ---------------------------------------------------------------- the resolver, as an operation

export async function quote(ctx: SessionOpContext, i: { items: PriceQuery[]; at?: number }): Promise<QuoteRow[]> {
  const codes = [...new Set(i.items.flatMap((x) => (x.deviceCode ? [x.deviceCode] : [])))];
  if (codes.length) {
    const found = new Set((await devicesByCodes(ctx.db, ctx.merchantId, codes)).map((d) => d.device_code));
    const n = i.items.findIndex((x) => x.deviceCode && !found.has(x.deviceCode));
    if (n >= 0) throw notFound(`智能柜${i.items[n].deviceCode}`);
  }
  const stores = [...new Set(i.items.flatMap((x) => (x.storeId ? [x.storeId] : [])))];
  if (stores.length) {
    const found = await storesByIds(ctx, stores);
    const n = i.items.findIndex((x) => x.storeId && !found.has(x.storeId));
    if (n >= 0) throw notFound('门店');
  }
  const res = await resolvePrices(ctx.db, ctx.merchantId, i.items, i.at, ctx.clock.now());
  return res.map((p) => ({
    skuId: p.skuId,
    channelCode: p.channelCode,
    secondChannelId: p.secondChannelId,
    deviceCode: p.deviceCode,
    storeId: p.storeId,
    priceCents: p.priceCents,
    layer: p.layer,
    layerName: p.layerName,
    scopeKey: p.scopeKey,
    orderNo: p.orderNo,
  }));
}
