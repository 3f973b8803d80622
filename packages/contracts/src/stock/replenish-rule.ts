import { z } from 'zod';
import { idSchema, optionalText, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { deviceCodeSchema, REPLENISH_PAGES } from './replenish-slot.ts';

// 补货规则 (replenishment-rule, section 105 container-stock): how a 补货单 is generated. A rule says when a slot needs
// stock (可用 ≤ 补货线, or ≤ a percentage of its capacity), what to fill it to (补满量 or the capacity), the smallest
// lot worth sending, the source stock (库存中心 or a 前置仓) and the cabinets it covers (all, or chosen ones).
// 启用 / 停用; every write carries the version. Tens per merchant: offset paging, exportable. docs/stock.md "补货".

export const REPLENISH_RULE_STATUS = { 1: '启用', 0: '停用' } as const;
export const REPLENISH_RULE_STATUS_COLORS: Readonly<Record<number, string>> = { 1: 'green', 0: 'default' };
export const REPLENISH_TRIGGERS = { min: '可用≤补货线', percent: '可用≤容量百分比' } as const;
export const REPLENISH_FILL_TO = { max: '补满量', capacity: '货道容量' } as const;
export const REPLENISH_SOURCES = { hub: '库存中心', front: '前置仓' } as const;
export type ReplenishTrigger = keyof typeof REPLENISH_TRIGGERS;
export type ReplenishFillTo = keyof typeof REPLENISH_FILL_TO;
export type ReplenishSource = keyof typeof REPLENISH_SOURCES;

export const REPLENISH_RULE_TRANSITIONS = {
  edit: { label: '编辑', from: [0, 1] },
  enable: { label: '启用', from: [0] },
  disable: { label: '停用', from: [1] },
} as const;
export type ReplenishRuleTransition = keyof typeof REPLENISH_RULE_TRANSITIONS;
export const replenishRuleAllowed = (a: ReplenishRuleTransition, status: number) =>
  (REPLENISH_RULE_TRANSITIONS[a].from as readonly number[]).includes(status);
/** What a row offers: its transitions, and 生成补货单 (stock.container.order.generate) only while 启用. */
export const REPLENISH_RULE_ACTIONS = ['edit', 'enable', 'disable', 'generate'] as const;
export type ReplenishRuleAction = (typeof REPLENISH_RULE_ACTIONS)[number];
export const replenishRuleActions = (status: number): ReplenishRuleAction[] =>
  REPLENISH_RULE_ACTIONS.filter((a) => (a === 'generate' ? status === 1 : replenishRuleAllowed(a, status)));

const enumOf = <T extends Record<string, string>>(labels: T, message: string) =>
  z.enum(Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]], { error: message });

export const replenishRuleFields = {
  name: requiredText('规则名称', 2, 30),
  triggerMode: enumOf(REPLENISH_TRIGGERS, '触发条件只能是可用≤补货线或可用≤容量百分比'),
  /** With 'percent': 1 … 99. */
  triggerPercent: z.coerce
    .number({ error: '触发百分比必须是数字' })
    .int('触发百分比必须是整数')
    .min(0, '触发百分比不能小于0')
    .max(99, '触发百分比不能超过99')
    .default(0),
  fillTo: enumOf(REPLENISH_FILL_TO, '补货目标只能是补满量或货道容量'),
  minLot: z.coerce
    .number({ error: '最小补货量必须是数字' })
    .int('最小补货量必须是整数')
    .min(0, '最小补货量不能小于0')
    .max(999, '最小补货量不能超过999')
    .default(0),
  sourceKind: enumOf(REPLENISH_SOURCES, '货源只能是库存中心或前置仓'),
  /** With 'front': the front warehouse's id (stock.front.warehouse.options). */
  frontWarehouseId: z.coerce.number({ error: '前置仓不正确' }).int('前置仓不正确').min(0, '前置仓不正确').default(0),
  /** Empty: every cabinet. */
  deviceCodes: z.array(deviceCodeSchema, { error: '设备不正确' }).max(100, '最多选择100台设备').default([]),
  remark: optionalText('备注', 200),
};
const ruleChecks = <T extends { triggerMode: string; triggerPercent: number; sourceKind: string; frontWarehouseId: number }>(
  s: z.ZodType<T>,
) =>
  s
    .refine((v) => v.triggerMode !== 'percent' || v.triggerPercent >= 1, { message: '请输入触发百分比（1–99）', path: ['triggerPercent'] })
    .refine((v) => v.sourceKind !== 'front' || v.frontWarehouseId > 0, { message: '请选择前置仓', path: ['frontWarehouseId'] });
