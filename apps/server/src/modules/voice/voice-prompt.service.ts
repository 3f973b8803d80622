import {
  VOICE_SCOPES,
  VOICE_STATUS,
  VOICE_TRANSITIONS,
  VOICE_TYPES,
  type voiceCreateInput,
  type VoicePush,
  type VoiceRow,
  type VoiceStatus,
  type voiceUpdateInput,
} from '@merchant/contracts/voice/voice-prompt';
import type { VoiceSyncData } from '@merchant/contracts/device/device-protocol';
import { calendarDateOf, type Paged } from '@merchant/contracts';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { activeDevices, commandsByNo, devicesByCodes, modelsByCode, sendSystemCommand } from '../device/device.service.ts';
import type { VoicePromptTable, VoicePushTable } from './voice-prompt.table.ts';
import * as repo from './voice-prompt.repo.ts';

type Row = Selectable<VoicePromptTable>;
const SUBJECT = repo.VOICE_SUBJECT;
const CODE_INDEX = { index: 'voice_prompt_code_uq', table: 'voice_prompt', columns: ['merchant_id', 'prompt_code'] };
const LABELS = {
  name: '语音名称',
  voiceType: '语音类型',
  content: '播报内容',
  timeFrom: '播放开始时间',
  timeTo: '播放结束时间',
  dateFrom: '生效日期',
  dateTo: '结束日期',
  scope: '适用设备',
  modelCode: '柜型',
  deviceCodes: '指定设备',
  status: '状态',
};
type Fields = z.output<typeof voiceCreateInput>;

const statusName = (s: number) => VOICE_STATUS[s as VoiceStatus] ?? String(s);
const codesOf = (r: Row): string[] => JSON.parse(r.device_codes) as string[];
const todayOf = (ctx: SessionOpContext) => calendarDateOf(ctx.clock.now(), ctx.config.businessTimeZone);

