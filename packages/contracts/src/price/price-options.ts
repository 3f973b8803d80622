import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';
import { PRICE_TARGETS } from './price-channel.ts';
import { priceSkuIdSchema } from './price-fields.ts';

// The pickers of the price pages (智能柜, 门店, prefilled SKUs) read through price operations of their own, so a role
// that holds the price pages but not 设备列表 / 门店商品 / SKU列表 can still pick. Tenant-scoped like every price read.

export const PRICE_OPTION_ANCHORS = ['price-adjustment', 'containerPrice-single', 'containerPrice-local-life-price', 'price-detail-h'];
export const CABINET_OPTIONS_MAX = 50;
export const SKU_OPTIONS_MAX = 100;

export const cabinetOptionsInput = z.object({
  /** The device code or part of the name. */
  keyword: z.string({ error: '关键词不正确' }).trim().max(60, '关键词不能超过60个字').optional(),
  pageSize: z.coerce
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(CABINET_OPTIONS_MAX, `每页最多${CABINET_OPTIONS_MAX}条`)
    .default(CABINET_OPTIONS_MAX),
});
export const cabinetOptionSchema = z.object({
  deviceCode: z.string(),
  name: z.string(),
  modelName: z.string(),
  /** The cabinet's second channel under 智能柜 (null: none). */
  secondChannelId: z.number().nullable(),
  secondChannelName: z.string(),
});
export type CabinetOption = z.infer<typeof cabinetOptionSchema>;

export const storeOptionSchema = z.object({ storeId: z.number(), storeCode: z.string(), name: z.string(), statusName: z.string() });
export type PriceStoreOption = z.infer<typeof storeOptionSchema>;

export const skuOptionsInput = z.object({
  skuIds: z
    .array(priceSkuIdSchema, { error: '请选择SKU（字段：skuIds）' })
    .min(1, '请选择SKU（字段：skuIds）')
    .max(SKU_OPTIONS_MAX, `一次最多查询${SKU_OPTIONS_MAX}个SKU（字段：skuIds）`),
});
export const skuOptionSchema = z.object({ skuId: z.number(), skuCode: z.string(), skuName: z.string(), barcode: z.string() });
export type PriceSkuOption = z.infer<typeof skuOptionSchema>;

/** Most cabinets a 调整柜价 without ticks resolves (an order holds at most MAX_ADJUSTMENT_LINES lines anyway). */
export const MATCHING_CABINETS_MAX = 500;
/** Most SKUs 商品柜价 shows at once (its skuIds path segment). */
export const MATCHING_CABINETS_SKUS_MAX = 50;

/**
 * 调整柜价 with no cabinet ticked on 商品柜价: every cabinet carrying any of these SKUs (a 货道 holds it) whose name holds
 * `deviceName` — the page's own filter — resolved here, not by paging through the list.
 */
export const matchingCabinetsInput = z.object({
  skuIds: z
    .array(priceSkuIdSchema, { error: '请选择SKU（字段：skuIds）' })
    .min(1, '请选择SKU（字段：skuIds）')
    .max(MATCHING_CABINETS_SKUS_MAX, `一次最多${MATCHING_CABINETS_SKUS_MAX}个SKU（字段：skuIds）`)
    .refine((a) => new Set(a).size === a.length, 'SKU不能重复（字段：skuIds）'),
  deviceName: z.string({ error: '设备名称不正确' }).trim().max(50, '设备名称不能超过50个字').optional(),
});
export const matchingCabinetsSchema = z.object({
  /** Device codes, ascending. */
  deviceCodes: z.array(z.string()),
});
export type MatchingCabinets = z.infer<typeof matchingCabinetsSchema>;

/** The 调价单 form for the cabinets matching 商品柜价's filter (resolved by price.options.matchingCabinets). */
export const adjustMatchingCabinetsPath = (skuIds: number[], deviceName?: string) => {
  const q = new URLSearchParams({ scopeType: 'cabinet', skuIds: skuIds.join(','), cabinets: 'matching' });
  if (deviceName?.trim()) q.set('deviceName', deviceName.trim());
  return `/website/goods/price-adjustment-detail?${q.toString()}`;
};

export const priceOptionOps = defineOperations(
  { anchor: PRICE_OPTION_ANCHORS, merchantScope: 'merchant', targets: PRICE_TARGETS },
  {
    cabinets: {
      name: 'price.options.cabinets',
      label: '调价·智能柜选项',
      summary: '商户已激活的智能柜（编号、名称、型号、二级渠道），按编号或名称搜索，最多50条',
      input: cabinetOptionsInput,
      output: z.array(cabinetOptionSchema),
    },
    stores: {
      name: 'price.options.stores',
      label: '调价·门店选项',
      input: z.object({}),
      output: z.array(storeOptionSchema),
    },
    skus: {
      name: 'price.options.skus',
      label: '调价·SKU选项',
      summary: '按SKU ID取SKU的编码、名称和条码（预填调价单）；别家或已删除的SKU不返回',
      input: skuOptionsInput,
      output: z.array(skuOptionSchema),
    },
    matchingCabinets: {
      name: 'price.options.matchingCabinets',
      label: '调价·匹配的智能柜',
      summary: '调整柜价未勾选设备时：货道上有所选SKU、名称包含筛选词的全部智能柜（最多500台）',
      input: matchingCabinetsInput,
      output: matchingCabinetsSchema,
    },
  },
);
