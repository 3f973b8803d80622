import type { Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { GOODS_ON_SALE, GOODS_STATUS } from '@merchant/contracts/goods/goods';
import { STORAGE_STYLES, type SpecValue } from '@merchant/contracts/goods/goods-fields';
import {
  SKU_OFF_SHELF,
  SKU_ON_SHELF,
  SKU_COUNT_UP_TO,
  SKU_STATUS,
  skuName,
  specText,
  skuValueFields,
  type GoodsOption,
  type SkuRow,
  type skuUpdateInput,
} from '@merchant/contracts/goods/sku';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import { inputError } from '../../platform/gateway/gateway.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { generateSerialCode } from '../../platform/business-code.ts';
import { retryOnGoodsCodeCollision } from './goods-code.ts';
import * as goodsRepo from './goods.repo.ts';
import { categoryPaths } from './category.service.ts';
import * as repo from './sku.repo.ts';
import type { SkuValues } from './sku.repo.ts';
import { followParent, followRename, followStatus, parseSpecValues, yuan } from './sku-children.ts';

type Db = SessionOpContext['db'] | Transaction<Database>;

export const SKU_SUBJECT = 'goods.sku';

/** The database's last word on barcodes: one live SKU per barcode and merchant (a concurrent create loses here). */
export const SKU_BARCODE_TAKEN: UniqueKey = {
  index: 'goods_sku_barcode_uq',
  table: 'goods_sku',
  columns: ['merchant_id', 'barcode'],
  message: '该条码已被其他SKU使用，请换一个（字段：barcode）',
};

export const SKU_FIELD_LABELS = {
  name: 'SKU名称',
  specValues: '规格',
  barcode: 'SKU条码',
  basePrice: '销售价',
  storageStyle: '储存方式',
  status: '上下架状态',
} as const;

const nameOf = <M extends Record<number, string>>(map: M, v: unknown) => map[Number(v) as keyof M] ?? String(v ?? '');

function skuText(field: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return '（空）';
  if (field === 'basePrice') return yuan(Number(v));
  if (field === 'storageStyle') return nameOf(STORAGE_STYLES, v);
  if (field === 'status') return nameOf(SKU_STATUS, v);
  if (field === 'specValues') return (v as SpecValue[]).length ? specText(v as SpecValue[]) : '（无）';
  return String(v);
}

export { parseSpecValues, yuan };

/** The comparable values of a SKU (history compares these). */
function valuesOf(r: { name: string; spec_values: string; barcode: string; base_price: number; storage_style: number; status: number }) {
  return {
    name: r.name,
    specValues: parseSpecValues(r.spec_values),
    barcode: r.barcode,
    basePrice: Number(r.base_price),
    storageStyle: Number(r.storage_style),
    status: Number(r.status),
  };
}

export function toSkuRow(r: repo.SkuListRow, paths: Map<number, string>): SkuRow {
  const v = valuesOf(r);
  return {
    skuId: Number(r.id),
    skuCode: r.sku_code,
    goodsId: Number(r.goods_id),
    goodsCode: r.goods_code,
    goodsName: r.goods_name,
    goodsStatus: Number(r.goods_status),
    ...v,
    specText: specText(v.specValues),
    categoryId: Number(r.category_id),
    categoryPath: paths.get(Number(r.category_id)) ?? '',
    storageStyleName: nameOf(STORAGE_STYLES, v.storageStyle),
    statusName: nameOf(SKU_STATUS, v.status),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/**
 * One reason a SKU's storage style is fixed: answers, inside the SKU edit's transaction (`db`), why this SKU of this
 * merchant is frozen — a phrase that completes 「该SKU…，储存方式不能修改」 (e.g. 已放入商品模板或智能柜货道; stock on
 * hand or movements; a sale) — or null when this reason does not hold.
 */
export type StorageStyleLock = (db: Db, merchantId: number, skuId: number) => Promise<string | null>;

const storageStyleLocks = new Set<StorageStyleLock>();

/**
 * Plugs in a reason the storage style of a SKU becomes fixed (see docs/goods.md, "Storage style lock"): the stock
 * issue registers "has stock or movements", the orders issue "has sales", each from its own service module (so
 * goods imports neither). Answers the function that removes it again (tests use it).
 */
export function addStorageStyleLock(lock: StorageStyleLock): () => void {
  storageStyleLocks.add(lock);
  return () => {
    storageStyleLocks.delete(lock);
  };
}

/** Why a SKU's storage style may no longer change (the first registered lock that holds), or null. */
export async function storageStyleLocked(db: Db, merchantId: number, skuId: number): Promise<string | null> {
  for (const lock of storageStyleLocks) {
    const reason = await lock(db, merchantId, skuId);
    if (reason) return reason;
  }
  return null;
}

async function assertBarcodeFree(db: Db, merchantId: number, barcode: string, exceptId?: number, field = 'barcode') {
  const holder = await repo.skuWithBarcode(db, merchantId, barcode, exceptId);
  if (holder) throw conflict(`条码 ${barcode} 已被SKU「${holder.name}」（${holder.sku_code}）使用（字段：${field}）`);
}

const sameSpec = (a: SpecValue[], b: SpecValue[]) =>
  JSON.stringify(a.map((v) => [v.name, v.value])) === JSON.stringify(b.map((v) => [v.name, v.value]));

async function assertSpecFree(db: Db, merchantId: number, goodsId: number, specValues: SpecValue[], exceptId?: number) {
  const siblings = await repo.skusOfGoods(db, merchantId, goodsId);
  const twin = siblings.find((s) => Number(s.id) !== exceptId && sameSpec(parseSpecValues(s.spec_values), specValues));
  if (twin) throw conflict(`该商品已有相同规格的SKU「${twin.name}」（字段：specValues）`);
}

const skuValuesSchema = z.object(skuValueFields);
export type SkuValuesInput = z.input<typeof skuValuesSchema>;

/**
 * Adds a SKU to a live goods of the session's merchant in the caller's transaction, validated as
 * goods.sku.create validates it (fields, barcode free among live SKUs, spec combination new within the goods),
 * with its history. Its storage style defaults to the goods'; it starts 上架 under a goods 在售, else 下架.
 * Run the transaction inside `guardUnique(…, SKU_BARCODE_TAKEN)` so a concurrent twin barcode answers clearly.
 */
export async function createSku(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  goodsId: number,
  v: SkuValuesInput,
): Promise<{ skuId: number; skuCode: string }> {
  const parsed = skuValuesSchema.safeParse(v);
  if (!parsed.success) throw inputError(parsed.error);
  const i = parsed.data;
  const mid = ctx.merchantId;
  const goods = await goodsRepo.lockGoods(trx, mid, goodsId);
  if (!goods) throw notFound('商品');
  await assertBarcodeFree(trx, mid, i.barcode);
  await assertSpecFree(trx, mid, goodsId, i.specValues);
  const skuCode = await generateSerialCode('K', (c) => repo.skuCodeTaken(trx, mid, c));
  const now = ctx.clock.now();
  const values = {
    name: skuName(goods.name, i.specValues),
    specValues: i.specValues,
    barcode: i.barcode,
    basePrice: i.basePrice,
    storageStyle: i.storageStyle ?? Number(goods.storage_style),
    status: Number(goods.status) === GOODS_ON_SALE ? SKU_ON_SHELF : SKU_OFF_SHELF,
  };
  const skuId = await repo.insertSku(trx, {
    merchant_id: mid,
    goods_id: goodsId,
    sku_code: skuCode,
    name: values.name,
    spec_values: JSON.stringify(values.specValues),
    barcode: values.barcode,
    category_id: Number(goods.category_id),
    base_price: values.basePrice,
    storage_style: values.storageStyle,
    status: values.status,
    created_by: ctx.session.accountId,
    created_at: now,
    updated_at: now,
  });
  await writeHistory(trx, ctx, {
    subject: SKU_SUBJECT,
    subjectId: skuId,
    action: 'create',
    actionLabel: '新增SKU',
    changes: describeChanges({}, values, SKU_FIELD_LABELS, skuText),
    remark: `${skuCode}，商品 ${goods.goods_code}`,
  });
  return { skuId, skuCode };
}

/** A page of the SKU list by keyset (the first page counts the matching SKUs up to SKU_COUNT_UP_TO). */
export async function list(ctx: SessionOpContext, f: repo.SkuFilter & { cursor?: string; pageSize: number }): Promise<KeysetPage<SkuRow>> {
  const [page, paths] = await Promise.all([
    repo.listSkus(ctx.db, ctx.merchantId, f, SKU_COUNT_UP_TO),
    categoryPaths(ctx.db, ctx.merchantId),
  ]);
  return { ...page, list: page.list.map((r) => toSkuRow(r, paths)) };
}

/** The live SKUs of one goods, oldest first (the goods detail; a goods has a handful, not a list to page). */
export async function skusOfGoods(ctx: SessionOpContext, goodsId: number): Promise<SkuRow[]> {
  const [rows, paths] = await Promise.all([repo.skusOfGoods(ctx.db, ctx.merchantId, goodsId), categoryPaths(ctx.db, ctx.merchantId)]);
  return rows.map((r) => toSkuRow(r, paths));
}

/** The SKU list's own query for its export (same filters and order). */
export function exportQuery(ctx: SessionOpContext, f: repo.SkuFilter) {
  return repo.skuQuery(ctx.db, ctx.merchantId, f);
}
export async function exportRows(ctx: SessionOpContext, rows: repo.SkuListRow[]) {
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return rows.map((r) => toSkuRow(r, paths));
}

async function requireSku(db: Db, ctx: SessionOpContext, skuId: number) {
  const sku = await repo.findSku(db, ctx.merchantId, skuId);
  if (!sku) throw notFound('SKU');
  return sku;
}

export async function detail(ctx: SessionOpContext, skuId: number): Promise<SkuRow> {
  const sku = await requireSku(ctx.db, ctx, skuId);
  return toSkuRow(sku, await categoryPaths(ctx.db, ctx.merchantId));
}

export async function goodsOptions(ctx: SessionOpContext, keyword: string | undefined): Promise<GoodsOption[]> {
  const rows = await goodsRepo.goodsOptions(ctx.db, ctx.merchantId, keyword, 50);
  return rows.map((r) => ({
    goodsId: Number(r.id),
    goodsCode: r.goods_code,
    name: r.name,
    storageStyle: Number(r.storage_style),
    status: Number(r.status),
    statusName: nameOf(GOODS_STATUS, r.status),
  }));
}

export function create(ctx: SessionOpContext, i: SkuValuesInput & { goodsId: number }) {
  return guardUnique(
    () => retryOnGoodsCodeCollision(() => ctx.db.transaction().execute((trx) => createSku(trx, ctx, i.goodsId, i))),
    SKU_BARCODE_TAKEN,
  );
}

export async function update(ctx: SessionOpContext, i: z.output<typeof skuUpdateInput>) {
  const mid = ctx.merchantId;
  return guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const sku = await requireSku(trx, ctx, i.skuId);
        const before = valuesOf(sku);
        const locked = i.storageStyle !== before.storageStyle ? await storageStyleLocked(trx, mid, sku.id) : null;
        if (locked) throw conflict(`该SKU${locked}，储存方式不能修改（字段：storageStyle）`);
        if (i.barcode !== before.barcode) await assertBarcodeFree(trx, mid, i.barcode, sku.id);
        if (!sameSpec(i.specValues, before.specValues)) await assertSpecFree(trx, mid, sku.goods_id, i.specValues, sku.id);
        const after = {
          name: skuName(sku.goods_name, i.specValues),
          specValues: i.specValues,
          barcode: i.barcode,
          basePrice: i.basePrice,
          storageStyle: i.storageStyle,
        };
        const changes = describeChanges(before, after, SKU_FIELD_LABELS, skuText);
        assertFresh(
          await repo.updateSkuVersioned(trx, mid, sku.id, i.version, {
            name: after.name,
            spec_values: JSON.stringify(after.specValues),
            barcode: after.barcode,
            base_price: after.basePrice,
            storage_style: after.storageStyle,
            updated_at: ctx.clock.now(),
          }),
        );
        await writeHistory(trx, ctx, { subject: SKU_SUBJECT, subjectId: sku.id, action: 'update', actionLabel: '编辑SKU', changes });
        return { skuId: Number(sku.id), version: i.version + 1 };
      }),
    SKU_BARCODE_TAKEN,
  );
}

