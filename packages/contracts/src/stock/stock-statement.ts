import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { stockCategoryIdSchema } from './stock-balance.ts';
import { STOCK_TARGETS } from './stock-fields.ts';

// 库存报表 (section 128, inventory-management-statement, docs/stock.md): per SKU over a period, 期初 + 入 − 出 = 期末,
// read from the movements of a location kind (the stores now); 入 / 出 broken down by movement type.

const DAY = 86_400_000;
/** The longest period a statement covers. */
export const STATEMENT_MAX_DAYS = 366;

export const statementPeriodSchema = z
  .tuple([z.number().int().nonnegative(), z.number().int().nonnegative()], { error: '统计期间格式不正确' })
  .refine(([a, b]) => a <= b, '结束时间不能早于开始时间')
  .refine(([a, b]) => b - a <= STATEMENT_MAX_DAYS * DAY, `统计期间不能超过${STATEMENT_MAX_DAYS}天`);

export const stockStatementInput = listInput(
  {
    merchantId: z.coerce.number({ error: '商户ID不正确' }).int('商户ID不正确').optional(),
    /** [start, end] in epoch ms, end inclusive; left out: this month so far. */
    period: statementPeriodSchema.optional(),
    storeCode: z.string().trim().max(20, '门店编码不正确').optional(),
    keyword: z.string().trim().max(40, '关键词不能超过40个字').optional(),
    categoryId: stockCategoryIdSchema.optional(),
  },
  ['skuCode', 'opening', 'inQty', 'outQty', 'closing'],
);

export const stockStatementRowSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  barcode: z.string(),
  categoryPath: z.string(),
  /** 期初: on hand when the period starts. */
  opening: z.number(),
  /** 入: 入库 (inbound, replenish, transfer in), 盘盈 / 调增 (adjust, stocktake up), 退货入 / other. */
  inInbound: z.number(),
  inAdjust: z.number(),
  inOther: z.number(),
  inQty: z.number(),
  /** 出: 销售, 退货 / 出库, 调减 / 盘亏, other. */
  outSale: z.number(),
  outReturn: z.number(),
  outAdjust: z.number(),
  outOther: z.number(),
  outQty: z.number(),
  /** 期末 = 期初 + 入 − 出. */
  closing: z.number(),
});
export type StockStatementRow = z.infer<typeof stockStatementRowSchema>;

export const stockStatementOutput = pagedOf(stockStatementRowSchema).extend({
  /** The period read, [start, end] (the default filled in). */
  period: z.tuple([z.number(), z.number()]),
});

export const stockStatementOps = defineOperations(
  { anchor: 'inventory-management-statement', merchantScope: 'merchant', targets: { ...STOCK_TARGETS, storeCode: '门店' } },
  {
    store: {
      name: 'stock.store.statement',
      label: '门店库存报表',
      summary: '门店库存按SKU的期间报表：期初、入（按类型）、出（按类型）、期末',
      input: stockStatementInput,
      output: stockStatementOutput,
      exportable: true,
    },
  },
);
