import { z } from 'zod';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { timeRange } from '../core/paging.ts';
import { stockDeviceCodeSchema, stockLocationIdSchema } from './stock-balance.ts';
import { STOCK_TARGETS, stockMovementTypeSchema } from './stock-fields.ts';

// 库存流水 (inventory-water-list, docs/stock.md): the movements of a location kind (the hub now), newest first, keyset
// paged (the table grows without bound; 0034's stock_movement_kind_idx / stock_movement_kind_sku_idx serve it).

export const STOCK_MOVEMENT_COUNT_UP_TO = 10_000;

export const stockMovementListInput = keysetInput(
  {
    merchantId: z.coerce.number({ error: '商户ID不正确' }).int('商户ID不正确').optional(),
    skuId: z.coerce.number({ error: 'SKU不正确' }).int('SKU不正确').positive('SKU不正确').optional(),
    /** A SKU code or barcode (exact). */
    sku: z.string().trim().max(40, 'SKU编码或条码不能超过40位').optional(),
    type: stockMovementTypeSchema.optional(),
    docCode: z.string().trim().max(30, '单据编号不能超过30位').optional(),
    createdRange: timeRange,
    /** One location of the kind (a front warehouse, a cabinet slot). */
    locationId: stockLocationIdSchema.optional(),
    /** A cabinet: every slot of the device. */
    deviceCode: stockDeviceCodeSchema.optional(),
  },
  ['createdAt'],
);

export const stockMovementRowSchema = z.object({
  id: z.number(),
  locationId: z.number(),
  locationName: z.string(),
  locationCode: z.string(),
  /** A cabinet slot's device and slot number ('' for other kinds). */
  deviceCode: z.string(),
  slotNo: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  barcode: z.string(),
  type: z.string(),
  typeName: z.string(),
  /** The change of on hand (signed). */
  quantity: z.number(),
  /** The change of locked (signed). */
  lockDelta: z.number(),
  onHandBefore: z.number(),
  onHandAfter: z.number(),
  lockedBefore: z.number(),
  lockedAfter: z.number(),
  docType: z.string(),
  docTypeName: z.string(),
  docCode: z.string(),
  reason: z.string(),
  operatorName: z.string(),
  createdAt: z.number(),
});
export type StockMovementRow = z.infer<typeof stockMovementRowSchema>;

/**
 * 库存流水 of a location kind: `prefix` names it (`stock.hub.movement`, `stock.wholesaler.movement` …), `anchor` is the
 * page, `word` tells the labels apart in the operation log ('' for the hub: 库存流水; 批发商: 批发商库存流水 …).
 */
export function stockMovementOperations<const P extends string>(prefix: P, anchor: string, word: string, stock: string) {
  return defineOperations(
    { anchor, merchantScope: 'merchant', targets: STOCK_TARGETS },
    {
      list: {
        name: `${prefix}.list` as `${P}.list`,
        label: `${word}库存流水`,
        summary: `${stock}的库存流水（最新在前）：每次变动的数量、现有与锁定的变动前后、单据、原因、操作人`,
        input: stockMovementListInput,
        output: keysetOf(stockMovementRowSchema),
        exportable: true,
      },
    },
  );
}
export type StockMovementOps = ReturnType<typeof stockMovementOperations<string>>;

/** 库存中心 (section 103) · 库存流水. */
export const stockMovementOps = stockMovementOperations('stock.hub.movement', 'inventory-water-list', '', '库存中心');
/** 批发商库存 (section 108) · 库存流水. */
export const wholesalerMovementOps = stockMovementOperations('stock.wholesaler.movement', 'wholesaler-water-list', '批发商', '批发商库存');
/** 前置仓 (section 123) · 库存流水. */
export const frontMovementOps = stockMovementOperations('stock.front.movement', 'entrepot-inventory-water', '前置仓', '前置仓');
/** 智能柜库存 (section 105) · 库存流水. */
export const cabinetMovementOps = stockMovementOperations(
  'stock.cabinet.movement',
  'container-inventory-water-list',
  '智能柜',
  '智能柜货道',
);
/** 本地库存 (section 128) · a store balance's 库存流水 (the detail page's list: ?locationId= & skuId=). */
export const storeMovementOps = stockMovementOperations('stock.store.movement', 'inventory-management-local-list', '门店', '门店');
