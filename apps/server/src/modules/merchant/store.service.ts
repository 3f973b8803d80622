import {
  formatBusinessHours,
  STORE_CATEGORIES,
  STORE_CATEGORY_LEAVES,
  STORE_STATUS,
  STORE_TAGS,
  type StoreChangeRecord,
  type storeCreateInput,
  type StoreRow,
  type storeUpdateInput,
} from '@merchant/contracts/merchant/store';
import { maskPhone, type Paged } from '@merchant/contracts';
import type { z } from 'zod';
import type { Selectable } from 'kysely';
import type { StoreTable } from './store.table.ts';
import { conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { OpContext } from '../../platform/gateway/op-context.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { fieldChanges, maskPhoneChanges, parseChanges, splitCodes } from '../../platform/field-changes.ts';
import { keepPhone } from '../../platform/phone-mask.ts';
import { describeChanges } from '@merchant/contracts/merchant/field-value';
import * as repo from './store.repo.ts';

const merchantOf = (ctx: OpContext) => ctx.session!.merchantId;

// The unique indexes are the last word (docs/decisions.md): a name taken by a concurrent request answers the same message.
const NAME_TAKEN: UniqueKey = {
  index: 'store_name_uq',
  table: 'store',
  columns: ['merchant_id', 'name'],
  message: '已有同名门店，请换一个名称（字段：name）',
};
const STORE_CODE_INDEX = { index: 'store_code_uq', table: 'store', columns: ['merchant_id', 'store_code'] };

export const STORE_FIELD_LABELS = {
  name: '门店名称',
  categoryCode: '门店分类',
  tagCodes: '门店标签',
  contactName: '联系人',
  contactPhone: '联系电话',
  province: '省份',
  city: '城市',
  district: '区县',
  address: '详细地址',
  lng: '经度',
  lat: '纬度',
  openTime: '开始营业时间',
  closeTime: '结束营业时间',
  businessDays: '营业日',
  status: '门店状态',
  remark: '备注',
} as const;
const CHANGE_TYPES: Record<string, string> = { create: '新建门店', update: '修改信息', status: '状态变更' };

type StoreDbRow = Selectable<StoreTable> & { staffCount?: number | string | null };

/** The comparable, client-facing values of a store row. */
function valuesOf(r: Selectable<StoreTable>) {
  return {
    name: r.name,
    categoryCode: r.category_code,
    tagCodes: splitCodes(r.tag_codes),
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    province: r.province,
    city: r.city,
    district: r.district,
    address: r.address,
    lng: Number(r.lng),
    lat: Number(r.lat),
    openTime: r.open_time,
    closeTime: r.close_time,
    businessDays: splitCodes(r.business_days).map(Number),
    status: r.status,
    remark: r.remark,
  };
}

/** A store as every answer shows it: the contact phone masked (the full number through merchant.phone.reveal). */
export function toStoreRow(r: StoreDbRow): StoreRow {
  const v = valuesOf(r);
  const category = STORE_CATEGORY_LEAVES[v.categoryCode];
  return {
    id: r.id,
    storeCode: r.store_code,
    ...v,
    contactPhone: maskPhone(v.contactPhone),
    categoryName: category ? `${category.parentName}/${category.name}` : v.categoryCode,
    tagNames: v.tagCodes.map((c) => STORE_TAGS[c as keyof typeof STORE_TAGS] ?? c),
    businessHours: formatBusinessHours(v.openTime, v.closeTime),
    statusName: STORE_STATUS[v.status as keyof typeof STORE_STATUS] ?? String(v.status),
    staffCount: Number(r.staffCount ?? 0),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

type StoreInput = z.output<typeof storeCreateInput>;
function columnsOf(i: StoreInput) {
  return {
    name: i.name,
    category_code: i.categoryCode,
    tag_codes: i.tagCodes.join(','),
    contact_name: i.contactName,
    contact_phone: i.contactPhone,
    province: i.province,
    city: i.city,
    district: i.district,
    address: i.address,
    lng: i.lng,
    lat: i.lat,
    open_time: i.openTime,
    close_time: i.closeTime,
    business_days: i.businessDays.join(','),
    status: i.status,
    remark: i.remark,
  };
}

export async function requireStore(ctx: OpContext, storeCode: string) {
  const store = await repo.findStoreByCode(ctx.db, merchantOf(ctx), storeCode);
  if (!store) throw notFound('门店');
  return store;
}

export const categories = () => STORE_CATEGORIES;
export const tags = () => Object.entries(STORE_TAGS).map(([code, name]) => ({ code, name }));

export async function list(ctx: OpContext, f: repo.StoreFilter): Promise<Paged<StoreRow>> {
  const { list: rows, total } = await repo.listStores(ctx.db, merchantOf(ctx), f);
  return { list: rows.map((r) => toStoreRow(r)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export async function detail(ctx: OpContext, storeCode: string): Promise<StoreRow> {
  return toStoreRow(await requireStore(ctx, storeCode));
}

const record = (ctx: OpContext, db: OpContext['db'], storeId: number, changeType: string, changes: unknown[]) =>
  repo.insertChangeRecord(db, {
    merchant_id: merchantOf(ctx),
    store_id: storeId,
    change_type: changeType,
    changes: JSON.stringify(changes),
    operator_id: ctx.session!.accountId,
    operator_name: ctx.session!.userName,
    created_at: ctx.clock.now(),
  });

export async function create(ctx: OpContext, input: StoreInput) {
  const mid = merchantOf(ctx);
  if (await repo.storeNameTaken(ctx.db, mid, input.name)) throw conflict('已有同名门店，请换一个名称（字段：name）');
  const now = ctx.clock.now();
  return guardUnique(
    () =>
      withGeneratedCode(
        'MD',
        now,
        (c) => repo.storeCodeTaken(ctx.db, mid, c),
        STORE_CODE_INDEX,
        (storeCode) =>
          ctx.db.transaction().execute(async (trx) => {
            const storeId = await repo.insertStore(trx, {
              merchant_id: mid,
              store_code: storeCode,
              ...columnsOf(input),
              created_by: ctx.session!.accountId,
              created_at: now,
              updated_at: now,
            });
            await record(ctx, trx, storeId, 'create', fieldChanges({}, input as unknown as Record<string, unknown>, STORE_FIELD_LABELS));
            return { id: storeId, storeCode };
          }),
      ),
    NAME_TAKEN,
  );
}

export async function update(ctx: OpContext, raw: z.output<typeof storeUpdateInput>) {
  const store = await requireStore(ctx, raw.storeCode);
  const input = { ...raw, contactPhone: keepPhone(raw.contactPhone, store.contact_phone, 'contactPhone', '联系电话') };
  if (await repo.storeNameTaken(ctx.db, merchantOf(ctx), input.name, store.id)) throw conflict('已有同名门店，请换一个名称（字段：name）');
  const changes = fieldChanges(valuesOf(store), input as unknown as Record<string, unknown>, STORE_FIELD_LABELS);
  if (changes.length > 0) {
    await guardUnique(
      () =>
        ctx.db.transaction().execute(async (trx) => {
          await repo.updateStore(trx, store.id, { ...columnsOf(input), updated_at: ctx.clock.now() });
          await record(ctx, trx, store.id, 'update', changes);
        }),
      NAME_TAKEN,
    );
  }
  return { storeCode: store.store_code, changes: maskPhoneChanges(changes) };
}

export async function setStatus(ctx: OpContext, storeCode: string, status: number) {
  const store = await requireStore(ctx, storeCode);
  if (store.status === status) return { storeCode, changes: [] };
  const changes = fieldChanges({ status: store.status }, { status }, { status: STORE_FIELD_LABELS.status });
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateStore(trx, store.id, { status, updated_at: ctx.clock.now() });
    await record(ctx, trx, store.id, 'status', changes);
  });
  return { storeCode, changes };
}

type ChangeRecordDbRow = Awaited<ReturnType<ReturnType<typeof repo.changeRecordQuery>['execute']>>[number];

function toChangeRecord(r: ChangeRecordDbRow): StoreChangeRecord {
  return {
    id: r.id,
    changeType: r.change_type as StoreChangeRecord['changeType'],
    changeTypeName: CHANGE_TYPES[r.change_type] ?? r.change_type,
    changes: maskPhoneChanges(parseChanges(r.changes)),
    operatorName: r.operator_name,
    createdAt: Number(r.created_at),
  };
}

export async function changeRecords(
  ctx: OpContext,
  f: { storeCode: string; pageNum: number; pageSize: number },
): Promise<Paged<StoreChangeRecord>> {
  const store = await requireStore(ctx, f.storeCode);
  const { list: rows, total } = await repo.listChangeRecords(ctx.db, merchantOf(ctx), store.store_code, f.pageNum, f.pageSize);
  return { list: rows.map(toChangeRecord), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

// ---------------------------------------------------------------- exports

/** The store list's own query for its export (same filters, merchant scope and order). */
export function storeExportQuery(ctx: OpContext, f: Omit<repo.StoreFilter, 'pageNum' | 'pageSize'>) {
  return repo.storeQuery(ctx.db, merchantOf(ctx), f);
}

/** An export row of the store list: the list's row (contact phone masked as on the list). */
export const storeExportRow = (r: StoreDbRow): StoreRow => toStoreRow(r);

/** The change records' own query for their export (a store code of another merchant finds nothing). */
export function changeRecordExportQuery(ctx: OpContext, f: { storeCode: string }) {
  return repo.changeRecordQuery(ctx.db, merchantOf(ctx), f.storeCode);
}

/** An export row of the change records: the record with its changes in words, as the store page shows them. */
export function changeRecordExportRow(r: ChangeRecordDbRow) {
  const record = toChangeRecord(r);
  return {
    ...record,
    storeCode: r.storeCode,
    storeName: r.storeName,
    content: record.changeType === 'create' ? `创建门店（${record.changes.length}项信息）` : describeChanges(record.changes),
  };
}

/** The full contact phone of a store (merchant.phone.reveal); `id` is the store's id. */
export async function fullPhone(ctx: OpContext, id: number): Promise<string> {
  const store = await repo.findStoreById(ctx.db, merchantOf(ctx), id);
  if (!store) throw notFound('门店');
  return store.contact_phone;
}

// ---------------------------------------------------------------- read by other modules (goods: 门店商品)

/** A store as other modules see it: id, code, name and status. */
export interface StoreRef {
  id: number;
  storeCode: string;
  name: string;
  status: number;
  statusName: string;
}
const storeRef = (r: Selectable<StoreTable>): StoreRef => ({
  id: Number(r.id),
  storeCode: r.store_code,
  name: r.name,
  status: Number(r.status),
  statusName: STORE_STATUS[Number(r.status) as keyof typeof STORE_STATUS] ?? String(r.status),
});

/** The merchant's stores (newest first) as options for other modules' pickers. */
export async function storeOptions(ctx: OpContext): Promise<StoreRef[]> {
  return (await repo.storeQuery(ctx.db, merchantOf(ctx), { sortOrder: 'descend' }).execute()).map(storeRef);
}

/** The merchant's stores among `ids` (another merchant's ids are simply absent), by id. */
export async function storesByIds(ctx: OpContext, ids: readonly number[]): Promise<Map<number, StoreRef>> {
  if (ids.length === 0) return new Map();
  const rows = await repo
    .storeQuery(ctx.db, merchantOf(ctx), { sortOrder: 'descend' })
    .where('store.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), storeRef(r)]));
}
