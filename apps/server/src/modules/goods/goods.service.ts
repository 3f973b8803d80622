import type { Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import {
  GOODS_OFF_SALE,
  GOODS_ON_SALE,
  GOODS_STATUS,
  type AdoptableRow,
  type GoodsDetail,
  type goodsCreateInput,
  type GoodsRow,
  type goodsUpdateInput,
} from '@merchant/contracts/goods/goods';
import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { badInput, conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { generateSerialCode } from '../../platform/business-code.ts';
import { retryOnGoodsCodeCollision } from './goods-code.ts';
import * as repo from './goods.repo.ts';
import { adoptableQuery, findStandardProductById, STANDARD_PRODUCT_ENABLED } from './standard-product.repo.ts';
import { assertLeafCategory, categoryPaths } from './category.service.ts';
import * as skus from './sku.service.ts';

type Db = SessionOpContext['db'] | Transaction<Database>;

export const GOODS_SUBJECT = 'goods.goods';

const STANDARD_ADOPTED: UniqueKey = {
  index: 'goods_standard_uq',
  table: 'goods',
  columns: ['merchant_id', 'standard_product_id'],
  message: '所选标准商品已在商品列表中，不能重复选品，请刷新后重试',
};

export const GOODS_FIELD_LABELS = {
  name: '商品名称',
  brand: '品牌',
  categoryId: '商品分类',
  unit: '单位',
  storageStyle: '储存方式',
  shelfLifeDays: '保质期（天）',
  imageIds: '商品图片',
  description: '商品描述',
  status: '销售状态',
} as const;

const nameOf = <M extends Record<number, string>>(map: M, v: unknown) => map[Number(v) as keyof M] ?? String(v ?? '');

const goodsText = (paths: Map<number, string>) => (field: string, v: unknown) => {
  if (v === undefined || v === null || v === '') return '（空）';
  if (field === 'categoryId') return paths.get(Number(v)) ?? String(v);
  if (field === 'storageStyle') return nameOf(STORAGE_STYLES, v);
  if (field === 'status') return nameOf(GOODS_STATUS, v);
  if (field === 'imageIds') return `${(v as string[]).length}张`;
  return String(v);
};

function parseIds(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

type GoodsDbRow = Omit<repo.GoodsListRow, 'sku_count' | 'min_price' | 'max_price'> &
  Partial<Pick<repo.GoodsListRow, 'sku_count' | 'min_price' | 'max_price'>>;

function valuesOf(r: GoodsDbRow) {
  return {
    name: r.name,
    brand: r.brand,
    categoryId: Number(r.category_id),
    unit: r.unit,
    storageStyle: Number(r.storage_style),
    shelfLifeDays: Number(r.shelf_life_days),
    imageIds: parseIds(r.image_ids),
    description: r.description,
    status: Number(r.status),
  };
}

const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function toGoodsRow(r: GoodsDbRow, paths: Map<number, string>): GoodsRow {
  const v = valuesOf(r);
  return {
    goodsId: Number(r.id),
    goodsCode: r.goods_code,
    standardProductId: numOrNull(r.standard_product_id),
    ...v,
    categoryPath: paths.get(v.categoryId) ?? '',
    storageStyleName: nameOf(STORAGE_STYLES, v.storageStyle),
    statusName: nameOf(GOODS_STATUS, v.status),
    skuCount: Number(r.sku_count ?? 0),
    minPrice: numOrNull(r.min_price),
    maxPrice: numOrNull(r.max_price),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireGoods(db: Db, ctx: SessionOpContext, goodsId: number) {
  const g = await repo.findGoods(db, ctx.merchantId, goodsId);
  if (!g) throw notFound('商品');
  return g;
}

export async function list(ctx: SessionOpContext, f: repo.GoodsFilter & { pageNum: number; pageSize: number }): Promise<Paged<GoodsRow>> {
  const { list: rows, total } = await repo.listGoods(ctx.db, ctx.merchantId, f);
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return { list: rows.map((r) => toGoodsRow(r, paths)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export function exportQuery(ctx: SessionOpContext, f: repo.GoodsFilter) {
  return repo.goodsQuery(ctx.db, ctx.merchantId, f);
}
export async function exportRows(ctx: SessionOpContext, rows: repo.GoodsListRow[]) {
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return rows.map((r) => toGoodsRow(r, paths));
}

export async function detail(ctx: SessionOpContext, goodsId: number): Promise<GoodsDetail> {
  const g = await requireGoods(ctx.db, ctx, goodsId);
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  const sp =
    g.standard_product_id === null
      ? undefined
      : await ctx.db
          .selectFrom('standard_product')
          .select(['goods_no', 'approval_code'])
          .where('merchant_id', '=', ctx.merchantId)
          .where('id', '=', g.standard_product_id)
          .executeTakeFirst();
  return {
    ...toGoodsRow(g, paths),
    skus: await skus.skusOfGoods(ctx, g.id),
    origin: sp ? { goodsNo: sp.goods_no, approvalCode: sp.approval_code } : null,
  };
}

type AdoptableFilter = Parameters<typeof adoptableQuery>[2];
type AdoptableDbRow = Awaited<ReturnType<ReturnType<typeof adoptableQuery>['execute']>>[number];

export async function adoptable(
  ctx: SessionOpContext,
  f: AdoptableFilter & { pageNum: number; pageSize: number },
): Promise<Paged<AdoptableRow>> {
  const { list: rows, total } = await fetchPage(ctx.db, adoptableQuery(ctx.db, ctx.merchantId, f), f);
  return { list: await adoptableRows(ctx, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
/** 公共商品库 导出: the same query without paging. */
export const adoptableExportQuery = (ctx: SessionOpContext, f: AdoptableFilter) => adoptableQuery(ctx.db, ctx.merchantId, f);
export async function adoptableRows(ctx: SessionOpContext, rows: AdoptableDbRow[]): Promise<AdoptableRow[]> {
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return rows.map((r) => ({
    standardProductId: Number(r.id),
    goodsNo: r.goods_no,
    name: r.name,
    barcode: r.barcode,
    brand: r.brand,
    spec: r.spec,
    unit: r.unit,
    categoryPath: paths.get(Number(r.category_id)) ?? '',
    storageStyle: Number(r.storage_style),
    storageStyleName: nameOf(STORAGE_STYLES, r.storage_style),
    guidePrice: Number(r.guide_price),
  }));
}

type SpuValues = Omit<ReturnType<typeof valuesOf>, 'status'>;

async function insertGoodsRow(trx: Transaction<Database>, ctx: SessionOpContext, v: SpuValues, standardProductId: number | null) {
  const goodsCode = await generateSerialCode('G', (c) => repo.goodsCodeTaken(trx, ctx.merchantId, c));
  const now = ctx.clock.now();
  const goodsId = await repo.insertGoods(trx, {
    merchant_id: ctx.merchantId,
    goods_code: goodsCode,
    standard_product_id: standardProductId,
    name: v.name,
    brand: v.brand,
    category_id: v.categoryId,
    unit: v.unit,
    storage_style: v.storageStyle,
    shelf_life_days: v.shelfLifeDays,
    image_ids: JSON.stringify(v.imageIds),
    description: v.description,
    status: GOODS_ON_SALE,
    created_by: ctx.session.accountId,
    created_at: now,
    updated_at: now,
  });
  return { goodsId, goodsCode };
}

export async function create(ctx: SessionOpContext, i: z.output<typeof goodsCreateInput>) {
  await assertLeafCategory(ctx.db, ctx.merchantId, i.categoryId);
  for (const [n, s] of i.skus.entries()) {
    const holder = await skus.skuWithBarcode(ctx.db, ctx.merchantId, s.barcode);
    if (holder) throw conflict(`第${n + 1}行SKU条码 ${s.barcode} 已被SKU「${holder.name}」使用（字段：skus.${n}.barcode）`);
  }
  const { skus: rows, ...spu } = i;
  return guardUnique(
    () =>
      retryOnGoodsCodeCollision(() =>
        ctx.db.transaction().execute(async (trx) => {
          const { goodsId, goodsCode } = await insertGoodsRow(trx, ctx, spu, null);
          const paths = await categoryPaths(trx, ctx.merchantId);
          await writeHistory(trx, ctx, {
            subject: GOODS_SUBJECT,
            subjectId: goodsId,
            action: 'create',
            actionLabel: '新增商品',
            changes: describeChanges({}, { ...spu, status: GOODS_ON_SALE }, GOODS_FIELD_LABELS, goodsText(paths)),
            remark: `${goodsCode}，${rows.length}个SKU`,
          });
          for (const s of rows) await skus.createSku(trx, ctx, goodsId, s);
          return { goodsId, goodsCode };
        }),
      ),
    skus.SKU_BARCODE_TAKEN,
  );
}

/**
 * 从标准库选品 for one standard product of the session's merchant, in the caller's transaction: one goods
 * (its name, brand, category, unit, shelf life, storage style and images) and one SKU (the product's barcode,
 * its spec as the spec value, the sale price `opts.basePrice` or else the guide price), both with history.
 * Refused, naming the product: a product already adopted by a live goods, a disabled one, one without a
 * price, one whose barcode a live SKU holds. Run inside `guardUnique(…, SKU_BARCODE_TAKEN, STANDARD_ADOPTED)`.
 */
export async function adoptStandardProduct(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  standardProductId: number,
  opts?: { basePrice?: number },
): Promise<{ goodsId: number; skuId: number }> {
  const mid = ctx.merchantId;
  const found = await findStandardProductById(trx, mid, standardProductId);
  if (!found) throw notFound('标准商品');
  const sp = { ...found, id: Number(found.id), category_id: Number(found.category_id), guide_price: Number(found.guide_price) };
  if (sp.status !== STANDARD_PRODUCT_ENABLED) throw conflict(`标准商品「${sp.name}」已停用，不能选品`);
  if (await repo.goodsOfStandardProduct(trx, mid, sp.id)) throw conflict(`「${sp.name}」已在商品列表中，不能重复选品`);
  await assertLeafCategory(trx, mid, sp.category_id);
  const basePrice = opts?.basePrice ?? sp.guide_price;
  if (!(basePrice >= 1)) throw badInput(`「${sp.name}」没有建议零售价，请填写销售价（字段：basePrices）`);
  const holder = await skus.skuWithBarcode(trx, mid, sp.barcode);
  if (holder) throw conflict(`「${sp.name}」的条码 ${sp.barcode} 已被SKU「${holder.name}」使用，不能选品`);
  const spu: SpuValues = {
    name: sp.name,
    brand: sp.brand,
    categoryId: sp.category_id,
    unit: sp.unit,
    storageStyle: sp.storage_style,
    shelfLifeDays: sp.shelf_life_days,
    imageIds: parseIds(sp.image_ids),
    description: '',
  };
  const { goodsId, goodsCode } = await insertGoodsRow(trx, ctx, spu, sp.id);
  const paths = await categoryPaths(trx, mid);
  await writeHistory(trx, ctx, {
    subject: GOODS_SUBJECT,
    subjectId: goodsId,
    action: 'adopt',
    actionLabel: '从标准库选品',
    changes: describeChanges({}, { ...spu, status: GOODS_ON_SALE }, GOODS_FIELD_LABELS, goodsText(paths)),
    remark: `${goodsCode}，标准商品 ${sp.goods_no}`,
  });
  const spec = sp.spec.trim().slice(0, 20);
  const { skuId } = await skus.createSku(trx, ctx, goodsId, {
    specValues: spec ? [{ name: '规格', value: spec }] : [],
    barcode: sp.barcode,
    basePrice,
    storageStyle: sp.storage_style,
  });
  return { goodsId, skuId };
}

export function adopt(ctx: SessionOpContext, i: { standardProductIds: number[]; basePrices?: Record<string, number> }) {
  return guardUnique(
    () =>
      retryOnGoodsCodeCollision(() =>
        ctx.db.transaction().execute(async (trx) => {
          const goods: { standardProductId: number; goodsId: number; skuId: number }[] = [];
          for (const id of i.standardProductIds) {
            const r = await adoptStandardProduct(trx, ctx, id, { basePrice: i.basePrices?.[String(id)] });
            goods.push({ standardProductId: id, ...r });
          }
          return { goods };
        }),
      ),
    skus.SKU_BARCODE_TAKEN,
    STANDARD_ADOPTED,
  );
}

export async function update(ctx: SessionOpContext, i: z.output<typeof goodsUpdateInput>) {
  const mid = ctx.merchantId;
  return ctx.db.transaction().execute(async (trx) => {
    const g = await requireGoods(trx, ctx, i.goodsId);
    await assertLeafCategory(trx, mid, i.categoryId);
    const before = valuesOf(g);
    const { goodsId: _id, version, ...after } = i;
    const paths = await categoryPaths(trx, mid);
    const changes = describeChanges(before, after, GOODS_FIELD_LABELS, goodsText(paths));
    assertFresh(
      await repo.updateGoodsVersioned(trx, mid, g.id, version, {
        name: after.name,
        brand: after.brand,
        category_id: after.categoryId,
        unit: after.unit,
        storage_style: after.storageStyle,
        shelf_life_days: after.shelfLifeDays,
        image_ids: JSON.stringify(after.imageIds),
        description: after.description,
        updated_at: ctx.clock.now(),
      }),
    );
    await writeHistory(trx, ctx, { subject: GOODS_SUBJECT, subjectId: g.id, action: 'update', actionLabel: '编辑商品', changes });
    if (after.name !== before.name || after.categoryId !== before.categoryId) {
      await skus.followGoodsRename(trx, ctx, g.id, { name: after.name, categoryId: after.categoryId });
    }
    return { goodsId: Number(g.id), version: version + 1 };
  });
}

export async function setStatus(ctx: SessionOpContext, i: { goodsId: number; version: number; status: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const g = await requireGoods(trx, ctx, i.goodsId);
    if (Number(g.status) === i.status) throw conflict(`商品已是${nameOf(GOODS_STATUS, i.status)}状态`);
    assertFresh(await repo.updateGoodsVersioned(trx, ctx.merchantId, g.id, i.version, { status: i.status, updated_at: ctx.clock.now() }));
    await writeHistory(trx, ctx, {
      subject: GOODS_SUBJECT,
      subjectId: g.id,
      action: 'status',
      actionLabel: i.status === GOODS_ON_SALE ? '在售' : '停售',
      changes: describeChanges(
        { status: Number(g.status) },
        { status: i.status },
        { status: GOODS_FIELD_LABELS.status },
        goodsText(new Map()),
      ),
      remark: i.status === GOODS_OFF_SALE ? '全部SKU下架' : '',
    });
    if (i.status === GOODS_OFF_SALE) await skus.followGoodsOffSale(trx, ctx, g.id);
  });
  return null;
}

export async function remove(ctx: SessionOpContext, i: { goodsId: number; version: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const g = await requireGoods(trx, ctx, i.goodsId);
    if (Number(g.status) !== GOODS_OFF_SALE) throw conflict('商品在售中，请先停售再删除');
    const now = ctx.clock.now();
    assertFresh(await repo.updateGoodsVersioned(trx, ctx.merchantId, g.id, i.version, { deleted_at: now, updated_at: now }));
    await writeHistory(trx, ctx, {
      subject: GOODS_SUBJECT,
      subjectId: g.id,
      action: 'delete',
      actionLabel: '删除商品',
      remark: g.goods_code,
    });
    await skus.followGoodsDelete(trx, ctx, g.id);
  });
  return null;
}

export async function history(
  ctx: SessionOpContext,
  i: { goodsId: number; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const g = await requireGoods(ctx.db, ctx, i.goodsId);
  return historyPage(ctx, GOODS_SUBJECT, g.id, i);
}
