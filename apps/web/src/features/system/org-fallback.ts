import type { RoleRow } from '@merchant/contracts/system/role';
import type { OrgTreeNode } from '@merchant/contracts/permission/session';
import type { OrgOption } from './org-tree.ts';

/**
 * Picker data from the session's own selection tree (the organisations and roles the signed-in
 * account holds), for a role that may open a page but not the organisation or role lists
 * (system.org.tree needs organization-list, system.role.list needs role-management).
 */
export function orgOptionsFromSelection(nodes: OrgTreeNode[]): OrgOption[] {
  return nodes.map((n) => ({
    title: n.orgName,
    value: n.orgId,
    key: n.orgId,
    ...(n.orgList?.length ? { children: orgOptionsFromSelection(n.orgList) } : {}),
  }));
}

export function rolesFromSelection(nodes: OrgTreeNode[]): RoleRow[] {
  return nodes.flatMap((n) => [
    ...(n.roleList ?? []).map((r) => ({
      id: r.roleId,
      name: r.roleName,
      packageName: r.packageName,
      isAdmin: false,
      organizationId: n.orgId,
      organizationName: n.orgName,
      accountCount: 0,
      createdAt: 0,
      // Unknown here: the server decides when the account is saved.
      manageable: true,
      manageNote: null,
    })),
    ...rolesFromSelection(n.orgList ?? []),
  ]);
}
