import type { Paged } from '@merchant/contracts';
import { DEVICE_STATUS, type DeviceStatus } from '@merchant/contracts/device/device';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import {
  PRICE_CHANNEL_STATUS,
  PRICE_CHANNEL_TRANSITIONS,
  priceChannelAllowed,
  type PriceChannelDevice,
  type PriceChannelRow,
  type PriceChannelStatus,
  type PriceChannelTransition,
} from '@merchant/contracts/price/price-channel';
import { CABINET_CHANNEL } from '@merchant/contracts/price/price-fields';
import { badInput, conflict, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import { fetchPage } from '../../platform/page-query.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { devicesByCodes, modelsByCode } from '../device/device.service.ts';
import * as repo from './price-channel.repo.ts';
import { firstChannels } from './price-targets.ts';

// 二级渠道 (the 渠道价格 tab of price-adjustment): add, edit, enable / disable, bind cabinets. docs/prices.md.

export const CHANNEL_SUBJECT = 'price.channel';
const NAME_TAKEN: UniqueKey = {
  index: 'price_channel_name_uq',
  table: 'price_channel',
  columns: ['merchant_id', 'first_channel_code', 'name'],
  message: '该一级渠道下已有同名的二级渠道（字段：name）',
};
const BOUND_TWICE: UniqueKey = {
  index: 'price_channel_device_uq',
  table: 'price_channel_device',
  columns: ['merchant_id', 'first_channel_code', 'device_code'],
  message: '智能柜已属于该一级渠道下的另一个二级渠道，请刷新后重试（字段：deviceCodes）',
};
const LABELS = { name: '二级渠道名称', remark: '备注', status: '状态', firstChannelCode: '一级渠道' };
const statusName = (s: number) => PRICE_CHANNEL_STATUS[s as PriceChannelStatus] ?? String(s);

function toRow(r: repo.ChannelListRow, channels: Map<string, string>): PriceChannelRow {
  return {
    id: Number(r.id),
    firstChannelCode: r.first_channel_code,
    firstChannelName: channels.get(r.first_channel_code) ?? r.first_channel_code,
    name: r.name,
    status: Number(r.status),
    statusName: statusName(Number(r.status)),
    remark: r.remark,
    deviceCount: Number(r.device_count ?? 0),
    priceCount: Number(r.price_count ?? 0),
    creatorName: '',
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireChannel(ctx: SessionOpContext, id: number) {
  const r = await repo.findChannel(ctx.db, ctx.merchantId, id);
  if (!r) throw notFound('二级渠道');
  return r;
}

function allow(r: repo.ChannelListRow, action: PriceChannelTransition) {
  if (!priceChannelAllowed(action, Number(r.status)))
    throw conflict(`二级渠道「${r.name}」已是${statusName(Number(r.status))}状态，不能${PRICE_CHANNEL_TRANSITIONS[action].label}`);
}

export async function list(
  ctx: SessionOpContext,
  f: repo.ChannelFilter & { pageNum: number; pageSize: number },
): Promise<Paged<PriceChannelRow>> {
  const { list, total } = await fetchPage(ctx.db, repo.listQuery(ctx.db, ctx.merchantId, f), f);
  const channels = await firstChannels(ctx);
  return { list: list.map((r) => toRow(r, channels)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.ChannelFilter) => repo.listQuery(ctx.db, ctx.merchantId, f);
export async function exportRows(ctx: SessionOpContext, rows: repo.ChannelListRow[]) {
  const channels = await firstChannels(ctx);
  return rows.map((r) => toRow(r, channels));
}

export async function detail(ctx: SessionOpContext, id: number): Promise<PriceChannelRow> {
  return toRow(await requireChannel(ctx, id), await firstChannels(ctx));
}

async function checkFirst(ctx: SessionOpContext, code: string): Promise<Map<string, string>> {
  const channels = await firstChannels(ctx);
  if (!channels.has(code)) throw badInput('一级渠道不存在或未开通（字段：firstChannelCode）');
  return channels;
}

export async function add(ctx: SessionOpContext, i: { firstChannelCode: string; name: string; remark: string }): Promise<PriceChannelRow> {
  await checkFirst(ctx, i.firstChannelCode);
  const now = ctx.clock.now();
  const id = await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const id = await repo.insertChannel(trx, {
          merchant_id: ctx.merchantId,
          first_channel_code: i.firstChannelCode,
          name: i.name,
          status: 1,
          remark: i.remark,
          version: 1,
          created_by: ctx.session.accountId,
          updated_by: ctx.session.accountId,
          created_at: now,
          updated_at: now,
        });
        await writeHistory(trx, ctx, { subject: CHANNEL_SUBJECT, subjectId: id, action: 'create', actionLabel: '新增', remark: i.name });
        return id;
      }),
    NAME_TAKEN,
  );
  return detail(ctx, id);
}

export async function edit(
  ctx: SessionOpContext,
  i: { id: number; version: number; firstChannelCode: string; name: string; remark: string },
): Promise<PriceChannelRow> {
  const r = await requireChannel(ctx, i.id);
  if (Number(r.version) !== i.version) throw conflict(STALE_VERSION_MESSAGE);
  allow(r, 'edit');
  const channels = await checkFirst(ctx, i.firstChannelCode);
  if (i.firstChannelCode !== r.first_channel_code && (Number(r.device_count) > 0 || Number(r.price_count) > 0)) {
    throw conflict('二级渠道已绑定智能柜或已有渠道价格，不能改到另一个一级渠道（字段：firstChannelCode）');
  }
  const now = ctx.clock.now();
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        assertFresh(
          await repo.updateChannel(trx, ctx.merchantId, i.id, i.version, {
            first_channel_code: i.firstChannelCode,
            name: i.name,
            remark: i.remark,
            updated_by: ctx.session.accountId,
            updated_at: now,
          }),
        );
        await writeHistory(trx, ctx, {
          subject: CHANNEL_SUBJECT,
          subjectId: i.id,
          action: 'edit',
          actionLabel: '编辑',
          changes: describeChanges(
            { firstChannelCode: r.first_channel_code, name: r.name, remark: r.remark },
            { firstChannelCode: i.firstChannelCode, name: i.name, remark: i.remark },
            LABELS,
            (f, v) => (f === 'firstChannelCode' ? (channels.get(String(v)) ?? String(v)) : v === '' ? '（空）' : String(v)),
          ),
        });
      }),
    NAME_TAKEN,
  );
  return detail(ctx, i.id);
}

