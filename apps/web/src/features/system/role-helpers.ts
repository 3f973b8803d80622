import type { RoleRow } from '@merchant/contracts/system/role';

/** Why a role cannot be deleted, or null (the server refuses the same cases). */
export function roleDeleteBlocker(
  r: Pick<RoleRow, 'isAdmin' | 'accountCount'> & Partial<Pick<RoleRow, 'manageable' | 'manageNote'>>,
): string | null {
  if (r.isAdmin) return '管理员角色不能删除';
  if (r.manageable === false) return r.manageNote ?? '没有权限删除该角色';
  if (Number(r.accountCount) > 0) return `该角色下还有 ${r.accountCount} 个账号，不能删除`;
  return null;
}

/** Page title of role-management-add by its type parameter. */
export function roleHandleTitle(type: string | undefined): string {
  if (type === 'edit') return '编辑角色';
  if (type === 'view') return '查看角色';
  return '新增角色';
}

/** Page title of account-handle by its type parameter. */
export function accountHandleTitle(type: string | undefined): string {
  if (type === 'edit') return '编辑账号';
  if (type === 'view') return '账号详情';
  return '新增账号';
}
