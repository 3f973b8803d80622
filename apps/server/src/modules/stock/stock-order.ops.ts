import { STOCK_ORDER_STATUS, STOCK_ORDER_TYPES, hubStockOrderOps, stockOrderListInput } from '@merchant/contracts/stock/stock-order';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './stock-order.service.ts';

// 库存中心 · 入库管理: the hub warehouse's 入库单 / 退货单 (HUB_BOOK). Wholesaler stock and front warehouses bind the same
// service to their own book and operation set.
const book = s.HUB_BOOK;

export const hubStockOrderList = implement(hubStockOrderOps.list, {
  handler: (ctx, i) => s.list(ctx, book, i),
  export: queryExport(stockOrderListInput, {
    query: (ctx, i) => s.exportQuery(ctx, book, i),
    mapBatch: s.exportRows,
    filterLabels: {
      orderCode: '单号',
      status: '状态',
      orderType: '单据类型',
      skuId: 'SKU',
      counterparty: '供应商或退货去向',
      createdRange: '创建时间',
    },
    columns: [
      { header: '单号', key: 'orderCode' },
      { header: '单据类型', key: 'orderType', type: 'enum', labels: STOCK_ORDER_TYPES },
      { header: '仓库', key: 'locationName' },
      { header: '状态', key: 'status', type: 'enum', labels: STOCK_ORDER_STATUS },
      { header: '供应商或退货去向', key: 'counterparty', width: 24 },
      { header: '明细行数', key: 'lineCount' },
      { header: '总数量', key: 'totalQuantity' },
      { header: '总金额（元）', key: 'totalAmount', value: (r) => (r.totalAmount / 100).toFixed(2) },
      { header: '备注', key: 'remark', width: 30 },
      { header: '创建人', key: 'creatorName' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
      { header: '确认人', key: 'confirmerName' },
      { header: '确认时间', key: 'confirmedAt', type: 'time' },
    ],
  }),
});
export const hubStockOrderDetail = implement(hubStockOrderOps.detail, (ctx, i) => s.detail(ctx, book, i.orderCode));
export const hubStockOrderCreate = implement(hubStockOrderOps.create, (ctx, i) => s.create(ctx, book, i));
export const hubStockOrderUpdate = implement(hubStockOrderOps.update, (ctx, i) => s.update(ctx, book, i));
export const hubStockOrderConfirm = implement(hubStockOrderOps.confirm, (ctx, i) => s.confirm(ctx, book, i));
export const hubStockOrderCancel = implement(hubStockOrderOps.cancel, (ctx, i) => s.cancel(ctx, book, i));
export const hubStockOrderHistory = implement(hubStockOrderOps.history, (ctx, i) => s.history(ctx, book, i));
export const hubStockOrderSkuOptions = implement(hubStockOrderOps.skuOptions, (ctx, i) => s.skuOptions(ctx, i));