async function setStatus(ctx: SessionOpContext, i: { id: number; version: number }, action: 'enable' | 'disable') {
  const r = await requireChannel(ctx, i.id);
  allow(r, action);
  if (Number(r.version) !== i.version) throw conflict(STALE_VERSION_MESSAGE);
  const to = PRICE_CHANNEL_TRANSITIONS[action].to;
  await ctx.db.transaction().execute(async (trx) => {
    assertFresh(
      await repo.updateChannel(trx, ctx.merchantId, i.id, i.version, {
        status: to,
        updated_by: ctx.session.accountId,
        updated_at: ctx.clock.now(),
      }),
    );
    await writeHistory(trx, ctx, {
      subject: CHANNEL_SUBJECT,
      subjectId: i.id,
      action,
      actionLabel: PRICE_CHANNEL_TRANSITIONS[action].label,
      changes: [{ field: 'status', label: '状态', before: statusName(Number(r.status)), after: statusName(to) }],
    });
  });
  return { id: i.id, status: to, version: i.version + 1 };
}
export const enable = (ctx: SessionOpContext, i: { id: number; version: number }) => setStatus(ctx, i, 'enable');
export const disable = (ctx: SessionOpContext, i: { id: number; version: number }) => setStatus(ctx, i, 'disable');

export async function devices(ctx: SessionOpContext, id: number): Promise<PriceChannelDevice[]> {
  await requireChannel(ctx, id);
  const codes = (await repo.devicesOf(ctx.db, id)).map((d) => d.device_code);
  const models = await modelsByCode(ctx);
  return (await devicesByCodes(ctx.db, ctx.merchantId, codes)).map((d) => ({
    deviceCode: d.device_code,
    name: d.name,
    modelName: models.get(d.model_code)?.name ?? d.model_code,
    statusName: DEVICE_STATUS[d.status as DeviceStatus] ?? String(d.status),
    online: Number(d.online) === 1,
  }));
}

/** Sets the channel's cabinets (the whole set); only 智能柜 second channels hold cabinets. */
export async function bindDevices(ctx: SessionOpContext, i: { id: number; version: number; deviceCodes: string[] }) {
  const r = await requireChannel(ctx, i.id);
  if (Number(r.version) !== i.version) throw conflict(STALE_VERSION_MESSAGE);
  allow(r, 'bindDevices');
  if (r.first_channel_code !== CABINET_CHANNEL && i.deviceCodes.length > 0) {
    throw badInput('只有智能柜下的二级渠道能绑定智能柜（字段：deviceCodes）');
  }
  const found = new Set((await devicesByCodes(ctx.db, ctx.merchantId, i.deviceCodes)).map((d) => d.device_code));
  const missing = i.deviceCodes.findIndex((c) => !found.has(c));
  if (missing >= 0) throw badInput(`智能柜${i.deviceCodes[missing]}不存在（字段：deviceCodes.${missing}）`);
  const taken = await repo.boundElsewhere(ctx.db, ctx.merchantId, r.first_channel_code, i.id, i.deviceCodes);
  if (taken.length > 0) {
    const n = i.deviceCodes.indexOf(taken[0].device_code);
    throw conflict(`智能柜${taken[0].device_code}已属于二级渠道「${taken[0].name}」，请先从那里移除（字段：deviceCodes.${n}）`);
  }
  const before = (await repo.devicesOf(ctx.db, i.id)).map((d) => d.device_code);
  const now = ctx.clock.now();
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        assertFresh(await repo.updateChannel(trx, ctx.merchantId, i.id, i.version, { updated_by: ctx.session.accountId, updated_at: now }));
        await repo.replaceDevices(trx, ctx.merchantId, i.id, r.first_channel_code, i.deviceCodes, now);
        const added = i.deviceCodes.filter((c) => !before.includes(c));
        const removed = before.filter((c) => !i.deviceCodes.includes(c));
        await writeHistory(trx, ctx, {
          subject: CHANNEL_SUBJECT,
          subjectId: i.id,
          action: 'bindDevices',
          actionLabel: '绑定智能柜',
          changes: [
            { field: 'deviceCodes', label: '智能柜', before: before.join('、') || '（空）', after: i.deviceCodes.join('、') || '（空）' },
          ],
          remark: `新增${added.length}台，移除${removed.length}台，共${i.deviceCodes.length}台`,
        });
      }),
    BOUND_TWICE,
  );
  return { id: i.id, status: Number(r.status), version: i.version + 1 };
}

export async function history(ctx: SessionOpContext, i: { id: number; pageNum: number; pageSize: number }): Promise<Paged<HistoryEntry>> {
  await requireChannel(ctx, i.id);
  return historyPage(ctx, CHANNEL_SUBJECT, i.id, i);
}
