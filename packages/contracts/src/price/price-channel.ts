import { z } from 'zod';
import { idSchema, optionalText, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { deviceCodeSchema } from '../device/device.ts';
import { secondChannelIdSchema } from './price-fields.ts';

// 二级渠道 (the 渠道价格 tab of price-adjustment): the merchant's own channels under a first channel (智能柜, 批发商城,
// 线上零售, 本地生活). A second channel under 智能柜 groups cabinets; its price wins over the first channel's for
// them. A merchant has tens of them: offset paging.

export const PRICE_CHANNEL_STATUS = { 1: '启用', 0: '停用' } as const;
export type PriceChannelStatus = keyof typeof PRICE_CHANNEL_STATUS;
export const PRICE_CHANNEL_ENABLED = 1;
export const PRICE_CHANNEL_DISABLED = 0;

/** The state machine: each action, the states it may start from and the state it leads to. */
export const PRICE_CHANNEL_TRANSITIONS = {
  edit: { label: '编辑', from: [0, 1], to: null },
  enable: { label: '启用', from: [0], to: 1 },
  disable: { label: '停用', from: [1], to: 0 },
  bindDevices: { label: '绑定智能柜', from: [0, 1], to: null },
} as const satisfies Record<string, { label: string; from: readonly PriceChannelStatus[]; to: PriceChannelStatus | null }>;
export type PriceChannelTransition = keyof typeof PRICE_CHANNEL_TRANSITIONS;
export function priceChannelAllowed(action: PriceChannelTransition, status: number): boolean {
  return (PRICE_CHANNEL_TRANSITIONS[action].from as readonly number[]).includes(status);
}

/** Most cabinets one second channel binds in one call. */
export const MAX_CHANNEL_DEVICES = 500;

const firstChannelCodeSchema = z.string({ error: '请选择一级渠道' }).trim().min(1, '请选择一级渠道').max(20, '一级渠道不正确');

export const priceChannelFields = {
  firstChannelCode: firstChannelCodeSchema,
  name: requiredText('二级渠道名称', 2, 30),
  remark: optionalText('备注', 200),
};
export const priceChannelAddInput = z.object(priceChannelFields);
export const priceChannelEditInput = z.object({ id: secondChannelIdSchema, version: versionField, ...priceChannelFields });
export const priceChannelStepInput = z.object({ id: secondChannelIdSchema, version: versionField });
export const priceChannelByIdInput = z.object({ id: secondChannelIdSchema });
export const priceChannelBindInput = z.object({
  id: secondChannelIdSchema,
  version: versionField,
  /** The whole set of cabinets the channel has after the call (replaces what it had). */
  deviceCodes: z
    .array(deviceCodeSchema, { error: '请选择智能柜' })
    .max(MAX_CHANNEL_DEVICES, `一个二级渠道最多绑定${MAX_CHANNEL_DEVICES}台智能柜`)
    .refine((a) => new Set(a).size === a.length, '智能柜不能重复选择'),
});

export const priceChannelListInput = listInput(
  {
    firstChannelCode: firstChannelCodeSchema.optional(),
    name: z.string().trim().max(30, '二级渠道名称不能超过30个字').optional(),
    status: z.coerce
      .number({ error: '状态不正确' })
      .int('状态不正确')
      .refine((v) => v in PRICE_CHANNEL_STATUS, '状态只能是启用或停用')
      .optional(),
  },
  ['createdAt', 'name'],
);

export const priceChannelRowSchema = z.object({
  id: z.number(),
  firstChannelCode: z.string(),
  firstChannelName: z.string(),
  name: z.string(),
  status: z.number(),
  statusName: z.string(),
  remark: z.string(),
  deviceCount: z.number(),
  /** How many SKUs carry a price in this channel. */
  priceCount: z.number(),
  creatorName: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PriceChannelRow = z.infer<typeof priceChannelRowSchema>;

export const priceChannelDeviceSchema = z.object({
  deviceCode: z.string(),
  name: z.string(),
  modelName: z.string(),
  statusName: z.string(),
  online: z.boolean(),
});
export type PriceChannelDevice = z.infer<typeof priceChannelDeviceSchema>;

export const priceChannelStateSchema = z.object({ id: z.number(), status: z.number(), version: z.number() });

export const PRICE_TARGETS = {
  id: '二级渠道',
  orderNo: '调价单',
  skuId: 'SKU',
  deviceCode: '智能柜',
  deviceCodes: '智能柜',
  secondChannelId: '二级渠道',
  firstChannelCode: '一级渠道',
  channelCode: '渠道',
  categoryId: '商品分类',
} as const;

export const priceChannelOps = defineOperations(
  { anchor: 'price-adjustment', merchantScope: 'merchant', targets: PRICE_TARGETS },
  {
    list: {
      name: 'price.channel.list',
      label: '二级渠道列表',
      input: priceChannelListInput,
      output: pagedOf(priceChannelRowSchema),
      anchor: ['price-adjustment', 'containerPrice-single', 'price-detail-h'],
      exportable: true,
    },
    detail: {
      name: 'price.channel.detail',
      label: '二级渠道详情',
      input: priceChannelByIdInput,
      output: priceChannelRowSchema,
    },
    add: {
      name: 'price.channel.add',
      label: '新增二级渠道',
      writes: true,
      input: priceChannelAddInput,
      output: priceChannelRowSchema,
    },
    edit: {
      name: 'price.channel.edit',
      label: '编辑二级渠道',
      writes: true,
      input: priceChannelEditInput,
      output: priceChannelRowSchema,
    },
    enable: {
      name: 'price.channel.enable',
      label: '启用二级渠道',
      writes: true,
      input: priceChannelStepInput,
      output: priceChannelStateSchema,
    },
    disable: {
      name: 'price.channel.disable',
      label: '停用二级渠道',
      summary: '停用二级渠道（停用后其价格不再参与计价，智能柜按一级渠道价）',
      writes: true,
      input: priceChannelStepInput,
      output: priceChannelStateSchema,
    },
    devices: {
      name: 'price.channel.devices',
      label: '二级渠道的智能柜',
      input: priceChannelByIdInput,
      output: z.array(priceChannelDeviceSchema),
    },
    bindDevices: {
      name: 'price.channel.bindDevices',
      label: '二级渠道绑定智能柜',
      summary: '设置二级渠道包含的智能柜（整体替换；一台智能柜在同一一级渠道下只属于一个二级渠道）',
      writes: true,
      input: priceChannelBindInput,
      output: priceChannelStateSchema,
    },
    history: {
      name: 'price.channel.history',
      label: '二级渠道变更记录',
      input: historyInput({ id: idSchema('二级渠道') }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
