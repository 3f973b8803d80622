import type { Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import {
  BANK_OFF_SALE,
  BANK_ON_SALE,
  GOODS_BANK_STATUS,
  type BankCandidate,
  type BankPriceInput,
  type GoodsBankDetail,
  type GoodsBankRow,
  type GoodsBankSku,
} from '@merchant/contracts/goods/goods-bank';
import { specText } from '@merchant/contracts/goods/sku';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badInput, conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { categoryPaths } from './category.service.ts';
import * as goodsRepo from './goods.repo.ts';
import * as repo from './goods-bank.repo.ts';
import { parseSpecValues, yuan } from './sku.service.ts';
import { followBankOffSale, storeGoodsCountOfGoods } from './store-goods.service.ts';

type Db = SessionOpContext['db'] | Transaction<Database>;

export const BANK_SUBJECT = 'goods.goods-bank';
const BANKED: UniqueKey = {
  index: 'goods_bank_goods_uq',
  table: 'goods_bank',
  columns: ['merchant_id', 'goods_id'],
  message: '该商品已在商品库中（字段：goodsId）',
};
const nameOf = <M extends Record<number, string>>(map: M, v: unknown) => map[Number(v) as keyof M] ?? String(v ?? '');

export function toBankRow(r: repo.BankListRow, paths: Map<number, string>): GoodsBankRow {
  return {
    bankId: Number(r.id),
    goodsId: Number(r.goods_id),
    goodsCode: r.goods_code,
    goodsName: r.goods_name,
    brand: r.brand,
    categoryPath: paths.get(Number(r.category_id)) ?? '',
    goodsStatus: Number(r.goods_status),
    skuCount: Number(r.sku_count ?? 0),
    priceMin: r.min_price === null || r.min_price === undefined ? null : Number(r.min_price),
    priceMax: r.max_price === null || r.max_price === undefined ? null : Number(r.max_price),
    storeCount: Number(r.store_count ?? 0),
    status: Number(r.status),
    statusName: nameOf(GOODS_BANK_STATUS, r.status),
    remark: r.remark,
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toBankSku(s: Awaited<ReturnType<typeof repo.bankSkus>>[number]): GoodsBankSku {
  return {
    skuId: Number(s.id),
    skuCode: s.sku_code,
    name: s.name,
    specText: specText(parseSpecValues(s.spec_values)),
    barcode: s.barcode,
    basePrice: Number(s.base_price),
    storePrice: Number(s.store_price),
    skuStatus: Number(s.status),
  };
}

export async function list(
  ctx: SessionOpContext,
  f: repo.BankFilter & { pageNum: number; pageSize: number },
): Promise<Paged<GoodsBankRow>> {
  const { list: rows, total } = await repo.listBank(ctx.db, ctx.merchantId, f);
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return { list: rows.map((r) => toBankRow(r, paths)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.BankFilter) => repo.bankQuery(ctx.db, ctx.merchantId, f);
export async function exportRows(ctx: SessionOpContext, rows: repo.BankListRow[]) {
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return rows.map((r) => toBankRow(r, paths));
}

async function requireBank(db: Db, ctx: SessionOpContext, goodsId: number) {
  const row = await repo.findBankOfGoods(db, ctx.merchantId, goodsId);
  if (!row) throw notFound('商品库商品');
  return row;
}

export async function detail(ctx: SessionOpContext, goodsId: number): Promise<GoodsBankDetail> {
  const row = await requireBank(ctx.db, ctx, goodsId);
  const skus = await repo.bankSkus(ctx.db, ctx.merchantId, goodsId);
  return { ...toBankRow(row, await categoryPaths(ctx.db, ctx.merchantId)), skus: skus.map(toBankSku) };
}

export async function candidates(ctx: SessionOpContext, keyword: string | undefined): Promise<BankCandidate[]> {
  const goods = await repo.candidateGoods(ctx.db, ctx.merchantId, keyword, 30);
  const out: BankCandidate[] = [];
  for (const g of goods) {
    const skus = await repo.bankSkus(ctx.db, ctx.merchantId, g.id);
    out.push({ goodsId: Number(g.id), goodsCode: g.goods_code, name: g.name, goodsStatus: Number(g.status), skus: skus.map(toBankSku) });
  }
  return out;
}

/** Checks the given prices name SKUs of the goods; answers the SKUs and their changes (before → after). */
async function applyPrices(trx: Transaction<Database>, ctx: SessionOpContext, bankId: number, goodsId: number, prices: BankPriceInput[]) {
  const skus = await repo.bankSkus(trx, ctx.merchantId, goodsId);
  const byId = new Map(skus.map((s) => [Number(s.id), s]));
  prices.forEach((p, i) => {
    if (!byId.has(p.skuId)) throw badInput(`该SKU不属于此商品（字段：prices.${i}.skuId）`);
  });
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  const labels: Record<string, string> = {};
  for (const s of skus) {
    const given = prices.find((p) => p.skuId === Number(s.id));
    const price = given?.storePrice ?? Number(s.store_price);
    await repo.putBankPrice(trx, ctx.merchantId, bankId, Number(s.id), price);
    labels[`sku${s.id}`] = `门店价（${s.name}）`;
    before[`sku${s.id}`] = yuan(Number(s.store_price));
    after[`sku${s.id}`] = yuan(price);
  }
  return { before, after, labels };
}

export async function create(
  ctx: SessionOpContext,
  i: { goodsId: number; status: number; remark: string; prices: BankPriceInput[] },
): Promise<{ bankId: number; goodsId: number }> {
  return guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const mid = ctx.merchantId;
        const goods = await goodsRepo.lockGoods(trx, mid, i.goodsId);
        if (!goods) throw notFound('商品');
        if (await repo.findBankOfGoods(trx, mid, i.goodsId)) throw conflict(`「${goods.name}」已在商品库中（字段：goodsId）`);
        const now = ctx.clock.now();
        const bankId = await repo.insertBank(trx, {
          merchant_id: mid,
          goods_id: i.goodsId,
          status: i.status,
          remark: i.remark,
          created_by: ctx.session.accountId,
          created_at: now,
          updated_at: now,
        });
        const p = await applyPrices(trx, ctx, bankId, i.goodsId, i.prices);
        const changes = describeChanges(
          {},
          { status: nameOf(GOODS_BANK_STATUS, i.status), ...p.after, remark: i.remark },
          { status: '可售状态', ...p.labels, remark: '备注' },
        );
        await writeHistory(trx, ctx, {
          subject: BANK_SUBJECT,
          subjectId: i.goodsId,
          action: 'create',
          actionLabel: '加入商品库',
          changes,
          remark: goods.goods_code,
        });
        return { bankId, goodsId: i.goodsId };
      }),
    BANKED,
  );
}

export async function update(
  ctx: SessionOpContext,
  i: { goodsId: number; version: number; remark: string; prices: BankPriceInput[] },
): Promise<{ goodsId: number; version: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await requireBank(trx, ctx, i.goodsId);
    assertFresh(await repo.updateBankVersioned(trx, ctx.merchantId, row.id, i.version, { remark: i.remark, updated_at: ctx.clock.now() }));
    const p = await applyPrices(trx, ctx, row.id, i.goodsId, i.prices);
    const changes = describeChanges({ ...p.before, remark: row.remark }, { ...p.after, remark: i.remark }, { ...p.labels, remark: '备注' });
    await writeHistory(trx, ctx, { subject: BANK_SUBJECT, subjectId: i.goodsId, action: 'update', actionLabel: '编辑', changes });
    return { goodsId: i.goodsId, version: i.version + 1 };
  });
}

