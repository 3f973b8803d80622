import { z } from 'zod';
import { idSchema, optionalText, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { pagedOf, timeRange } from '../core/paging.ts';
import { STOCK_DOC_TYPES, STOCK_MOVEMENT_TYPES } from './stock-fields.ts';

// 入库单 / 退货单 (stock-order, docs/stock.md): a document of lines (SKU × quantity × unit cost in 分) for one stock
// location. 草稿 is edited freely; 确认 posts every line through the stock ledger (入库 +qty, 退货 −qty) in the same
// transaction as its status change; 取消 ends a draft. A confirmed order is never cancelled: a 退货单 takes it back.
// One server resource for every location kind: the hub warehouse 库存中心 (inventory-add-list) now; wholesaler stock
// and front warehouses later with their own operation set and anchor.

/** The stored status. */
export const STOCK_ORDER_STATUS = { 0: '草稿', 1: '已确认', 2: '已取消' } as const;
export type StockOrderStatus = keyof typeof STOCK_ORDER_STATUS;
export const STOCK_ORDER_DRAFT = 0;
export const STOCK_ORDER_CONFIRMED = 1;
export const STOCK_ORDER_CANCELLED = 2;
/** Tag colours of the status (antd Tag colour names). */
export const STOCK_ORDER_STATUS_COLORS: Readonly<Record<StockOrderStatus, string>> = {
  0: 'default',
  1: 'success',
  2: 'warning',
};

/** The state machine: each action, the states it may start from and where it leads. */
export const STOCK_ORDER_TRANSITIONS = {
  edit: { label: '编辑', from: [0], to: 0 },
  confirm: { label: '确认', from: [0], to: 1 },
  cancel: { label: '取消', from: [0], to: 2 },
} as const satisfies Record<string, { label: string; from: readonly StockOrderStatus[]; to: StockOrderStatus }>;
export type StockOrderTransition = keyof typeof STOCK_ORDER_TRANSITIONS;
export const STOCK_ORDER_ACTIONS = ['edit', 'confirm', 'cancel'] as const;
export type StockOrderAction = (typeof STOCK_ORDER_ACTIONS)[number];
export function stockOrderAllowed(action: StockOrderTransition, status: number): boolean {
  return (STOCK_ORDER_TRANSITIONS[action].from as readonly number[]).includes(status);
}
/** The refusal of cancelling a confirmed order (its stock has moved; only a 退货单 takes it back). */
export const CONFIRMED_NOT_CANCELLABLE = '已确认的入库单不能取消，如需冲回请新建退货单';

/** The two kinds of order: labels, movement type and document type all from stock-fields. */
export const STOCK_ORDER_TYPES = {
  inbound: STOCK_DOC_TYPES.inbound.label,
  return: STOCK_DOC_TYPES.return.label,
} as const;
export type StockOrderType = keyof typeof STOCK_ORDER_TYPES;
/** What the type does to stock, in words (入库 / 退货). */
export const STOCK_ORDER_TYPE_MOVES: Readonly<Record<StockOrderType, string>> = {
  inbound: STOCK_MOVEMENT_TYPES.inbound,
  return: STOCK_MOVEMENT_TYPES.return,
};
/** The counterparty's label by type: who the goods came from or go to. */
export const STOCK_ORDER_COUNTERPARTY: Readonly<Record<StockOrderType, string>> = { inbound: '供应商', return: '退货去向' };
export const stockOrderTypeSchema = z.enum(['inbound', 'return'], { error: '单据类型只能是入库单或退货单' });

export const MAX_STOCK_ORDER_LINES = 200;
/** Most a unit cost may be (分): 999999.99 元. */
export const MAX_UNIT_COST = 99_999_999;
export const STOCK_ORDER_COUNT_UP_TO = 10_000;
export const STOCK_SKU_OPTIONS_MAX = 50;

export const stockOrderCodeSchema = z
  .string({ error: '请输入单号' })
  .trim()
  .min(1, '请输入单号')
  .max(20, '单号不正确')
  .regex(/^[A-Za-z0-9]+$/, '单号不正确');

export const stockOrderSkuIdSchema = idSchema('SKU');
export const unitCostSchema = z.coerce
  .number({ error: '单价必须是数字' })
  .int('单价以分为单位，须为整数')
  .min(0, '单价不能小于0')
  .max(MAX_UNIT_COST, '单价不能超过999999.99元');
export const lineQuantitySchema = z.coerce
  .number({ error: '数量必须是数字' })
  .int('数量必须是整数')
  .min(1, '数量至少为1')
  .max(1_000_000, '数量不能超过1000000');

export const stockOrderLineInput = z.object({
  skuId: stockOrderSkuIdSchema,
  quantity: lineQuantitySchema,
  unitCost: unitCostSchema.default(0),
});
export type StockOrderLineInput = z.input<typeof stockOrderLineInput>;

export const stockOrderLinesSchema = z
  .array(stockOrderLineInput, { error: '请添加商品明细' })
  .min(1, '请添加商品明细')
  .max(MAX_STOCK_ORDER_LINES, `一张单据最多${MAX_STOCK_ORDER_LINES}行`)
  .refine((rows) => new Set(rows.map((r) => r.skuId)).size === rows.length, '同一SKU不能重复添加');

export const stockOrderFields = {
  counterparty: requiredText('供应商或退货去向', 1, 60),
  remark: optionalText('备注', 200),
  lines: stockOrderLinesSchema,
};
/** A front warehouse's id (stock.front.warehouse.options): the location of an order of a book whose location is picked per order. */
export const stockOrderWarehouseSchema = idSchema('前置仓');
export const stockOrderCreateInput = z.object({
  orderType: stockOrderTypeSchema,
  /** Only for a book whose location is picked per order (前置仓); the others refuse it. */
  warehouseId: stockOrderWarehouseSchema.optional(),
  ...stockOrderFields,
});
export const stockOrderUpdateInput = z.object({ orderCode: stockOrderCodeSchema, version: versionField, ...stockOrderFields });
export const stockOrderStepInput = z.object({ orderCode: stockOrderCodeSchema, version: versionField });
export const stockOrderCancelInput = z.object({
  orderCode: stockOrderCodeSchema,
  version: versionField,
  cancelReason: requiredText('取消原因', 2, 200),
});
export const stockOrderByCodeInput = z.object({ orderCode: stockOrderCodeSchema });
export const stockSkuOptionsInput = z.object({
  /** SKU code, barcode or part of the name. */
  keyword: z.string({ error: '关键词不正确' }).trim().max(60, '关键词不能超过60个字').optional(),
  /** Or the SKUs by id (a draft's lines). */
  skuIds: z.array(stockOrderSkuIdSchema, { error: 'SKU不正确' }).max(MAX_STOCK_ORDER_LINES, 'SKU过多').optional(),
});

export const stockOrderListInput = keysetInput(
  {
    orderCode: z.string().trim().max(20, '单号不能超过20位').optional(),
    status: z.coerce
      .number({ error: '单据状态不正确' })
      .int('单据状态不正确')
      .refine((v) => v in STOCK_ORDER_STATUS, '单据状态不正确')
      .optional(),
    orderType: stockOrderTypeSchema.optional(),
    /** One front warehouse's orders (a book whose location is picked per order). */
    warehouseId: stockOrderWarehouseSchema.optional(),
    /** Orders with a line for this SKU. */
    skuId: stockOrderSkuIdSchema.optional(),
    /** Part of the supplier / return destination. */
    counterparty: z.string().trim().max(60, '供应商或退货去向不能超过60个字').optional(),
    /** Orders created within [start, end] (epoch ms). */
    createdRange: timeRange,
  },
  ['createdAt'],
);

export const stockOrderRowSchema = z.object({
  orderCode: z.string(),
  orderType: z.string(),
  orderTypeName: z.string(),
  locationName: z.string(),
  status: z.number(),
  statusName: z.string(),
  counterparty: z.string(),
  remark: z.string(),
  lineCount: z.number(),
  totalQuantity: z.number(),
  /** 分. */
  totalAmount: z.number(),
  creatorName: z.string(),
  createdAt: z.number(),
  confirmerName: z.string(),
  confirmedAt: z.number().nullable(),
  cancelReason: z.string(),
  /** What a person may do now (STOCK_ORDER_ACTIONS allowed by the status). */
  actions: z.array(z.enum(STOCK_ORDER_ACTIONS)),
  version: z.number(),
  updatedAt: z.number(),
});
export type StockOrderRow = z.infer<typeof stockOrderRowSchema>;

export const stockOrderLineSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  barcode: z.string(),
  quantity: z.number(),
  /** 分 per unit. */
  unitCost: z.number(),
  /** quantity × unitCost, 分. */
  amount: z.number(),
  /** Once confirmed: on hand at the location before → after this line's movement. */
  onHandBefore: z.number().nullable(),
  onHandAfter: z.number().nullable(),
});
export type StockOrderLine = z.infer<typeof stockOrderLineSchema>;

