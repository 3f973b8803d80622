import { organizationOps, orgTreeInput, STRUCTURE_TYPES } from '@merchant/contracts/system/organization';
import { memoryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './organization.service.ts';

export const orgTree = implement(organizationOps.tree, {
  handler: (ctx, i) => s.orgTree(ctx, i),
  // The tree table flattened: one row per organisation, depth first, with its level and path.
  export: memoryExport(orgTreeInput, {
    load: (ctx, i) => s.orgExportRows(ctx, i),
    filterLabels: { keyword: '组织名称' },
    columns: [
      { header: '组织名称', key: 'name' },
      { header: '层级', key: 'level', type: 'number' },
      { header: '组织路径', key: 'path', width: 40 },
      { header: '上级组织', key: 'parentName' },
      { header: '组织类型', key: 'structureType', type: 'enum', labels: STRUCTURE_TYPES },
      { header: '账号数', key: 'accountCount', type: 'number' },
      { header: '角色数', key: 'roleCount', type: 'number' },
      { header: '排序', key: 'sort', type: 'number' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const orgDetail = implement(organizationOps.detail, (ctx, i) => s.orgDetail(ctx, i.id));
export const orgChildren = implement(organizationOps.children, (ctx, i) => s.orgChildren(ctx, i.id));
export const orgParents = implement(organizationOps.parents, (ctx, i) => s.orgParents(ctx, i.id));
export const orgAdd = implement(organizationOps.add, (ctx, i) => s.orgAdd(ctx, i));
export const orgEdit = implement(organizationOps.edit, (ctx, i) => s.orgEdit(ctx, i));
export const orgDelete = implement(organizationOps.delete, (ctx, i) => s.orgDelete(ctx, i.id));
