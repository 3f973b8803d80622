import { PostgresAdapter, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import type { DeviceGoodsTable, GoodsTemplateSlotTable, GoodsTemplateTable, PlanogramApplyTable } from './template.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const TEMPLATE_SUBJECT = 'cabinetGoods.template';

export interface TemplateFilter {
  templateCode?: string;
  name?: string;
  modelCode?: string;
  status?: number;
  sortField?: 'createdAt' | 'updatedAt';
  sortOrder: 'ascend' | 'descend';
}

export function templateQuery(db: Db, merchantId: number, f: TemplateFilter) {
  let q = db.selectFrom('goods_template').where('merchant_id', '=', merchantId).where('deleted_at', 'is', null);
  if (f.templateCode) q = q.where(contains('template_code', f.templateCode));
  if (f.name) q = q.where(contains('name', f.name));
  if (f.modelCode) q = q.where('model_code', '=', f.modelCode);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  if (f.sortField === 'updatedAt') q = q.orderBy('updated_at', dir);
  return q.selectAll().orderBy('id', f.sortField === 'createdAt' ? dir : 'desc');
}

export const listTemplates = (db: Kysely<Database>, merchantId: number, f: TemplateFilter & { pageNum: number; pageSize: number }) =>
  fetchPage(db, templateQuery(db, merchantId, f), f);

export const findTemplate = (db: Db, merchantId: number, templateCode: string) =>
  db
    .selectFrom('goods_template')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('template_code', '=', templateCode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export async function codeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db
      .selectFrom('goods_template')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('template_code', '=', code)
      .executeTakeFirst(),
  );
}

