import type { DeviceFaultRow } from '@merchant/contracts/device/device-fault';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import { deviceRecordPaging } from './device-records.ts';
import { requireDevice } from './device.service.ts';

// 故障记录: the faults one cabinet reported (device_fault, written by device.link.ts from `fault` events), keyset-paged
// newest first; 故障代码 matches the whole code (codes are short and stored in capitals) so that the index
// (device_id, fault_code, created_at, id) serves the filter, the time range and the sort (device-records.ts).

export async function list(
  ctx: SessionOpContext,
  i: {
    deviceCode: string;
    faultCode?: string;
    createdAt?: [number, number];
    cursor?: string;
    pageSize: number;
    sortOrder: 'ascend' | 'descend';
  },
) {
  const d = await requireDevice(ctx, i.deviceCode);
  let q = ctx.db
    .selectFrom('device_fault')
    .select(['id', 'fault_code', 'message', 'created_at'])
    .where('device_id', '=', d.id)
    .where('merchant_id', '=', ctx.merchantId);
  if (i.faultCode) q = q.where('fault_code', '=', i.faultCode);
  if (i.createdAt) q = q.where('created_at', '>=', i.createdAt[0]).where('created_at', '<=', i.createdAt[1]);
  const page = await fetchKeysetPage(ctx.db, q, deviceRecordPaging(d.id, i));
  return {
    ...page,
    list: page.list.map((r): DeviceFaultRow => ({
      id: Number(r.id),
      faultCode: r.fault_code,
      message: r.message,
      createdAt: Number(r.created_at),
    })),
  };
}
