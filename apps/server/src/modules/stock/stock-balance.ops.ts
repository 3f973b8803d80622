import {
  cabinetBalanceOps,
  frontBalanceOps,
  hubBalanceOps,
  STOCK_AVAILABILITY,
  stockBalanceListInput,
  stockLookupOps,
  wholesalerBalanceOps,
  type StockBalanceListOps,
  type StockBalanceOps,
  type StockBalanceViewOps,
} from '@merchant/contracts/stock/stock-balance';
import type { StockLocationKind } from '@merchant/contracts/stock/stock-fields';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './stock-balance.service.ts';

// 库存管理 / 库存编辑 / 实时库存 of every location kind: one service taking the kind, bound per page to its operation set
// (contracts `stockBalanceOperations` / `stockBalanceViewOperations`).

/** The kinds with many locations show (and export) the location: 前置仓, 设备 + 货道. */
const locationColumns = (kind: StockLocationKind) =>
  kind === 'cabinet'
    ? [
        { header: '设备编号', key: 'deviceCode' },
        { header: '货道', key: 'slotNo' },
      ]
    : kind === 'front'
      ? [{ header: '前置仓', key: 'locationName', width: 20 }]
      : [];

function balanceList(ops: StockBalanceListOps, kind: StockLocationKind) {
  return implement(ops.list, {
    handler: (ctx, i) => s.listBalances(ctx, kind, i),
    export: queryExport(stockBalanceListInput, {
      query: (ctx, i) => s.balanceExportQuery(ctx, kind, i),
      mapBatch: s.balanceExportRows(kind),
      filterLabels: { keyword: 'SKU关键词', categoryId: '商品分类', availability: '可用库存', locationId: '库存位置', deviceCode: '设备' },
      filterValues: { availability: STOCK_AVAILABILITY },
      columns: [
        ...locationColumns(kind),
        { header: 'SKU编码', key: 'skuCode' },
        { header: 'SKU名称', key: 'skuName', width: 30 },
        { header: '条码', key: 'barcode', width: 16 },
        { header: '商品分类', key: 'categoryPath', width: 24 },
        { header: '现有库存', key: 'onHand', type: 'number' },
        { header: '锁定库存', key: 'locked', type: 'number' },
        { header: '可用库存', key: 'available', type: 'number' },
        { header: '最后变动时间', key: 'updatedAt', type: 'time' },
      ],
    }),
  });
}

/** A kind whose stock is edited by hand (库存中心, 批发商库存): list, one SKU, 库存编辑. */
export function balanceHandlers(ops: StockBalanceOps, kind: StockLocationKind) {
  return {
    list: balanceList(ops, kind),
    get: implement(ops.get, (ctx, i) => s.balanceOfSku(ctx, kind, i.skuId)),
    edit: implement(ops.edit, (ctx, i) => s.editBalance(ctx, kind, i)),
  };
}

/** A kind with many locations shown read-only (前置仓, 智能柜): list and its locations. */
export function balanceViewHandlers(ops: StockBalanceViewOps, kind: StockLocationKind) {
  return {
    list: balanceList(ops, kind),
    locations: implement(ops.locations, (ctx) => s.locationOptions(ctx, kind)),
  };
}

/** 库存中心 (103). */
export const { list: hubBalanceList, get: hubBalanceGet, edit: hubBalanceEdit } = balanceHandlers(hubBalanceOps, 'hub');
/** 批发商库存 (108). */
export const {
  list: wholesalerBalanceList,
  get: wholesalerBalanceGet,
  edit: wholesalerBalanceEdit,
} = balanceHandlers(wholesalerBalanceOps, 'wholesaler');
/** 前置仓 (123) 实时库存. */
export const { list: frontBalanceList, locations: frontBalanceLocations } = balanceViewHandlers(frontBalanceOps, 'front');
/** 智能柜库存 (105) 实时库存. */
export const { list: cabinetBalanceList, locations: cabinetBalanceLocations } = balanceViewHandlers(cabinetBalanceOps, 'cabinet');

export const stockSkuOptions = implement(stockLookupOps.skuOptions, (ctx, i) => s.skuOptions(ctx, i.keyword));
export const stockCategoryTree = implement(stockLookupOps.categories, (ctx) => s.categoryOptions(ctx));
