import { ACCOUNT_STATUS, ACCOUNT_TYPE, accountListInput, accountOps } from '@merchant/contracts/system/account';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './account.service.ts';

export const accountList = implement(accountOps.list, {
  handler: (ctx, i) => s.accountList(ctx, i),
  export: queryExport(accountListInput, {
    query: (ctx, i) => s.accountExportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.accountExportRows(ctx, rows),
    filterLabels: { organizationId: '组织ID' },
    columns: [
      { header: '账号', key: 'userName' },
      { header: '手机号', key: 'phone' },
      { header: '账号类型', key: 'merchantAccountType', type: 'enum', labels: ACCOUNT_TYPE },
      { header: '数据范围', key: 'useSite', type: 'enum', labels: { 0: '按渠道', 1: '按站点' } },
      { header: '组织/角色', key: 'memberships', width: 40 },
      { header: '状态', key: 'status', type: 'enum', labels: ACCOUNT_STATUS },
      { header: '创建时间', key: 'createdAt', type: 'time' },
      { header: '更新时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const accountDetail = implement(accountOps.detail, (ctx, i) => s.accountDetail(ctx, i.id));
export const accountAdd = implement(accountOps.add, (ctx, i) => s.accountAdd(ctx, i));
export const accountEdit = implement(accountOps.edit, (ctx, i) => s.accountEdit(ctx, i));
export const accountDelete = implement(accountOps.delete, (ctx, i) => s.accountDelete(ctx, i.id));
export const accountEnable = implement(accountOps.enable, (ctx, i) => s.accountSetStatus(ctx, i.id, true));
export const accountDisable = implement(accountOps.disable, (ctx, i) => s.accountSetStatus(ctx, i.id, false));
export const accountResetPassword = implement(accountOps.resetPassword, (ctx, i) => s.accountResetPassword(ctx, i.id, i.password));
/** 查看完整手机号 of an account (written to the operation log). */
export const phoneReveal = implement(accountOps.phoneReveal, async (ctx, i) => ({ phone: await s.accountFullPhone(ctx, i.id) }));
