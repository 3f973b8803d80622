import { stockStatementInput, stockStatementOps } from '@merchant/contracts/stock/stock-statement';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './stock-statement.service.ts';

// 库存报表 of the stores (门店库存, section 128); the service takes the location kind.

const toInput = <T extends { storeCode?: string }>({ storeCode, ...i }: T) => ({ ...i, locationCode: storeCode });

export const storeStatement = implement(stockStatementOps.store, {
  handler: (ctx, i) => s.statement(ctx, 'store', toInput(i)),
  export: queryExport(stockStatementInput, {
    query: (ctx, i) => s.statementExportQuery(ctx, 'store', toInput(i)),
    mapBatch: s.toStatementRows,
    filterLabels: { period: '统计期间', storeCode: '门店', keyword: 'SKU关键词', categoryId: '商品分类' },
    columns: [
      { header: 'SKU编码', key: 'skuCode' },
      { header: 'SKU名称', key: 'skuName', width: 30 },
      { header: '条码', key: 'barcode', width: 16 },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '期初库存', key: 'opening', type: 'number' },
      { header: '入库', key: 'inInbound', type: 'number' },
      { header: '调增', key: 'inAdjust', type: 'number' },
      { header: '其他入', key: 'inOther', type: 'number' },
      { header: '入合计', key: 'inQty', type: 'number' },
      { header: '销售', key: 'outSale', type: 'number' },
      { header: '退货/出库', key: 'outReturn', type: 'number' },
      { header: '调减', key: 'outAdjust', type: 'number' },
      { header: '其他出', key: 'outOther', type: 'number' },
      { header: '出合计', key: 'outQty', type: 'number' },
      { header: '期末库存', key: 'closing', type: 'number' },
    ],
  }),
});
