import { z } from 'zod';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { timeRange } from '../core/paging.ts';
import { deviceCodeSchema } from './device.ts';

// 上下线记录 (device-detail): every online / offline change of one cabinet (device_link_log), newest first,
// keyset-paged (the table grows with every drop of every cabinet).

export const LINK_EVENTS = { online: '上线', offline: '离线' } as const;
export type LinkEvent = keyof typeof LINK_EVENTS;

export const deviceLinkLogInput = keysetInput(
  {
    deviceCode: deviceCodeSchema,
    event: z
      .string()
      .refine((e): e is LinkEvent => e in LINK_EVENTS, '上下线事件只能是上线或离线')
      .optional(),
    createdAt: timeRange,
  },
  ['createdAt'],
);

export const deviceLinkLogRowSchema = z.object({
  id: z.number(),
  event: z.string(),
  eventName: z.string(),
  createdAt: z.number(),
});
export type DeviceLinkLogRow = z.infer<typeof deviceLinkLogRowSchema>;

export const deviceLinkLogOps = defineOperations(
  { anchor: 'device-list', merchantScope: 'merchant', targets: { deviceCode: '设备' } },
  {
    list: {
      name: 'device.linkLog.list',
      label: '设备上下线记录',
      summary: '设备上下线记录（每次上线、离线各一条，按时间倒序）',
      input: deviceLinkLogInput,
      output: keysetOf(deviceLinkLogRowSchema),
    },
  },
);
