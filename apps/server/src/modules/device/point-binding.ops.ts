import { DEVICE_STATUS } from '@merchant/contracts/device/device';
import { pointBindingOps, pointDevicesInput, type PointDeviceRow } from '@merchant/contracts/device/point-binding';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './point-binding.service.ts';
import { requirePoint } from './point.service.ts';

const boundExport = queryExport(pointDevicesInput, {
  query: (ctx, i) => s.exportDevicesQuery(ctx, i),
  map: (r) => s.exportDevicesRows([r])[0],
  filterLabels: { pointId: '点位', keyword: '设备' },
  columns: [
    { header: '设备编号', key: 'deviceCode' },
    { header: '设备名称', key: 'name', width: 24 },
    { header: '柜型', key: 'modelName', width: 16 },
    { header: '设备状态', key: 'status', type: 'enum', labels: DEVICE_STATUS },
    { header: '在线', key: 'online', value: (r: PointDeviceRow) => (r.online ? '在线' : '离线') },
    { header: '绑定时间', key: 'boundAt', type: 'time' },
    { header: '绑定人', key: 'boundByName' },
  ],
});

export const pointBoundDevices = implement(pointBindingOps.devices, {
  handler: (ctx, i) => s.devices(ctx, i),
  // the count runs first: another merchant's point is refused (not found) before anything is read
  export: {
    ...boundExport,
    count: async (ctx, i) => {
      await requirePoint(ctx, i.pointId);
      return boundExport.count(ctx, i);
    },
  },
});
export const pointBindCandidates = implement(pointBindingOps.candidates, (ctx, i) => s.candidates(ctx, i));
export const pointBind = implement(pointBindingOps.bind, (ctx, i) => s.bind(ctx, i));
export const pointUnbind = implement(pointBindingOps.unbind, (ctx, i) => s.unbind(ctx, i));
