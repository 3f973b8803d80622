import { z } from 'zod';
import { optionalText, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { COMMAND_TYPES, type CommandType } from './device-protocol.ts';

// 设备 (device-management / device-list): cabinets, their models, state, link and commands (docs/devices.md).

export const DEVICE_STATUS = { 1: '未激活', 2: '已激活', 3: '停用' } as const;
export type DeviceStatus = keyof typeof DEVICE_STATUS;

/**
 * The status transitions a person may make (docs/devices.md): 未激活 → 已激活 | 停用, 已激活 → 停用,
 * 停用 → 已激活. Nothing goes back to 未激活.
 */
export const DEVICE_TRANSITIONS: Readonly<Record<DeviceStatus, readonly DeviceStatus[]>> = { 1: [2, 3], 2: [3], 3: [2] };
export const DEVICE_TRANSITION_LABELS: Readonly<Record<DeviceStatus, string>> = { 1: '重置', 2: '激活', 3: '停用' };

export const COMMAND_STATUS = { 1: '已发送', 2: '已确认', 3: '超时', 4: '执行失败' } as const;
export { COMMAND_TYPES, type CommandType };
export const DOOR_STATES = { open: '开门', closed: '关门' } as const;
/** The device list's 门状态 filter: the door states, or 未上报 (never reported). */
export const DOOR_FILTERS = { ...DOOR_STATES, none: '未上报' } as const;
/** The device list's 温度 filter: bands of the latest temperature (°C), or 未上报. */
export const TEMPERATURE_BANDS = {
  freezing: { label: '0°C以下', min: undefined, max: -0.05 },
  chilled: { label: '0–10°C', min: 0, max: 10 },
  ambient: { label: '10–30°C', min: 10.05, max: 30 },
  hot: { label: '30°C以上', min: 30.05, max: undefined },
  none: { label: '未上报', min: undefined, max: undefined },
} as const;
export type TemperatureBand = keyof typeof TEMPERATURE_BANDS;

export const DEVICE_CODE_RE = /^D\d{10}$/;
export const deviceCodeSchema = z.string({ error: '设备编号不正确' }).trim().regex(DEVICE_CODE_RE, '设备编号不正确');

const statusSchema = z.coerce
  .number({ error: '请选择设备状态' })
  .int('设备状态不正确')
  .refine((s) => s in DEVICE_STATUS, '设备状态不正确');
const modelCodeSchema = z.string({ error: '请选择柜型' }).trim().min(1, '请选择柜型').max(20, '柜型不正确');

export const deviceFields = {
  name: requiredText('设备名称', 2, 30),
  modelCode: modelCodeSchema,
  firmware: optionalText('固件版本', 40),
  remark: optionalText('备注', 200),
};
export const deviceCreateInput = z.object(deviceFields);
export const deviceUpdateInput = z.object({ deviceCode: deviceCodeSchema, version: versionField, ...deviceFields });
export const deviceByCodeInput = z.object({ deviceCode: deviceCodeSchema });
export const deviceSetStatusInput = z.object({ deviceCode: deviceCodeSchema, version: versionField, status: statusSchema });
export const deviceResetSecretInput = z.object({ deviceCode: deviceCodeSchema, version: versionField });
export const deviceSendCommandInput = z.object({
  deviceCode: deviceCodeSchema,
  commandType: z.string({ error: '请选择指令' }).refine((c): c is CommandType => c in COMMAND_TYPES, '指令只能是开门、重启或同步'),
});

export const deviceModelSchema = z.object({
  code: z.string(),
  name: z.string(),
  doorCount: z.number(),
  slotRows: z.number(),
  slotCols: z.number(),
  storageStyle: z.number(),
  storageStyleName: z.string(),
});
export type DeviceModel = z.infer<typeof deviceModelSchema>;

export const deviceRowSchema = z.object({
  id: z.number(),
  deviceCode: z.string(),
  name: z.string(),
  modelCode: z.string(),
  modelName: z.string(),
  doorCount: z.number(),
  slotLayout: z.string(),
  storageStyleName: z.string(),
  status: z.number(),
  statusName: z.string(),
  online: z.boolean(),
  /** 0: never seen. */
  lastSeenAt: z.number(),
  firmware: z.string(),
  remark: z.string(),
  /** °C; null: never reported. */
  temperature: z.number().nullable(),
  doorState: z.string(),
  doorStateName: z.string(),
  telemetryAt: z.number(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** 所在点位 (point-binding.ts): 0 / '' when bound nowhere. */
  pointId: z.number(),
  pointCode: z.string(),
  pointName: z.string(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;

export const deviceCommandSchema = z.object({
  commandNo: z.string(),
  commandType: z.string(),
  commandTypeName: z.string(),
  status: z.number(),
  statusName: z.string(),
  result: z.string(),
  operatorName: z.string(),
  sentAt: z.number(),
  ackedAt: z.number(),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

export const deviceListInput = listInput(
  {
    deviceCode: z.string().trim().max(20, '设备编号不能超过20位').optional(),
    name: z.string().trim().max(30, '设备名称不能超过30个字').optional(),
    modelCode: z.string().trim().max(20, '柜型不正确').optional(),
    status: statusSchema.optional(),
    online: z.coerce
      .number({ error: '在线状态不正确' })
      .int('在线状态不正确')
      .refine((v) => v === 0 || v === 1, '在线状态不正确')
      .optional(),
    /** 所在点位: the point's name or code; 未绑定 for devices bound nowhere. */
    point: z.string().trim().max(40, '所在点位不能超过40个字').optional(),
    temperature: z
      .string()
      .refine((t): t is TemperatureBand => t in TEMPERATURE_BANDS, '温度范围不正确')
      .optional(),
    doorState: z
      .string()
      .refine((t): t is keyof typeof DOOR_FILTERS => t in DOOR_FILTERS, '门状态只能是开门、关门或未上报')
      .optional(),
    firmware: z.string().trim().max(40, '固件版本不能超过40个字符').optional(),
  },
  ['createdAt', 'deviceCode', 'name', 'lastSeenAt'],
);
/** 指令记录: grows with every command (and every voice push), so keyset-paged, newest first. */
export const deviceCommandsInput = keysetInput({ deviceCode: deviceCodeSchema }, ['sentAt']);

const versioned = z.object({ deviceCode: z.string(), version: z.number() });

export const deviceOps = defineOperations(
  { anchor: 'device-list', merchantScope: 'merchant', targets: { deviceCode: '设备', modelCode: '柜型' } },
  {
    models: {
      name: 'device.model.list',
      label: '柜型列表',
      // the contract form (智能柜投放合同) and the activation pages pick a model too
      anchor: [
        'device-list',
        'contract-list',
        'device-active-application',
        'voice-service',
        'merchant-goods-scene',
        'merchant-list',
        'masterplate-goods-list',
      ],
      input: z.object({}),
      output: z.array(deviceModelSchema),
    },
    list: {
      name: 'device.device.list',
      label: '设备列表',
      input: deviceListInput,
      output: pagedOf(deviceRowSchema),
      exportable: true,
    },
    detail: {
      name: 'device.device.detail',
      label: '设备详情',
      input: deviceByCodeInput,
      output: deviceRowSchema,
    },
    create: {
      name: 'device.device.create',
      label: '新增设备',
      summary: '新增设备（设备密钥只在此时返回一次）',
      writes: true,
      input: deviceCreateInput,
      output: z.object({ id: z.number(), deviceCode: z.string(), secret: z.string() }),
    },
    update: {
      name: 'device.device.update',
      label: '修改设备',
      writes: true,
      input: deviceUpdateInput,
      output: versioned,
    },
    setStatus: {
      name: 'device.device.setStatus',
      label: '设置设备状态',
      summary: '设备状态（激活/停用；停用的设备被断开且不能再连接）',
      writes: true,
      input: deviceSetStatusInput,
      output: versioned,
    },
    resetSecret: {
      name: 'device.device.resetSecret',
      label: '重置设备密钥',
      summary: '重置设备密钥（新密钥只在此时返回一次，旧密钥立即失效）',
      writes: true,
      input: deviceResetSecretInput,
      output: z.object({ deviceCode: z.string(), version: z.number(), secret: z.string() }),
    },
    history: {
      name: 'device.device.history',
      label: '设备操作记录',
      input: historyInput({ deviceCode: deviceCodeSchema }),
      output: pagedOf(historyEntrySchema),
    },
    sendCommand: {
      name: 'device.device.sendCommand',
      label: '发送设备指令',
      summary: '发送设备指令（开门/重启/同步），设备确认后为已确认，超时未确认为超时',
      writes: true,
      input: deviceSendCommandInput,
      output: deviceCommandSchema,
    },
    commands: {
      name: 'device.device.commands',
      label: '设备指令记录',
      input: deviceCommandsInput,
      output: keysetOf(deviceCommandSchema),
    },
  },
);
