import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import { DEVICE_STATUS, type DeviceStatus } from '@merchant/contracts/device/device';
import type { PlanogramSyncData } from '@merchant/contracts/device/device-protocol';
import { suitsZone, ZONE_ACCEPTS, zoneRefusal, type StorageZone } from '@merchant/contracts/cabinet-goods/storage-zone';
import {
  SLOT_NO_RE,
  slotOrder,
  TEMPLATE_STATUS,
  TEMPLATE_TRANSITIONS,
  templateAllowed,
  type TemplateAction,
  type TemplateApplyRow,
  type TemplateDetail,
  type TemplateDeviceOption,
  type TemplateGoodsRow,
  type TemplateRow,
  type TemplateSkuOption,
  type TemplateSlotInput,
  type templateCreateInput,
  type templateUpdateInput,
} from '@merchant/contracts/cabinet-goods/template';
import type { Paged } from '@merchant/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { drawCode, withGeneratedCode } from '../../platform/business-code.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { activeDevices, commandsByNo, devicesByCodes, modelsByCode, sendSystemCommand } from '../device/device.service.ts';
import { addStorageStyleLock } from '../goods/sku.service.ts';
import { pricesAtCabinets } from './cabinet-price.ts';
import type { GoodsTemplateTable } from './template.table.ts';
import * as repo from './template.repo.ts';

type Row = Selectable<GoodsTemplateTable>;
type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;
const SUBJECT = repo.TEMPLATE_SUBJECT;
const CODE_INDEX = { index: 'goods_template_code_uq', table: 'goods_template', columns: ['merchant_id', 'template_code'] };

// A SKU in a template or on a cabinet keeps its storage style (it was checked against the cabinet's zone).
addStorageStyleLock(async (db, merchantId, skuId) => ((await repo.skuPlaced(db, merchantId, skuId)) ? '已放入商品模板或智能柜货道' : null));

const LABELS = { name: '模板名称', modelCode: '柜型', remark: '备注', slots: '货道配置', status: '模板状态' };
const styleName = (s: number) => STORAGE_STYLES[s as StorageZone] ?? String(s);
const statusName = (s: number) => TEMPLATE_STATUS[s as keyof typeof TEMPLATE_STATUS] ?? String(s);
const text = (field: string, v: unknown) => {
  if (v === null || v === undefined || v === '') return '（空）';
  if (field === 'status') return statusName(Number(v));
  return String(v);
};
const splitSlot = (slotNo: string) => {
  const m = SLOT_NO_RE.exec(slotNo)!;
  return { layer: Number(m[1]), col: Number(m[2]) };
};

async function modelOf(ctx: SessionOpContext, code: string) {
  return (await modelsByCode(ctx)).get(code);
}

