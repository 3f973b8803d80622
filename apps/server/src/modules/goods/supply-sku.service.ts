import type { Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { SpecValue } from '@merchant/contracts/goods/goods-fields';
import { skuName, specText } from '@merchant/contracts/goods/sku';
import { SUPPLY_DISABLED, SUPPLY_ENABLED } from '@merchant/contracts/goods/supplier';
import type { SupplyClassRoot, SupplySkuRow, supplySkuCreateInput, supplySkuUpdateInput } from '@merchant/contracts/goods/supply-sku';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { categoryPaths, tree } from './category.service.ts';
import { lockSupplier, supplyStatusName } from './supplier.service.ts';
import { retryOnSupplyCodeCollision, supplyCode, SUPPLY_SKU_PREFIX } from './supply-code.ts';
import * as spuRepo from './supply-goods.repo.ts';
import * as repo from './supply-sku.repo.ts';
import type { SupplySkuValues } from './supply-sku.repo.ts';
import { followParent, followRename, followStatus, parseSpecValues, yuan } from './sku-children.ts';

type Db = SessionOpContext['db'] | Transaction<Database>;

export const SUPPLY_SKU_SUBJECT = 'goods.supply-sku';

/** The database's last word on barcodes: one live supply SKU per barcode and supplier (a concurrent create loses here). */
export const SUPPLY_SKU_BARCODE_TAKEN: UniqueKey = {
  index: 'supply_sku_barcode_uq',
  table: 'supply_sku',
  columns: ['supplier_id', 'barcode'],
  message: '该供应商已有使用此条码的SKU，请换一个（字段：barcode）',
};

export const SUPPLY_SKU_FIELD_LABELS = {
  name: 'SKU名称',
  specValues: '规格',
  barcode: 'SKU条码',
  purchasePrice: '采购价',
  moq: '起订量',
  leadTimeDays: '供货周期',
  status: '状态',
} as const;

function skuText(field: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return '（空）';
  if (field === 'purchasePrice') return yuan(Number(v));
  if (field === 'leadTimeDays') return `${Number(v)}天`;
  if (field === 'status') return supplyStatusName(v);
  if (field === 'specValues') return (v as SpecValue[]).length ? specText(v as SpecValue[]) : '（无）';
  return String(v);
}

function valuesOf(r: {
  name: string;
  spec_values: string;
  barcode: string;
  purchase_price: number;
  moq: number;
  lead_time_days: number;
  status: number;
}) {
  return {
    name: r.name,
    specValues: parseSpecValues(r.spec_values),
    barcode: r.barcode,
    purchasePrice: Number(r.purchase_price),
    moq: Number(r.moq),
    leadTimeDays: Number(r.lead_time_days),
    status: Number(r.status),
  };
}

export function toSupplySkuRow(r: repo.SupplySkuListRow, paths: Map<number, string>): SupplySkuRow {
  const v = valuesOf(r);
  return {
    skuId: Number(r.id),
    skuCode: r.sku_code,
    spuId: Number(r.spu_id),
    spuCode: r.spu_code,
    spuName: r.spu_name,
    spuStatus: Number(r.spu_status),
    supplierId: Number(r.supplier_id),
    supplierName: r.supplier_name,
    supplierStatus: Number(r.supplier_status),
    ...v,
    specText: specText(v.specValues),
    categoryId: Number(r.category_id),
    categoryPath: paths.get(Number(r.category_id)) ?? '',
    statusName: supplyStatusName(v.status),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireSku(db: Db, ctx: SessionOpContext, skuId: number) {
  const sku = await repo.findSupplySku(db, ctx.merchantId, skuId);
  if (!sku) throw notFound('供应链SKU');
  return sku;
}

async function assertBarcodeFree(db: Db, merchantId: number, supplierId: number, barcode: string, exceptId?: number) {
  const holder = await repo.supplySkuWithBarcode(db, merchantId, supplierId, barcode, exceptId);
  if (holder) throw conflict(`该供应商的SKU「${holder.name}」（${holder.sku_code}）已使用条码 ${barcode}（字段：barcode）`);
}

export async function list(
  ctx: SessionOpContext,
  f: repo.SupplySkuFilter & { pageNum: number; pageSize: number },
): Promise<Paged<SupplySkuRow>> {
  const { list: rows, total } = await repo.listSupplySkus(ctx.db, ctx.merchantId, f);
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return { list: rows.map((r) => toSupplySkuRow(r, paths)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.SupplySkuFilter) => repo.supplySkuQuery(ctx.db, ctx.merchantId, f);
export async function exportRows(ctx: SessionOpContext, rows: repo.SupplySkuListRow[]) {
  const paths = await categoryPaths(ctx.db, ctx.merchantId);
  return rows.map((r) => toSupplySkuRow(r, paths));
}

export async function detail(ctx: SessionOpContext, skuId: number): Promise<SupplySkuRow> {
  return toSupplySkuRow(await requireSku(ctx.db, ctx, skuId), await categoryPaths(ctx.db, ctx.merchantId));
}

/**
 * The classes a supply SKU can be filed under (spec §7 applyClassifyV2): the merchant's category tree — a supply
 * SKU takes its SPU's level-3 leaf — with the live supply SKUs of each class (a parent counts its descendants').
 */
export async function classify(ctx: SessionOpContext): Promise<SupplyClassRoot[]> {
  const [roots, counts] = await Promise.all([tree(ctx), repo.skuCountsByCategory(ctx.db, ctx.merchantId)]);
  type Node = { id: number; name: string; level: number; children: Node[] };
  type Out = { id: number; name: string; level: number; skuCount: number; children: Out[] };
  const walk = (n: Node): Out => {
    const children = n.children.map(walk);
    return {
      id: n.id,
      name: n.name,
      level: n.level,
      skuCount: (counts.get(n.id) ?? 0) + children.reduce((s, c) => s + c.skuCount, 0),
      children,
    };
  };
  return (roots as unknown as Node[]).map(walk) as unknown as SupplyClassRoot[];
}

export async function create(ctx: SessionOpContext, i: z.output<typeof supplySkuCreateInput>) {
  const mid = ctx.merchantId;
  return guardUnique(
    () =>
      retryOnSupplyCodeCollision(() =>
        ctx.db.transaction().execute(async (trx) => {
          const spu = await spuRepo.lockSupplyGoods(trx, mid, i.spuId);
          if (!spu) throw notFound('供应链商品');
          if (Number(spu.status) !== SUPPLY_ENABLED) throw conflict(`供应链商品「${spu.name}」已停用，不能新增SKU；请先启用商品`);
          const supplier = await lockSupplier(trx, mid, spu.supplier_id);
          if (!supplier || Number(supplier.status) !== SUPPLY_ENABLED) throw conflict('供应商已停用，不能新增SKU；请先启用供应商');
          await assertBarcodeFree(trx, mid, spu.supplier_id, i.barcode);
          const skuCode = await supplyCode(SUPPLY_SKU_PREFIX, (c) => repo.supplySkuCodeTaken(trx, mid, c));
          const now = ctx.clock.now();
          const values = {
            name: skuName(spu.name, i.specValues),
            specValues: i.specValues,
            barcode: i.barcode,
            purchasePrice: i.purchasePrice,
            moq: i.moq,
            leadTimeDays: i.leadTimeDays,
            status: SUPPLY_ENABLED,
          };
          const skuId = await repo.insertSupplySku(trx, {
            merchant_id: mid,
            supplier_id: spu.supplier_id,
            spu_id: spu.id,
            sku_code: skuCode,
            name: values.name,
            spec_values: JSON.stringify(values.specValues),
            barcode: values.barcode,
            category_id: spu.category_id,
            purchase_price: values.purchasePrice,
            moq: values.moq,
            lead_time_days: values.leadTimeDays,
            status: values.status,
            created_by: ctx.session.accountId,
            created_at: now,
            updated_at: now,
          });
          await writeHistory(trx, ctx, {
            subject: SUPPLY_SKU_SUBJECT,
            subjectId: skuId,
            action: 'create',
            actionLabel: '创建SKU',
            changes: describeChanges({}, values, SUPPLY_SKU_FIELD_LABELS, skuText),
            remark: `${skuCode}，商品 ${spu.spu_code}`,
          });
          return { skuId, skuCode };
        }),
      ),
    SUPPLY_SKU_BARCODE_TAKEN,
  );
}

export async function update(ctx: SessionOpContext, i: z.output<typeof supplySkuUpdateInput>) {
  const mid = ctx.merchantId;
  return guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const sku = await requireSku(trx, ctx, i.skuId);
        const before = valuesOf(sku);
        if (i.barcode !== before.barcode) await assertBarcodeFree(trx, mid, sku.supplier_id, i.barcode, sku.id);
        const after = {
          name: skuName(sku.spu_name, i.specValues),
          specValues: i.specValues,
          barcode: i.barcode,
          purchasePrice: i.purchasePrice,
          moq: i.moq,
          leadTimeDays: i.leadTimeDays,
        };
        const changes = describeChanges(before, after, SUPPLY_SKU_FIELD_LABELS, skuText);
        assertFresh(
          await repo.updateSupplySkuVersioned(trx, mid, sku.id, i.version, {
            name: after.name,
            spec_values: JSON.stringify(after.specValues),
            barcode: after.barcode,
            purchase_price: after.purchasePrice,
            moq: after.moq,
            lead_time_days: after.leadTimeDays,
            updated_at: ctx.clock.now(),
          }),
        );
        await writeHistory(trx, ctx, { subject: SUPPLY_SKU_SUBJECT, subjectId: sku.id, action: 'update', actionLabel: '编辑SKU', changes });
        return { skuId: Number(sku.id), version: i.version + 1 };
      }),
    SUPPLY_SKU_BARCODE_TAKEN,
  );
}

/** 启用 ⇄ 停用; 启用 needs its SPU and supplier 启用. */
export async function setStatus(ctx: SessionOpContext, i: { skuId: number; version: number; status: number }): Promise<null> {
  const mid = ctx.merchantId;
  await ctx.db.transaction().execute(async (trx) => {
    const sku = await requireSku(trx, ctx, i.skuId);
    if (Number(sku.status) === i.status) throw conflict(`SKU已是${supplyStatusName(i.status)}状态`);
    if (i.status === SUPPLY_ENABLED) {
      const spu = await spuRepo.lockSupplyGoods(trx, mid, sku.spu_id);
      if (!spu || Number(spu.status) !== SUPPLY_ENABLED) throw conflict('供应链商品已停用，SKU不能启用；请先启用商品');
      const supplier = await lockSupplier(trx, mid, sku.supplier_id);
      if (!supplier || Number(supplier.status) !== SUPPLY_ENABLED) throw conflict('供应商已停用，SKU不能启用；请先启用供应商');
    }
    assertFresh(await repo.updateSupplySkuVersioned(trx, mid, sku.id, i.version, { status: i.status, updated_at: ctx.clock.now() }));
    await writeHistory(trx, ctx, {
      subject: SUPPLY_SKU_SUBJECT,
      subjectId: sku.id,
      action: 'status',
      actionLabel: i.status === SUPPLY_ENABLED ? '启用' : '停用',
      changes: describeChanges({ status: Number(sku.status) }, { status: i.status }, { status: SUPPLY_SKU_FIELD_LABELS.status }, skuText),
    });
  });
  return null;
}

/** Deletes a 停用 SKU (its barcode is free again under the supplier). */
export async function remove(ctx: SessionOpContext, i: { skuId: number; version: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const sku = await requireSku(trx, ctx, i.skuId);
    if (Number(sku.status) !== SUPPLY_DISABLED) throw conflict('SKU启用中，请先停用再删除');
    const now = ctx.clock.now();
    assertFresh(await repo.updateSupplySkuVersioned(trx, ctx.merchantId, sku.id, i.version, { deleted_at: now, updated_at: now }));
    await writeHistory(trx, ctx, { subject: SUPPLY_SKU_SUBJECT, subjectId: sku.id, action: 'delete', actionLabel: '删除SKU' });
  });
  return null;
}

export async function history(
  ctx: SessionOpContext,
  i: { skuId: number; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const sku = await requireSku(ctx.db, ctx, i.skuId);
  return historyPage(ctx, SUPPLY_SKU_SUBJECT, sku.id, i);
}

// ---------------------------------------------------------------- following an SPU's change (supply-goods.service)

/** The live SKUs of an SPU, as followParent takes them. */
const skusOf = async (trx: Transaction<Database>, ctx: SessionOpContext, spuId: number) => ({
  subject: SUPPLY_SKU_SUBJECT,
  rows: await repo.skusOfSpu(trx, ctx.merchantId, spuId),
  update: (skuId: number, values: SupplySkuValues) => repo.updateSupplySkuFollowing(trx, ctx.merchantId, skuId, values),
});

/** The SKUs of an SPU follow a change of its name or category (both are copied). */
export async function followSpuChange(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  spuId: number,
  spu: { name: string; categoryId: number },
) {
  await followParent(trx, ctx, await skusOf(trx, ctx, spuId), followRename(spu, SUPPLY_SKU_FIELD_LABELS.name));
}

/** 停用 of an SPU: every 启用 SKU of it is 停用 too. */
export async function followSpuDisabled(trx: Transaction<Database>, ctx: SessionOpContext, spuId: number) {
  const disabled = { from: SUPPLY_ENABLED, to: SUPPLY_DISABLED, label: SUPPLY_SKU_FIELD_LABELS.status, text: skuText };
  await followParent(trx, ctx, await skusOf(trx, ctx, spuId), followStatus({ ...disabled, actionLabel: '停用', remark: '随商品停用' }));
}
