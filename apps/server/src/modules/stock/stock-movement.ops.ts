import { STOCK_MOVEMENT_TYPES } from '@merchant/contracts/stock/stock-fields';
import { stockMovementListInput, stockMovementOps, type StockMovementRow } from '@merchant/contracts/stock/stock-movement';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './stock-movement.service.ts';

// The hub warehouse's (库存中心) 库存流水; the service takes the location kind.

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export const hubMovementList = implement(stockMovementOps.list, {
  handler: (ctx, i) => s.listMovements(ctx, 'hub', i),
  export: queryExport(stockMovementListInput, {
    query: (ctx, i) => s.movementExportQuery(ctx, 'hub', i),
    map: s.toMovementRow,
    filterLabels: { skuId: 'SKU ID', sku: 'SKU编码或条码', docCode: '单据编号', createdRange: '变动时间' },
    columns: [
      { header: '变动时间', key: 'createdAt', type: 'time' },
      { header: 'SKU编码', key: 'skuCode' },
      { header: 'SKU名称', key: 'skuName', width: 30 },
      { header: '流水类型', key: 'type', type: 'enum', labels: STOCK_MOVEMENT_TYPES },
      { header: '变动数量', key: 'quantity', value: (r: StockMovementRow) => signed(r.quantity) },
      { header: '锁定变动', key: 'lockDelta', value: (r: StockMovementRow) => signed(r.lockDelta) },
      { header: '现有库存（前→后）', key: 'onHand', value: (r: StockMovementRow) => `${r.onHandBefore} → ${r.onHandAfter}`, width: 20 },
      {
        header: '锁定库存（前→后）',
        key: 'lockedRange',
        value: (r: StockMovementRow) => `${r.lockedBefore} → ${r.lockedAfter}`,
        width: 20,
      },
      { header: '单据类型', key: 'docTypeName' },
      { header: '单据编号', key: 'docCode', width: 18 },
      { header: '原因', key: 'reason', width: 30 },
      { header: '操作人', key: 'operatorName' },
    ],
  }),
});
