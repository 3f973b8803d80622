import { LINK_EVENTS, type DeviceLinkLogRow, type LinkEvent } from '@merchant/contracts/device/device-link-log';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import { deviceRecordPaging } from './device-records.ts';
import { requireDevice } from './device.service.ts';

// 上下线记录: one cabinet's online / offline changes (device_link_log, written by device.link.ts), keyset-paged newest
// first on the index (device_id, event, created_at, id) with a kind, (device_id, created_at, id) without (device-records.ts).

export async function list(
  ctx: SessionOpContext,
  i: {
    deviceCode: string;
    event?: string;
    createdAt?: [number, number];
    cursor?: string;
    pageSize: number;
    sortOrder: 'ascend' | 'descend';
  },
) {
  const d = await requireDevice(ctx, i.deviceCode);
  let q = ctx.db
    .selectFrom('device_link_log')
    .select(['id', 'event', 'created_at'])
    .where('device_id', '=', d.id)
    .where('merchant_id', '=', ctx.merchantId);
  if (i.event) q = q.where('event', '=', i.event);
  if (i.createdAt) q = q.where('created_at', '>=', i.createdAt[0]).where('created_at', '<=', i.createdAt[1]);
  const page = await fetchKeysetPage(ctx.db, q, deviceRecordPaging(d.id, i));
  return {
    ...page,
    list: page.list.map((r): DeviceLinkLogRow => ({
      id: Number(r.id),
      event: r.event,
      eventName: LINK_EVENTS[r.event as LinkEvent] ?? r.event,
      createdAt: Number(r.created_at),
    })),
  };
}
