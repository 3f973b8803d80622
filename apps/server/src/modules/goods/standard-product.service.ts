import {
  STANDARD_PRODUCT_SOURCE,
  STANDARD_PRODUCT_STATUS,
  type StandardProductRow,
  type standardProductUpdateInput,
} from '@merchant/contracts/goods/standard-product';
import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { STALE_VERSION_MESSAGE, type HistoryChange, type HistoryEntry } from '@merchant/contracts/core/history';
import type { Paged } from '@merchant/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { assertLeafCategory, categoryPaths } from './category.service.ts';
import { generateSerialCode } from '../../platform/business-code.ts';
import { assertProductImages } from './product-images.ts';
import type { StandardProductTable } from './standard-product.table.ts';
import * as repo from './standard-product.repo.ts';
import { yuan } from './sku-children.ts';

type Db = Kysely<Database> | Transaction<Database>;
type ProductDbRow = Selectable<StandardProductTable>;

export const STANDARD_PRODUCT_SUBJECT = 'goods.standard-product';

export const PRODUCT_FIELD_LABELS = {
  name: '商品名称',
  barcode: '商品条码',
  brand: '品牌',
  categoryId: '商品分类',
  spec: '规格',
  unit: '单位',
  shelfLifeDays: '保质期（天）',
  storageStyle: '储存方式',
  imageIds: '商品图片',
  guidePrice: '建议零售价',
  status: '状态',
} as const;

const BARCODE_MESSAGE = '标准商品库中已有该条码的商品，请核对条码（字段：barcode）';
const BARCODE_TAKEN: UniqueKey = {
  index: 'standard_product_barcode_uq',
  table: 'standard_product',
  columns: ['merchant_id', 'barcode'],
  message: BARCODE_MESSAGE,
};

/** What a product is, as the contracts name it (productFields). */
export interface ProductValues {
  name: string;
  barcode: string;
  brand: string;
  categoryId: number;
  spec: string;
  unit: string;
  shelfLifeDays: number;
  storageStyle: number;
  imageIds: string[];
  guidePrice: number;
}