function toRow(r: Row, models: Map<string, { name: string }>): VoiceRow {
  return {
    id: r.id,
    promptCode: r.prompt_code,
    name: r.name,
    voiceType: r.voice_type,
    voiceTypeName: VOICE_TYPES[r.voice_type as keyof typeof VOICE_TYPES] ?? r.voice_type,
    content: r.content,
    timeFrom: r.time_from,
    timeTo: r.time_to,
    dateFrom: r.date_from,
    dateTo: r.date_to,
    scope: r.scope,
    scopeName: VOICE_SCOPES[r.scope as keyof typeof VOICE_SCOPES] ?? r.scope,
    modelCode: r.model_code ?? '',
    modelName: r.model_code ? (models.get(r.model_code)?.name ?? r.model_code) : '',
    deviceCodes: codesOf(r),
    status: r.status,
    statusName: statusName(r.status),
    lastPushedAt: r.last_pushed_at === null ? null : Number(r.last_pushed_at),
    lastPushCount: Number(r.last_push_count),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function requireVoice(ctx: SessionOpContext, promptCode: string) {
  const r = await repo.findVoice(ctx.db, ctx.merchantId, promptCode);
  if (!r) throw notFound('语音提醒');
  return r;
}

/** History words for values. */
function text(models: Map<string, { name: string }>) {
  return (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '（空）';
    if (field === 'voiceType') return VOICE_TYPES[v as keyof typeof VOICE_TYPES] ?? String(v);
    if (field === 'scope') return VOICE_SCOPES[v as keyof typeof VOICE_SCOPES] ?? String(v);
    if (field === 'modelCode') return models.get(String(v))?.name ?? String(v);
    if (field === 'status') return statusName(Number(v));
    if (field === 'deviceCodes') return (v as string[]).length ? (v as string[]).join('、') : '（空）';
    return String(v);
  };
}

/** The stored form of the fields: the model only for scope 'model', the devices only for 'devices' (checked to exist). */
async function normalise(ctx: SessionOpContext, i: Fields) {
  const modelCode = i.scope === 'model' ? (i.modelCode ?? null) : null;
  const deviceCodes = i.scope === 'devices' ? i.deviceCodes : [];
  if (modelCode && !(await modelsByCode(ctx)).has(modelCode)) throw badInput('柜型不存在（字段：modelCode）');
  if (deviceCodes.length) {
    const found = new Set((await devicesByCodes(ctx.db, ctx.merchantId, deviceCodes)).map((d) => d.device_code));
    const missing = deviceCodes.filter((c) => !found.has(c));
    if (missing.length) throw badInput(`设备不存在：${missing.join('、')}（字段：deviceCodes）`);
  }
  const fields = {
    name: i.name,
    voiceType: i.voiceType,
    content: i.content,
    timeFrom: i.timeFrom,
    timeTo: i.timeTo,
    dateFrom: i.dateFrom,
    dateTo: i.dateTo,
    scope: i.scope,
    modelCode,
    deviceCodes,
  };
  const columns = {
    name: i.name,
    voice_type: i.voiceType,
    content: i.content,
    time_from: i.timeFrom,
    time_to: i.timeTo,
    date_from: i.dateFrom,
    date_to: i.dateTo,
    scope: i.scope,
    model_code: modelCode,
    device_codes: JSON.stringify(deviceCodes),
  };
  return { fields, columns };
}

const fieldsOf = (r: Row) => ({
  name: r.name,
  voiceType: r.voice_type,
  content: r.content,
  timeFrom: r.time_from,
  timeTo: r.time_to,
  dateFrom: r.date_from,
  dateTo: r.date_to,
  scope: r.scope,
  modelCode: r.model_code,
  deviceCodes: codesOf(r),
});

// ---------------------------------------------------------------- reads

export async function list(ctx: SessionOpContext, f: repo.VoiceFilter & { pageNum: number; pageSize: number }): Promise<Paged<VoiceRow>> {
  const { list: rows, total } = await repo.listVoices(ctx.db, ctx.merchantId, f);
  const models = await modelsByCode(ctx);
  return { list: rows.map((r) => toRow(r, models)), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.VoiceFilter) => repo.voiceQuery(ctx.db, ctx.merchantId, f);
export async function exportRows(ctx: SessionOpContext, rows: Row[]) {
  const models = await modelsByCode(ctx);
  return rows.map((r) => toRow(r, models));
}

export async function detail(ctx: SessionOpContext, promptCode: string) {
  return toRow(await requireVoice(ctx, promptCode), await modelsByCode(ctx));
}

export async function history(ctx: SessionOpContext, i: { promptCode: string; pageNum: number; pageSize: number }) {
  await requireVoice(ctx, i.promptCode);
  return historyPage(ctx, SUBJECT, i.promptCode, i);
}

export async function deviceOptions(ctx: SessionOpContext) {
  return (await activeDevices(ctx, {})).map((d) => ({ deviceCode: d.device_code, name: d.name, modelCode: d.model_code }));
}

export async function pushes(
  ctx: SessionOpContext,
  i: { promptCode: string; cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<VoicePush>> {
  const v = await requireVoice(ctx, i.promptCode);
  const page = await repo.listPushes(ctx.db, ctx.merchantId, v.id, i);
  const rows = page.list;
  const commands = await commandsByNo(
    ctx,
    rows.map((r) => r.command_no),
  );
  const names = new Map(
    (await devicesByCodes(ctx.db, ctx.merchantId, [...new Set(rows.map((r) => r.device_code))])).map((d) => [d.device_code, d.name]),
  );
  return {
    ...page,
    list: rows.map((r) => {
      const c = commands.get(r.command_no);
      return {
        id: r.id,
        deviceCode: r.device_code,
        deviceName: names.get(r.device_code) ?? '',
        promptVersion: Number(r.prompt_version),
        commandNo: r.command_no,
        status: c?.status ?? 1,
        statusName: c?.statusName ?? '已发送',
        result: c?.result ?? '',
        operatorName: r.operator_name,
        pushedAt: Number(r.pushed_at),
        ackedAt: c?.ackedAt ?? 0,
      };
    }),
  };
}

// ---------------------------------------------------------------- writes

export async function create(ctx: SessionOpContext, input: Fields) {
  const { fields, columns } = await normalise(ctx, input);
  const models = await modelsByCode(ctx);
  const now = ctx.clock.now();
  return withGeneratedCode(
    'YY',
    now,
    (c) => repo.voiceCodeTaken(ctx.db, ctx.merchantId, c),
    CODE_INDEX,
    (promptCode) =>
      ctx.db.transaction().execute(async (trx) => {
        await repo.insertVoice(trx, {
          merchant_id: ctx.merchantId,
          prompt_code: promptCode,
          ...columns,
          status: 1,
          last_pushed_at: null,
          last_push_count: 0,
          version: 0,
          created_by: ctx.session.accountId,
          created_at: now,
          updated_at: now,
        });
        await writeHistory(trx, ctx, {
          subject: SUBJECT,
          subjectId: promptCode,
          action: 'create',
          actionLabel: '新增语音提醒',
          changes: describeChanges(
            {},
            Object.fromEntries(
              Object.entries({ ...fields, status: 1 }).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)),
            ),
            LABELS,
            text(models),
          ),
        });
        return { promptCode, version: 0 };
      }),
  );
}

export async function update(ctx: SessionOpContext, input: z.output<typeof voiceUpdateInput>) {
  const r = await requireVoice(ctx, input.promptCode);
  const { fields, columns } = await normalise(ctx, input);
  const changes = describeChanges(fieldsOf(r), fields, LABELS, text(await modelsByCode(ctx)));
  await ctx.db.transaction().execute(async (trx) => {
    assertFresh(await repo.updateVoice(trx, ctx.merchantId, r.id, input.version, { ...columns, updated_at: ctx.clock.now() }));
    await writeHistory(trx, ctx, { subject: SUBJECT, subjectId: r.prompt_code, action: 'update', actionLabel: '修改语音提醒', changes });
  });
  return { promptCode: r.prompt_code, version: input.version + 1 };
}

export async function setStatus(ctx: SessionOpContext, i: { promptCode: string; version: number; status: number }) {
  const r = await requireVoice(ctx, i.promptCode);
  const from = r.status as VoiceStatus;
  const to = i.status as VoiceStatus;
  if (!(VOICE_TRANSITIONS[from] ?? []).includes(to)) throw conflict(`语音提醒为「${statusName(from)}」，不能改为「${statusName(to)}」`);
  await ctx.db.transaction().execute(async (trx) => {
    assertFresh(await repo.updateVoice(trx, ctx.merchantId, r.id, i.version, { status: to, updated_at: ctx.clock.now() }));
    await writeHistory(trx, ctx, {
      subject: SUBJECT,
      subjectId: r.prompt_code,
      action: to === 1 ? 'enable' : 'disable',
      actionLabel: to === 1 ? '启用语音提醒' : '停用语音提醒',
      changes: [{ field: 'status', label: LABELS.status, before: statusName(from), after: statusName(to) }],
      remark: '推送后设备生效',
    });
  });
  return { promptCode: r.prompt_code, version: i.version + 1 };
}

const applies = (r: Row, d: { device_code: string; model_code: string }) =>
  r.scope === 'all' ||
  (r.scope === 'model' && r.model_code === d.model_code) ||
  (r.scope === 'devices' && codesOf(r).includes(d.device_code));

/**
 * 推送: to every 已激活 cabinet the prompt applies to, a 同步语音 command carrying the whole set of enabled prompts in
 * force that apply to that cabinet (so a prompt disabled since is removed from it). Each cabinet's push is a command
 * record: 已发送 → 已确认 when it acknowledges, 超时 after 30 s.
 */
export async function push(ctx: SessionOpContext, promptCode: string) {
  const r = await requireVoice(ctx, promptCode);
  const link = ctx.services.deviceLink;
  if (!link || link.mode === 'off') throw conflict('设备连接服务未启用，不能推送到设备');
  const targets = await activeDevices(ctx, {
    modelCode: r.scope === 'model' ? (r.model_code ?? '') : undefined,
    deviceCodes: r.scope === 'devices' ? codesOf(r) : undefined,
  });
  if (targets.length === 0) throw conflict('没有适用的已激活设备，无法推送');
  const enabled = await repo.enabledVoices(ctx.db, ctx.merchantId, todayOf(ctx));
  const now = ctx.clock.now();
  const rows: Omit<VoicePushTable, 'id'>[] = [];
  for (const d of targets) {
    const data: VoiceSyncData = {
      voiceVersion: 1,
      prompts: enabled
        .filter((v) => applies(v, d))
        .map((v) => ({
          code: v.prompt_code,
          type: v.voice_type,
          text: v.content,
          timeFrom: v.time_from,
          timeTo: v.time_to,
          dateFrom: v.date_from,
          dateTo: v.date_to,
          version: Number(v.version),
        })),
    };
    const cmd = await sendSystemCommand(ctx, d, 'voice-sync', data, `语音提醒${r.prompt_code}，共${data.prompts.length}条语音`);
    rows.push({
      merchant_id: ctx.merchantId,
      prompt_id: r.id,
      prompt_version: Number(r.version),
      device_id: d.id,
      device_code: d.device_code,
      command_no: cmd.commandNo,
      operator_name: ctx.session.userName,
      pushed_at: now,
    });
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertPushes(trx, rows);
    await repo.markPushed(trx, r.id, now, rows.length);
    await writeHistory(trx, ctx, {
      subject: SUBJECT,
      subjectId: r.prompt_code,
      action: 'push',
      actionLabel: '推送到设备',
      remark: `同步语音指令发送到${rows.length}台设备`,
    });
  });
  return { promptCode: r.prompt_code, pushed: rows.length };
}
