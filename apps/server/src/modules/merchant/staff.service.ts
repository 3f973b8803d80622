import { maskPhone, type Paged } from '@merchant/contracts';
import {
  STAFF_POSITIONS,
  STAFF_STATUS,
  type staffCreateInput,
  type StaffRow,
  type staffUpdateInput,
} from '@merchant/contracts/merchant/staff';
import type { z } from 'zod';
import { conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { OpContext } from '../../platform/gateway/op-context.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { keepPhone } from '../../platform/phone-mask.ts';
import * as repo from './staff.repo.ts';

const merchantOf = (ctx: OpContext) => ctx.session!.merchantId;

// The unique indexes are the last word (docs/decisions.md): a phone taken by a concurrent request answers the same message.
const PHONE_TAKEN: UniqueKey = {
  index: 'store_staff_phone_uq',
  table: 'store_staff',
  columns: ['merchant_id', 'phone'],
  message: '该手机号已被其他员工使用（字段：phone）',
};
const STAFF_NO_INDEX = { index: 'store_staff_no_uq', table: 'store_staff', columns: ['merchant_id', 'staff_no'] };

/** A staff row as every answer shows it: the phone masked (the full number only through merchant.phone.reveal). */
function toStaff(r: repo.StaffDbRow, stores: { id: number; storeCode: string; name: string }[]): StaffRow {
  return {
    id: r.id,
    staffNo: r.staff_no,
    name: r.name,
    phone: maskPhone(r.phone),
    position: r.position,
    positionName: STAFF_POSITIONS[r.position as keyof typeof STAFF_POSITIONS] ?? r.position,
    status: r.status,
    statusName: STAFF_STATUS[r.status as keyof typeof STAFF_STATUS] ?? String(r.status),
    entryDate: r.entry_date || null,
    remark: r.remark,
    stores,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireStaff(ctx: OpContext, id: number) {
  const row = await repo.findStaff(ctx.db, merchantOf(ctx), id);
  if (!row) throw notFound('员工');
  return row;
}

/** Every store id must be one of this merchant's stores (else "门店不存在"). */
async function checkStores(ctx: OpContext, storeIds: number[]) {
  const own = await repo.ownStores(ctx.db, merchantOf(ctx), storeIds);
  if (own.length !== storeIds.length) throw notFound('门店');
}

async function withStores(ctx: OpContext, rows: repo.StaffDbRow[]) {
  const links = await repo.storesOfStaff(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toStaff(
      r,
      links.filter((l) => l.staffId === r.id).map(({ staffId: _s, ...s }) => s),
    ),
  );
}

export async function list(ctx: OpContext, f: repo.StaffFilter): Promise<Paged<StaffRow>> {
  const { list: rows, total } = await repo.listStaff(ctx.db, merchantOf(ctx), f);
  return { list: await withStores(ctx, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

/** The staff list's own query for its export (same filters, merchant scope and order). */
export function listExportQuery(ctx: OpContext, f: Omit<repo.StaffFilter, 'pageNum' | 'pageSize'>) {
  return repo.staffQuery(ctx.db, merchantOf(ctx), f);
}

/** One export batch: the list's rows (phones masked as on the list, with their stores). */
export function listExportRows(ctx: OpContext, rows: repo.StaffDbRow[]): Promise<StaffRow[]> {
  return withStores(ctx, rows);
}

export async function detail(ctx: OpContext, id: number) {
  return (await withStores(ctx, [await requireStaff(ctx, id)]))[0];
}

export async function create(ctx: OpContext, input: z.output<typeof staffCreateInput>) {
  const mid = merchantOf(ctx);
  if (await repo.phoneTaken(ctx.db, mid, input.phone)) throw conflict('该手机号已被其他员工使用（字段：phone）');
  await checkStores(ctx, input.storeIds);
  const now = ctx.clock.now();
  return guardUnique(
    () =>
      withGeneratedCode(
        'YG',
        now,
        (c) => repo.staffNoTaken(ctx.db, mid, c),
        STAFF_NO_INDEX,
        (staffNo) =>
          ctx.db.transaction().execute(async (trx) => {
            const staffId = await repo.insertStaff(trx, {
              merchant_id: mid,
              staff_no: staffNo,
              name: input.name,
              phone: input.phone,
              position: input.position,
              status: 1,
              entry_date: input.entryDate ?? null,
              remark: input.remark,
              created_at: now,
              updated_at: now,
            });
            await repo.replaceStaffStores(trx, mid, staffId, input.storeIds);
            return { id: staffId, staffNo };
          }),
      ),
    PHONE_TAKEN,
  );
}

export async function update(ctx: OpContext, input: z.output<typeof staffUpdateInput>) {
  const row = await requireStaff(ctx, input.id);
  const phone = keepPhone(input.phone, row.phone, 'phone', '手机号');
  if (await repo.phoneTaken(ctx.db, merchantOf(ctx), phone, row.id)) throw conflict('该手机号已被其他员工使用（字段：phone）');
  await guardUnique(
    () =>
      repo.updateStaff(ctx.db, row.id, {
        name: input.name,
        phone,
        position: input.position,
        entry_date: input.entryDate ?? null,
        remark: input.remark,
        updated_at: ctx.clock.now(),
      }),
    PHONE_TAKEN,
  );
  return { id: row.id };
}

export async function setStatus(ctx: OpContext, id: number, enabled: boolean) {
  const row = await requireStaff(ctx, id);
  if (row.status === (enabled ? 1 : 0)) throw conflict(enabled ? '该员工已是启用状态' : '该员工已是停用状态');
  await repo.updateStaff(ctx.db, row.id, { status: enabled ? 1 : 0, updated_at: ctx.clock.now() });
  return null;
}

export async function storeOptions(ctx: OpContext, id: number | undefined) {
  if (id !== undefined) await requireStaff(ctx, id);
  const [stores, links] = await Promise.all([
    repo.allStores(ctx.db, merchantOf(ctx)),
    id === undefined ? [] : repo.storesOfStaff(ctx.db, [id]),
  ]);
  return { stores, selected: links.map((l) => l.id) };
}

export async function configStores(ctx: OpContext, id: number, storeIds: number[]) {
  const row = await requireStaff(ctx, id);
  await checkStores(ctx, storeIds);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceStaffStores(trx, merchantOf(ctx), row.id, storeIds);
    await repo.updateStaff(trx, row.id, { updated_at: ctx.clock.now() });
  });
  return null;
}

/** The full phone of an employee (merchant.phone.reveal). */
export async function fullPhone(ctx: OpContext, id: number): Promise<string> {
  return (await requireStaff(ctx, id)).phone;
}