function toRow(r: Row, models: Awaited<ReturnType<typeof modelsByCode>>, deviceCount: number): TemplateRow {
  const m = models.get(r.model_code);
  const zone = m?.storage_style ?? 0;
  return {
    id: r.id,
    templateCode: r.template_code,
    name: r.name,
    modelCode: r.model_code,
    modelName: m?.name ?? r.model_code,
    zone,
    zoneName: styleName(zone),
    status: r.status,
    statusName: statusName(r.status),
    slotCount: Number(r.slot_count),
    skuCount: Number(r.sku_count),
    deviceCount,
    lastAppliedAt: Number(r.last_applied_at) || null,
    remark: r.remark,
    creatorName: r.creator_name,
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireTemplate(ctx: SessionOpContext, templateCode: string, db: Db = ctx.db) {
  const row = await repo.findTemplate(db, ctx.merchantId, templateCode);
  if (!row) throw notFound('商品模板');
  return row;
}

/** A summary of the slots for the history: 1-1 可口可乐×24/12；… */
async function slotsText(db: Db, merchantId: number, slots: TemplateSlotInput[]) {
  const names = new Map((await repo.skusByIds(db, merchantId, [...new Set(slots.map((s) => s.skuId))])).map((s) => [s.id, s.name]));
  return [...slots]
    .sort((a, b) => slotOrder(a.slotNo, b.slotNo))
    .map((s) => `${s.slotNo} ${names.get(s.skuId) ?? s.skuId}×${s.capacity}/${s.parLevel}`)
    .join('；');
}

/**
 * The slots must fit the model: within its layers × columns, each SKU the merchant's, on shelf, and kept at a
 * temperature the model's zone accepts (storage-zone.ts). Refusals name the slot and the SKU.
 */
async function checkSlots(ctx: SessionOpContext, db: Db, modelCode: string, slots: TemplateSlotInput[]) {
  const model = await modelOf(ctx, modelCode);
  if (!model) throw badInput('柜型不存在（字段：modelCode）');
  for (const s of slots) {
    const { layer, col } = splitSlot(s.slotNo);
    if (layer > model.slot_rows || col > model.slot_cols)
      throw badInput(`货道${s.slotNo}超出柜型「${model.name}」的${model.slot_rows}层×${model.slot_cols}列（字段：slots）`);
  }
  const skus = new Map((await repo.skusByIds(db, ctx.merchantId, [...new Set(slots.map((s) => s.skuId))])).map((s) => [s.id, s]));
  for (const s of [...slots].sort((a, b) => slotOrder(a.slotNo, b.slotNo))) {
    const sku = skus.get(s.skuId);
    if (!sku || sku.deleted_at !== null || sku.goods_deleted_at !== null) throw badInput(`货道${s.slotNo}的商品SKU不存在（字段：slots）`);
    if (sku.status !== 1) throw conflict(`货道${s.slotNo}的商品「${sku.name}」已下架，不能放入模板`);
    if (!suitsZone(model.storage_style, sku.storage_style))
      throw badInput(`${zoneRefusal(s.slotNo, sku.name, sku.storage_style, model.storage_style)}（字段：slots）`);
  }
  return { model, skus };
}

const slotRows = (ctx: SessionOpContext, slots: TemplateSlotInput[]) =>
  slots.map((s) => ({
    merchant_id: ctx.merchantId,
    slot_no: s.slotNo,
    ...splitSlot(s.slotNo),
    sku_id: s.skuId,
    capacity: s.capacity,
    par_level: s.parLevel,
  }));

// ---------------------------------------------------------------- reads

export async function list(
  ctx: SessionOpContext,
  f: repo.TemplateFilter & { pageNum: number; pageSize: number },
): Promise<Paged<TemplateRow>> {
  const { list: rows, total } = await repo.listTemplates(ctx.db, ctx.merchantId, f);
  return { list: await toRows(ctx, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

async function toRows(ctx: SessionOpContext, rows: Row[]) {
  const models = await modelsByCode(ctx);
  const counts = await repo.deviceCounts(
    ctx.db,
    ctx.merchantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRow(r, models, counts.get(r.id) ?? 0));
}

export const exportQuery = (ctx: SessionOpContext, f: repo.TemplateFilter) => repo.templateQuery(ctx.db, ctx.merchantId, f);
export const exportRows = (ctx: SessionOpContext, rows: Row[]) => toRows(ctx, rows);

export async function detail(ctx: SessionOpContext, templateCode: string): Promise<TemplateDetail> {
  const r = await requireTemplate(ctx, templateCode);
  const [row] = await toRows(ctx, [r]);
  const model = await modelOf(ctx, r.model_code);
  const slots = (await repo.slotsOf(ctx.db, [r.id])).map((s) => ({
    slotNo: s.slot_no,
    skuId: s.sku_id,
    skuCode: s.sku_code,
    skuName: s.sku_name,
    goodsId: s.goods_id,
    goodsName: s.goods_name,
    storageStyle: s.storage_style,
    storageStyleName: styleName(s.storage_style),
    basePrice: Number(s.base_price),
    capacity: s.capacity,
    parLevel: s.par_level,
  }));
  return { ...row, slotRows: model?.slot_rows ?? 0, slotCols: model?.slot_cols ?? 0, slots };
}

export async function history(ctx: SessionOpContext, i: { templateCode: string; pageNum: number; pageSize: number }) {
  const r = await requireTemplate(ctx, i.templateCode);
  return historyPage(ctx, SUBJECT, r.template_code, i);
}

export async function skuOptions(ctx: SessionOpContext, i: { keyword: string; modelCode?: string }): Promise<TemplateSkuOption[]> {
  let styles: readonly number[] | undefined;
  if (i.modelCode) {
    const model = await modelOf(ctx, i.modelCode);
    if (!model) throw badInput('柜型不存在（字段：modelCode）');
    styles = ZONE_ACCEPTS[model.storage_style as StorageZone] ?? [];
  }
  return (await repo.skuOptions(ctx.db, ctx.merchantId, i.keyword, styles)).map((s) => ({
    skuId: s.id,
    skuCode: s.sku_code,
    skuName: s.name,
    goodsName: s.goods_name,
    storageStyle: s.storage_style,
    storageStyleName: styleName(s.storage_style),
    basePrice: Number(s.base_price),
  }));
}

export async function deviceOptions(ctx: SessionOpContext, modelCode: string): Promise<TemplateDeviceOption[]> {
  const devices = await activeDevices(ctx, { modelCode });
  const headers = new Map(
    (
      await repo.planogramsOf(
        ctx.db,
        ctx.merchantId,
        devices.map((d) => d.id),
      )
    ).map((p) => [p.device_id, p.template_code]),
  );
  return devices.map((d) => ({
    deviceCode: d.device_code,
    name: d.name,
    modelCode: d.model_code,
    online: Boolean(d.online),
    templateCode: headers.get(d.id) ?? '',
  }));
}

export async function goods(
  ctx: SessionOpContext,
  f: repo.TemplateGoodsFilter & { pageNum: number; pageSize: number },
): Promise<Paged<TemplateGoodsRow>> {
  const { list: rows, total } = await repo.listTemplateGoods(ctx.db, ctx.merchantId, f);
  return { list: await toGoodsRows(ctx, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
type GoodsDbRow = Awaited<ReturnType<typeof repo.listTemplateGoods>>['list'][number];
async function toGoodsRows(ctx: SessionOpContext, rows: GoodsDbRow[]): Promise<TemplateGoodsRow[]> {
  const models = await modelsByCode(ctx);
  return rows.map((r) => ({
    id: r.id,
    templateCode: r.template_code,
    templateName: r.template_name,
    modelCode: r.model_code,
    modelName: models.get(r.model_code)?.name ?? r.model_code,
    status: r.status,
    statusName: statusName(r.status),
    slotNo: r.slot_no,
    skuId: r.sku_id,
    skuCode: r.sku_code,
    skuName: r.sku_name,
    goodsId: r.goods_id,
    goodsName: r.goods_name,
    storageStyle: r.storage_style,
    storageStyleName: styleName(r.storage_style),
    basePrice: Number(r.base_price),
    capacity: r.capacity,
    parLevel: r.par_level,
  }));
}
export const goodsExportQuery = (ctx: SessionOpContext, f: repo.TemplateGoodsFilter) => repo.templateGoodsQuery(ctx.db, ctx.merchantId, f);
export const goodsExportRows = (ctx: SessionOpContext, rows: GoodsDbRow[]) => toGoodsRows(ctx, rows);

export async function applies(
  ctx: SessionOpContext,
  i: { templateCode: string; cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<TemplateApplyRow>> {
  const t = await requireTemplate(ctx, i.templateCode);
  const page = await repo.listApplies(ctx.db, ctx.merchantId, t.id, i);
  const rows = page.list;
  const commands = await commandsByNo(ctx, rows.map((r) => r.command_no).filter(Boolean));
  const names = new Map(
    (await devicesByCodes(ctx.db, ctx.merchantId, [...new Set(rows.map((r) => r.device_code))])).map((d) => [d.device_code, d.name]),
  );
  return {
    ...page,
    list: rows.map((r) => {
      const c = r.command_no ? commands.get(r.command_no) : undefined;
      return {
        id: r.id,
        applyCode: r.apply_code,
        deviceCode: r.device_code,
        deviceName: names.get(r.device_code) ?? '',
        templateVersion: Number(r.template_version),
        slotCount: Number(r.slot_count),
        commandNo: r.command_no,
        status: r.command_no ? (c?.status ?? 1) : 0,
        statusName: r.command_no ? (c?.statusName ?? '已发送') : '未推送',
        result: r.command_no ? (c?.result ?? '') : '设备连接服务未启用，设备下次同步时获取',
        operatorName: r.operator_name,
        appliedAt: Number(r.applied_at),
        ackedAt: c?.ackedAt ?? 0,
      };
    }),
  };
}

// ---------------------------------------------------------------- writes

export async function add(ctx: SessionOpContext, input: z.output<typeof templateCreateInput>) {
  const { model } = await checkSlots(ctx, ctx.db, input.modelCode, input.slots);
  const now = ctx.clock.now();
  const skuCount = new Set(input.slots.map((s) => s.skuId)).size;
  const slotsWords = await slotsText(ctx.db, ctx.merchantId, input.slots);
  return withGeneratedCode(
    'MB',
    now,
    (c) => repo.codeTaken(ctx.db, ctx.merchantId, c),
    CODE_INDEX,
    (templateCode) =>
      ctx.db.transaction().execute(async (trx) => {
        const id = await repo.insertTemplate(trx, {
          merchant_id: ctx.merchantId,
          template_code: templateCode,
          name: input.name,
          model_code: input.modelCode,
          status: 1,
          remark: input.remark,
          slot_count: input.slots.length,
          sku_count: skuCount,
          creator_name: ctx.session.userName,
          last_applied_at: 0,
          deleted_at: null,
          version: 0,
          created_by: ctx.session.accountId,
          created_at: now,
          updated_at: now,
        });
        await repo.setSlots(trx, id, slotRows(ctx, input.slots));
        await writeHistory(trx, ctx, {
          subject: SUBJECT,
          subjectId: templateCode,
          action: 'create',
          actionLabel: '新增模板',
          changes: describeChanges(
            {},
            { name: input.name, modelCode: model.name, remark: input.remark, slots: slotsWords, status: 1 },
            LABELS,
            text,
          ),
        });
        return { templateCode, status: 1, version: 0 };
      }),
  );
}

function refuse(action: TemplateAction, status: number): never {
  const allowed = TEMPLATE_TRANSITIONS[action].from.map((s) => TEMPLATE_STATUS[s]).join('、');
  throw conflict(`模板当前为「${statusName(status)}」，不能${TEMPLATE_TRANSITIONS[action].label}（仅${allowed}的模板可以）`);
}

async function stepRow(ctx: SessionOpContext, trx: Trx, templateCode: string, version: number, action: TemplateAction) {
  const row = await requireTemplate(ctx, templateCode, trx);
  if (Number(row.version) !== version) throw conflict(STALE_VERSION_MESSAGE);
  if (!templateAllowed(action, row.status)) refuse(action, row.status);
  return row;
}

export async function edit(ctx: SessionOpContext, input: z.output<typeof templateUpdateInput>) {
  await requireTemplate(ctx, input.templateCode);
  const { model } = await checkSlots(ctx, ctx.db, input.modelCode, input.slots);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await stepRow(ctx, trx, input.templateCode, input.version, 'edit');
    if (row.model_code !== input.modelCode && Number(row.last_applied_at) > 0)
      throw conflict('模板已应用到设备，不能更换柜型（可新建一个模板）');
    const before = (await repo.slotsOf(trx, [row.id])).map((s) => ({
      slotNo: s.slot_no,
      skuId: s.sku_id,
      capacity: s.capacity,
      parLevel: s.par_level,
    }));
    const changes = describeChanges(
      {
        name: row.name,
        modelCode: (await modelOf(ctx, row.model_code))?.name ?? row.model_code,
        remark: row.remark,
        slots: await slotsText(trx, ctx.merchantId, before),
      },
      { name: input.name, modelCode: model.name, remark: input.remark, slots: await slotsText(trx, ctx.merchantId, input.slots) },
      LABELS,
      text,
    );
    assertFresh(
      await repo.updateTemplate(trx, row.id, input.version, {
        name: input.name,
        model_code: input.modelCode,
        remark: input.remark,
        slot_count: input.slots.length,
        sku_count: new Set(input.slots.map((s) => s.skuId)).size,
        updated_at: ctx.clock.now(),
      }),
    );
    await repo.setSlots(trx, row.id, slotRows(ctx, input.slots));
    await writeHistory(trx, ctx, {
      subject: SUBJECT,
      subjectId: row.template_code,
      action: 'update',
      actionLabel: '编辑模板',
      changes,
      remark: Number(row.last_applied_at) > 0 ? '已应用的设备须重新应用才会更新' : undefined,
    });
    return { templateCode: row.template_code, status: row.status, version: input.version + 1 };
  });
}

async function step(ctx: SessionOpContext, i: { templateCode: string; version: number }, action: 'enable' | 'disable') {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await stepRow(ctx, trx, i.templateCode, i.version, action);
    const to = TEMPLATE_TRANSITIONS[action].to;
    assertFresh(await repo.updateTemplate(trx, row.id, i.version, { status: to, updated_at: ctx.clock.now() }));
    await writeHistory(trx, ctx, {
      subject: SUBJECT,
      subjectId: row.template_code,
      action,
      actionLabel: `${TEMPLATE_TRANSITIONS[action].label}模板`,
      changes: describeChanges({ status: row.status }, { status: to }, { status: LABELS.status }, text),
    });
    return { templateCode: row.template_code, status: to, version: i.version + 1 };
  });
}
export const enable = (ctx: SessionOpContext, i: { templateCode: string; version: number }) => step(ctx, i, 'enable');
export const disable = (ctx: SessionOpContext, i: { templateCode: string; version: number }) => step(ctx, i, 'disable');

/** Only a template never applied to a cabinet may be deleted (soft: its code and history stay). */
export async function remove(ctx: SessionOpContext, i: { templateCode: string; version: number }) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await stepRow(ctx, trx, i.templateCode, i.version, 'delete');
    if (Number(row.last_applied_at) > 0) throw conflict('模板已应用到设备，不能删除（可停用）');
    const now = ctx.clock.now();
    assertFresh(await repo.updateTemplate(trx, row.id, i.version, { deleted_at: now, updated_at: now }));
    await writeHistory(trx, ctx, { subject: SUBJECT, subjectId: row.template_code, action: 'delete', actionLabel: '删除模板' });
    return { templateCode: row.template_code };
  });
}

/**
 * 应用到设备: in one transaction the chosen cabinets (the merchant's, 已激活, of the template's model) get the
 * template's slots as their device goods, then each gets a 同步货道 command with its slots and prices (when the
 * device link is on; otherwise the record says 未推送). Carries the template's version: a template edited since
 * it was shown is refused.
 */
export async function apply(ctx: SessionOpContext, i: { templateCode: string; version: number; deviceCodes: string[] }) {
  const now = ctx.clock.now();
  const applyCode = drawCode('PH', now);
  const { template, devices, slots } = await ctx.db.transaction().execute(async (trx) => {
    const t = await stepRow(ctx, trx, i.templateCode, i.version, 'apply');
    const model = await modelOf(ctx, t.model_code);
    const found = new Map((await devicesByCodes(trx, ctx.merchantId, i.deviceCodes)).map((d) => [d.device_code, d]));
    const missing = i.deviceCodes.filter((c) => !found.has(c));
    if (missing.length) throw badInput(`设备不存在：${missing.join('、')}（字段：deviceCodes）`);
    const ds = i.deviceCodes.map((c) => found.get(c)!);
    if (
      (await repo.lockForApply(
        trx,
        t.id,
        ds.map((d) => d.id),
      )) !== i.version
    )
      throw conflict(STALE_VERSION_MESSAGE);
    for (const d of ds) {
      if (d.model_code !== t.model_code) {
        const dm = await modelOf(ctx, d.model_code);
        throw conflict(
          `设备${d.device_code}（${d.name}）的柜型为「${dm?.name ?? d.model_code}」，与模板的柜型「${model?.name ?? t.model_code}」不同，不能应用`,
        );
      }
      if (d.status !== 2)
        throw conflict(
          `设备${d.device_code}（${d.name}）状态为「${DEVICE_STATUS[d.status as DeviceStatus] ?? d.status}」，只有已激活的设备能应用模板`,
        );
    }
    const ss = await repo.slotsOf(trx, [t.id]);
    for (const s of ss) {
      if (s.sku_deleted_at !== null || s.sku_status !== 1)
        throw conflict(`货道${s.slot_no}的商品「${s.sku_name}」已下架或删除，请先编辑模板`);
      if (model && !suitsZone(model.storage_style, s.storage_style))
        throw conflict(zoneRefusal(s.slot_no, s.sku_name, s.storage_style, model.storage_style));
    }
    await repo.replaceDeviceGoods(
      trx,
      ctx.merchantId,
      ds,
      { template_id: t.id, template_code: t.template_code, template_version: Number(t.version), apply_code: applyCode, applied_at: now },
      ss.map((s) => ({
        slot_no: s.slot_no,
        ...splitSlot(s.slot_no),
        sku_id: s.sku_id,
        goods_id: s.goods_id,
        capacity: s.capacity,
        par_level: s.par_level,
      })),
    );
    await repo.insertApplies(
      trx,
      ds.map((d) => ({
        merchant_id: ctx.merchantId,
        apply_code: applyCode,
        template_id: t.id,
        template_version: Number(t.version),
        device_id: d.id,
        device_code: d.device_code,
        slot_count: ss.length,
        command_no: '',
        operator_name: ctx.session.userName,
        applied_at: now,
      })),
    );
    await repo.markApplied(trx, t.id, now);
    await writeHistory(trx, ctx, {
      subject: SUBJECT,
      subjectId: t.template_code,
      action: 'apply',
      actionLabel: '应用到设备',
      remark: `应用单${applyCode}：${ds.map((d) => `${d.name}（${d.device_code}）`).join('、')}，共${ss.length}个货道`,
    });
    return { template: t, devices: ds, slots: ss };
  });

  const link = ctx.services.deviceLink;
  if (link && link.mode !== 'off') {
    const prices = await pricesAtCabinets(
      ctx.db,
      ctx.merchantId,
      devices.map((d) => d.device_code),
      slots.map((s) => s.sku_id),
    );
    for (const d of devices) {
      const data: PlanogramSyncData = {
        planogramVersion: 1,
        templateCode: template.template_code,
        templateVersion: Number(template.version),
        slots: slots.map((s) => ({
          slotNo: s.slot_no,
          skuId: s.sku_id,
          skuCode: s.sku_code,
          skuName: s.sku_name,
          capacity: s.capacity,
          parLevel: s.par_level,
          price: prices.get(`${d.device_code}:${s.sku_id}`) ?? Number(s.base_price),
        })),
      };
      const cmd = await sendSystemCommand(ctx, d, 'planogram-sync', data, `商品模板${template.template_code}，共${slots.length}个货道`);
      await repo.setApplyCommand(ctx.db, ctx.merchantId, applyCode, d.id, cmd.commandNo);
    }
  }
  return { templateCode: template.template_code, applyCode, applied: devices.length };
}
