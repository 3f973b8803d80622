import { FRONT_WAREHOUSE_STATUS, frontWarehouseListInput, frontWarehouseOps } from '@merchant/contracts/stock/front-warehouse';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './front-warehouse.service.ts';

export const frontWarehouseList = implement(frontWarehouseOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(frontWarehouseListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: {
      keyword: '前置仓名称/编号',
      owner: '仓主姓名/手机号',
      status: '状态',
      region: '所在地区',
    },
    columns: [
      { header: '前置仓编号', key: 'warehouseCode', width: 14 },
      { header: '前置仓名称', key: 'name', width: 20 },
      { header: '仓主', key: 'ownerName' },
      { header: '仓主手机号', key: 'ownerPhone', width: 14 },
      { header: '联系电话', key: 'contactTel', width: 14 },
      { header: '省份', key: 'province' },
      { header: '城市', key: 'city' },
      { header: '区县', key: 'district' },
      { header: '详细地址', key: 'address', width: 36 },
      { header: '面积（㎡）', key: 'area' },
      { header: '状态', key: 'status', type: 'enum', labels: FRONT_WAREHOUSE_STATUS },
      { header: '备注', key: 'remark', width: 30 },
      { header: '创建时间', key: 'createdAt', type: 'time' },
      { header: '更新时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const frontWarehouseOptions = implement(frontWarehouseOps.options, (ctx) => s.options(ctx));
export const frontWarehouseRegions = implement(frontWarehouseOps.regions, async () => Promise.resolve(s.regions()));
export const frontWarehouseDetail = implement(frontWarehouseOps.detail, (ctx, i) => s.detail(ctx, i.id));
export const frontWarehouseAdd = implement(frontWarehouseOps.add, (ctx, i) => s.add(ctx, i));
export const frontWarehouseEdit = implement(frontWarehouseOps.edit, (ctx, i) => s.edit(ctx, i));
export const frontWarehouseEnable = implement(frontWarehouseOps.enable, (ctx, i) => s.enable(ctx, i));
export const frontWarehouseDisable = implement(frontWarehouseOps.disable, (ctx, i) => s.disable(ctx, i));
export const frontWarehouseRevealPhone = implement(frontWarehouseOps.revealPhone, (ctx, i) => s.fullPhone(ctx, i.id));
export const frontWarehouseHistory = implement(frontWarehouseOps.history, (ctx, i) => s.history(ctx, i));