function parseIds(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

function valuesOf(r: ProductDbRow): ProductValues {
  return {
    name: r.name,
    barcode: r.barcode,
    brand: r.brand,
    categoryId: r.category_id,
    spec: r.spec,
    unit: r.unit,
    shelfLifeDays: r.shelf_life_days,
    storageStyle: r.storage_style,
    imageIds: parseIds(r.image_ids),
    guidePrice: Number(r.guide_price),
  };
}

function columnsOf(v: ProductValues) {
  return {
    name: v.name,
    barcode: v.barcode,
    brand: v.brand,
    category_id: v.categoryId,
    spec: v.spec,
    unit: v.unit,
    shelf_life_days: v.shelfLifeDays,
    storage_style: v.storageStyle,
    image_ids: JSON.stringify(v.imageIds),
    guide_price: v.guidePrice,
  };
}

const nameOf = <T extends Record<number, string>>(map: T, v: number) => map[v as keyof T] ?? String(v);

/** History text: codes as names, cents as 元, the category as its path. */
function textOf(paths: Map<number, string>) {
  return (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '（空）';
    if (field === 'categoryId') return paths.get(Number(v)) ?? `#${String(v)}`;
    if (field === 'storageStyle') return nameOf(STORAGE_STYLES, Number(v));
    if (field === 'status') return nameOf(STANDARD_PRODUCT_STATUS, Number(v));
    if (field === 'guidePrice') return yuan(Number(v));
    if (field === 'imageIds') return Array.isArray(v) ? (v.length ? `${v.length}张` : '（无）') : String(v);
    return String(v);
  };
}

export function toRow(r: ProductDbRow, paths: Map<number, string>): StandardProductRow {
  return {
    id: r.id,
    goodsNo: r.goods_no,
    ...valuesOf(r),
    categoryPath: paths.get(r.category_id) ?? '',
    storageStyleName: nameOf(STORAGE_STYLES, r.storage_style),
    status: r.status,
    statusName: nameOf(STANDARD_PRODUCT_STATUS, r.status),
    source: r.source,
    sourceName: nameOf(STANDARD_PRODUCT_SOURCE, r.source),
    approvalCode: r.approval_code,
    version: r.version,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function toRows(db: Db, merchantId: number, rows: ProductDbRow[]) {
  const paths = await categoryPaths(
    db,
    merchantId,
    rows.map((r) => r.category_id),
  );
  return rows.map((r) => toRow(r, paths));
}

// ---------------------------------------------------------------- for the other goods resources

/** Whether the merchant's library already holds a product with this barcode. */
export async function barcodeInLibrary(db: Db, merchantId: number, barcode: string): Promise<boolean> {
  return repo.barcodeTaken(db, merchantId, barcode.trim());
}

/** The library's product with a barcode (a supply SPU's link to it), or undefined. */
export const standardProductByBarcode = (db: Db, merchantId: number, barcode: string) => repo.findByBarcode(db, merchantId, barcode);

/**
 * Adds a product to the merchant's library inside the caller's transaction (an approved new-product
 * application, source 2; or the library itself, source 1): refuses a barcode already in the library and a
 * category that is not a level-3 leaf, generates the goodsNo, writes the product's first history entry.
 */
export async function createStandardProduct(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  v: ProductValues,
  origin: { source: 1 | 2; approvalCode?: string },
): Promise<{ id: number; goodsNo: string }> {
  const mid = ctx.merchantId;
  const values: ProductValues = { ...v, barcode: v.barcode.trim(), imageIds: v.imageIds ?? [] };
  if (await repo.barcodeTaken(trx, mid, values.barcode)) throw conflict(BARCODE_MESSAGE);
  await assertLeafCategory(trx, mid, values.categoryId);
  const goodsNo = await generateSerialCode('SP', (c) => repo.goodsNoTaken(trx, mid, c));
  const now = ctx.clock.now();
  const id = await guardUnique(
    () =>
      repo.insertStandardProduct(trx, {
        merchant_id: mid,
        goods_no: goodsNo,
        ...columnsOf(values),
        status: 1,
        source: origin.source,
        approval_code: origin.approvalCode ?? '',
        remark: '',
        created_by: ctx.session.accountId,
        created_at: now,
        updated_at: now,
      }),
    BARCODE_TAKEN,
  );
  const paths = await categoryPaths(trx, mid, [values.categoryId]);
  await writeHistory(trx, ctx, {
    subject: STANDARD_PRODUCT_SUBJECT,
    subjectId: goodsNo,
    action: 'create',
    actionLabel: origin.source === 2 ? '新品申请入库' : '新增标准商品',
    changes: describeChanges({}, { ...values }, PRODUCT_FIELD_LABELS, textOf(paths)),
    remark: origin.approvalCode ? `新品申请 ${origin.approvalCode} 审核通过` : '',
  });
  return { id, goodsNo };
}

// ---------------------------------------------------------------- operations

async function requireProduct(ctx: SessionOpContext, goodsNo: string) {
  const p = await repo.findByGoodsNo(ctx.db, ctx.merchantId, goodsNo);
  if (!p) throw notFound('标准商品');
  return p;
}

type ListInput = repo.StandardProductFilter & { pageNum: number; pageSize: number };

export async function list(ctx: SessionOpContext, f: ListInput): Promise<Paged<StandardProductRow>> {
  const { list: rows, total } = await repo.listStandardProducts(ctx.db, ctx.merchantId, f);
  return { list: await toRows(ctx.db, ctx.merchantId, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export async function detail(ctx: SessionOpContext, goodsNo: string): Promise<StandardProductRow> {
  const p = await requireProduct(ctx, goodsNo);
  return (await toRows(ctx.db, ctx.merchantId, [p]))[0];
}

export async function update(ctx: SessionOpContext, input: z.output<typeof standardProductUpdateInput>) {
  const p = await requireProduct(ctx, input.goodsNo);
  if (p.version !== input.version) throw conflict(STALE_VERSION_MESSAGE);
  const { goodsNo, version, ...values } = input;
  const before = valuesOf(p);
  if (values.categoryId !== before.categoryId) await assertLeafCategory(ctx.db, ctx.merchantId, values.categoryId);
  await assertProductImages(ctx.db, ctx.merchantId, values.imageIds, before.imageIds);
  if (values.barcode !== before.barcode && (await repo.barcodeTaken(ctx.db, ctx.merchantId, values.barcode, p.id))) {
    throw conflict(BARCODE_MESSAGE);
  }
  const paths = await categoryPaths(ctx.db, ctx.merchantId, [before.categoryId, values.categoryId]);
  const changes = describeChanges({ ...before }, { ...values }, PRODUCT_FIELD_LABELS, textOf(paths));
  if (changes.length === 0) return { goodsNo, changes };
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        assertFresh(
          await repo.updateStandardProductAt(trx, ctx.merchantId, p.id, version, { ...columnsOf(values), updated_at: ctx.clock.now() }),
        );
        await writeHistory(trx, ctx, {
          subject: STANDARD_PRODUCT_SUBJECT,
          subjectId: goodsNo,
          action: 'update',
          actionLabel: '编辑商品',
          changes,
        });
      }),
    BARCODE_TAKEN,
  );
  return { goodsNo, changes };
}

/**
 * 启用 ⇄ 停用 (docs/goods.md): 1 → 2 and 2 → 1 only; setting the status a product already has is refused
 * (nothing to do, and a second click on a stale page should say so).
 */
export async function setStatus(ctx: SessionOpContext, input: { goodsNo: string; status: number; version: number }) {
  const p = await requireProduct(ctx, input.goodsNo);
  if (p.version !== input.version) throw conflict(STALE_VERSION_MESSAGE);
  if (p.status === input.status) throw conflict(`该商品已是${nameOf(STANDARD_PRODUCT_STATUS, p.status)}状态，无需重复操作`);
  const changes: HistoryChange[] = describeChanges(
    { status: p.status },
    { status: input.status },
    { status: PRODUCT_FIELD_LABELS.status },
    textOf(new Map()),
  );
  await ctx.db.transaction().execute(async (trx) => {
    assertFresh(
      await repo.updateStandardProductAt(trx, ctx.merchantId, p.id, input.version, { status: input.status, updated_at: ctx.clock.now() }),
    );
    await writeHistory(trx, ctx, {
      subject: STANDARD_PRODUCT_SUBJECT,
      subjectId: p.goods_no,
      action: input.status === 1 ? 'enable' : 'disable',
      actionLabel: input.status === 1 ? '启用' : '停用',
      changes,
    });
  });
  return { goodsNo: p.goods_no, changes };
}

export async function history(
  ctx: SessionOpContext,
  f: { goodsNo: string; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const p = await requireProduct(ctx, f.goodsNo);
  return historyPage(ctx, STANDARD_PRODUCT_SUBJECT, p.goods_no, f);
}

// ---------------------------------------------------------------- export

export const exportQuery = (ctx: SessionOpContext, f: repo.StandardProductFilter) => repo.standardProductQuery(ctx.db, ctx.merchantId, f);
export const exportRows = (ctx: SessionOpContext, rows: ProductDbRow[]) => toRows(ctx.db, ctx.merchantId, rows);