export async function insertTemplate(db: Db, row: Omit<GoodsTemplateTable, 'id'>) {
  return (await db.insertInto('goods_template').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Versioned update (assertFresh: no row when the version moved on). */
export const updateTemplate = (db: Db, id: number, version: number, values: Updateable<GoodsTemplateTable>) =>
  db
    .updateTable('goods_template')
    .set({ ...values, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Marks the template applied without changing its content (its version stays). */
export const markApplied = (db: Db, id: number, now: number) =>
  db.updateTable('goods_template').set({ last_applied_at: now }).where('id', '=', id).execute();

export async function setSlots(db: Db, templateId: number, rows: Omit<GoodsTemplateSlotTable, 'id' | 'template_id'>[]) {
  await db.deleteFrom('goods_template_slot').where('template_id', '=', templateId).execute();
  if (rows.length)
    await db
      .insertInto('goods_template_slot')
      .values(rows.map((r) => ({ ...r, template_id: templateId })))
      .execute();
}

/** The slots of templates with their SKU and goods, in slot order. */
export const slotsOf = (db: Db, templateIds: number[]) =>
  templateIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('goods_template_slot as t')
        .innerJoin('goods_sku as s', 's.id', 't.sku_id')
        .innerJoin('goods as g', 'g.id', 's.goods_id')
        .select([
          't.template_id',
          't.slot_no',
          't.sku_id',
          't.capacity',
          't.par_level',
          's.sku_code',
          's.name as sku_name',
          's.storage_style',
          's.base_price',
          's.status as sku_status',
          's.deleted_at as sku_deleted_at',
          'g.id as goods_id',
          'g.name as goods_name',
        ])
        .where('t.template_id', 'in', templateIds)
        .orderBy('t.template_id')
        .orderBy('t.layer')
        .orderBy('t.col')
        .execute();

/** The merchant's SKUs by id (with their goods), for the slot checks. */
export const skusByIds = (db: Db, merchantId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('goods_sku as s')
        .innerJoin('goods as g', 'g.id', 's.goods_id')
        .select([
          's.id',
          's.sku_code',
          's.name',
          's.storage_style',
          's.status',
          's.base_price',
          's.deleted_at',
          'g.id as goods_id',
          'g.deleted_at as goods_deleted_at',
        ])
        .where('s.merchant_id', '=', merchantId)
        .where('s.id', 'in', ids)
        .execute();

/** On-shelf SKUs matching a keyword (name, SKU code or barcode), for the template form. */
export function skuOptions(db: Db, merchantId: number, keyword: string, styles?: readonly number[]) {
  let q = db
    .selectFrom('goods_sku as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.sku_code', 's.name', 's.storage_style', 's.base_price', 'g.name as goods_name'])
    .where('s.merchant_id', '=', merchantId)
    .where('s.status', '=', 1)
    .where('s.deleted_at', 'is', null)
    .where('g.deleted_at', 'is', null);
  if (keyword) q = q.where((eb) => eb.or([contains('s.name', keyword), contains('s.sku_code', keyword), contains('s.barcode', keyword)]));
  if (styles) q = q.where('s.storage_style', 'in', [...styles]);
  return q.orderBy('s.id').limit(50).execute();
}

/** How many cabinets carry each template now. */
export async function deviceCounts(db: Db, merchantId: number, templateIds: number[]) {
  if (templateIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('device_planogram')
    .select(['template_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('merchant_id', '=', merchantId)
    .where('template_id', 'in', templateIds)
    .groupBy('template_id')
    .execute();
  return new Map(rows.map((r) => [r.template_id, Number(r.n)]));
}

/** The templates the cabinets' goods come from now. */
export const planogramsOf = (db: Db, merchantId: number, deviceIds: number[]) =>
  deviceIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('device_planogram').selectAll().where('merchant_id', '=', merchantId).where('device_id', 'in', deviceIds).execute();

/** Replaces the cabinets' device goods and planogram headers (in the apply's transaction). */
export async function replaceDeviceGoods(
  db: Db,
  merchantId: number,
  devices: { id: number; device_code: string }[],
  header: { template_id: number; template_code: string; template_version: number; apply_code: string; applied_at: number },
  slots: Omit<DeviceGoodsTable, 'id' | 'merchant_id' | 'device_id' | 'device_code' | 'template_code' | 'applied_at'>[],
) {
  const ids = devices.map((d) => d.id);
  await db.deleteFrom('device_goods').where('merchant_id', '=', merchantId).where('device_id', 'in', ids).execute();
  await db.deleteFrom('device_planogram').where('merchant_id', '=', merchantId).where('device_id', 'in', ids).execute();
  await db
    .insertInto('device_planogram')
    .values(devices.map((d) => ({ merchant_id: merchantId, device_id: d.id, device_code: d.device_code, ...header })))
    .execute();
  const rows = devices.flatMap((d) =>
    slots.map((s) => ({
      ...s,
      merchant_id: merchantId,
      device_id: d.id,
      device_code: d.device_code,
      template_code: header.template_code,
      applied_at: header.applied_at,
    })),
  );
  // in chunks: PostgreSQL and SQLite cap the bound parameters of one statement
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('device_goods')
      .values(rows.slice(i, i + 500))
      .execute();
}

export const insertApplies = (db: Db, rows: Omit<PlanogramApplyTable, 'id'>[]) =>
  rows.length === 0 ? Promise.resolve() : db.insertInto('planogram_apply').values(rows).execute();

export const setApplyCommand = (db: Db, merchantId: number, applyCode: string, deviceId: number, commandNo: string) =>
  db
    .updateTable('planogram_apply')
    .set({ command_no: commandNo })
    .where('merchant_id', '=', merchantId)
    .where('apply_code', '=', applyCode)
    .where('device_id', '=', deviceId)
    .execute();

/** A template's apply records, newest first, keyset-paged by id on the index (template_id, id). */
export const listApplies = (
  db: Kysely<Database>,
  merchantId: number,
  templateId: number,
  page: { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
) =>
  fetchKeysetPage(
    db,
    db.selectFrom('planogram_apply').selectAll().where('template_id', '=', templateId).where('merchant_id', '=', merchantId),
    {
      sort: { key: 'appliedAt', column: 'id', value: (r) => Number(r.id) },
      id: { column: 'id', value: (r) => Number(r.id) },
      order: page.sortOrder === 'ascend' ? 'asc' : 'desc',
      cursor: page.cursor,
      pageSize: page.pageSize,
      count: page.cursor ? false : { upTo: 10_000 },
      scope: templateId,
    },
  );

export interface TemplateGoodsFilter {
  templateCode?: string;
  templateName?: string;
  skuName?: string;
  modelCode?: string;
  status?: number;
  sortField?: 'templateCode' | 'capacity';
  sortOrder: 'ascend' | 'descend';
}

/** masterplate-goods-list: every slot of the merchant's templates with its SKU. */
export function templateGoodsQuery(db: Db, merchantId: number, f: TemplateGoodsFilter) {
  let q = db
    .selectFrom('goods_template_slot as t')
    .innerJoin('goods_template as m', 'm.id', 't.template_id')
    .innerJoin('goods_sku as s', 's.id', 't.sku_id')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .where('t.merchant_id', '=', merchantId)
    .where('m.deleted_at', 'is', null);
  if (f.templateCode) q = q.where(contains('m.template_code', f.templateCode));
  if (f.templateName) q = q.where(contains('m.name', f.templateName));
  if (f.skuName) q = q.where(contains('s.name', f.skuName));
  if (f.modelCode) q = q.where('m.model_code', '=', f.modelCode);
  if (f.status !== undefined) q = q.where('m.status', '=', f.status);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  let o = q.select([
    't.id',
    't.slot_no',
    't.sku_id',
    't.capacity',
    't.par_level',
    'm.template_code',
    'm.name as template_name',
    'm.model_code',
    'm.status',
    's.sku_code',
    's.name as sku_name',
    's.storage_style',
    's.base_price',
    'g.id as goods_id',
    'g.name as goods_name',
  ]);
  if (f.sortField === 'capacity') o = o.orderBy('t.capacity', dir);
  else o = o.orderBy('m.template_code', f.sortField === 'templateCode' ? dir : 'desc');
  return o.orderBy('t.layer').orderBy('t.col').orderBy('t.id');
}

export const listTemplateGoods = (
  db: Kysely<Database>,
  merchantId: number,
  f: TemplateGoodsFilter & { pageNum: number; pageSize: number },
) => fetchPage(db, templateGoodsQuery(db, merchantId, f), f);

/** Whether a SKU sits in any template slot or cabinet slot (its storage style is then fixed). */
export async function skuPlaced(db: Db, merchantId: number, skuId: number) {
  const inTemplate = await db
    .selectFrom('goods_template_slot as t')
    .innerJoin('goods_template as m', 'm.id', 't.template_id')
    .select('t.id')
    .where('t.merchant_id', '=', merchantId)
    .where('t.sku_id', '=', skuId)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst();
  if (inTemplate) return true;
  return Boolean(
    await db.selectFrom('device_goods').select('id').where('merchant_id', '=', merchantId).where('sku_id', '=', skuId).executeTakeFirst(),
  );
}

/**
 * Locks the template and the cabinets for the rest of an apply's transaction (PostgreSQL `FOR UPDATE`, in id order;
 * SQLite runs one transaction at a time): an edit of the template waits and then meets the new version, and two
 * applies to one cabinet replace its goods one after the other, never mixed. Answers the template's version now.
 */
export async function lockForApply(trx: Transaction<Database>, templateId: number, deviceIds: number[]) {
  const pg = trx.getExecutor().adapter instanceof PostgresAdapter;
  let t = trx.selectFrom('goods_template').select('version').where('id', '=', templateId);
  if (pg) t = t.forUpdate();
  const row = await t.executeTakeFirstOrThrow();
  if (pg && deviceIds.length) {
    await trx
      .selectFrom('device')
      .select('id')
      .where(
        'id',
        'in',
        [...deviceIds].sort((a, b) => a - b),
      )
      .orderBy('id')
      .forUpdate()
      .execute();
  }
  return Number(row.version);
}
