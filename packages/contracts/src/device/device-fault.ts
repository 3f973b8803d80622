import { z } from 'zod';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { timeRange } from '../core/paging.ts';
import { deviceCodeSchema } from './device.ts';

// 故障记录 (device-detail): the faults one cabinet reported (event `fault`, docs/device-protocol.md), newest first,
// keyset-paged.

/** 故障代码 of the search: the whole code (an index serves it); codes are stored in capitals (device-protocol.ts), so it
 * matches whatever the case typed; '' = any. */
export const faultCodeFilter = z.string().trim().max(32, '故障代码不能超过32个字符').toUpperCase();

export const deviceFaultInput = keysetInput(
  {
    deviceCode: deviceCodeSchema,
    faultCode: faultCodeFilter.optional(),
    createdAt: timeRange,
  },
  ['createdAt'],
);

export const deviceFaultRowSchema = z.object({
  id: z.number(),
  faultCode: z.string(),
  message: z.string(),
  createdAt: z.number(),
});
export type DeviceFaultRow = z.infer<typeof deviceFaultRowSchema>;

export const deviceFaultOps = defineOperations(
  { anchor: 'device-list', merchantScope: 'merchant', targets: { deviceCode: '设备' } },
  {
    list: {
      name: 'device.fault.list',
      label: '设备故障记录',
      summary: '设备上报的故障（故障代码、说明、时间，按时间倒序）',
      input: deviceFaultInput,
      output: keysetOf(deviceFaultRowSchema),
    },
  },
);
