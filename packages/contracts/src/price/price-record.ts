import { z } from 'zod';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { timeRange } from '../core/paging.ts';
import { PRICE_TARGETS } from './price-channel.ts';
import { priceScopeSchema, priceSkuIdSchema, scopeKeySchema } from './price-fields.ts';

// 价格记录 (price-detail-h): the price ledger (price_change), one row per SKU × target an applied adjustment order
// changed, old → new, who, when, which order. Grows without bound: keyset paging, an index per filter + sort.

export const PRICE_RECORD_COUNT_UP_TO = 10_000;

export const priceRecordListInput = keysetInput(
  {
    skuId: priceSkuIdSchema.optional(),
    scopeType: priceScopeSchema.optional(),
    /** With scopeType: one target (channel code, second channel id, device code, store id / 'all'). */
    scopeKey: scopeKeySchema.optional(),
    orderNo: z.string().trim().max(20, '调价单号不能超过20位').optional(),
    /** Changes that took effect within [start, end] (epoch ms). */
    effectiveRange: timeRange,
  },
  ['effectiveAt'],
);

export const priceRecordRowSchema = z.object({
  id: z.number(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  barcode: z.string(),
  scopeType: z.string(),
  scopeTypeName: z.string(),
  scopeKey: z.string(),
  scopeName: z.string(),
  /** 分; null: the layer had no price before (the order set its first). */
  oldPrice: z.number().nullable(),
  newPrice: z.number(),
  orderNo: z.string(),
  reason: z.string(),
  operatorName: z.string(),
  effectiveAt: z.number(),
});
export type PriceRecordRow = z.infer<typeof priceRecordRowSchema>;

export const priceRecordOps = defineOperations(
  { anchor: 'price-detail-h', merchantScope: 'merchant', targets: PRICE_TARGETS },
  {
    list: {
      name: 'price.record.list',
      label: '价格记录',
      anchor: ['price-detail-h', 'price-adjustment', 'containerPrice-single', 'containerPrice-local-life-price'],
      input: priceRecordListInput,
      output: keysetOf(priceRecordRowSchema),
      exportable: true,
    },
  },
);
