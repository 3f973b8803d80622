import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { STOCK_LOCATION_KINDS, STOCK_TARGETS, type StockLocationKind } from './stock-fields.ts';

// 商品库存 (goodsstock-list, docs/stock.md): per SKU, its on hand at every location kind (库存中心, 批发商库存, 前置仓,
// 智能柜货道, 门店库存 — zero when none) and the totals.

export const GOODS_STOCK_KINDS = Object.keys(STOCK_LOCATION_KINDS) as StockLocationKind[];

/** The filters both goods-stock lists take (held: only what has on hand > 0 — anywhere, or in the wholesaler stock). */
const goodsStockFilters = {
  merchantId: z.coerce.number({ error: '商户ID不正确' }).int('商户ID不正确').optional(),
  keyword: z.string().trim().max(40, '关键词不能超过40个字').optional(),
  categoryId: z.coerce.number({ error: '商品分类不正确' }).int('商品分类不正确').positive('商品分类不正确').optional(),
  held: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: '是否有库存不正确' })
    .transform((v) => v === true || v === 'true')
    .optional(),
};

export const goodsStockListInput = listInput(goodsStockFilters, ['skuCode', 'onHand', 'available']);

export const goodsStockRowSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  barcode: z.string(),
  categoryPath: z.string(),
  /** On hand by location kind (every kind present, 0 when none). */
  kinds: z.record(z.string(), z.number()),
  onHand: z.number(),
  locked: z.number(),
  available: z.number(),
});
export type GoodsStockRow = z.infer<typeof goodsStockRowSchema>;

export const goodsStockOps = defineOperations(
  { anchor: 'goodsstock-list', merchantScope: 'merchant', targets: STOCK_TARGETS },
  {
    list: {
      name: 'stock.goods.list',
      label: '商品库存',
      summary: '每个SKU在各库存位置类型（库存中心、批发商、前置仓、智能柜、门店）的库存与合计',
      input: goodsStockListInput,
      output: pagedOf(goodsStockRowSchema),
      exportable: true,
    },
  },
);

// 批发库存 (section 108, goodsstock-lists): the wholesaler stock by goods — what a wholesaler's staff look at before
// taking an order: each goods (商品) with its SKUs' 现有 / 锁定 / 可用 in the wholesaler stock, the totals and how many of
// its SKUs run low. Offset paging over the merchant's live goods (bounded).

// keyword: goods name or code, or a SKU's name, code or barcode (contains); held: goods with wholesaler stock
export const wholesaleGoodsStockListInput = listInput(goodsStockFilters, ['goodsCode', 'onHand', 'available']);

export const wholesaleGoodsSkuStockSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  barcode: z.string(),
  onHand: z.number(),
  locked: z.number(),
  available: z.number(),
});
export type WholesaleGoodsSkuStock = z.infer<typeof wholesaleGoodsSkuStockSchema>;

export const wholesaleGoodsStockRowSchema = z.object({
  goodsId: z.number(),
  goodsCode: z.string(),
  goodsName: z.string(),
  brand: z.string(),
  categoryPath: z.string(),
  skuCount: z.number(),
  /** SKUs whose 可用 is below LOW_STOCK_THRESHOLD (zero included). */
  lowSkuCount: z.number(),
  onHand: z.number(),
  locked: z.number(),
  available: z.number(),
  skus: z.array(wholesaleGoodsSkuStockSchema),
});
export type WholesaleGoodsStockRow = z.infer<typeof wholesaleGoodsStockRowSchema>;

export const wholesaleGoodsStockOps = defineOperations(
  { anchor: 'goodsstock-lists', merchantScope: 'merchant', targets: STOCK_TARGETS },
  {
    list: {
      name: 'stock.wholesaler.goods.list',
      label: '批发库存',
      summary: '批发商库存按商品：每个商品各SKU的现有、锁定、可用库存与合计',
      input: wholesaleGoodsStockListInput,
      output: pagedOf(wholesaleGoodsStockRowSchema),
      exportable: true,
    },
  },
);
