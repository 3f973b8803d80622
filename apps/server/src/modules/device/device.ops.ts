import { DEVICE_STATUS, deviceListInput, deviceOps, type DeviceRow } from '@merchant/contracts/device/device';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './device.service.ts';

export const deviceModels = implement(deviceOps.models, (ctx) => s.models(ctx));
export const deviceList = implement(deviceOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(deviceListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { online: '在线状态', point: '所在点位', temperature: '温度', doorState: '门状态', firmware: '固件版本' },
    columns: [
      { header: '设备编号', key: 'deviceCode' },
      { header: '设备名称', key: 'name', width: 24 },
      { header: '柜型', key: 'modelName', width: 20 },
      { header: '状态', key: 'status', type: 'enum', labels: DEVICE_STATUS },
      { header: '在线', key: 'online', value: (r: DeviceRow) => (r.online ? '在线' : '离线') },
      { header: '最后心跳', key: 'lastSeenAt', type: 'time' },
      { header: '温度(°C)', key: 'temperature', value: (r: DeviceRow) => (r.temperature === null ? '' : r.temperature.toFixed(1)) },
      { header: '门状态', key: 'doorStateName' },
      { header: '所在点位', key: 'pointName', width: 24 },
      { header: '固件版本', key: 'firmware' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const deviceDetail = implement(deviceOps.detail, (ctx, i) => s.detail(ctx, i.deviceCode));
export const deviceCreate = implement(deviceOps.create, (ctx, i) => s.create(ctx, i));
export const deviceUpdate = implement(deviceOps.update, (ctx, i) => s.update(ctx, i));
export const deviceSetStatus = implement(deviceOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const deviceResetSecret = implement(deviceOps.resetSecret, (ctx, i) => s.resetSecret(ctx, i));
export const deviceHistory = implement(deviceOps.history, (ctx, i) => s.history(ctx, i));
export const deviceSendCommand = implement(deviceOps.sendCommand, (ctx, i) => s.sendCommand(ctx, i));
export const deviceCommands = implement(deviceOps.commands, (ctx, i) => s.commands(ctx, i));
