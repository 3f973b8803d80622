import {
  STOCK_ORDER_STATUS,
  STOCK_ORDER_TYPES,
  hubStockOrderOps,
  wholesalerStockOrderOps,
  frontEntryStockOrderOps,
  frontReturnStockOrderOps,
  stockOrderListInput,
  type StockOrderOps,
} from '@merchant/contracts/stock/stock-order';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './stock-order.service.ts';

// 入库单 / 退货单: one service, bound per page to its operation set (contracts `stockOrderOperations`) and its book.
// 库存中心 · 入库管理, 批发商库存 · 入库管理, 前置仓 · 入库单 and 前置仓 · 退货单.

/** The implementations of one page's operation set on the stock-order service with the page's book. */
export function stockOrderHandlers(ops: StockOrderOps, book: s.StockBook) {
  return {
    list: implement(ops.list, {
      handler: (ctx, i) => s.list(ctx, book, i),
      export: queryExport(stockOrderListInput, {
        query: (ctx, i) => s.exportQuery(ctx, book, i),
        mapBatch: s.exportRows,
        filterLabels: {
          orderCode: '单号',
          status: '状态',
          orderType: '单据类型',
          warehouseId: '前置仓',
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
          { header: '明细行数', key: 'lineCount', type: 'number' },
          { header: '总数量', key: 'totalQuantity', type: 'number' },
          { header: '总金额（元）', key: 'totalAmount', type: 'money' },
          { header: '备注', key: 'remark', width: 30 },
          { header: '创建人', key: 'creatorName' },
          { header: '创建时间', key: 'createdAt', type: 'time' },
          { header: '确认人', key: 'confirmerName' },
          { header: '确认时间', key: 'confirmedAt', type: 'time' },
        ],
      }),
    }),
    detail: implement(ops.detail, (ctx, i) => s.detail(ctx, book, i.orderCode)),
    create: implement(ops.create, (ctx, i) => s.create(ctx, book, i)),
    update: implement(ops.update, (ctx, i) => s.update(ctx, book, i)),
    confirm: implement(ops.confirm, (ctx, i) => s.confirm(ctx, book, i)),
    cancel: implement(ops.cancel, (ctx, i) => s.cancel(ctx, book, i)),
    history: implement(ops.history, (ctx, i) => s.history(ctx, book, i)),
    skuOptions: implement(ops.skuOptions, (ctx, i) => s.skuOptions(ctx, i)),
  };
}

/** 库存中心 · 入库管理 (inventory-add-list). */
export const {
  list: hubStockOrderList,
  detail: hubStockOrderDetail,
  create: hubStockOrderCreate,
  update: hubStockOrderUpdate,
  confirm: hubStockOrderConfirm,
  cancel: hubStockOrderCancel,
  history: hubStockOrderHistory,
  skuOptions: hubStockOrderSkuOptions,
} = stockOrderHandlers(hubStockOrderOps, s.HUB_BOOK);

/** 批发商库存 · 入库管理 (wholesaler-add-list). */
export const {
  list: wholesalerStockOrderList,
  detail: wholesalerStockOrderDetail,
  create: wholesalerStockOrderCreate,
  update: wholesalerStockOrderUpdate,
  confirm: wholesalerStockOrderConfirm,
  cancel: wholesalerStockOrderCancel,
  history: wholesalerStockOrderHistory,
  skuOptions: wholesalerStockOrderSkuOptions,
} = stockOrderHandlers(wholesalerStockOrderOps, s.WHOLESALER_BOOK);

/** 前置仓 · 入库单 (entrepot-entry-list). */
export const {
  list: frontEntryStockOrderList,
  detail: frontEntryStockOrderDetail,
  create: frontEntryStockOrderCreate,
  update: frontEntryStockOrderUpdate,
  confirm: frontEntryStockOrderConfirm,
  cancel: frontEntryStockOrderCancel,
  history: frontEntryStockOrderHistory,
  skuOptions: frontEntryStockOrderSkuOptions,
} = stockOrderHandlers(frontEntryStockOrderOps, s.FRONT_ENTRY_BOOK);

/** 前置仓 · 退货单 (entrepot-returned-list). */
export const {
  list: frontReturnStockOrderList,
  detail: frontReturnStockOrderDetail,
  create: frontReturnStockOrderCreate,
  update: frontReturnStockOrderUpdate,
  confirm: frontReturnStockOrderConfirm,
  cancel: frontReturnStockOrderCancel,
  history: frontReturnStockOrderHistory,
  skuOptions: frontReturnStockOrderSkuOptions,
} = stockOrderHandlers(frontReturnStockOrderOps, s.FRONT_RETURN_BOOK);
