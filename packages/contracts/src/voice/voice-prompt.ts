import { z } from 'zod';
import { calendarDateSchema } from '../core/business-time.ts';
import { codeEnum, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { deviceCodeSchema } from '../device/device.ts';

// 语音提醒 (appreciation-service / voice-service): voice prompts cabinets play, pushed to them over the device link
// as the command 同步语音 (docs/devices.md "Voice reminders", docs/device-protocol.md).

export const VOICE_TYPES = { pickup: '取货提醒', door: '关门提醒', promotion: '促销', custom: '自定义' } as const;
export type VoiceType = keyof typeof VOICE_TYPES;
export const VOICE_SCOPES = { all: '全部设备', model: '按柜型', devices: '指定设备' } as const;
export type VoiceScope = keyof typeof VOICE_SCOPES;
export const VOICE_STATUS = { 1: '启用', 2: '停用' } as const;
export type VoiceStatus = keyof typeof VOICE_STATUS;
/** 启用 ↔ 停用 (docs/devices.md); anything else is refused. */
export const VOICE_TRANSITIONS: Readonly<Record<VoiceStatus, readonly VoiceStatus[]>> = { 1: [2], 2: [1] };
export const VOICE_TRANSITION_LABELS: Readonly<Record<VoiceStatus, string>> = { 1: '启用', 2: '停用' };
/** promptCode = YY + yyMMdd + 4 digits, unique per merchant. */
export const VOICE_CODE_RE = /^YY\d{10}$/;
export const VOICE_TEXT_MAX = 100;
export const VOICE_DEVICES_MAX = 200;

export const voiceCodeSchema = z.string({ error: '语音编号不正确' }).trim().regex(VOICE_CODE_RE, '语音编号不正确');
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeSchema = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .regex(TIME_RE, `${label}格式应为 HH:mm`);

export const voiceFields = {
  name: requiredText('语音名称', 2, 30),
  voiceType: codeEnum(VOICE_TYPES, '语音类型'),
  content: requiredText('播报内容', 2, VOICE_TEXT_MAX),
  timeFrom: timeSchema('播放开始时间'),
  timeTo: timeSchema('播放结束时间'),
  dateFrom: calendarDateSchema('生效日期'),
  dateTo: calendarDateSchema('结束日期'),
  scope: codeEnum(VOICE_SCOPES, '适用设备'),
  modelCode: z.string({ error: '柜型不正确' }).trim().max(20, '柜型不正确').nullable().optional(),
  deviceCodes: z
    .array(deviceCodeSchema, { error: '请选择设备' })
    .max(VOICE_DEVICES_MAX, `最多指定${VOICE_DEVICES_MAX}台设备`)
    .refine((a) => new Set(a).size === a.length, '设备不能重复选择')
    .default([]),
};
const voiceRules = (
  v: {
    timeFrom: string;
    timeTo: string;
    dateFrom: string;
    dateTo: string;
    scope: string;
    modelCode?: string | null;
    deviceCodes: string[];
  },
  ctx: z.RefinementCtx,
) => {
  if (v.timeTo <= v.timeFrom) ctx.addIssue({ code: 'custom', path: ['timeTo'], message: '播放结束时间须晚于开始时间' });
  if (v.dateTo < v.dateFrom) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: '结束日期不能早于生效日期' });
  if (v.scope === 'model' && !v.modelCode) ctx.addIssue({ code: 'custom', path: ['modelCode'], message: '按柜型推送须选择柜型' });
  if (v.scope === 'devices' && v.deviceCodes.length === 0)
    ctx.addIssue({ code: 'custom', path: ['deviceCodes'], message: '指定设备须至少选择1台设备' });
};
export const voiceCreateInput = z.object(voiceFields).superRefine(voiceRules);
export const voiceUpdateInput = z.object({ promptCode: voiceCodeSchema, version: versionField, ...voiceFields }).superRefine(voiceRules);
export const voiceKeyInput = z.object({ promptCode: voiceCodeSchema });
export const voiceSetStatusInput = z.object({
  promptCode: voiceCodeSchema,
  version: versionField,
  status: z.coerce
    .number({ error: '状态不正确' })
    .int('状态不正确')
    .refine((s) => s in VOICE_STATUS, '状态不正确'),
});

