import { STOCK_MOVEMENT_TYPES, type StockLocationKind } from '@merchant/contracts/stock/stock-fields';
import {
  cabinetMovementOps,
  storeMovementOps,
  frontMovementOps,
  stockMovementListInput,
  stockMovementOps,
  wholesalerMovementOps,
  type StockMovementOps,
  type StockMovementRow,
} from '@merchant/contracts/stock/stock-movement';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './stock-movement.service.ts';

// 库存流水 of every location kind: one service taking the kind, bound per page to its operation set (contracts
// `stockMovementOperations`).

/** The kinds with many locations show (and export) the location: 前置仓, 门店, 设备 + 货道. */
const locationColumns = (kind: StockLocationKind) =>
  kind === 'cabinet'
    ? [
        { header: '设备编号', key: 'deviceCode' },
        { header: '货道', key: 'slotNo' },
      ]
    : kind === 'front' || kind === 'store'
      ? [{ header: kind === 'front' ? '前置仓' : '门店', key: 'locationName', width: 20 }]
      : [];

export function movementHandlers(ops: StockMovementOps, kind: StockLocationKind) {
  return {
    list: implement(ops.list, {
      handler: (ctx, i) => s.listMovements(ctx, kind, i),
      export: queryExport(stockMovementListInput, {
        query: (ctx, i) => s.movementExportQuery(ctx, kind, i),
        map: s.toMovementRow,
        filterLabels: {
          skuId: 'SKU ID',
          sku: 'SKU编码或条码',
          docCode: '单据编号',
          createdRange: '变动时间',
          locationId: '库存位置',
          deviceCode: '设备',
        },
        columns: [
          { header: '变动时间', key: 'createdAt', type: 'time' },
          ...locationColumns(kind),
          { header: 'SKU编码', key: 'skuCode' },
          { header: 'SKU名称', key: 'skuName', width: 30 },
          { header: '流水类型', key: 'type', type: 'enum', labels: STOCK_MOVEMENT_TYPES },
          { header: '变动数量', key: 'quantity', type: 'number' },
          { header: '锁定变动', key: 'lockDelta', type: 'number' },
          {
            header: '现有库存（前→后）',
            key: 'onHand',
            value: (r: StockMovementRow) => `${r.onHandBefore} → ${r.onHandAfter}`,
            width: 20,
          },
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
    }),
  };
}

/** 库存中心 (103). */
export const { list: hubMovementList } = movementHandlers(stockMovementOps, 'hub');
/** 批发商库存 (108). */
export const { list: wholesalerMovementList } = movementHandlers(wholesalerMovementOps, 'wholesaler');
/** 前置仓 (123). */
export const { list: frontMovementList } = movementHandlers(frontMovementOps, 'front');
/** 智能柜库存 (105). */
export const { list: cabinetMovementList } = movementHandlers(cabinetMovementOps, 'cabinet');
/** 本地库存 · a store balance's 库存流水 (on its detail page). */
export const { list: storeMovementList } = movementHandlers(storeMovementOps, 'store');
