import { z } from 'zod';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { optionSchema, pagedOf } from '../core/paging.ts';
import { categoryIdSchema, GOODS_TARGETS } from './goods-fields.ts';
import { skuIdSchema, SKU_COUNT_UP_TO } from './sku.ts';

// 销售管理 (salesmanagement-list): the shelf state of every SKU in each sales channel of the merchant (the
// channels the top bar offers: 智能柜, 批发商城, 线上零售, 本地生活). A SKU never put on a channel's shelf is
// 下架 there (version 0).

/** Shelf state in a channel: 1 上架, 2 下架. */
export const CHANNEL_SHELF_STATUS = { 1: '上架', 2: '下架' } as const;
export const CHANNEL_ON_SHELF = 1;
export const CHANNEL_OFF_SHELF = 2;
export const MAX_SHELF_BATCH = 200;

export const channelCodeSchema = z.string({ error: '请选择销售渠道' }).trim().min(1, '请选择销售渠道').max(20, '销售渠道不正确');

export const channelShelfInput = z.object({
  channelCode: channelCodeSchema,
  status: z.coerce
    .number({ error: '请选择上下架状态' })
    .int('上下架状态不正确')
    .refine((v) => v in CHANNEL_SHELF_STATUS, '上下架状态只能是上架或下架'),
  items: z
    .array(z.object({ skuId: skuIdSchema, version: versionField }), { error: '请选择SKU' })
    .min(1, '请选择SKU')
    .max(MAX_SHELF_BATCH, `一次最多${MAX_SHELF_BATCH}个SKU`)
    .refine((rows) => new Set(rows.map((r) => r.skuId)).size === rows.length, 'SKU重复'),
});

export const channelShelfRowSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  name: z.string(),
  goodsName: z.string(),
  barcode: z.string(),
  categoryPath: z.string(),
  /** 分. */
  basePrice: z.number(),
  /** SKU level 1 上架, 2 下架. */
  skuStatus: z.number(),
  channelCode: z.string(),
  channelName: z.string(),
  /** Effective: 上架 only when set 上架 in the channel and the SKU itself is 上架. */
  status: z.number(),
  statusName: z.string(),
  /** What the channel was set to (上架/下架 change this). */
  shelfStatus: z.number(),
  blockedReason: z.string(),
  /** The channel row's version (0: never set). */
  version: z.number(),
  updatedAt: z.number(),
});
export type ChannelShelfRow = z.infer<typeof channelShelfRowSchema>;

/**
 * Every live SKU of the merchant in one channel: as many rows as SKUs (100,000 and more), so paged by keyset like the
 * SKU list (the first page counts up to SKU_COUNT_UP_TO).
 */
export const CHANNEL_SHELF_COUNT_UP_TO = SKU_COUNT_UP_TO;
export const channelShelfListInput = keysetInput(
  {
    /** The channel shown (one at a time). */
    channelCode: channelCodeSchema,
    keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
    categoryId: categoryIdSchema.optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in CHANNEL_SHELF_STATUS, '上下架状态不正确')
      .optional(),
  },
  ['createdAt', 'skuCode'],
);

export const salesChannelOps = defineOperations(
  { anchor: 'salesmanagement-list', merchantScope: 'merchant', targets: GOODS_TARGETS },
  {
    channels: { name: 'goods.sales-channel.channels', label: '销售渠道', input: z.object({}), output: z.array(optionSchema) },
    list: {
      name: 'goods.sales-channel.list',
      label: '销售管理列表',
      input: channelShelfListInput,
      output: keysetOf(channelShelfRowSchema),
      exportable: true,
    },
    setShelf: {
      name: 'goods.sales-channel.setShelf',
      label: '渠道上下架',
      summary: '在一个销售渠道批量上架或下架SKU（全部成功或全部不做；SKU已下架的不能上架）',
      writes: true,
      input: channelShelfInput,
      output: z.object({ changed: z.number() }),
    },
    history: {
      name: 'goods.sales-channel.history',
      label: '渠道上下架记录',
      input: historyInput({ skuId: skuIdSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