export async function setStatus(ctx: SessionOpContext, i: { skuId: number; version: number; status: number }): Promise<null> {
  const mid = ctx.merchantId;
  await ctx.db.transaction().execute(async (trx) => {
    const sku = await requireSku(trx, ctx, i.skuId);
    const goods = await goodsRepo.lockGoods(trx, mid, sku.goods_id);
    if (!goods) throw notFound('SKU');
    if (Number(sku.status) === i.status) throw conflict(`SKU已是${nameOf(SKU_STATUS, i.status)}状态`);
    if (i.status === SKU_ON_SHELF && Number(goods.status) !== GOODS_ON_SALE) {
      throw conflict('商品已停售，SKU不能上架；请先将商品设为在售');
    }
    assertFresh(await repo.updateSkuVersioned(trx, mid, sku.id, i.version, { status: i.status, updated_at: ctx.clock.now() }));
    await writeHistory(trx, ctx, {
      subject: SKU_SUBJECT,
      subjectId: sku.id,
      action: 'status',
      actionLabel: i.status === SKU_ON_SHELF ? '上架' : '下架',
      changes: describeChanges({ status: Number(sku.status) }, { status: i.status }, { status: SKU_FIELD_LABELS.status }, skuText),
    });
  });
  return null;
}

export async function remove(ctx: SessionOpContext, i: { skuId: number; version: number }): Promise<null> {
  const mid = ctx.merchantId;
  await ctx.db.transaction().execute(async (trx) => {
    const sku = await requireSku(trx, ctx, i.skuId);
    if (Number(sku.status) !== SKU_OFF_SHELF) throw conflict('SKU上架中，请先下架再删除');
    if (!(await goodsRepo.lockGoods(trx, mid, sku.goods_id))) throw notFound('SKU');
    if ((await repo.liveSkuCount(trx, mid, sku.goods_id)) <= 1) throw conflict('这是商品的最后一个SKU，不能删除；如需删除请删除商品');
    const now = ctx.clock.now();
    assertFresh(await repo.updateSkuVersioned(trx, mid, sku.id, i.version, { deleted_at: now, updated_at: now }));
    await writeHistory(trx, ctx, { subject: SKU_SUBJECT, subjectId: sku.id, action: 'delete', actionLabel: '删除SKU' });
  });
  return null;
}

