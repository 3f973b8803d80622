import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { hasAnchor } from '../../../platform/permission.ts';
import { useSession } from '../../../platform/session-store.ts';
import { organizationOps } from '@merchant/contracts/system/organization';
import { roleOps } from '@merchant/contracts/system/role';
import { call } from '../../../platform/call.ts';
import { systemKeys } from '../query-keys.ts';
import { orgOptionsFromSelection, rolesFromSelection } from '../org-fallback.ts';
import { toOrgOptions } from '../org-tree.ts';

/** The pages whose anchors open the organisation tree and the role list on the server (decision 13). */
const ORG_READ = ['organization-list', 'role-management', 'account-list'];
const ROLE_READ = ['role-management', 'account-list'];

/**
 * The organisation tree (cached) and its picker options: the server's tree of the active
 * organisation's subtree. Without a page that may read it the list is not asked for (the server
 * would refuse it); the options then come from the organisations the signed-in account holds.
 */
export function useOrgTree() {
  const menuTree = useSession((s) => s.menuTree);
  const selection = useSession((s) => s.selectTree);
  const allowed = useMemo(() => ORG_READ.some((a) => hasAnchor(menuTree, a)), [menuTree]);
  const q = useQuery({ queryKey: systemKeys.orgTree, queryFn: () => call(organizationOps.tree), staleTime: 60_000, enabled: allowed });
  const tree = useMemo(() => q.data ?? [], [q.data]);
  const options = useMemo(() => (allowed ? toOrgOptions(tree) : orgOptionsFromSelection(selection)), [allowed, tree, selection]);
  return { tree, options, isLoading: allowed && q.isLoading };
}

/**
 * Every role of the active organisation's subtree (for membership pickers), each saying whether the
 * signed-in account may give it; with the same fallback as useOrgTree.
 */
export function useAllRoles() {
  const menuTree = useSession((s) => s.menuTree);
  const selection = useSession((s) => s.selectTree);
  const allowed = useMemo(() => ROLE_READ.some((a) => hasAnchor(menuTree, a)), [menuTree]);
  const q = useQuery({ queryKey: [...systemKeys.roleList, 'all'], queryFn: () => call(roleOps.list, {}), enabled: allowed });
  const roles = useMemo(() => (allowed ? (q.data ?? []) : rolesFromSelection(selection)), [allowed, q.data, selection]);
  return { roles, isLoading: allowed && q.isLoading, ready: !allowed || !!q.data };
}
