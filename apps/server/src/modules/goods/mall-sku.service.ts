import type { Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { SpecValue } from '@merchant/contracts/goods/goods-fields';
import { skuName, specText } from '@merchant/contracts/goods/sku';
import { MALL_OFF, MALL_ON, MALL_STATUS } from '@merchant/contracts/mall/mall-fields';
import { MALL_SKU_COUNT_UP_TO, type MallSkuRow, type mallSkuCreateInput, type mallSkuUpdateInput } from '@merchant/contracts/mall/mall-sku';
import { tierText, type PriceTier } from '@merchant/contracts/mall/price-tiers';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { categoryPaths } from './category.service.ts';
import { MALL_SKU_PREFIX, mallCode, retryOnMallCodeCollision } from './mall-code.ts';
import * as goodsRepo from './mall-goods.repo.ts';
import * as repo from './mall-sku.repo.ts';
import { availableByBarcode } from '../stock/stock-location-query.ts';

type Db = SessionOpContext['db'] | Transaction<Database>;

export const MALL_SKU_SUBJECT = 'mall.sku';

/** The database's last word on barcodes: one live mall SKU per barcode and merchant. */
export const MALL_SKU_BARCODE_TAKEN: UniqueKey = {
  index: 'mall_goods_sku_barcode_uq',
  table: 'mall_goods_sku',
  columns: ['merchant_id', 'barcode'],
  message: '该条码已被其他商城SKU使用，请换一个（字段：barcode）',
};

export const MALL_SKU_LABELS = {
  name: 'SKU名称',
  specValues: '规格',
  barcode: 'SKU条码',
  priceTiers: '批发价',
  status: '上下架状态',
} as const;

export const mallStatusName = (s: unknown) => MALL_STATUS[Number(s) as keyof typeof MALL_STATUS] ?? String(s);

function parseJson<T>(json: string, fallback: T): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

export function skuTextOf(unit: string) {
  return (field: string, v: unknown): string => {
    if (v === undefined || v === null || v === '') return '（空）';
    if (field === 'priceTiers') return tierText(v as PriceTier[], unit) || '（空）';
    if (field === 'status') return mallStatusName(v);
    if (field === 'specValues') return (v as SpecValue[]).length ? specText(v as SpecValue[]) : '（无）';
    return String(v);
  };
}

export function toMallSkuRow(r: repo.MallSkuListRow, paths: Map<number, string>): MallSkuRow {
  const specValues = parseJson<SpecValue[]>(r.spec_values, []);
  const priceTiers = parseJson<PriceTier[]>(r.price_tiers, []);
  return {
    mallSkuId: Number(r.id),
    skuCode: r.sku_code,
    name: r.name,
    mallGoodsId: Number(r.mall_goods_id),
    mallCode: String(r.mall_code),
    mallTitle: String(r.mall_title),
    mallGoodsStatus: Number(r.mall_status),
    saleUnit: String(r.sale_unit),
    piecesPerUnit: Number(r.pieces_per_unit),
    specValues,
    specText: specText(specValues),
    barcode: r.barcode,
    categoryId: Number(r.category_id),
    categoryPath: paths.get(Number(r.category_id)) ?? '',
    priceTiers,
    tierText: tierText(priceTiers, String(r.sale_unit)),
    moq: Number(r.moq),
    basePrice: Number(r.base_price),
    lowestPrice: Number(r.lowest_price),
    wholesaleStock: null,
    status: Number(r.status),
    statusName: mallStatusName(r.status),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireSku(db: Db, ctx: SessionOpContext, id: number) {
  const sku = await repo.findMallSku(db, ctx.merchantId, id);
  if (!sku) throw notFound('商城SKU');
  return sku;
}

/** The barcode is held by no other live mall SKU of the merchant (the unique index is the last word). */
export async function assertMallBarcodeFree(db: Db, merchantId: number, barcode: string, exceptId?: number) {
  const holder = await repo.mallSkuWithBarcode(db, merchantId, barcode, exceptId);
  if (holder) throw conflict(`条码${barcode}已被商城SKU「${holder.name}」（${holder.sku_code}）使用（字段：barcode）`);
}

export async function list(
  ctx: SessionOpContext,
  f: repo.MallSkuFilter & { cursor?: string; pageSize: number },
): Promise<KeysetPage<MallSkuRow>> {
  const page = await repo.listMallSkus(ctx.db, ctx.merchantId, f, MALL_SKU_COUNT_UP_TO);
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return {
    ...page,
    list: await withWholesaleStock(
      ctx,
      page.list.map((r) => toMallSkuRow(r, paths)),
    ),
  };
}

/** Each mall SKU's live stock: the wholesaler stock's 可用 of the goods SKU with its barcode (null: no such goods SKU). */
async function withWholesaleStock(ctx: SessionOpContext, rows: MallSkuRow[]): Promise<MallSkuRow[]> {
  const stock = await availableByBarcode(ctx.db, ctx.merchantId, 'wholesaler', [...new Set(rows.map((r) => r.barcode))]);
  return rows.map((r) => ({ ...r, wholesaleStock: stock.get(r.barcode) ?? null }));
}
export const exportQuery = (ctx: SessionOpContext, f: repo.MallSkuFilter) => repo.mallSkuQuery(ctx.db, ctx.merchantId, f);
export async function exportRows(ctx: SessionOpContext, rows: repo.MallSkuListRow[]) {
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return withWholesaleStock(
    ctx,
    rows.map((r) => toMallSkuRow(r, paths)),
  );
}

export async function detail(ctx: SessionOpContext, id: number): Promise<MallSkuRow> {
  const [row] = await withWholesaleStock(ctx, [
    toMallSkuRow(await requireSku(ctx.db, ctx, id), await categoryPaths(ctx.db, ctx.merchantId)),
  ]);
  return row;
}

export interface MallSkuValues {
  specValues: SpecValue[];
  barcode: string;
  priceTiers: PriceTier[];
}

const priceColumns = (t: PriceTier[]) => ({
  price_tiers: JSON.stringify(t),
  moq: t[0]!.minQty,
  base_price: t[0]!.price,
  lowest_price: t[t.length - 1]!.price,
});

/**
 * A new mall SKU under a mall SPU, 下架 (销售管理 puts it on sale), inside the caller's transaction: the approval
 * of a mall application calls it too. Holds the SPU's row; checks the barcode; writes the history.
 */
export async function createMallSku(trx: Transaction<Database>, ctx: SessionOpContext, mallGoodsId: number, v: MallSkuValues, remark = '') {
  const mid = ctx.merchantId;
  const spu = await goodsRepo.lockMallGoods(trx, mid, mallGoodsId);
  if (!spu) throw notFound('商城商品');
  await assertMallBarcodeFree(trx, mid, v.barcode);
  const skuCode = await mallCode(MALL_SKU_PREFIX, (c) => repo.mallSkuCodeTaken(trx, mid, c));
  const now = ctx.clock.now();
  const values = {
    name: skuName(spu.title, v.specValues),
    specValues: v.specValues,
    barcode: v.barcode,
    priceTiers: v.priceTiers,
    status: MALL_OFF,
  };
  const mallSkuId = await repo.insertMallSku(trx, {
    merchant_id: mid,
    mall_goods_id: spu.id,
    sku_code: skuCode,
    name: values.name,
    spec_values: JSON.stringify(values.specValues),
    barcode: values.barcode,
    category_id: spu.category_id,
    ...priceColumns(values.priceTiers),
    status: values.status,
    created_by: ctx.session.accountId,
    created_at: now,
    updated_at: now,
  });
  await writeHistory(trx, ctx, {
    subject: MALL_SKU_SUBJECT,
    subjectId: mallSkuId,
    action: 'create',
    actionLabel: '创建商城SKU',
    changes: describeChanges({}, values, MALL_SKU_LABELS, skuTextOf(spu.sale_unit)),
    remark: remark || `${skuCode}，商城商品 ${spu.mall_code}`,
  });
  return { mallSkuId, skuCode };
}

export function create(ctx: SessionOpContext, i: z.output<typeof mallSkuCreateInput>) {
  return guardUnique(
    () => retryOnMallCodeCollision(() => ctx.db.transaction().execute((trx) => createMallSku(trx, ctx, i.mallGoodsId, i))),
    MALL_SKU_BARCODE_TAKEN,
  );
}

export function update(ctx: SessionOpContext, i: z.output<typeof mallSkuUpdateInput>) {
  const mid = ctx.merchantId;
  return guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const sku = await requireSku(trx, ctx, i.mallSkuId);
        if (i.barcode !== sku.barcode) await assertMallBarcodeFree(trx, mid, i.barcode, sku.id);
        const before = {
          name: sku.name,
          specValues: parseJson<SpecValue[]>(sku.spec_values, []),
          barcode: sku.barcode,
          priceTiers: parseJson<PriceTier[]>(sku.price_tiers, []),
        };
        const after = {
          name: skuName(String(sku.mall_title), i.specValues),
          specValues: i.specValues,
          barcode: i.barcode,
          priceTiers: i.priceTiers,
        };
        const changes = describeChanges(before, after, MALL_SKU_LABELS, skuTextOf(String(sku.sale_unit)));
        if (Number(sku.version) !== i.version) throw conflict(STALE_VERSION_MESSAGE);
        if (changes.length === 0) return { mallSkuId: Number(sku.id), version: i.version };
        assertFresh(
          await repo.updateMallSkuVersioned(trx, mid, sku.id, i.version, {
            name: after.name,
            spec_values: JSON.stringify(after.specValues),
            barcode: after.barcode,
            ...priceColumns(after.priceTiers),
            updated_at: ctx.clock.now(),
          }),
        );
        await writeHistory(trx, ctx, {
          subject: MALL_SKU_SUBJECT,
          subjectId: sku.id,
          action: 'update',
          actionLabel: '编辑商城SKU',
          changes,
        });
        return { mallSkuId: Number(sku.id), version: i.version + 1 };
      }),
    MALL_SKU_BARCODE_TAKEN,
  );
}

