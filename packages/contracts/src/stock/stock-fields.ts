import { z } from 'zod';

// The stock ledger's shared words (docs/stock.md): where stock is, the kinds of movement, the documents that post them.
// Every stock page and operation takes its labels from here.

/** Where stock is kept (stock_location.kind). */
export const STOCK_LOCATION_KINDS = {
  hub: '库存中心',
  wholesaler: '批发商库存',
  front: '前置仓',
  cabinet: '智能柜货道',
  store: '门店库存',
} as const;
export type StockLocationKind = keyof typeof STOCK_LOCATION_KINDS;
export const stockLocationKindSchema = z.enum(Object.keys(STOCK_LOCATION_KINDS) as [StockLocationKind, ...StockLocationKind[]], {
  error: '库存位置类型不正确',
});

/** The kind of a movement (库存流水类型). */
export const STOCK_MOVEMENT_TYPES = {
  inbound: '入库',
  outbound: '出库',
  sale: '销售',
  return: '退货',
  adjust: '调整',
  stocktake: '盘点差异',
  transfer: '调拨',
  replenish: '补货',
  lock: '锁定',
  unlock: '解锁',
} as const;
export type StockMovementType = keyof typeof STOCK_MOVEMENT_TYPES;
export const stockMovementTypeSchema = z.enum(Object.keys(STOCK_MOVEMENT_TYPES) as [StockMovementType, ...StockMovementType[]], {
  error: '流水类型不正确',
});
/** Tag colours of the movement types (antd Tag colour names). */
export const STOCK_MOVEMENT_TYPE_COLORS: Readonly<Record<StockMovementType, string>> = {
  inbound: 'green',
  outbound: 'orange',
  sale: 'blue',
  return: 'volcano',
  adjust: 'purple',
  stocktake: 'magenta',
  transfer: 'cyan',
  replenish: 'geekblue',
  lock: 'gold',
  unlock: 'lime',
};

/** The document a movement was posted by (stock_movement.doc_type) and the prefix of its code. */
export const STOCK_DOC_TYPES = {
  inbound: { label: '入库单', prefix: 'RK' },
  return: { label: '退货单', prefix: 'TH' },
  edit: { label: '库存编辑', prefix: 'KB' },
  replenish: { label: '补货单', prefix: 'BH' },
  stocktake: { label: '盘点单', prefix: 'PD' },
  order: { label: '销售订单', prefix: '' },
  afterSale: { label: '售后工单', prefix: 'SH' },
  seed: { label: '期初库存', prefix: 'QC' },
} as const;
export type StockDocType = keyof typeof STOCK_DOC_TYPES;

/** A quantity on a stock document or edit: a whole number of units. */
export const MAX_STOCK_QUANTITY = 1_000_000;
export const stockQuantitySchema = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于0`)
    .max(MAX_STOCK_QUANTITY, `${label}不能超过${MAX_STOCK_QUANTITY}`);

/** The reason every hand-made change of stock must give. */
export const stockReasonSchema = z.string({ error: '请输入原因' }).trim().min(1, '请输入原因').max(200, '原因不能超过200个字');

/** The refusal when a movement would take on hand below zero or below what is locked. */
export const STOCK_SHORT_MESSAGE = '库存不足';

/** What the stock operations' key fields name in the 操作日志. */
export const STOCK_TARGETS = {
  skuId: 'SKU',
  docCode: '库存单据',
  merchantId: '商户',
  goodsId: '商品',
  categoryId: '商品分类',
  locationId: '库存位置',
  deviceCode: '设备',
} as const;