export const replenishRuleAddInput = ruleChecks(z.object(replenishRuleFields));
export const replenishRuleEditInput = ruleChecks(z.object({ id: idSchema('补货规则'), version: versionField, ...replenishRuleFields }));
export type ReplenishRuleAddInput = z.input<typeof replenishRuleAddInput>;
export const replenishRuleStepInput = z.object({ id: idSchema('补货规则'), version: versionField });

export const replenishRuleListInput = listInput(
  {
    /** 规则名称 contains. */
    name: z.string().trim().max(30, '规则名称不能超过30个字').optional(),
    status: z.coerce
      .number({ error: '状态不正确' })
      .int('状态不正确')
      .refine((v) => v in REPLENISH_RULE_STATUS, '状态只能是启用或停用')
      .optional(),
    sourceKind: enumOf(REPLENISH_SOURCES, '货源只能是库存中心或前置仓').optional(),
  },
  ['createdAt', 'name'],
);
export type ReplenishRuleListInput = z.input<typeof replenishRuleListInput>;

export const replenishRuleRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  triggerMode: z.string(),
  triggerPercent: z.number(),
  /** In words: 可用≤补货线 / 可用≤容量的30%. */
  triggerText: z.string(),
  fillTo: z.string(),
  fillToName: z.string(),
  minLot: z.number(),
  sourceKind: z.string(),
  frontWarehouseId: z.number(),
  sourceName: z.string(),
  deviceCodes: z.array(z.string()),
  status: z.number(),
  statusName: z.string(),
  remark: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** What the row's state allows (the page shows only these). */
  actions: z.array(z.enum(REPLENISH_RULE_ACTIONS)),
});
export type ReplenishRuleRow = z.infer<typeof replenishRuleRowSchema>;
export const replenishRuleStateSchema = z.object({ id: z.number(), status: z.number(), version: z.number() });

export const REPLENISH_RULE_TARGETS = { id: '补货规则', deviceCodes: '设备', frontWarehouseId: '前置仓' } as const;

export const replenishRuleOps = defineOperations(
  { anchor: 'replenishment-rule', merchantScope: 'merchant', targets: REPLENISH_RULE_TARGETS },
  {
    list: {
      name: 'stock.container.rule.list',
      label: '补货规则列表',
      summary: '商户的补货规则（分页；生成补货单时按状态启用选择规则）',
      anchor: [...REPLENISH_PAGES],
      input: replenishRuleListInput,
      output: pagedOf(replenishRuleRowSchema),
      exportable: true,
    },
    add: {
      name: 'stock.container.rule.add',
      label: '新增补货规则',
      writes: true,
      input: replenishRuleAddInput,
      output: replenishRuleRowSchema,
    },
    edit: {
      name: 'stock.container.rule.edit',
      label: '编辑补货规则',
      writes: true,
      input: replenishRuleEditInput,
      output: replenishRuleRowSchema,
    },
    enable: {
      name: 'stock.container.rule.enable',
      label: '启用补货规则',
      writes: true,
      input: replenishRuleStepInput,
      output: replenishRuleStateSchema,
    },
    disable: {
      name: 'stock.container.rule.disable',
      label: '停用补货规则',
      writes: true,
      input: replenishRuleStepInput,
      output: replenishRuleStateSchema,
    },
    history: {
      name: 'stock.container.rule.history',
      label: '补货规则变更记录',
      input: historyInput({ id: idSchema('补货规则') }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