/**
 * 销售管理: 上架/下架 of the ticked SKUs, all or nothing. 上架 needs the SKU's mall SPU 上架; a row already in
 * the target state is refused naming it.
 */
export async function setStatus(
  ctx: SessionOpContext,
  i: { items: { mallSkuId: number; version: number }[]; status: number },
): Promise<null> {
  const mid = ctx.merchantId;
  const label = i.status === MALL_ON ? '上架' : '下架';
  await ctx.db.transaction().execute(async (trx) => {
    for (const item of i.items) {
      const sku = await requireSku(trx, ctx, item.mallSkuId);
      if (Number(sku.status) === i.status) throw conflict(`「${sku.name}」（${sku.sku_code}）已是${label}状态`);
      if (i.status === MALL_ON) {
        const spu = await goodsRepo.lockMallGoods(trx, mid, sku.mall_goods_id);
        if (!spu || Number(spu.status) !== MALL_ON)
          throw conflict(`商城商品「${String(sku.mall_title)}」已下架，SKU「${sku.sku_code}」不能上架；请先在标准商品中上架该商品`);
      }
      assertFresh(await repo.updateMallSkuVersioned(trx, mid, sku.id, item.version, { status: i.status, updated_at: ctx.clock.now() }));
      await writeHistory(trx, ctx, {
        subject: MALL_SKU_SUBJECT,
        subjectId: sku.id,
        action: 'status',
        actionLabel: label,
        changes: describeChanges({ status: Number(sku.status) }, { status: i.status }, { status: MALL_SKU_LABELS.status }, skuTextOf('')),
      });
    }
  });
  return null;
}

