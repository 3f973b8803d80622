import { z } from 'zod';
import { idSchema, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { pagedOf, timeRange } from '../core/paging.ts';
import { REPLENISH_SOURCES } from './replenish-rule.ts';
import { deviceCodeSchema, slotNoSchema } from './replenish-slot.ts';
import { stockQuantitySchema } from './stock-fields.ts';

// 补货单 (inventory-stockList-list, section 105 container-stock): stock sent from a source (库存中心 or a 前置仓) to
// the slots of one cabinet. 已生成 → 配送中 (派送: every line taken out of the source through the ledger) → 已完成
// (the loaded quantities put into the slots; a shortfall posted as 盘点差异 at the slot) and 已生成 → 已取消.
// Codes BH + yyMMdd + 4 digits. Unbounded: keyset paged. docs/stock.md "补货".

export const REPLENISH_ORDER_STATUS = { 0: '已生成', 1: '配送中', 2: '已完成', 3: '已取消' } as const;
export type ReplenishOrderStatus = keyof typeof REPLENISH_ORDER_STATUS;
export const REPLENISH_GENERATED = 0;
export const REPLENISH_DISPATCHED = 1;
export const REPLENISH_COMPLETED = 2;
export const REPLENISH_CANCELLED = 3;
export const REPLENISH_ORDER_STATUS_COLORS: Readonly<Record<ReplenishOrderStatus, string>> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'warning',
};

export const REPLENISH_ORDER_TRANSITIONS = {
  dispatch: { label: '派送', from: [0], to: 1 },
  complete: { label: '完成', from: [1], to: 2 },
  cancel: { label: '取消', from: [0, 1], to: 3 },
} as const satisfies Record<string, { label: string; from: readonly ReplenishOrderStatus[]; to: ReplenishOrderStatus }>;
export type ReplenishOrderTransition = keyof typeof REPLENISH_ORDER_TRANSITIONS;
export const REPLENISH_ORDER_ACTIONS = ['dispatch', 'complete', 'cancel'] as const;
export const replenishOrderAllowed = (a: ReplenishOrderTransition, status: number) =>
  (REPLENISH_ORDER_TRANSITIONS[a].from as readonly number[]).includes(status);

export const REPLENISH_COUNT_UP_TO = 10_000;
export const NOTHING_TO_REPLENISH = '没有需要补货的货道（或货源没有这些商品的可用库存）';

export const replenishOrderCodeSchema = z
  .string({ error: '请输入单号' })
  .trim()
  .min(1, '请输入单号')
  .max(20, '单号不正确')
  .regex(/^[A-Za-z0-9]+$/, '单号不正确');

export const replenishOrderListInput = keysetInput(
  {
    orderCode: z.string().trim().max(20, '单号不能超过20位').optional(),
    deviceCode: z.string().trim().max(20, '设备编号不正确').optional(),
    status: z.coerce
      .number({ error: '状态不正确' })
      .int('状态不正确')
      .refine((v) => v in REPLENISH_ORDER_STATUS, '状态不正确')
      .optional(),
    createdRange: timeRange,
  },
  ['createdAt'],
);

export const replenishOrderRowSchema = z.object({
  orderCode: z.string(),
  deviceCode: z.string(),
  ruleName: z.string(),
  sourceName: z.string(),
  /** The source's kind: whose 库存流水 shows the order's 派送 (hub: 库存中心, front: 前置仓). */
  sourceKind: z.enum(['hub', 'front']),
  status: z.number(),
  statusName: z.string(),
  lineCount: z.number(),
  totalSent: z.number(),
  totalLoaded: z.number(),
  creatorName: z.string(),
  createdAt: z.number(),
  dispatchedAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  cancelReason: z.string(),
  actions: z.array(z.enum(REPLENISH_ORDER_ACTIONS)),
  version: z.number(),
});
export type ReplenishOrderRow = z.infer<typeof replenishOrderRowSchema>;

export const replenishOrderLineSchema = z.object({
  slotNo: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  /** On hand in the slot when the order was made. */
  onHand: z.number(),
  /** 补货数量 (sent). */
  quantity: z.number(),
  /** Loaded into the slot (null until completed). */
  loaded: z.number().nullable(),
  /** quantity − loaded, posted as 盘点差异 (null until completed). */
  variance: z.number().nullable(),
});
export type ReplenishOrderLine = z.infer<typeof replenishOrderLineSchema>;
export const replenishOrderDetailSchema = replenishOrderRowSchema.extend({
  lines: z.array(replenishOrderLineSchema),
  /** The 补货 command sent to the cabinet at 派送 (its state: 已发送, 已确认, 超时, 执行失败); null before 派送 or when none was sent. */
  restockCommand: z.object({ commandNo: z.string(), statusName: z.string(), sentAt: z.number() }).nullable(),
});
export type ReplenishOrderDetail = z.infer<typeof replenishOrderDetailSchema>;