export async function setStatus(ctx: SessionOpContext, i: { goodsId: number; version: number; status: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireBank(trx, ctx, i.goodsId);
    if (Number(row.status) === i.status) throw conflict(`商品库中该商品已是${nameOf(GOODS_BANK_STATUS, i.status)}状态`);
    assertFresh(await repo.updateBankVersioned(trx, ctx.merchantId, row.id, i.version, { status: i.status, updated_at: ctx.clock.now() }));
    await writeHistory(trx, ctx, {
      subject: BANK_SUBJECT,
      subjectId: i.goodsId,
      action: 'status',
      actionLabel: i.status === BANK_ON_SALE ? '可售' : '停售',
      changes: describeChanges(
        { status: nameOf(GOODS_BANK_STATUS, row.status) },
        { status: nameOf(GOODS_BANK_STATUS, i.status) },
        { status: '可售状态' },
      ),
    });
    if (i.status === BANK_OFF_SALE) await followBankOffSale(trx, ctx, i.goodsId);
  });
  return null;
}

export async function remove(ctx: SessionOpContext, i: { goodsId: number; version: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireBank(trx, ctx, i.goodsId);
    if (Number(row.status) !== BANK_OFF_SALE) throw conflict('商品库中该商品可售，请先停售再移出');
    const n = await storeGoodsCountOfGoods(trx, ctx.merchantId, i.goodsId);
    if (n > 0) throw conflict(`还有${n}个门店商品属于该商品，请先在门店商品中移除`);
    assertFresh(await repo.updateBankVersioned(trx, ctx.merchantId, row.id, i.version, { updated_at: ctx.clock.now() }));
    await repo.deleteBank(trx, ctx.merchantId, row.id);
    await writeHistory(trx, ctx, { subject: BANK_SUBJECT, subjectId: i.goodsId, action: 'delete', actionLabel: '移出商品库' });
  });
  return null;
}

export async function history(
  ctx: SessionOpContext,
  i: { goodsId: number; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  await requireBank(ctx.db, ctx, i.goodsId);
  return historyPage(ctx, BANK_SUBJECT, i.goodsId, i);
}
