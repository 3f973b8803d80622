import { maskPhone, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { RegionNode } from '@merchant/contracts/device/point';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import {
  FRONT_WAREHOUSE_ENABLED,
  FRONT_WAREHOUSE_CODE_PREFIX,
  FRONT_WAREHOUSE_HOLDS_STOCK,
  FRONT_WAREHOUSE_STATUS,
  FRONT_WAREHOUSE_TRANSITIONS,
  frontWarehouseAllowed,
  type FrontWarehouseAddInput,
  type FrontWarehouseEditInput,
  type FrontWarehouseOption,
  type FrontWarehouseRow,
  type FrontWarehouseStatus,
  type FrontWarehouseTransition,
} from '@merchant/contracts/stock/front-warehouse';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { generateSerialCode, retryOnCodeCollision } from '../../platform/business-code.ts';
import { badInput, conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { keepPhone } from '../../platform/phone-mask.ts';
import { describeChanges, historyPage, seedHistory, writeHistory } from '../../platform/record-history.ts';
import { regions as regionCodeTree } from '../device/point.service.ts';
import { demoAccount } from '../../platform/seeds.ts';
import { assertFresh } from '../../platform/versioned.ts';
import * as repo from './front-warehouse.repo.ts';
import type { FrontWarehouseTable } from './front-warehouse.table.ts';
import { ensureLocation, locationById, type LocationRow } from './stock-ledger.service.ts';
import { locationHoldsStock } from './stock-location-query.ts';

// 前置仓 / 仓主管理 (entrepot-owner-list): add (with its stock location), edit, enable / disable (not while it holds
// stock), history. docs/stock.md.

export const FRONT_WAREHOUSE_SUBJECT = 'stock.front-warehouse';
const NAME_TAKEN_MESSAGE = '已有同名的前置仓，请换一个名称（字段：name）';
const NAME_TAKEN: UniqueKey = {
  index: 'front_warehouse_name_uq',
  table: 'front_warehouse',
  columns: ['merchant_id', 'name'],
  message: NAME_TAKEN_MESSAGE,
};
const CODE_INDEX = { index: 'front_warehouse_code_uq', table: 'front_warehouse', columns: ['merchant_id', 'warehouse_code'] };
const LOCATION_INDEX = { index: 'stock_location_code_uq', table: 'stock_location', columns: ['merchant_id', 'kind', 'code'] };

const LABELS = {
  name: '前置仓名称',
  ownerName: '仓主姓名',
  ownerPhone: '仓主手机号',
  contactTel: '联系电话',
  province: '省份',
  city: '城市',
  district: '区县',
  address: '详细地址',
  area: '面积（㎡）',
  remark: '备注',
};
const statusName = (s: number) => FRONT_WAREHOUSE_STATUS[s as FrontWarehouseStatus] ?? String(s);

type Row = Selectable<FrontWarehouseTable>;

function valuesOf(r: Row) {
  return {
    name: r.name,
    ownerName: r.owner_name,
    ownerPhone: r.owner_phone,
    contactTel: r.contact_tel,
    province: r.province,
    city: r.city,
    district: r.district,
    address: r.address,
    area: Number(r.area),
    remark: r.remark,
  };
}

/** A warehouse as every answer shows it: the owner's phone masked (the full number through revealPhone). */
function toRow(r: Row): FrontWarehouseRow {
  const v = valuesOf(r);
  return {
    id: Number(r.id),
    warehouseCode: r.warehouse_code,
    ...v,
    ownerPhone: maskPhone(v.ownerPhone),
    fullAddress: [v.province, v.city === v.province ? '' : v.city, v.district, v.address].filter(Boolean).join(''),
    status: Number(r.status),
    statusName: statusName(Number(r.status)),
    locationId: Number(r.location_id),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

const columnsOf = (i: FrontWarehouseAddInput) => ({
  name: i.name,
  owner_name: i.ownerName,
  owner_phone: i.ownerPhone,
  contact_tel: i.contactTel,
  province: i.province,
  city: i.city,
  district: i.district,
  address: i.address,
  area: i.area,
  remark: i.remark,
});

async function requireWarehouse(ctx: SessionOpContext, id: number): Promise<Row> {
  const r = await repo.findWarehouse(ctx.db, ctx.merchantId, id);
  if (!r) throw notFound('前置仓');
  return r;
}

function allow(r: Row, action: FrontWarehouseTransition) {
  if (!frontWarehouseAllowed(action, Number(r.status)))
    throw conflict(`前置仓「${r.name}」已是${statusName(Number(r.status))}状态，不能${FRONT_WAREHOUSE_TRANSITIONS[action].label}`);
}

export async function list(
  ctx: SessionOpContext,
  f: repo.FrontWarehouseFilter & { pageNum: number; pageSize: number },
): Promise<Paged<FrontWarehouseRow>> {
  const { list, total } = await fetchPage(ctx.db, repo.listQuery(ctx.db, ctx.merchantId, f), f);
  return { list: list.map(toRow), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.FrontWarehouseFilter) => repo.listQuery(ctx.db, ctx.merchantId, f);
export const exportRows = async (_ctx: SessionOpContext, rows: repo.FrontWarehouseDbRow[]) => Promise.resolve(rows.map(toRow));

export async function options(ctx: SessionOpContext): Promise<FrontWarehouseOption[]> {
  return (await repo.enabledOptions(ctx.db, ctx.merchantId)).map((r) => ({
    id: Number(r.id),
    code: r.warehouse_code,
    name: r.name,
    locationId: Number(r.location_id),
  }));
}

let regionNames: RegionNode[] | undefined;
/** The region tree with names for values (a warehouse stores 省 / 市 / 区县 as names, like a store). */
export function regions(): RegionNode[] {
  const byName = (n: RegionNode): RegionNode =>
    n.children?.length ? { value: n.label, label: n.label, children: n.children.map(byName) } : { value: n.label, label: n.label };
  regionNames ??= regionCodeTree().map(byName);
  return regionNames;
}

export async function detail(ctx: SessionOpContext, id: number): Promise<FrontWarehouseRow> {
  return toRow(await requireWarehouse(ctx, id));
}

/** The owner's full phone number (the reveal is logged by the gateway: the operation writes). */
export async function fullPhone(ctx: SessionOpContext, id: number): Promise<{ phone: string }> {
  return { phone: (await requireWarehouse(ctx, id)).owner_phone };
}

/** Inserts a warehouse with a fresh code and its stock location (kind 'front'), in the caller's transaction. */
async function insertWithLocation(
  trx: Parameters<typeof ensureLocation>[0],
  merchantId: number,
  i: FrontWarehouseAddInput,
  by: number,
  now: number,
  extra: { status?: number } = {},
): Promise<{ id: number; code: string }> {
  const code = await generateSerialCode(FRONT_WAREHOUSE_CODE_PREFIX, (c) => repo.codeTaken(trx, merchantId, c));
  const location = await ensureLocation(trx, merchantId, { kind: 'front', code, name: i.name, ownerId: 0 }, now);
  const id = await repo.insertWarehouse(trx, {
    merchant_id: merchantId,
    warehouse_code: code,
    ...columnsOf(i),
    status: extra.status ?? 1,
    location_id: Number(location.id),
    version: 1,
    created_by: by,
    updated_by: by,
    created_at: now,
    updated_at: now,
  });
  return { id, code };
}

export async function add(ctx: SessionOpContext, i: FrontWarehouseAddInput): Promise<FrontWarehouseRow> {
  if (await repo.nameTaken(ctx.db, ctx.merchantId, i.name)) throw conflict(NAME_TAKEN_MESSAGE);
  const now = ctx.clock.now();
  const { id } = await guardUnique(
    () =>
      retryOnCodeCollision([CODE_INDEX, LOCATION_INDEX], () =>
        ctx.db.transaction().execute(async (trx) => {
          const made = await insertWithLocation(trx, ctx.merchantId, i, ctx.session.accountId, now);
          await writeHistory(trx, ctx, {
            subject: FRONT_WAREHOUSE_SUBJECT,
            subjectId: made.id,
            action: 'create',
            actionLabel: '新增',
            remark: `${made.code} ${i.name}，仓主${i.ownerName}`,
          });
          return made;
        }),
      ),
    NAME_TAKEN,
  );
  return detail(ctx, id);
}

export async function edit(ctx: SessionOpContext, raw: FrontWarehouseEditInput): Promise<FrontWarehouseRow> {
  const r = await requireWarehouse(ctx, raw.id);
  if (Number(r.version) !== raw.version) throw conflict(STALE_VERSION_MESSAGE);
  allow(r, 'edit');
  const i = { ...raw, ownerPhone: keepPhone(raw.ownerPhone, r.owner_phone, 'ownerPhone', '仓主手机号') };
  if (await repo.nameTaken(ctx.db, ctx.merchantId, i.name, i.id)) throw conflict(NAME_TAKEN_MESSAGE);
  const now = ctx.clock.now();
  const before = valuesOf(r);
  const { id: _id, version: _v, ...after } = i;
  const changes = describeChanges(before, after, LABELS, (f, v) =>
    v === '' || v === null || v === undefined
      ? '（空）'
      : f === 'ownerPhone'
        ? maskPhone(String(v))
        : f === 'area' && v === 0
          ? '（空）'
          : String(v),
  );
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        assertFresh(
          await repo.updateWarehouse(trx, ctx.merchantId, i.id, i.version, {
            ...columnsOf(i),
            updated_by: ctx.session.accountId,
            updated_at: now,
          }),
        );
        if (i.name !== r.name) await repo.renameLocation(trx, ctx.merchantId, Number(r.location_id), i.name, now);
        await writeHistory(trx, ctx, { subject: FRONT_WAREHOUSE_SUBJECT, subjectId: i.id, action: 'edit', actionLabel: '编辑', changes });
      }),
    NAME_TAKEN,
  );
  return detail(ctx, i.id);
}

async function setStatus(ctx: SessionOpContext, i: { id: number; version: number }, action: 'enable' | 'disable') {
  const r = await requireWarehouse(ctx, i.id);
  allow(r, action);
  if (Number(r.version) !== i.version) throw conflict(STALE_VERSION_MESSAGE);
  const to = FRONT_WAREHOUSE_TRANSITIONS[action].to;
  await ctx.db.transaction().execute(async (trx) => {
    // checked in the transaction that disables it (a stock document confirmed just before is seen)
    if (action === 'disable' && (await locationHoldsStock(trx, ctx.merchantId, Number(r.location_id)))) {
      throw conflict(`前置仓「${r.name}」${FRONT_WAREHOUSE_HOLDS_STOCK}`);
    }
    assertFresh(
      await repo.updateWarehouse(trx, ctx.merchantId, i.id, i.version, {
        status: to,
        updated_by: ctx.session.accountId,
        updated_at: ctx.clock.now(),
      }),
    );
    await writeHistory(trx, ctx, {
      subject: FRONT_WAREHOUSE_SUBJECT,
      subjectId: i.id,
      action,
      actionLabel: FRONT_WAREHOUSE_TRANSITIONS[action].label,
      changes: [{ field: 'status', label: '状态', before: statusName(Number(r.status)), after: statusName(to) }],
    });
  });
  return { id: i.id, status: to, version: i.version + 1 };
}
export const enable = (ctx: SessionOpContext, i: { id: number; version: number }) => setStatus(ctx, i, 'enable');
export const disable = (ctx: SessionOpContext, i: { id: number; version: number }) => setStatus(ctx, i, 'disable');

export async function history(ctx: SessionOpContext, i: { id: number; pageNum: number; pageSize: number }): Promise<Paged<HistoryEntry>> {
  await requireWarehouse(ctx, i.id);
  return historyPage(ctx, FRONT_WAREHOUSE_SUBJECT, i.id, i);
}

// ---- demo seed (called by the lead's stock.seed.ts)

const DEMO: (FrontWarehouseAddInput & { status?: number })[] = [
  ['静安寺前置仓', '王建国', '13816620381', '021-62481135', '上海市', '上海市', '静安区', '愚园路172号环球世界大厦B1层', 320],
  ['徐家汇前置仓', '李秀英', '13917735208', '', '上海市', '上海市', '徐汇区', '漕溪北路88号圣爱大厦地下一层', 280],
  ['陆家嘴前置仓', '张伟', '13761982046', '021-58821760', '上海市', '上海市', '浦东新区', '东方路738号裕安大厦B2层', 450],
  ['五角场前置仓', '刘海波', '15021437719', '', '上海市', '上海市', '杨浦区', '淞沪路388号创智天地7号楼1层', 260],
  ['虹桥前置仓', '陈静', '18621093357', '021-64012288', '上海市', '上海市', '闵行区', '申长路988弄虹桥万科中心3号楼B1', 380],
  ['中山公园前置仓', '赵磊', '13601870452', '', '上海市', '上海市', '长宁区', '长宁路1018号龙之梦办公楼B1层', 240],
  ['西湖文化广场前置仓', '周晓燕', '13758116624', '0571-85127706', '浙江省', '杭州市', '拱墅区', '环城北路208号坤和中心负一层', 300],
  ['滨江前置仓', '吴志强', '15968870913', '', '浙江省', '杭州市', '滨江区', '江南大道3850号创新大厦1层东侧', 350],
  ['未来科技城前置仓', '孙丽', '18867130275', '0571-88730619', '浙江省', '杭州市', '余杭区', '文一西路998号海创园18号楼B1', 420],
  ['金鸡湖前置仓', '郑国平', '13962113498', '0512-62881473', '江苏省', '苏州市', '苏州工业园区', '苏州大道东265号现代传媒广场B1', 400],
  ['观前街前置仓', '何美玲', '13814806127', '', '江苏省', '苏州市', '姑苏区', '人民路383号美罗商城后侧仓库', 180],
  ['狮山前置仓', '马俊', '15850016639', '', '江苏省', '苏州市', '虎丘区', '狮山路199号新地中心B1层', 220],
].map(([name, ownerName, ownerPhone, contactTel, province, city, district, address, area], n) => ({
  name: String(name),
  ownerName: String(ownerName),
  ownerPhone: String(ownerPhone),
  contactTel: String(contactTel),
  province: String(province),
  city: String(city),
  district: String(district),
  address: String(address),
  area: Number(area),
  remark: n === 2 ? '冷链区 60㎡，夜间 22:00 后收货' : '',
  // the last one is 停用 (a warehouse closed for renovation)
  status: n === 11 ? 0 : 1,
}));

/**
 * The demo front warehouses (12, in Shanghai, Hangzhou and Suzhou) with their stock locations and their 新增 history,
 * for the lead's stock.seed.ts. Idempotent: skips the names the merchant already has.
 */
export async function seedFrontWarehouses(db: Kysely<Database>, merchantId: number, now: number): Promise<number[]> {
  const admin = await demoAccount(db, merchantId, 'admin');
  const ids: number[] = [];
  await db.transaction().execute(async (trx) => {
    const history = seedHistory(trx, merchantId, admin);
    for (const [n, w] of DEMO.entries()) {
      if (await repo.nameTaken(trx, merchantId, w.name)) continue;
      const at = now - (DEMO.length - n) * 3 * 86_400_000;
      const made = await insertWithLocation(trx, merchantId, w, admin?.id ?? 0, at, { status: w.status });
      await history(FRONT_WAREHOUSE_SUBJECT, made.id, 'create', '新增', `${made.code} ${w.name}，仓主${w.ownerName}`, at);
      if (w.status === 0) await history(FRONT_WAREHOUSE_SUBJECT, made.id, 'disable', '停用', '装修暂停营业', at + 86_400_000);
      ids.push(made.id);
    }
  });
  return ids;
}

// ---------------------------------------------------------------- the location of a front warehouse's document

/**
 * The stock location of the warehouse a document names (入库单 / 退货单 of 前置仓): an enabled warehouse of this merchant.
 * Missing, unknown, another merchant's or a disabled one is refused naming the field `warehouseId`.
 */
export async function enabledWarehouseLocation(
  trx: Parameters<typeof ensureLocation>[0],
  merchantId: number,
  warehouseId: number | undefined,
): Promise<LocationRow> {
  if (!warehouseId) throw badInput('请选择前置仓（字段：warehouseId）');
  const w = await repo.findWarehouse(trx, merchantId, warehouseId);
  if (!w) throw badInput(`前置仓（${warehouseId}）不存在或不属于本商户（字段：warehouseId）`);
  if (Number(w.status) !== FRONT_WAREHOUSE_ENABLED) throw badInput(`前置仓「${w.name}」已停用，不能新建单据（字段：warehouseId）`);
  const location = await locationById(trx, merchantId, Number(w.location_id));
  if (!location) throw notFound('前置仓库存位置');
  return location;
}

/** Refuses posting to the location of a disabled front warehouse (an order created before it was disabled). */
export async function assertWarehouseEnabled(
  trx: Parameters<typeof ensureLocation>[0],
  merchantId: number,
  locationId: number,
): Promise<void> {
  const w = await trx
    .selectFrom('front_warehouse')
    .select(['name', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('location_id', '=', locationId)
    .executeTakeFirst();
  if (w && Number(w.status) !== FRONT_WAREHOUSE_ENABLED) throw conflict(`前置仓「${w.name}」已停用，不能确认单据：请先启用该前置仓`);
}