export const stockOrderDetailSchema = stockOrderRowSchema.extend({ lines: z.array(stockOrderLineSchema) });
export type StockOrderDetail = z.infer<typeof stockOrderDetailSchema>;

export const stockOrderStateSchema = z.object({
  orderCode: z.string(),
  status: z.number(),
  statusName: z.string(),
  version: z.number(),
});
export type StockOrderState = z.infer<typeof stockOrderStateSchema>;

export const stockSkuOptionSchema = z.object({ skuId: z.number(), skuCode: z.string(), skuName: z.string(), barcode: z.string() });
export type StockSkuOption = z.infer<typeof stockSkuOptionSchema>;

export const STOCK_ORDER_TARGETS = { orderCode: '入库单/退货单', skuId: 'SKU', warehouseId: '前置仓' } as const;

/**
 * The operation set of one stock book (a location kind's page): names `<prefix>.list` …, the page's anchor, and `doc`
 * — what the page calls its documents — in the labels. Each page's set is declared once, below; the server binds it
 * to the one stock-order service with the page's book.
 */
export function stockOrderOperations<const P extends string>(prefix: P, anchor: string, doc: string) {
  return defineOperations(
    { anchor, merchantScope: 'merchant', targets: STOCK_ORDER_TARGETS },
    {
      list: {
        name: `${prefix}.list` as `${P}.list`,
        label: `${doc}列表`,
        input: stockOrderListInput,
        output: keysetOf(stockOrderRowSchema),
        exportable: true,
      },
      detail: {
        name: `${prefix}.detail` as `${P}.detail`,
        label: `${doc}详情`,
        input: stockOrderByCodeInput,
        output: stockOrderDetailSchema,
      },
      create: {
        name: `${prefix}.create` as `${P}.create`,
        label: `新建${doc}`,
        summary: `新建${doc}（入库或退货，草稿）`,
        writes: true,
        merchantScope: 'merchant-operator',
        input: stockOrderCreateInput,
        output: stockOrderStateSchema,
      },
      update: {
        name: `${prefix}.update` as `${P}.update`,
        label: `编辑${doc}`,
        summary: '编辑草稿（带版本）',
        writes: true,
        merchantScope: 'merchant-operator',
        input: stockOrderUpdateInput,
        output: stockOrderStateSchema,
      },
      confirm: {
        name: `${prefix}.confirm` as `${P}.confirm`,
        label: `确认${doc}`,
        summary: '确认草稿：每一行记入库存流水（入库加库存，退货减库存），库存不足时整单拒绝',
        writes: true,
        merchantScope: 'merchant-operator',
        input: stockOrderStepInput,
        output: stockOrderStateSchema,
      },
      cancel: {
        name: `${prefix}.cancel` as `${P}.cancel`,
        label: `取消${doc}`,
        summary: '取消草稿（须填原因）；已确认的单据不能取消',
        writes: true,
        input: stockOrderCancelInput,
        output: stockOrderStateSchema,
      },
      history: {
        name: `${prefix}.history` as `${P}.history`,
        label: `${doc}变更记录`,
        input: historyInput({ orderCode: stockOrderCodeSchema }),
        output: pagedOf(historyEntrySchema),
      },
      skuOptions: {
        name: `${prefix}.skuOptions` as `${P}.skuOptions`,
        label: `${doc}·商品选项`,
        input: stockSkuOptionsInput,
        output: z.array(stockSkuOptionSchema),
      },
    },
  );
}
export type StockOrderOps = ReturnType<typeof stockOrderOperations<string>>;

/** 库存中心 · 入库管理 (inventory-add-list): the hub warehouse's orders. */
export const hubStockOrderOps = stockOrderOperations('stock.hub.order', 'inventory-add-list', '入库单');

/** 批发商库存 · 入库管理 (wholesaler-add-list): the wholesaler stock's orders (labels 批发商入库单…: the operation log names every operation uniquely). */
export const wholesalerStockOrderOps = stockOrderOperations('stock.wholesaler.order', 'wholesaler-add-list', '批发商入库单');

/** 前置仓 · 入库单 (entrepot-entry-list): inbound orders of a front warehouse picked per order. */
export const frontEntryStockOrderOps = stockOrderOperations('stock.front.entry', 'entrepot-entry-list', '前置仓入库单');
/** 前置仓 · 退货单 (entrepot-returned-list): return orders of a front warehouse picked per order. */
export const frontReturnStockOrderOps = stockOrderOperations('stock.front.return', 'entrepot-returned-list', '前置仓退货单');
