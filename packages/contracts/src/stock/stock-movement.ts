import { z } from 'zod';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { timeRange } from '../core/paging.ts';
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
  },
  ['createdAt'],
);

export const stockMovementRowSchema = z.object({
  id: z.number(),
  locationName: z.string(),
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

export const stockMovementOps = defineOperations(
  { anchor: 'inventory-water-list', merchantScope: 'merchant', targets: STOCK_TARGETS },
  {
    list: {
      name: 'stock.hub.movement.list',
      label: '库存流水',
      summary: '库存中心的库存流水（最新在前）：每次变动的数量、现有与锁定的变动前后、单据、原因、操作人',
      input: stockMovementListInput,
      output: keysetOf(stockMovementRowSchema),
      exportable: true,
    },
  },
);
