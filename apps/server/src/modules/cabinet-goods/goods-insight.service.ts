import {
  OPTIMIZE_KINDS,
  SIMILAR_BASES,
  type OptimizeRow,
  type SimilarBasis,
  type SimilarGoodsRow,
} from '@merchant/contracts/cabinet-goods/goods-insight';
import { slotOrder } from '@merchant/contracts/cabinet-goods/template';
import { notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { activeDevices, modelsByCode } from '../device/device.service.ts';
import { goodsFieldsMapper } from './goods-fields.ts';

/** Why 热销商品 is empty: sales come from orders, which this release does not take yet. */
export const HOT_UNAVAILABLE = '热销商品按柜内订单的销量统计。订单功能上线前还没有销售数据，因此暂无热销商品。';
export const BELOW_UNAVAILABLE = '低于标准库存需要柜内实时库存（柜内库存功能上线后提供）；现在可查看空货道。';
export const SLOW_UNAVAILABLE = '滞销商品按柜内订单的销量统计，订单功能上线前暂无数据；现在可查看空货道。';

type Sort<F extends string> = { sortField?: F; sortOrder: 'ascend' | 'descend' };
type HotRow = { skuId: number; skuName: string; soldQty: number; salesAmount: number };

/**
 * 热销商品: best sellers by cabinet orders, paged here. Orders do not exist in this release, so there are no rows;
 * the answer says why (`available: false`). The sort (销量 / 销售额) is taken now so the page and its export keep it.
 */
export async function hotRows(_ctx: SessionOpContext, _i: Sort<'soldQty' | 'salesAmount'>): Promise<HotRow[]> {
  return [];
}
export async function hot(ctx: SessionOpContext, i: Sort<'soldQty' | 'salesAmount'> & { pageNum: number; pageSize: number }) {
  const rows = await hotRows(ctx, i);
  const start = (i.pageNum - 1) * i.pageSize;
  return {
    available: false,
    reason: HOT_UNAVAILABLE,
    list: rows.slice(start, start + i.pageSize),
    total: rows.length,
    pageNum: i.pageNum,
    pageSize: i.pageSize,
  };
}

type OptimizeFilter = { deviceCode?: string; kind: string } & Sort<'deviceCode'>;

/**
 * 商品优化, 空货道: slots of a cabinet's model that its device goods leave empty (and cabinets with no goods at all),
 * over the merchant's 已激活 cabinets, by device code (then slot). Bounded by cabinets × slots: built here, paged
 * by the caller; the export writes the same rows.
 */
export async function optimizeRows(ctx: SessionOpContext, i: OptimizeFilter): Promise<{ reason: string; rows: OptimizeRow[] }> {
  if (i.kind !== 'empty') return { reason: i.kind === 'below' ? BELOW_UNAVAILABLE : SLOW_UNAVAILABLE, rows: [] };
  const devices = (await activeDevices(ctx, {})).filter((d) => !i.deviceCode || d.device_code.includes(i.deviceCode));
  const ids = devices.map((d) => d.id);
  const taken = ids.length
    ? await ctx.db
        .selectFrom('device_goods')
        .select(['device_id', 'slot_no'])
        .where('merchant_id', '=', ctx.merchantId)
        .where('device_id', 'in', ids)
        .execute()
    : [];
  const headers = ids.length
    ? await ctx.db
        .selectFrom('device_planogram')
        .select(['device_id', 'template_code'])
        .where('merchant_id', '=', ctx.merchantId)
        .where('device_id', 'in', ids)
        .execute()
    : [];
  const tpl = new Map(headers.map((h) => [h.device_id, h.template_code]));
  const used = new Map<number, Set<string>>();
  for (const t of taken) (used.get(t.device_id) ?? used.set(t.device_id, new Set()).get(t.device_id)!).add(t.slot_no);
  const models = await modelsByCode(ctx);
  const rows: OptimizeRow[] = [];
  const desc = i.sortField === 'deviceCode' && i.sortOrder === 'descend';
  const ordered = [...devices].sort((a, b) => (desc ? -1 : 1) * a.device_code.localeCompare(b.device_code));
  for (const d of ordered) {
    const m = models.get(d.model_code);
    const base = {
      deviceCode: d.device_code,
      deviceName: d.name,
      modelName: m?.name ?? d.model_code,
      templateCode: tpl.get(d.id) ?? '',
      kind: 'empty',
      kindName: OPTIMIZE_KINDS.empty,
    };
    if (!tpl.has(d.id)) {
      rows.push({ ...base, slotNo: '全部', suggestion: '设备尚未应用商品模板：在「商品模板」中选择该柜型的模板应用到设备' });
      continue;
    }
    const mine = used.get(d.id) ?? new Set<string>();
    const empty: string[] = [];
    for (let l = 1; l <= (m?.slot_rows ?? 0); l++)
      for (let c = 1; c <= (m?.slot_cols ?? 0); c++) if (!mine.has(`${l}-${c}`)) empty.push(`${l}-${c}`);
    for (const slotNo of empty.sort(slotOrder))
      rows.push({ ...base, slotNo, suggestion: `货道${slotNo}未配置商品：编辑模板${base.templateCode}补充商品后重新应用` });
  }
  return { reason: '', rows };
}

export async function optimize(ctx: SessionOpContext, i: OptimizeFilter & { pageNum: number; pageSize: number }) {
  const { reason, rows } = await optimizeRows(ctx, i);
  const start = (i.pageNum - 1) * i.pageSize;
  return {
    available: reason === '',
    reason,
    list: rows.slice(start, start + i.pageSize),
    total: rows.length,
    pageNum: i.pageNum,
    pageSize: i.pageSize,
  };
}

type SimilarFilter = { goodsId?: number; basis: SimilarBasis } & Sort<'createdAt' | 'goodsCode' | 'cabinetCount'>;

/**
 * A goods' near neighbours: the same category, the same brand, or a name sharing its leading word; null without a
 * goods. Another merchant's (or a deleted) goods is not found.
 */
async function similarQuery(ctx: SessionOpContext, i: SimilarFilter) {
  if (!i.goodsId) return null;
  const g = await ctx.db
    .selectFrom('goods')
    .select(['id', 'goods_code', 'name', 'brand', 'category_id'])
    .where('merchant_id', '=', ctx.merchantId)
    .where('id', '=', i.goodsId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!g) throw notFound('商品');
  const word = g.name.split(/[\s（(]/)[0].slice(0, 4);
  let q = ctx.db
    .selectFrom('goods as o')
    .where('o.merchant_id', '=', ctx.merchantId)
    .where('o.deleted_at', 'is', null)
    .where('o.id', '<>', g.id);
  if (i.basis === 'category') q = q.where('o.category_id', '=', g.category_id);
  else if (i.basis === 'brand') q = q.where('o.brand', '=', g.brand === '' ? '\u0000' : g.brand);
  else q = q.where(contains('o.name', word.slice(0, 2)));
  const dir = i.sortOrder === 'ascend' ? 'asc' : 'desc';
  const s = q.select((eb) => [
    'o.id',
    'o.goods_code',
    'o.name',
    'o.brand',
    'o.category_id',
    'o.storage_style',
    'o.status',
    'o.standard_product_id',
    eb
      .selectFrom('goods_sku as s')
      .select((e) => e.fn.min<number>('s.base_price').as('p'))
      .whereRef('s.goods_id', '=', 'o.id')
      .where('s.deleted_at', 'is', null)
      .as('guide_price'),
    eb
      .selectFrom('device_goods as dg')
      .select((e) => e.fn.count<number>('dg.device_id').distinct().as('n'))
      .where('dg.merchant_id', '=', ctx.merchantId)
      .whereRef('dg.goods_id', '=', 'o.id')
      .as('cabinet_count'),
  ]);
  const query =
    i.sortField === 'goodsCode'
      ? s.orderBy('o.goods_code', dir).orderBy('o.id', 'desc')
      : i.sortField === 'cabinetCount'
        ? s.orderBy('cabinet_count', dir).orderBy('o.id', 'desc')
        : s.orderBy('o.id', i.sortField === 'createdAt' ? dir : 'desc');
  return { goods: { goodsId: g.id, goodsCode: g.goods_code, name: g.name }, query };
}
type SimilarDbRow = Awaited<ReturnType<NonNullable<Awaited<ReturnType<typeof similarQuery>>>['query']['execute']>>[number];

async function similarRows(ctx: SessionOpContext, basis: SimilarBasis, rows: SimilarDbRow[]): Promise<SimilarGoodsRow[]> {
  const fields = await goodsFieldsMapper(ctx, rows);
  return rows.map((r) => ({ ...fields(r), reason: SIMILAR_BASES[basis] }));
}

export async function similar(ctx: SessionOpContext, i: SimilarFilter & { pageNum: number; pageSize: number }) {
  const page = { pageNum: i.pageNum, pageSize: i.pageSize };
  const found = await similarQuery(ctx, i);
  if (!found) return { goods: null, list: [], total: 0, ...page };
  const { list: rows, total } = await fetchPage(ctx.db, found.query, i);
  return { goods: found.goods, list: await similarRows(ctx, i.basis, rows), total, ...page };
}

/** 相似商品 导出: every neighbour in the list's order (bounded by the merchant's goods); none without a goods. */
export async function similarAll(ctx: SessionOpContext, i: SimilarFilter): Promise<SimilarGoodsRow[]> {
  const found = await similarQuery(ctx, i);
  return found ? similarRows(ctx, i.basis, await found.query.execute()) : [];
}

export async function goodsOptions(ctx: SessionOpContext, keyword: string) {
  let q = ctx.db
    .selectFrom('goods')
    .select(['id', 'goods_code', 'name'])
    .where('merchant_id', '=', ctx.merchantId)
    .where('deleted_at', 'is', null);
  if (keyword) q = q.where((eb) => eb.or([contains('name', keyword), contains('goods_code', keyword)]));
  return (await q.orderBy('id', 'desc').limit(30).execute()).map((r) => ({ goodsId: r.id, goodsCode: r.goods_code, name: r.name }));
}
