import { z } from 'zod';
import { versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { STOCK_TARGETS, stockQuantitySchema, stockReasonSchema } from './stock-fields.ts';

// 库存管理 / 库存编辑 (section 103, inventory-management-list / inventory-editor-list, docs/stock.md): the balances of a
// location kind (the hub warehouse 库存中心 now), one row per SKU held there, and the hand edit that sets a SKU's on hand
// and locked to new values — the server posts the differences as movements (调整 / 锁定 / 解锁) of a 库存编辑 document.

/** 可用库存 below this is 库存紧张. */
export const LOW_STOCK_THRESHOLD = 10;
/** 可用库存 filters. */
export const STOCK_AVAILABILITY = { low: `库存紧张（可用1～${LOW_STOCK_THRESHOLD - 1}）`, zero: '无可用库存' } as const;
export type StockAvailability = keyof typeof STOCK_AVAILABILITY;

/** The refusal of a locked quantity above on hand. */
export const LOCK_ABOVE_STOCK_MESSAGE = '锁定库存不能大于库存';

export const stockSkuIdSchema = z.coerce.number({ error: '请选择SKU' }).int('SKU不正确').positive('请选择SKU');
/** The merchant the web client adds (spec §7): never obeyed — the gateway refuses one that is not the session's. */
const merchantIdField = z.coerce.number({ error: '商户ID不正确' }).int('商户ID不正确').optional();
const keywordField = z.string().trim().max(40, '关键词不能超过40个字').optional();
export const stockCategoryIdSchema = z.coerce.number({ error: '商品分类不正确' }).int('商品分类不正确').positive('商品分类不正确');

export const stockLocationIdSchema = z.coerce.number({ error: '库存位置不正确' }).int('库存位置不正确').positive('库存位置不正确');
export const stockDeviceCodeSchema = z.string().trim().max(20, '设备编号不能超过20位');

export const stockBalanceListInput = listInput(
  {
    merchantId: merchantIdField,
    /** SKU name, code or barcode (contains). */
    keyword: keywordField,
    /** A category and every category under it. */
    categoryId: stockCategoryIdSchema.optional(),
    availability: z
      .enum(Object.keys(STOCK_AVAILABILITY) as [StockAvailability, ...StockAvailability[]], { error: '可用库存筛选不正确' })
      .optional(),
    /** One location of the kind (a front warehouse's locationId, a cabinet slot). */
    locationId: stockLocationIdSchema.optional(),
    /** A cabinet: every slot of the device. */
    deviceCode: stockDeviceCodeSchema.optional(),
  },
  ['skuCode', 'onHand', 'locked', 'available', 'updatedAt'],
);

export const stockBalanceRowSchema = z.object({
  /** The balance row (0 when the SKU is not held yet). */
  id: z.number(),
  locationId: z.number(),
  locationName: z.string(),
  /** The location's code (HUB, WHOLESALE, the front warehouse's QZ…, a cabinet slot's `${deviceCode}-${slot}`). */
  locationCode: z.string(),
  /** A cabinet slot's device and slot number ('' for other kinds). */
  deviceCode: z.string(),
  slotNo: z.string(),
  skuId: z.number(),
  goodsId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  barcode: z.string(),
  categoryId: z.number(),
  categoryPath: z.string(),
  /** 现有库存. */
  onHand: z.number(),
  /** 锁定库存. */
  locked: z.number(),
  /** 可用库存 = on hand − locked. */
  available: z.number(),
  /** The balance's version (0 when not held yet): the edit carries it. */
  version: z.number(),
  /** The last change (0 when never). */
  updatedAt: z.number(),
});
export type StockBalanceRow = z.infer<typeof stockBalanceRowSchema>;

export const stockBalanceGetInput = z.object({ merchantId: merchantIdField, skuId: stockSkuIdSchema });

/** The edit's own fields (the form's rules). */
export const stockEditFields = {
  stock: stockQuantitySchema('库存'),
  lockStock: stockQuantitySchema('锁定库存'),
  reason: stockReasonSchema,
};

/**
 * 库存编辑 (spec §7 parameters: merchantId, merchantName, goodsId, skuId, skuName, firstChannelName, secondChannelName,
 * stock optional; lockStock required) plus the reason and the balance's version. `stock` left out keeps on hand.
 */
export const stockBalanceEditInput = z
  .object({
    merchantId: merchantIdField,
    merchantName: z.string().max(60).optional(),
    goodsId: z.coerce.number({ error: '商品ID不正确' }).int('商品ID不正确').optional(),
    skuId: stockSkuIdSchema,
    skuName: z.string().max(200).optional(),
    firstChannelName: z.string().max(60).optional(),
    secondChannelName: z.string().max(60).optional(),
    /** 批发商库存编辑 (spec §7) names the second level secondCateName. */
    secondCateName: z.string().max(60).optional(),
    stock: stockEditFields.stock.optional(),
    lockStock: stockEditFields.lockStock,
    reason: stockEditFields.reason,
    version: versionField,
  })
  .superRefine((v, ctx) => {
    if (v.stock !== undefined && v.lockStock > v.stock)
      ctx.addIssue({ code: 'custom', path: ['lockStock'], message: LOCK_ABOVE_STOCK_MESSAGE });
  });

export const stockEditResultSchema = z.object({
  /** The 库存编辑 document code (KB…). */
  docCode: z.string(),
  skuId: z.number(),
  onHand: z.number(),
  locked: z.number(),
  available: z.number(),
  version: z.number(),
  /** Movements posted (1 or 2). */
  movements: z.number(),
});
export type StockEditResult = z.infer<typeof stockEditResultSchema>;

export const stockCategoryOptionSchema: z.ZodType<StockCategoryOption> = z.lazy(() =>
  z.object({ value: z.number(), title: z.string(), children: z.array(stockCategoryOptionSchema).optional() }),
);
export interface StockCategoryOption {
  value: number;
  title: string;
  children?: StockCategoryOption[];
}

export const stockSkuOptionsInput = z.object({ merchantId: merchantIdField, keyword: keywordField });
export const stockSkuOptionSchema = z.object({ skuId: z.number(), skuCode: z.string(), skuName: z.string(), barcode: z.string() });

/** The list of a location kind's balances (库存管理 / 实时库存). */
const balanceListDeclaration = <const P extends string>(prefix: P, label: string, stock: string) =>
  ({
    name: `${prefix}.list` as `${P}.list`,
    label,
    summary: `${stock}的库存：每个SKU的现有、锁定、可用库存`,
    input: stockBalanceListInput,
    output: pagedOf(stockBalanceRowSchema),
    exportable: true,
  }) as const;

/**
 * The balance operations of a location kind whose stock is edited by hand (库存管理 + 库存编辑): `prefix` names them
 * (`stock.hub.balance`, `stock.wholesaler.balance`), `anchor` is the 库存管理 page, `word` tells their labels apart in the
 * operation log ('' for the hub: 库存管理; 批发商: 批发商库存管理 …), `stock` is the stock's name (库存中心, 批发商库存).
 */
export function stockBalanceOperations<const P extends string>(prefix: P, anchor: string, word: string, stock: string) {
  return defineOperations(
    { anchor, merchantScope: 'merchant', targets: STOCK_TARGETS },
    {
      list: balanceListDeclaration(prefix, `${word}库存管理`, stock),
      get: {
        name: `${prefix}.get` as `${P}.get`,
        label: `${word}库存详情`,
        summary: `${stock}一个SKU的库存（未入库的SKU为0，版本0）`,
        input: stockBalanceGetInput,
        output: stockBalanceRowSchema,
      },
      edit: {
        name: `${prefix}.edit` as `${P}.edit`,
        label: `${word}库存编辑`,
        summary: `把${stock}一个SKU的现有库存与锁定库存改为新值：差额记为调整 / 锁定 / 解锁流水（库存编辑单 KB…）`,
        input: stockBalanceEditInput,
        output: stockEditResultSchema,
        writes: true,
      },
    },
  );
}
export type StockBalanceOps = ReturnType<typeof stockBalanceOperations<string>>;

/**
 * A location of a kind with many (the 实时库存 / 库存流水 filter): a front warehouse's location, or — for cabinets — one
 * entry per device (locationId 0; the lists filter cabinets by `deviceCode`).
 */
export const stockLocationOptionSchema = z.object({ locationId: z.number(), code: z.string(), name: z.string(), deviceCode: z.string() });
export type StockLocationOption = z.infer<typeof stockLocationOptionSchema>;

/**
 * The balances of a location kind with many locations, shown read-only (实时库存 of the front warehouses and the
 * cabinets), and the kind's locations for the filter; `movementAnchor` is the kind's 库存流水 page (it filters too).
 */
export function stockBalanceViewOperations<const P extends string>(
  prefix: P,
  anchor: string,
  movementAnchor: string,
  word: string,
  stock: string,
) {
  return defineOperations(
    { anchor, merchantScope: 'merchant', targets: STOCK_TARGETS },
    {
      list: balanceListDeclaration(prefix, `${word}实时库存`, stock),
      locations: {
        name: `${prefix}.locations` as `${P}.locations`,
        label: `${word}库存位置选项`,
        summary: `${stock}的库存位置（筛选用；智能柜按设备）`,
        anchor: [anchor, movementAnchor],
        input: z.object({ merchantId: merchantIdField }),
        output: z.array(stockLocationOptionSchema),
      },
    },
  );
}
export type StockBalanceViewOps = ReturnType<typeof stockBalanceViewOperations<string>>;
/** What every kind's balance set has: the list. */
export type StockBalanceListOps = Pick<StockBalanceOps, 'list'> | Pick<StockBalanceViewOps, 'list'>;

/** 库存中心 (section 103): 库存管理 / 库存编辑. */
export const hubBalanceOps = stockBalanceOperations('stock.hub.balance', 'inventory-management-list', '', '库存中心');
/** 批发商库存 (section 108): 库存管理 / 库存编辑 (labels 批发商库存…). */
export const wholesalerBalanceOps = stockBalanceOperations(
  'stock.wholesaler.balance',
  'wholesaler-management-list',
  '批发商',
  '批发商库存',
);
/** 前置仓 (section 123): 实时库存, one row per warehouse × SKU. */
export const frontBalanceOps = stockBalanceViewOperations(
  'stock.front.balance',
  'entrepot-inventory-list',
  'entrepot-inventory-water',
  '前置仓',
  '前置仓',
);
/** 智能柜库存 (section 105): 实时库存, one row per cabinet slot. */
export const cabinetBalanceOps = stockBalanceViewOperations(
  'stock.cabinet.balance',
  'container-inventory-management-list',
  'container-inventory-water-list',
  '智能柜',
  '智能柜货道',
);

/** The pages that pick SKUs for a hand edit / filter by category. */
const EDIT_PAGES = ['inventory-management-list', 'wholesaler-management-list'];
const CATEGORY_PAGES = [
  'inventory-management-list',
  'goodsstock-list',
  'wholesaler-management-list',
  'goodsstock-lists',
  'entrepot-inventory-list',
  'container-inventory-management-list',
];

/** The lookups the balance pages share. */
export const stockLookupOps = defineOperations(
  { anchor: EDIT_PAGES, merchantScope: 'merchant', targets: STOCK_TARGETS },
  {
    skuOptions: {
      name: 'stock.sku.options',
      label: 'SKU选项',
      summary: '按名称、编码或条码找SKU（最多20个）',
      input: stockSkuOptionsInput,
      output: z.array(stockSkuOptionSchema),
    },
    categories: {
      name: 'stock.category.tree',
      label: '商品分类树',
      anchor: CATEGORY_PAGES,
      input: z.object({ merchantId: merchantIdField }),
      output: z.array(stockCategoryOptionSchema),
    },
  },
);

/** The hub's balance operations with the shared lookups (as section 103's pages and tests read them). */
export const stockBalanceOps = { ...hubBalanceOps, ...stockLookupOps };