export async function history(
  ctx: SessionOpContext,
  i: { mallSkuId: number; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const sku = await requireSku(ctx.db, ctx, i.mallSkuId);
  return historyPage(ctx, MALL_SKU_SUBJECT, sku.id, i);
}

// ---------------------------------------------------------------- following the SPU (mall-goods.service)

/** The SKUs' names follow a change of the SPU's title. */
export async function followTitle(trx: Transaction<Database>, ctx: SessionOpContext, mallGoodsId: number, title: string) {
  for (const s of await repo.skusOfMallGoods(trx, ctx.merchantId, mallGoodsId)) {
    const name = skuName(title, parseJson<SpecValue[]>(s.spec_values, []));
    if (name === s.name) continue;
    await repo.updateMallSkuFollowing(trx, ctx.merchantId, s.id, { name, updated_at: ctx.clock.now() });
    const changes = describeChanges({ name: s.name }, { name }, { name: MALL_SKU_LABELS.name });
    await writeHistory(trx, ctx, { subject: MALL_SKU_SUBJECT, subjectId: s.id, action: 'follow', actionLabel: '随商城商品修改', changes });
  }
}

/** 下架 of an SPU: every 上架 SKU of it goes 下架 in the same transaction. */
export async function followOff(trx: Transaction<Database>, ctx: SessionOpContext, mallGoodsId: number) {
  for (const s of await repo.skusOfMallGoods(trx, ctx.merchantId, mallGoodsId)) {
    if (Number(s.status) !== MALL_ON) continue;
    await repo.updateMallSkuFollowing(trx, ctx.merchantId, s.id, { status: MALL_OFF, updated_at: ctx.clock.now() });
    await writeHistory(trx, ctx, {
      subject: MALL_SKU_SUBJECT,
      subjectId: s.id,
      action: 'status',
      actionLabel: '下架',
      changes: describeChanges({ status: MALL_ON }, { status: MALL_OFF }, { status: MALL_SKU_LABELS.status }, skuTextOf('')),
      remark: '随商城商品下架',
    });
  }
}
