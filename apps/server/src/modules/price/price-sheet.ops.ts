import { sql } from 'kysely';
import { priceSheetOps } from '@merchant/contracts/price/price-sheet';
import type { ExportColumn, ExportSource, ListQuery } from '../../platform/export/export-spec.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { implement } from '../../platform/gateway/registry.ts';
import type { SheetRow } from './price-sheet.repo.ts';
import * as s from './price-sheet.service.ts';

/**
 * A price sheet's export: the sheet's own query (the place is read first: the cabinet's second channel, the store),
 * streamed in batches, each batch priced by the resolver.
 */
function sheetExport<I, R>(
  columns: readonly ExportColumn<R>[],
  filterLabels: Record<string, string>,
  open: (ctx: SessionOpContext, input: I) => Promise<{ query: ListQuery<SheetRow>; map: (rows: SheetRow[]) => Promise<R[]> }>,
): ExportSource<I, R> {
  return {
    columns,
    filterLabels,
    async *rows(ctx, input) {
      const { query, map } = await open(ctx, input);
      for await (const batch of ctx.stream(query.orderBy('goods_sku.created_at', 'desc').orderBy('goods_sku.id', 'desc'))) {
        yield await map(batch);
      }
    },
    async count(ctx, input) {
      const { query } = await open(ctx, input);
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${query}) as export_count`.execute(ctx.db);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

const skuCols = [
  { header: 'SKU编码', key: 'skuCode' },
  { header: 'SKU名称', key: 'skuName', width: 30 },
  { header: '商品条码', key: 'barcode', width: 16 },
  { header: '商品分类', key: 'categoryPath', width: 24 },
] as const;
const money = (header: string, key: string) => ({ header, key, type: 'money' as const });
const FILTERS = { keyword: '关键词', categoryId: '商品分类', layer: '价格来源' };

export const cabinetSheet = implement(priceSheetOps.cabinet, {
  handler: (ctx, i) => s.cabinet(ctx, i),
  export: sheetExport(
    [
      { header: '智能柜', key: 'deviceCode' },
      ...skuCols,
      money('基础价(元)', 'basePrice'),
      money('一级渠道价(元)', 'channel1Price'),
      { header: '二级渠道', key: 'secondChannelName' },
      money('二级渠道价(元)', 'channel2Price'),
      money('单柜价(元)', 'cabinetPrice'),
      money('生效价(元)', 'effectivePrice'),
      { header: '价格来源', key: 'layerName' },
    ],
    FILTERS,
    s.cabinetExport,
  ),
});
export const cabinetInfo = implement(priceSheetOps.cabinetInfo, (ctx, i) => s.cabinetInfo(ctx, i.deviceCode));
export const channelSheet = implement(priceSheetOps.channel, {
  handler: (ctx, i) => s.channel(ctx, i),
  export: sheetExport(
    [
      ...skuCols,
      money('基础价(元)', 'basePrice'),
      money('一级渠道价(元)', 'channel1Price'),
      money('二级渠道价(元)', 'channel2Price'),
      money('生效价(元)', 'effectivePrice'),
      { header: '价格来源', key: 'layerName' },
    ],
    { ...FILTERS, channelCode: '一级渠道', secondChannelId: '二级渠道' },
    s.channelExport,
  ),
});
export const localLifeSheet = implement(priceSheetOps.localLife, {
  handler: (ctx, i) => s.localLife(ctx, i),
  export: sheetExport(
    [
      { header: '门店', key: 'storeName' },
      ...skuCols,
      money('基础价(元)', 'basePrice'),
      money('本地生活渠道价(元)', 'channel1Price'),
      money('全部门店价(元)', 'allStoresPrice'),
      money('门店价(元)', 'storePrice'),
      money('生效价(元)', 'effectivePrice'),
      { header: '价格来源', key: 'layerName' },
    ],
    { ...FILTERS, storeId: '门店' },
    s.localLifeExport,
  ),
});
export const priceQuote = implement(priceSheetOps.quote, (ctx, i) => s.quote(ctx, i));