export const replenishOrderStateSchema = z.object({
  orderCode: z.string(),
  status: z.number(),
  statusName: z.string(),
  version: z.number(),
});
export type ReplenishOrderState = z.infer<typeof replenishOrderStateSchema>;

const codeInput = { orderCode: replenishOrderCodeSchema };
export const replenishGenerateInput = z.object({ ruleId: idSchema('补货规则') });
/** 手工补货: one cabinet from a source; every slot below its 补满量 filled to it. */
export const replenishCreateInput = z
  .object({
    deviceCode: deviceCodeSchema,
    sourceKind: z.enum(Object.keys(REPLENISH_SOURCES) as ['hub', 'front'], { error: '货源只能是库存中心或前置仓' }),
    frontWarehouseId: z.coerce.number({ error: '前置仓不正确' }).int('前置仓不正确').min(0, '前置仓不正确').default(0),
  })
  .refine((v) => v.sourceKind !== 'front' || v.frontWarehouseId > 0, { message: '请选择前置仓', path: ['frontWarehouseId'] });
export const replenishStepInput = z.object({ ...codeInput, version: versionField });
export const replenishCompleteInput = z.object({
  ...codeInput,
  version: versionField,
  lines: z
    .array(z.object({ slotNo: slotNoSchema, loaded: stockQuantitySchema('实装数量') }), { error: '请填写每个货道的实装数量' })
    .min(1, '请填写每个货道的实装数量')
    .max(500, '货道过多'),
});
export type ReplenishCompleteInput = z.input<typeof replenishCompleteInput>;
export const replenishCancelInput = z.object({ ...codeInput, version: versionField, cancelReason: requiredText('取消原因', 2, 200) });

export const replenishGenerateResultSchema = z.object({ orders: z.array(replenishOrderStateSchema), skippedDevices: z.array(z.string()) });
export type ReplenishGenerateResult = z.infer<typeof replenishGenerateResultSchema>;

export const REPLENISH_ORDER_TARGETS = { orderCode: '补货单', ruleId: '补货规则', deviceCode: '设备', frontWarehouseId: '前置仓' } as const;

export const replenishOrderOps = defineOperations(
  { anchor: 'inventory-stockList-list', merchantScope: 'merchant', targets: REPLENISH_ORDER_TARGETS },
  {
    list: {
      name: 'stock.container.order.list',
      label: '补货单列表',
      input: replenishOrderListInput,
      output: keysetOf(replenishOrderRowSchema),
      exportable: true,
    },
    detail: { name: 'stock.container.order.detail', label: '补货单详情', input: z.object(codeInput), output: replenishOrderDetailSchema },
    generate: {
      name: 'stock.container.order.generate',
      label: '按规则生成补货单',
      summary: '按启用的补货规则为需要补货的智能柜各生成一张补货单（已有未完成补货单的设备跳过）',
      writes: true,
      input: replenishGenerateInput,
      output: replenishGenerateResultSchema,
    },
    create: {
      name: 'stock.container.order.create',
      label: '手工新建补货单',
      summary: '为一台智能柜新建补货单：低于补满量的货道补到补满量',
      writes: true,
      input: replenishCreateInput,
      output: replenishOrderStateSchema,
    },
    dispatch: {
      name: 'stock.container.order.dispatch',
      label: '派送补货单',
      summary: '派送：每一行从货源扣减（补货出库），货源不足时整单拒绝',
      writes: true,
      input: replenishStepInput,
      output: replenishOrderStateSchema,
    },
    complete: {
      name: 'stock.container.order.complete',
      label: '完成补货单',
      summary: '按实装数量补入货道，少装的数量记为盘点差异',
      writes: true,
      input: replenishCompleteInput,
      output: replenishOrderStateSchema,
    },
    cancel: {
      name: 'stock.container.order.cancel',
      label: '取消补货单',
      summary: '取消已生成的补货单（须填原因）',
      writes: true,
      input: replenishCancelInput,
      output: replenishOrderStateSchema,
    },
    history: {
      name: 'stock.container.order.history',
      label: '补货单变更记录',
      input: historyInput(codeInput),
      output: pagedOf(historyEntrySchema),
    },
  },
);