export const voiceListInput = listInput(
  {
    promptCode: z.string().trim().max(20, '语音编号不能超过20位').optional(),
    name: z.string().trim().max(30, '语音名称不能超过30个字').optional(),
    voiceType: z.enum(Object.keys(VOICE_TYPES) as [string, ...string[]], { error: '语音类型不正确' }).optional(),
    status: z.coerce
      .number({ error: '状态不正确' })
      .int('状态不正确')
      .refine((s) => s in VOICE_STATUS, '状态不正确')
      .optional(),
  },
  ['createdAt', 'updatedAt'],
);

export const voiceRowSchema = z.object({
  id: z.number(),
  promptCode: z.string(),
  name: z.string(),
  voiceType: z.string(),
  voiceTypeName: z.string(),
  content: z.string(),
  timeFrom: z.string(),
  timeTo: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  scope: z.string(),
  scopeName: z.string(),
  modelCode: z.string(),
  modelName: z.string(),
  deviceCodes: z.array(z.string()),
  status: z.number(),
  statusName: z.string(),
  /** The last push: when, and how many cabinets it went to. */
  lastPushedAt: z.number().nullable(),
  lastPushCount: z.number(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type VoiceRow = z.infer<typeof voiceRowSchema>;

/** One cabinet of a push, with the command's status (已发送 → 已确认 | 执行失败 | 超时). */
export const voicePushSchema = z.object({
  id: z.number(),
  deviceCode: z.string(),
  deviceName: z.string(),
  promptVersion: z.number(),
  commandNo: z.string(),
  status: z.number(),
  statusName: z.string(),
  result: z.string(),
  operatorName: z.string(),
  pushedAt: z.number(),
  ackedAt: z.number(),
});
export type VoicePush = z.infer<typeof voicePushSchema>;

export const voiceOps = defineOperations(
  {
    anchor: 'voice-service',
    merchantScope: 'merchant',
    targets: { promptCode: '语音提醒', modelCode: '柜型', deviceCodes: '设备', voiceType: '语音类型' },
  },
  {
    list: { name: 'voice.prompt.list', label: '语音提醒列表', input: voiceListInput, output: pagedOf(voiceRowSchema), exportable: true },
    detail: { name: 'voice.prompt.detail', label: '语音提醒详情', input: voiceKeyInput, output: voiceRowSchema },
    create: {
      name: 'voice.prompt.create',
      label: '新增语音提醒',
      writes: true,
      input: voiceCreateInput,
      output: z.object({ promptCode: z.string(), version: z.number() }),
    },
    update: {
      name: 'voice.prompt.update',
      label: '修改语音提醒',
      writes: true,
      input: voiceUpdateInput,
      output: z.object({ promptCode: z.string(), version: z.number() }),
    },
    setStatus: {
      name: 'voice.prompt.setStatus',
      label: '设置语音提醒状态',
      writes: true,
      input: voiceSetStatusInput,
      output: z.object({ promptCode: z.string(), version: z.number() }),
    },
    push: {
      name: 'voice.prompt.push',
      label: '推送语音到设备',
      summary: '把适用设备的全部启用语音以「同步语音」指令推送到各柜（已激活的设备），设备确认后为已确认',
      writes: true,
      input: voiceKeyInput,
      output: z.object({ promptCode: z.string(), pushed: z.number() }),
    },
    pushes: {
      name: 'voice.prompt.pushes',
      label: '语音推送记录',
      // one row per cabinet per push: grows with every push, so keyset-paged (newest first)
      input: keysetInput({ promptCode: voiceCodeSchema }, ['pushedAt']),
      output: keysetOf(voicePushSchema),
    },
    deviceOptions: {
      name: 'voice.prompt.deviceOptions',
      label: '可推送语音的设备',
      summary: '已激活的设备（指定设备时选择）',
      input: z.object({}),
      output: z.array(z.object({ deviceCode: z.string(), name: z.string(), modelCode: z.string() })),
    },
    history: {
      name: 'voice.prompt.history',
      label: '语音提醒操作记录',
      input: historyInput({ promptCode: voiceCodeSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
