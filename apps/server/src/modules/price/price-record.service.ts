import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { PRICE_SCOPES, type PriceScope } from '@merchant/contracts/price/price-fields';
import { PRICE_RECORD_COUNT_UP_TO, type PriceRecordRow } from '@merchant/contracts/price/price-record';
import { badInput } from '../../platform/errors.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import * as repo from './price-record.repo.ts';
import { targetNames } from './price-targets.ts';

// 价格记录: the price ledger, newest first, keyset paged.

function check(f: repo.RecordFilter) {
  if (f.scopeKey && !f.scopeType) throw badInput('按调价对象筛选须先选择调价范围（字段：scopeType）');
}

async function toRows(ctx: SessionOpContext, rows: repo.RecordDbRow[]): Promise<PriceRecordRow[]> {
  const byScope = new Map<string, string[]>();
  for (const r of rows) byScope.set(r.scope_type, [...(byScope.get(r.scope_type) ?? []), r.scope_key]);
  const names = new Map<string, Map<string, string>>();
  for (const [scope, keys] of byScope) names.set(scope, await targetNames(ctx, scope, keys));
  return rows.map((r) => ({
    id: Number(r.id),
    skuId: Number(r.sku_id),
    skuCode: r.sku_code,
    skuName: r.sku_name,
    barcode: r.barcode,
    scopeType: r.scope_type,
    scopeTypeName: PRICE_SCOPES[r.scope_type as PriceScope] ?? r.scope_type,
    scopeKey: r.scope_key,
    scopeName: names.get(r.scope_type)?.get(r.scope_key) ?? r.scope_key,
    oldPrice: r.old_price === null ? null : Number(r.old_price),
    newPrice: Number(r.new_price),
    orderNo: r.order_no,
    reason: r.reason,
    operatorName: r.operator_name,
    effectiveAt: Number(r.effective_at),
  }));
}

export async function list(
  ctx: SessionOpContext,
  f: repo.RecordFilter & { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<PriceRecordRow>> {
  check(f);
  const page = await fetchKeysetPage(ctx.db, repo.recordQuery(ctx.db, ctx.merchantId, f), {
    sort: { key: 'effectiveAt', column: 'price_change.effective_at', value: (r) => Number(r.effective_at) },
    id: { column: 'price_change.id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: PRICE_RECORD_COUNT_UP_TO },
    scope: ctx.merchantId,
  });
  return { ...page, list: await toRows(ctx, page.list) };
}

export function exportQuery(ctx: SessionOpContext, f: repo.RecordFilter) {
  check(f);
  return repo.recordQuery(ctx.db, ctx.merchantId, f).orderBy('price_change.effective_at', 'desc').orderBy('price_change.id', 'desc');
}
export const exportRows = toRows;
