import { POINT_SCENES, POINT_STATUS, pointListInput, pointOps, type PointRow } from '@merchant/contracts/device/point';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './point.service.ts';

export const pointRegions = implement(pointOps.regions, async () => s.regions());
export const pointList = implement(pointOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(pointListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { keyword: '关键词', region: '所在地区', operatorId: '运营人员' },
    columns: [
      { header: '点位编号', key: 'pointCode' },
      { header: '点位名称', key: 'name', width: 24 },
      { header: '场景类型', key: 'scene', type: 'enum', labels: POINT_SCENES },
      { header: '所在地区', key: 'regionText', width: 20 },
      { header: '详细地址', key: 'address', width: 30 },
      { header: '经度(GCJ-02)', key: 'lng', value: (r: PointRow) => r.lng.toFixed(6) },
      { header: '纬度(GCJ-02)', key: 'lat', value: (r: PointRow) => r.lat.toFixed(6) },
      { header: '联系人', key: 'contactName' },
      { header: '联系电话', key: 'contactPhone' },
      { header: '月租金(元)', key: 'rentCents', value: (r: PointRow) => (r.rentCents / 100).toFixed(2) },
      { header: '佣金比例', key: 'commissionBp', value: (r: PointRow) => `${(r.commissionBp / 100).toFixed(2)}%` },
      { header: '营业时间', key: 'openTime', value: (r: PointRow) => `${r.openTime}-${r.closeTime}` },
      { header: '运营人员', key: 'operatorName' },
      { header: '营业状态', key: 'status', type: 'enum', labels: POINT_STATUS },
      { header: '绑定设备数', key: 'deviceCount' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const pointDetail = implement(pointOps.detail, (ctx, i) => s.detail(ctx, i.pointId));
export const pointCreate = implement(pointOps.create, (ctx, i) => s.create(ctx, i));
export const pointUpdate = implement(pointOps.update, (ctx, i) => s.update(ctx, i));
export const pointUpdateTerms = implement(pointOps.updateTerms, (ctx, i) => s.updateTerms(ctx, i));
export const pointSetStatus = implement(pointOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const pointHistory = implement(pointOps.history, (ctx, i) => s.history(ctx, i));
export const pointOperators = implement(pointOps.operators, (ctx) => s.operators(ctx));
