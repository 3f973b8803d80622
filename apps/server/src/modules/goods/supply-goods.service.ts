import type { Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { SUPPLY_DISABLED, SUPPLY_ENABLED } from '@merchant/contracts/goods/supplier';
import type {
  SupplyGoodsRow,
  SupplySpuOption,
  supplyGoodsCreateInput,
  supplyGoodsUpdateInput,
} from '@merchant/contracts/goods/supply-goods';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { assertLeafCategory, categoryPaths } from './category.service.ts';
import { standardProductByBarcode } from './standard-product.service.ts';
import { lockSupplier, supplyStatusName } from './supplier.service.ts';
import { retryOnSupplyCodeCollision, supplyCode, SUPPLY_SPU_PREFIX } from './supply-code.ts';
import * as repo from './supply-goods.repo.ts';
import { followSpuChange, followSpuDisabled } from './supply-sku.service.ts';

type Db = SessionOpContext['db'] | Transaction<Database>;

export const SUPPLY_GOODS_SUBJECT = 'goods.supply-goods';

export const SUPPLY_GOODS_FIELD_LABELS = {
  supplier: '供应商',
  name: '商品名称',
  brand: '品牌',
  category: '商品分类',
  unit: '单位',
  standard: '关联标准商品',
  remark: '备注',
  status: '状态',
} as const;

function spuText(field: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return '（空）';
  if (field === 'status') return supplyStatusName(v);
  return String(v);
}

export function toSupplyGoodsRow(r: repo.SupplyGoodsListRow, paths: Map<number, string>): SupplyGoodsRow {
  const price = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    spuId: Number(r.id),
    spuCode: r.spu_code,
    name: r.name,
    brand: r.brand,
    unit: r.unit,
    remark: r.remark,
    supplierId: Number(r.supplier_id),
    supplierCode: r.supplier_code,
    supplierName: r.supplier_name,
    supplierStatus: Number(r.supplier_status),
    categoryId: Number(r.category_id),
    categoryPath: paths.get(Number(r.category_id)) ?? '',
    standardProductId: r.standard_product_id === null ? null : Number(r.standard_product_id),
    standardBarcode: r.standard_barcode ?? '',
    standardName: r.standard_name ?? '',
    skuCount: Number(r.sku_count ?? 0),
    minPurchasePrice: price(r.min_price),
    maxPurchasePrice: price(r.max_price),
    status: Number(r.status),
    statusName: supplyStatusName(r.status),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireSpu(db: Db, ctx: SessionOpContext, spuId: number) {
  const spu = await repo.findSupplyGoods(db, ctx.merchantId, spuId);
  if (!spu) throw notFound('供应链商品');
  return spu;
}

/** The standard product a barcode names ('' : none); an unknown barcode is refused. */
async function standardOf(db: Db, merchantId: number, barcode: string) {
  if (!barcode) return null;
  const p = await standardProductByBarcode(db, merchantId, barcode);
  if (!p) throw badInput(`标准商品库中没有条码为 ${barcode} 的商品（字段：standardBarcode）`);
  return p;
}
const standardText = (p: { name: string; barcode: string } | null | undefined) => (p ? `${p.name}（${p.barcode}）` : '');

export async function list(
  ctx: SessionOpContext,
  f: repo.SupplyGoodsFilter & { pageNum: number; pageSize: number },
): Promise<Paged<SupplyGoodsRow>> {
  const { list: rows, total } = await repo.listSupplyGoods(ctx.db, ctx.merchantId, f);
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return { list: rows.map((r) => toSupplyGoodsRow(r, paths)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.SupplyGoodsFilter) => repo.supplyGoodsQuery(ctx.db, ctx.merchantId, f);
export async function exportRows(ctx: SessionOpContext, rows: repo.SupplyGoodsListRow[]) {
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return rows.map((r) => toSupplyGoodsRow(r, paths));
}

export async function detail(ctx: SessionOpContext, spuId: number): Promise<SupplyGoodsRow> {
  return toSupplyGoodsRow(await requireSpu(ctx.db, ctx, spuId), await categoryPaths(ctx.db, ctx.merchantId));
}

export async function options(ctx: SessionOpContext, keyword: string | undefined): Promise<SupplySpuOption[]> {
  const rows = await repo.supplyGoodsOptions(ctx.db, ctx.merchantId, keyword, 50);
  return rows.map((r) => ({
    spuId: Number(r.id),
    spuCode: r.spu_code,
    name: r.name,
    supplierName: r.supplier_name,
    status: Number(r.status),
  }));
}

export async function create(ctx: SessionOpContext, i: z.output<typeof supplyGoodsCreateInput>) {
  const mid = ctx.merchantId;
  return retryOnSupplyCodeCollision(() =>
    ctx.db.transaction().execute(async (trx) => {
      const supplier = await lockSupplier(trx, mid, i.supplierId);
      if (!supplier) throw notFound('供应商');
      if (Number(supplier.status) !== SUPPLY_ENABLED) throw conflict(`供应商「${supplier.name}」已停用，不能新增供应链商品`);
      await assertLeafCategory(trx, mid, i.categoryId);
      const standard = await standardOf(trx, mid, i.standardBarcode);
      const spuCode = await supplyCode(SUPPLY_SPU_PREFIX, (c) => repo.spuCodeTaken(trx, mid, c));
      const now = ctx.clock.now();
      const spuId = await repo.insertSupplyGoods(trx, {
        merchant_id: mid,
        supplier_id: supplier.id,
        spu_code: spuCode,
        name: i.name,
        brand: i.brand,
        category_id: i.categoryId,
        unit: i.unit,
        standard_product_id: standard?.id ?? null,
        remark: i.remark,
        status: SUPPLY_ENABLED,
        created_by: ctx.session.accountId,
        created_at: now,
        updated_at: now,
      });
      const paths = await categoryPaths(trx, mid, [i.categoryId]);
      const values = {
        supplier: `${supplier.name}（${supplier.supplier_code}）`,
        name: i.name,
        brand: i.brand,
        category: paths.get(i.categoryId) ?? '',
        unit: i.unit,
        standard: standardText(standard),
        remark: i.remark,
        status: SUPPLY_ENABLED,
      };
      await writeHistory(trx, ctx, {
        subject: SUPPLY_GOODS_SUBJECT,
        subjectId: spuId,
        action: 'create',
        actionLabel: '新增供应链商品',
        changes: describeChanges({}, values, SUPPLY_GOODS_FIELD_LABELS, spuText),
        remark: spuCode,
      });
      return { spuId, spuCode };
    }),
  );
}

export async function update(ctx: SessionOpContext, i: z.output<typeof supplyGoodsUpdateInput>) {
  const mid = ctx.merchantId;
  return ctx.db.transaction().execute(async (trx) => {
    const spu = await requireSpu(trx, ctx, i.spuId);
    await assertLeafCategory(trx, mid, i.categoryId);
    const standard = await standardOf(trx, mid, i.standardBarcode);
    const paths = await categoryPaths(trx, mid, [spu.category_id, i.categoryId]);
    const before = {
      name: spu.name,
      brand: spu.brand,
      category: paths.get(Number(spu.category_id)) ?? '',
      unit: spu.unit,
      standard: spu.standard_name ? standardText({ name: spu.standard_name, barcode: spu.standard_barcode ?? '' }) : '',
      remark: spu.remark,
    };
    const after = {
      name: i.name,
      brand: i.brand,
      category: paths.get(i.categoryId) ?? '',
      unit: i.unit,
      standard: standardText(standard),
      remark: i.remark,
    };
    const changes = describeChanges(before, after, SUPPLY_GOODS_FIELD_LABELS, spuText);
    assertFresh(
      await repo.updateSupplyGoodsVersioned(trx, mid, spu.id, i.version, {
        name: i.name,
        brand: i.brand,
        category_id: i.categoryId,
        unit: i.unit,
        standard_product_id: standard?.id ?? null,
        remark: i.remark,
        updated_at: ctx.clock.now(),
      }),
    );
    await writeHistory(trx, ctx, {
      subject: SUPPLY_GOODS_SUBJECT,
      subjectId: spu.id,
      action: 'update',
      actionLabel: '编辑供应链商品',
      changes,
    });
    if (i.name !== spu.name || i.categoryId !== Number(spu.category_id)) {
      await followSpuChange(trx, ctx, spu.id, { name: i.name, categoryId: i.categoryId });
    }
    return { spuId: Number(spu.id), version: i.version + 1 };
  });
}

/** 启用 ⇄ 停用 (停用 takes its 启用 SKUs along; 启用 needs the supplier 启用). */
export async function setStatus(ctx: SessionOpContext, i: { spuId: number; version: number; status: number }): Promise<null> {
  const mid = ctx.merchantId;
  await ctx.db.transaction().execute(async (trx) => {
    const spu = await requireSpu(trx, ctx, i.spuId);
    if (Number(spu.status) === i.status) throw conflict(`供应链商品已是${supplyStatusName(i.status)}状态`);
    if (i.status === SUPPLY_ENABLED) {
      const supplier = await lockSupplier(trx, mid, spu.supplier_id);
      if (!supplier || Number(supplier.status) !== SUPPLY_ENABLED) throw conflict('供应商已停用，商品不能启用；请先启用供应商');
    }
    assertFresh(await repo.updateSupplyGoodsVersioned(trx, mid, spu.id, i.version, { status: i.status, updated_at: ctx.clock.now() }));
    await writeHistory(trx, ctx, {
      subject: SUPPLY_GOODS_SUBJECT,
      subjectId: spu.id,
      action: 'status',
      actionLabel: i.status === SUPPLY_ENABLED ? '启用' : '停用',
      changes: describeChanges({ status: Number(spu.status) }, { status: i.status }, { status: SUPPLY_GOODS_FIELD_LABELS.status }, spuText),
    });
    if (i.status === SUPPLY_DISABLED) await followSpuDisabled(trx, ctx, spu.id);
  });
  return null;
}

export async function history(
  ctx: SessionOpContext,
  i: { spuId: number; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const spu = await requireSpu(ctx.db, ctx, i.spuId);
  return historyPage(ctx, SUPPLY_GOODS_SUBJECT, spu.id, i);
}
