import { STAFF_POSITIONS, STAFF_STATUS, staffListInput, staffOps, type StaffRow } from '@merchant/contracts/merchant/staff';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './staff.service.ts';

export const staffList = implement(staffOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(staffListInput, {
    query: (ctx, i) => s.listExportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.listExportRows(ctx, rows),
    filterLabels: { storeId: '门店ID' },
    columns: [
      { header: '工号', key: 'staffNo' },
      { header: '姓名', key: 'name' },
      { header: '手机号', key: 'phone' },
      { header: '岗位', key: 'position', type: 'enum', labels: STAFF_POSITIONS },
      { header: '状态', key: 'status', type: 'enum', labels: STAFF_STATUS },
      { header: '关联门店', key: 'stores', value: (r: StaffRow) => r.stores.map((x) => x.name).join('、'), width: 40 },
      { header: '入职日期', key: 'entryDate', type: 'date' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const staffDetail = implement(staffOps.detail, (ctx, i) => s.detail(ctx, i.id));
export const staffCreate = implement(staffOps.create, (ctx, i) => s.create(ctx, i));
export const staffUpdate = implement(staffOps.update, (ctx, i) => s.update(ctx, i));
export const staffDisable = implement(staffOps.disable, (ctx, i) => s.setStatus(ctx, i.id, false));
export const staffEnable = implement(staffOps.enable, (ctx, i) => s.setStatus(ctx, i.id, true));
export const staffStoreOptions = implement(staffOps.storeOptions, (ctx, i) => s.storeOptions(ctx, i.id));
export const staffConfigStore = implement(staffOps.configStore, (ctx, i) => s.configStores(ctx, i.id, i.storeIds));
