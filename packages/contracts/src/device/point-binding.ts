import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf } from '../core/paging.ts';
import { deviceCodeSchema } from './device.ts';
import { pointIdSchema } from './point.ts';

// 点位设备绑定 (location-devices-list/{id}, bind-devices/{id}): which cabinets stand at a point. A device is bound
// to at most one point at a time (a unique index on the open binding); every bind and unbind is kept
// (point_device_binding: bound_at / unbound_at / by) and written to the history of the device and of the point.

/** At most this many devices bound in one call. */
export const MAX_BIND_BATCH = 50;

export const pointDeviceRowSchema = z.object({
  bindingId: z.number(),
  deviceCode: z.string(),
  name: z.string(),
  modelName: z.string(),
  status: z.number(),
  statusName: z.string(),
  online: z.boolean(),
  boundAt: z.number(),
  boundByName: z.string(),
});
export type PointDeviceRow = z.infer<typeof pointDeviceRowSchema>;

export const bindCandidateSchema = z.object({
  deviceCode: z.string(),
  name: z.string(),
  modelName: z.string(),
  status: z.number(),
  statusName: z.string(),
  online: z.boolean(),
});
export type BindCandidate = z.infer<typeof bindCandidateSchema>;

export const pointDevicesInput = listInput(
  { pointId: pointIdSchema, keyword: z.string().trim().max(30, '关键词不能超过30个字').optional() },
  ['boundAt', 'deviceCode'],
);
export const bindCandidatesInput = listInput({ keyword: z.string().trim().max(30, '关键词不能超过30个字').optional() }, ['deviceCode']);
export const bindDevicesInput = z.object({
  pointId: pointIdSchema,
  deviceCodes: z
    .array(deviceCodeSchema, { error: '请选择要绑定的设备' })
    .min(1, '请选择要绑定的设备')
    .max(MAX_BIND_BATCH, `一次最多绑定${MAX_BIND_BATCH}台设备`)
    .refine((a) => new Set(a).size === a.length, '设备不能重复选择'),
});
export const unbindDeviceInput = z.object({ pointId: pointIdSchema, deviceCode: deviceCodeSchema });

export const pointBindingOps = defineOperations(
  { anchor: 'location-management', targets: { pointId: '点位', deviceCode: '设备' } },
  {
    devices: {
      name: 'device.pointBinding.devices',
      label: '点位设备列表',
      anchor: ['location-management', 'point-manage'],
      input: pointDevicesInput,
      output: pagedOf(pointDeviceRowSchema),
      exportable: true,
    },
    candidates: {
      name: 'device.pointBinding.candidates',
      label: '可绑定设备',
      summary: '本商户未绑定点位的设备（已停用的除外）',
      input: bindCandidatesInput,
      output: pagedOf(bindCandidateSchema),
    },
    bind: {
      name: 'device.pointBinding.bind',
      label: '绑定设备',
      summary: '把设备绑定到点位（一台设备同时只能在一个点位；已撤点的点位不能绑定）',
      writes: true,
      input: bindDevicesInput,
      output: z.object({ bound: z.number() }),
    },
    unbind: {
      name: 'device.pointBinding.unbind',
      label: '解绑设备',
      writes: true,
      input: unbindDeviceInput,
      output: nothing,
    },
  },
);
