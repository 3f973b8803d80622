import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';

// 相似商品 (similar-goods-list), 热销商品 (hotgoods-list) and 商品优化 (goods-optimize-list). Sales-based views need
// orders, which do not exist yet: they answer an honest `available: false` with the reason (docs/cabinet-goods.md).

export const SIMILAR_BASES = { category: '同分类', brand: '同品牌', name: '名称相近' } as const;
export type SimilarBasis = keyof typeof SIMILAR_BASES;

export const similarGoodsInput = listInput(
  {
    goodsId: idSchema('商品').optional(),
    basis: z.enum(Object.keys(SIMILAR_BASES) as [SimilarBasis, ...SimilarBasis[]], { error: '相似依据不正确' }).default('category'),
  },
  ['createdAt', 'goodsCode', 'cabinetCount'],
);
export const similarGoodsRowSchema = z.object({
  goodsId: z.number(),
  goodsCode: z.string(),
  name: z.string(),
  brand: z.string(),
  categoryPath: z.string(),
  storageStyle: z.number(),
  storageStyleName: z.string(),
  status: z.number(),
  statusName: z.string(),
  /** The standard product it was adopted from (0: the merchant's own). */
  spuId: z.number(),
  guideSalePrice: z.number(),
  cabinetCount: z.number(),
  /** Why it is similar: 同分类 / 同品牌 / 名称相近. */
  reason: z.string(),
});
export type SimilarGoodsRow = z.infer<typeof similarGoodsRowSchema>;

export const goodsPickSchema = z.object({ goodsId: z.number(), goodsCode: z.string(), name: z.string() });

export const hotGoodsRowSchema = z.object({ skuId: z.number(), skuName: z.string(), soldQty: z.number(), salesAmount: z.number() });
/** 热销商品: paged on the server, sorted by 销量 (default) or 销售额. */
export const hotGoodsInput = listInput({}, ['soldQty', 'salesAmount']);
export const hotGoodsOutput = pagedOf(hotGoodsRowSchema).extend({ available: z.boolean(), reason: z.string() });

export const OPTIMIZE_KINDS = { empty: '空货道', below: '低于标准库存', slow: '滞销' } as const;
export const optimizeInput = listInput(
  {
    deviceCode: z.string().trim().max(20, '设备编号不能超过20位').optional(),
    kind: z.enum(['empty', 'below', 'slow'], { error: '优化类型不正确' }).default('empty'),
  },
  ['deviceCode'],
);
export const optimizeRowSchema = z.object({
  deviceCode: z.string(),
  deviceName: z.string(),
  modelName: z.string(),
  templateCode: z.string(),
  slotNo: z.string(),
  kind: z.string(),
  kindName: z.string(),
  suggestion: z.string(),
});
export type OptimizeRow = z.infer<typeof optimizeRowSchema>;
export const optimizeOutput = pagedOf(optimizeRowSchema).extend({ available: z.boolean(), reason: z.string() });

export const similarGoodsOps = defineOperations(
  { anchor: 'similar-goods-list', merchantScope: 'merchant', targets: { goodsId: '商品' } },
  {
    list: {
      name: 'cabinetGoods.similar.list',
      label: '相似商品列表',
      input: similarGoodsInput,
      output: pagedOf(similarGoodsRowSchema).extend({ goods: goodsPickSchema.nullable() }),
      exportable: true,
    },
    goodsOptions: {
      name: 'cabinetGoods.similar.goodsOptions',
      label: '相似商品可选商品',
      input: z.object({ keyword: z.string().trim().max(60, '关键字不能超过60个字').default('') }),
      output: z.array(goodsPickSchema),
    },
  },
);

export const goodsInsightOps = defineOperations(
  { merchantScope: 'merchant', targets: { deviceCode: '设备编号' } },
  {
    hot: {
      name: 'cabinetGoods.insight.hot',
      label: '热销商品',
      summary: '按订单统计的热销商品（订单功能上线前为空，并说明原因）',
      anchor: 'hotgoods-list',
      input: hotGoodsInput,
      output: hotGoodsOutput,
      exportable: true,
    },
    optimize: {
      name: 'cabinetGoods.insight.optimize',
      label: '商品优化',
      summary: '空货道（设备柜型有而设备商品未配置的货道）；低于标准库存与滞销待柜内库存与订单上线',
      anchor: 'goods-optimize-list',
      input: optimizeInput,
      output: optimizeOutput,
      exportable: true,
    },
  },
);
