import { roleListInput, roleOps } from '@merchant/contracts/system/role';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './role.service.ts';

export const roleList = implement(roleOps.list, {
  handler: (ctx, i) => s.roleList(ctx, i),
  export: queryExport(roleListInput, {
    query: (ctx, i) => s.roleExportQuery(ctx, i),
    filterLabels: { organizationId: '组织ID' },
    columns: [
      { header: '角色名称', key: 'name' },
      { header: '管理员角色', key: 'isAdmin', type: 'enum', labels: { 1: '是', 0: '否' } },
      { header: '所属组织', key: 'organizationName' },
      { header: '套餐名称', key: 'packageName' },
      { header: '账号数', key: 'accountCount', type: 'number' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const roleDetail = implement(roleOps.detail, (ctx, i) => s.roleDetail(ctx, i.id));
export const roleGrantableMenus = implement(roleOps.grantableMenus, (ctx) => s.grantableMenus(ctx));
export const roleAdd = implement(roleOps.add, (ctx, i) => s.roleAdd(ctx, i));
export const roleEdit = implement(roleOps.edit, (ctx, i) => s.roleEdit(ctx, i));
export const roleDelete = implement(roleOps.delete, (ctx, i) => s.roleDelete(ctx, i.id));
