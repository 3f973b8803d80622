import { z } from 'zod';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { stockQuantitySchema } from './stock-fields.ts';

// 规则配置 (rule-configuration-list, section 105 container-stock): every cabinet slot of the merchant's planograms
// (device_goods) with its 补货线 (min) and 补满量 (max). A slot nobody configured uses the planogram's par level and
// the slot's capacity; an edit stores the slot's own numbers (version 0 → 1). 0 ≤ 补货线 ≤ 补满量 ≤ 容量.
// Slots are bounded by the merchant's cabinets × slots: offset paging. docs/stock.md "补货".

/** The pages of 智能柜库存 补货 (their operations read the cabinets and slots). */
export const REPLENISH_PAGES = ['rule-configuration-list', 'replenishment-rule', 'inventory-stockList-list'] as const;

export const deviceCodeSchema = z
  .string({ error: '请选择设备' })
  .trim()
  .min(1, '请选择设备')
  .max(20, '设备编号不正确')
  .regex(/^[A-Za-z0-9_-]+$/, '设备编号不正确');
export const slotNoSchema = z.string({ error: '请选择货道' }).trim().min(1, '请选择货道').max(8, '货道不正确');

export const MIN_ABOVE_MAX = '补货线不能大于补满量';
export const maxAboveCapacity = (capacity: number) => `补满量不能大于货道容量${capacity}`;

export const replenishSlotListInput = listInput(
  {
    deviceCode: z.string().trim().max(20, '设备编号不正确').optional(),
    /** SKU code, barcode or part of its name. */
    sku: z.string().trim().max(60, 'SKU不能超过60个字').optional(),
    /** Only slots whose 可用 ≤ 补货线. */
    belowMin: z.coerce.boolean().optional(),
  },
  ['deviceCode'],
);

export const replenishSlotRowSchema = z.object({
  deviceCode: z.string(),
  slotNo: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  capacity: z.number(),
  parLevel: z.number(),
  /** 补货线 / 补满量 (the defaults when not configured). */
  minLevel: z.number(),
  maxLevel: z.number(),
  /** Whether the slot has its own numbers. */
  configured: z.boolean(),
  onHand: z.number(),
  available: z.number(),
  belowMin: z.boolean(),
  /** 0 when not configured. */
  version: z.number(),
});
export type ReplenishSlotRow = z.infer<typeof replenishSlotRowSchema>;

const levels = {
  minLevel: stockQuantitySchema('补货线'),
  maxLevel: stockQuantitySchema('补满量'),
};
export const replenishSlotEditInput = z
  .object({ deviceCode: deviceCodeSchema, slotNo: slotNoSchema, ...levels, version: versionField })
  .refine((v) => v.minLevel <= v.maxLevel, { message: MIN_ABOVE_MAX, path: ['minLevel'] });
export type ReplenishSlotEditInput = z.input<typeof replenishSlotEditInput>;

const percent = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于0`)
    .max(100, `${label}不能超过100`);
/** 按设备批量设置: every slot of a cabinet, 补货线 / 补满量 as a percentage of each slot's capacity (rounded down). */
export const replenishSlotBatchInput = z
  .object({ deviceCode: deviceCodeSchema, minPercent: percent('补货线比例'), maxPercent: percent('补满量比例') })
  .refine((v) => v.minPercent <= v.maxPercent, { message: '补货线比例不能大于补满量比例', path: ['minPercent'] });
export type ReplenishSlotBatchInput = z.input<typeof replenishSlotBatchInput>;

/** A cabinet with planogram slots: how many, and how many have their own 补货线 / 补满量 (a batch set overwrites them). */
export const replenishDeviceOptionSchema = z.object({ deviceCode: z.string(), slotCount: z.number(), configuredCount: z.number() });
export type ReplenishDeviceOption = z.infer<typeof replenishDeviceOptionSchema>;

export const REPLENISH_SLOT_TARGETS = { deviceCode: '设备', slotNo: '货道' } as const;

export const replenishSlotOps = defineOperations(
  { anchor: 'rule-configuration-list', merchantScope: 'merchant', targets: REPLENISH_SLOT_TARGETS },
  {
    list: {
      name: 'stock.container.slot.list',
      label: '货道补货配置列表',
      input: replenishSlotListInput,
      output: pagedOf(replenishSlotRowSchema),
      exportable: true,
    },
    devices: {
      name: 'stock.container.slot.devices',
      label: '补货设备选项',
      summary: '有货道商品的智能柜（供规则配置、补货规则、补货单选择）',
      anchor: [...REPLENISH_PAGES],
      input: z.object({}),
      output: z.array(replenishDeviceOptionSchema),
    },
    edit: {
      name: 'stock.container.slot.edit',
      label: '设置货道补货线',
      summary: '设置一个货道的补货线和补满量（带版本）',
      writes: true,
      input: replenishSlotEditInput,
      output: replenishSlotRowSchema,
    },
    batchSet: {
      name: 'stock.container.slot.batchSet',
      label: '按设备批量设置补货线',
      summary: '按容量百分比设置一台设备全部货道的补货线和补满量',
      writes: true,
      input: replenishSlotBatchInput,
      output: z.object({ deviceCode: z.string(), slotCount: z.number() }),
    },
    history: {
      name: 'stock.container.slot.history',
      label: '货道补货配置变更记录',
      input: historyInput({ deviceCode: deviceCodeSchema, slotNo: slotNoSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
