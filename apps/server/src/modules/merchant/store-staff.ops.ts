import {
  byIdInput,
  idSchema,
  MERCHANT_ANCHORS as A,
  MERCHANT_OPS as M,
  STAFF_POSITIONS,
  STAFF_STATUS,
  staffConfigStoreInput,
  staffCreateInput,
  staffUpdateInput,
  type StaffRow,
} from '@merchant/contracts';
import { z } from 'zod';
import { queryExport } from '../../platform/export/export-spec.ts';
import { defineOperation } from '../../platform/gateway/registry.ts';
import { listInput } from '../../platform/list-query.ts';
import * as s from './store-staff.service.ts';

const STAFF = A.userList;

const staffListInput = listInput(
  {
    name: z.string().trim().max(20, '姓名不能超过20个字').optional(),
    phone: z.string().trim().regex(/^\d{0,11}$/, '手机号只能是数字').optional(),
    position: z.enum(Object.keys(STAFF_POSITIONS) as [string, ...string[]], { error: '岗位不正确' }).optional(),
    status: z.coerce.number().int().refine((v) => v in STAFF_STATUS, '状态不正确').optional(),
    storeId: idSchema('门店').optional(),
  },
  ['createdAt', 'staffNo', 'name'],
);
export const staffList = defineOperation({
  name: M.staffList, summary: '门店员工列表', anchor: STAFF,
  input: staffListInput,
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
export const staffDetail = defineOperation({ name: M.staffDetail, summary: '门店员工详情', anchor: STAFF, input: byIdInput, handler: (ctx, i) => s.detail(ctx, i.id) });
export const staffCreate = defineOperation({ name: M.staffCreate, summary: '新增门店员工（工号自动生成）', label: '新增门店员工', anchor: STAFF, mutates: true, input: staffCreateInput, handler: (ctx, i) => s.create(ctx, i) });
export const staffUpdate = defineOperation({ name: M.staffUpdate, summary: '编辑门店员工', anchor: STAFF, mutates: true, input: staffUpdateInput, handler: (ctx, i) => s.update(ctx, i) });
export const staffDisable = defineOperation({ name: M.staffDisable, summary: '停用门店员工', anchor: STAFF, mutates: true, input: byIdInput, handler: (ctx, i) => s.setStatus(ctx, i.id, false) });
export const staffEnable = defineOperation({ name: M.staffEnable, summary: '启用门店员工', anchor: STAFF, mutates: true, input: byIdInput, handler: (ctx, i) => s.setStatus(ctx, i.id, true) });
export const staffStoreOptions = defineOperation({
  name: M.staffStoreOptions, summary: '可关联的门店（带员工ID时含其已关联的门店）', anchor: STAFF,
  input: z.object({ id: idSchema('员工ID').optional() }), handler: (ctx, i) => s.storeOptions(ctx, i.id),
});
export const staffConfigStore = defineOperation({
  name: M.staffConfigStore, summary: '设置员工关联的门店', anchor: STAFF, mutates: true,
  input: staffConfigStoreInput, handler: (ctx, i) => s.configStores(ctx, i.id, i.storeIds),
});