export async function history(
  ctx: SessionOpContext,
  i: { skuId: number; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const sku = await requireSku(ctx.db, ctx, i.skuId);
  return historyPage(ctx, SKU_SUBJECT, sku.id, i);
}

// ---------------------------------------------------------------- following a goods' change (goods.service)

/** The live SKUs of a goods, as followParent takes them. */
const skusOf = async (trx: Transaction<Database>, ctx: SessionOpContext, goodsId: number) => ({
  subject: SKU_SUBJECT,
  rows: await repo.skusOfGoods(trx, ctx.merchantId, goodsId),
  update: (skuId: number, values: SkuValues) => repo.updateSkuFollowing(trx, ctx.merchantId, skuId, values),
});

/** The SKUs of a goods follow a change of its name or category (names and categories are copied). */
export async function followGoodsRename(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  goodsId: number,
  goods: { name: string; categoryId: number },
) {
  await followParent(trx, ctx, await skusOf(trx, ctx, goodsId), followRename(goods, SKU_FIELD_LABELS.name));
}

/** 停售 of a goods: every SKU on the shelf goes off it. */
export async function followGoodsOffSale(trx: Transaction<Database>, ctx: SessionOpContext, goodsId: number) {
  const offShelf = { from: SKU_ON_SHELF, to: SKU_OFF_SHELF, label: SKU_FIELD_LABELS.status, text: skuText };
  await followParent(trx, ctx, await skusOf(trx, ctx, goodsId), followStatus({ ...offShelf, actionLabel: '下架', remark: '随商品停售' }));
}

/** Delete of a goods: its SKUs go with it. */
export async function followGoodsDelete(trx: Transaction<Database>, ctx: SessionOpContext, goodsId: number) {
  const now = ctx.clock.now();
  for (const s of await repo.skusOfGoods(trx, ctx.merchantId, goodsId)) {
    await repo.updateSkuFollowing(trx, ctx.merchantId, s.id, { deleted_at: now, updated_at: now });
    await writeHistory(trx, ctx, { subject: SKU_SUBJECT, subjectId: s.id, action: 'delete', actionLabel: '删除SKU', remark: '随商品删除' });
  }
}

/** The live SKU holding a barcode (goods.service's friendly early answer naming the row). */
export const skuWithBarcode = (db: Db, merchantId: number, barcode: string) => repo.skuWithBarcode(db, merchantId, barcode);
