import type { Paged } from '@merchant/contracts';
import type { StockLocationKind } from '@merchant/contracts/stock/stock-fields';
import type { StockStatementRow } from '@merchant/contracts/stock/stock-statement';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { categoryPaths } from '../goods/category.service.ts';
import * as repo from './stock-statement.repo.ts';

// 库存报表 (docs/stock.md): per SKU of a location kind over a period, 期初 + 入 − 出 = 期末. General over the kinds: the
// store page passes 'store'; another kind's statement page passes its own.

const CST = 8 * 3_600_000;

/** This month so far in China time: [the 1st 00:00, now]. */
export function monthSoFar(now: number): [number, number] {
  const d = new Date(now + CST);
  return [Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - CST, now];
}

export interface StatementInput {
  period?: [number, number];
  locationCode?: string;
  keyword?: string;
  categoryId?: number;
  sortField?: repo.StatementFilter['sortField'];
  sortOrder: 'ascend' | 'descend';
}

export const statementFilter = (ctx: SessionOpContext, kind: StockLocationKind, i: StatementInput): repo.StatementFilter => {
  const [from, to] = i.period ?? monthSoFar(ctx.clock.now());
  return { ...i, kind, from, to };
};

export async function toStatementRows(ctx: SessionOpContext, rows: repo.StatementDbRow[]): Promise<StockStatementRow[]> {
  const paths = await categoryPaths(ctx.db, ctx.merchantId, [...new Set(rows.map((r) => Number(r.category_id)))]);
  return rows.map((r) => {
    const inQty = Number(r.in_qty);
    const outQty = Number(r.out_qty);
    const inInbound = Number(r.in_inbound);
    const inAdjust = Number(r.in_adjust);
    const outSale = Number(r.out_sale);
    const outReturn = Number(r.out_return);
    const outAdjust = Number(r.out_adjust);
    return {
      skuId: Number(r.sku_id),
      skuCode: r.sku_code,
      skuName: r.sku_name,
      barcode: r.barcode,
      categoryPath: paths.get(Number(r.category_id)) ?? '',
      opening: Number(r.opening),
      inInbound,
      inAdjust,
      inOther: inQty - inInbound - inAdjust,
      inQty,
      outSale,
      outReturn,
      outAdjust,
      outOther: outQty - outSale - outReturn - outAdjust,
      outQty,
      closing: Number(r.closing),
    };
  });
}

export async function statement(
  ctx: SessionOpContext,
  kind: StockLocationKind,
  i: StatementInput & { pageNum: number; pageSize: number },
): Promise<Paged<StockStatementRow> & { period: [number, number] }> {
  const f = statementFilter(ctx, kind, i);
  const { list, total } = await repo.statementPage(ctx.db, ctx.merchantId, { ...f, pageNum: i.pageNum, pageSize: i.pageSize });
  return { list: await toStatementRows(ctx, list), total, pageNum: i.pageNum, pageSize: i.pageSize, period: [f.from, f.to] };
}

export const statementExportQuery = (ctx: SessionOpContext, kind: StockLocationKind, i: StatementInput) =>
  repo.statementQuery(ctx.db, ctx.merchantId, statementFilter(ctx, kind, i));
