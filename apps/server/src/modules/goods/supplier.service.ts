import { maskPhone, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import {
  SUPPLY_ENABLED,
  SUPPLY_STATUS,
  type SupplierOption,
  type SupplierRow,
  type supplierCreateInput,
  type supplierUpdateInput,
} from '@merchant/contracts/goods/supplier';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { keepPhone } from '../../platform/phone-mask.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { retryOnSupplyCodeCollision, supplyCode, SUPPLIER_PREFIX } from './supply-code.ts';
import * as repo from './supplier.repo.ts';

type Db = SessionOpContext['db'] | Transaction<Database>;

export const SUPPLIER_SUBJECT = 'goods.supplier';

/** The database's last word on names: one supplier per name and merchant. */
export const SUPPLIER_NAME_TAKEN: UniqueKey = {
  index: 'supplier_name_uq',
  table: 'supplier',
  columns: ['merchant_id', 'name'],
  message: '已有同名的供应商，请换一个名称（字段：name）',
};

export const SUPPLIER_FIELD_LABELS = { name: '供应商名称', contact: '联系人', phone: '联系电话', remark: '备注', status: '状态' } as const;

export const supplyStatusName = (v: unknown) => SUPPLY_STATUS[Number(v) as keyof typeof SUPPLY_STATUS] ?? String(v ?? '');

/** History text: phones masked like every answer, statuses by name. */
function supplierText(field: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return '（空）';
  if (field === 'phone') return maskPhone(String(v));
  if (field === 'status') return supplyStatusName(v);
  return String(v);
}

const valuesOf = (r: { name: string; contact: string; phone: string; remark: string; status: number }) => ({
  name: r.name,
  contact: r.contact,
  phone: r.phone,
  remark: r.remark,
  status: Number(r.status),
});

export function toSupplierRow(r: repo.SupplierListRow): SupplierRow {
  return {
    supplierId: Number(r.id),
    supplierCode: r.supplier_code,
    name: r.name,
    contact: r.contact,
    phone: maskPhone(r.phone),
    remark: r.remark,
    spuCount: Number(r.spu_count ?? 0),
    status: Number(r.status),
    statusName: supplyStatusName(r.status),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireSupplier(db: Db, ctx: SessionOpContext, supplierId: number) {
  const s = await repo.findSupplier(db, ctx.merchantId, supplierId);
  if (!s) throw notFound('供应商');
  return s;
}

async function assertNameFree(db: Db, merchantId: number, name: string, exceptId?: number) {
  const holder = await repo.supplierWithName(db, merchantId, name, exceptId);
  if (holder) throw conflict(`已有同名的供应商（${holder.supplier_code}），请换一个名称（字段：name）`);
}

export async function list(
  ctx: SessionOpContext,
  f: repo.SupplierFilter & { pageNum: number; pageSize: number },
): Promise<Paged<SupplierRow>> {
  const { list: rows, total } = await repo.listSuppliers(ctx.db, ctx.merchantId, f);
  return { list: rows.map(toSupplierRow), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.SupplierFilter) => repo.supplierQuery(ctx.db, ctx.merchantId, f);

export async function options(ctx: SessionOpContext): Promise<SupplierOption[]> {
  const rows = await repo.supplierOptions(ctx.db, ctx.merchantId);
  return rows.map((r) => ({ supplierId: Number(r.id), supplierCode: r.supplier_code, name: r.name, status: Number(r.status) }));
}

export async function detail(ctx: SessionOpContext, supplierId: number): Promise<SupplierRow> {
  return toSupplierRow(await requireSupplier(ctx.db, ctx, supplierId));
}

export async function create(ctx: SessionOpContext, i: z.output<typeof supplierCreateInput>) {
  await assertNameFree(ctx.db, ctx.merchantId, i.name);
  return guardUnique(
    () =>
      retryOnSupplyCodeCollision(() =>
        ctx.db.transaction().execute(async (trx) => {
          const mid = ctx.merchantId;
          const supplierCode = await supplyCode(SUPPLIER_PREFIX, (c) => repo.supplierCodeTaken(trx, mid, c));
          const now = ctx.clock.now();
          const values = { name: i.name, contact: i.contact, phone: i.phone, remark: i.remark, status: SUPPLY_ENABLED };
          const supplierId = await repo.insertSupplier(trx, {
            merchant_id: mid,
            supplier_code: supplierCode,
            ...values,
            created_by: ctx.session.accountId,
            created_at: now,
            updated_at: now,
          });
          await writeHistory(trx, ctx, {
            subject: SUPPLIER_SUBJECT,
            subjectId: supplierId,
            action: 'create',
            actionLabel: '新增供应商',
            changes: describeChanges({}, values, SUPPLIER_FIELD_LABELS, supplierText),
            remark: supplierCode,
          });
          return { supplierId, supplierCode };
        }),
      ),
    SUPPLIER_NAME_TAKEN,
  );
}

export async function update(ctx: SessionOpContext, i: z.output<typeof supplierUpdateInput>) {
  const mid = ctx.merchantId;
  return guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const s = await requireSupplier(trx, ctx, i.supplierId);
        const before = valuesOf(s);
        const after = { name: i.name, contact: i.contact, phone: keepPhone(i.phone, s.phone, 'phone', '联系电话'), remark: i.remark };
        if (after.name !== before.name) await assertNameFree(trx, mid, after.name, s.id);
        const changes = describeChanges(before, after, SUPPLIER_FIELD_LABELS, supplierText);
        assertFresh(await repo.updateSupplierVersioned(trx, mid, s.id, i.version, { ...after, updated_at: ctx.clock.now() }));
        await writeHistory(trx, ctx, { subject: SUPPLIER_SUBJECT, subjectId: s.id, action: 'update', actionLabel: '编辑供应商', changes });
        return { supplierId: Number(s.id), version: i.version + 1 };
      }),
    SUPPLIER_NAME_TAKEN,
  );
}

/** 启用 ⇄ 停用; setting the status it already has is refused. */
export async function setStatus(ctx: SessionOpContext, i: { supplierId: number; version: number; status: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const s = await requireSupplier(trx, ctx, i.supplierId);
    if (Number(s.status) === i.status) throw conflict(`供应商已是${supplyStatusName(i.status)}状态`);
    assertFresh(
      await repo.updateSupplierVersioned(trx, ctx.merchantId, s.id, i.version, { status: i.status, updated_at: ctx.clock.now() }),
    );
    await writeHistory(trx, ctx, {
      subject: SUPPLIER_SUBJECT,
      subjectId: s.id,
      action: 'status',
      actionLabel: i.status === SUPPLY_ENABLED ? '启用' : '停用',
      changes: describeChanges({ status: Number(s.status) }, { status: i.status }, { status: SUPPLIER_FIELD_LABELS.status }, supplierText),
    });
  });
  return null;
}

export async function history(
  ctx: SessionOpContext,
  i: { supplierId: number; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const s = await requireSupplier(ctx.db, ctx, i.supplierId);
  return historyPage(ctx, SUPPLIER_SUBJECT, s.id, i);
}

/** A supplier locked in the caller's transaction (supply SPUs and SKUs check it is 启用). */
export const lockSupplier = repo.lockSupplier;
