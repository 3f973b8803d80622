import {
  BACK_POINT_MANAGEMENT_NAME,
  BUSI_CODES,
  CABINET_OWNER_ROLE_NAME,
  CONTAINER_SUBLEDGER_ANCHOR,
  DEVICE_INCOME_ANCHOR,
} from '@merchant/contracts';
import type { MenuNode, UserInfo } from '@merchant/contracts/permission/session';
import type { AppRoute } from './route-types.ts';

/** Role names that see every route whatever its `roles` (spec §6 "unless the role list includes admin"). */
export const ADMIN_ROLE_NAMES = ['admin', '管理员'];
/** Anchors every signed-in account may open: home, and the client-added export file page. */
export const ALWAYS_ALLOWED_ANCHORS = new Set(['home', 'export-file']);

/** Every anchor of the resource tree: each node's anchor and its anchorList. */
export function collectAnchors(tree: MenuNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes) {
      if (n.anchor) out.add(n.anchor);
      for (const a of n.anchorList ?? []) if (a) out.add(a);
      if (n.children?.length) walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/** Spec §6: is a menu anchor in the user's resource tree? */
export function hasAnchor(tree: MenuNode[] | Set<string>, anchor: string): boolean {
  const anchors = tree instanceof Set ? tree : collectAnchors(tree);
  return anchors.has(anchor);
}

export function isAdmin(roleNames: string[]): boolean {
  return roleNames.some((r) => ADMIN_ROLE_NAMES.includes(r));
}

/** The selected role is the cabinet owner role (柜主). */
export function isCabinetOwnerRole(roleNames: string[]): boolean {
  return roleNames.includes(CABINET_OWNER_ROLE_NAME);
}

/** Container owner account: merchantAccountType 1 and login business code A1001002. */
export function isContainerOwner(user: UserInfo | null): boolean {
  return !!user && user.merchantAccountType === 1 && user.loginOrgRole?.merchantBusCode === BUSI_CODES.containerOwner;
}

export function usesSite(user: UserInfo | null): boolean {
  return !!user?.ability?.useSite;
}

export interface AccessContext {
  anchors: Set<string>;
  roleNames: string[];
  user: UserInfo | null;
}

/** Anchors / names a menu entry or route must not show for this account (spec §6). */
export function isHiddenByRoleRules(entry: { anchor?: string; name?: string }, ctx: Omit<AccessContext, 'anchors'>): boolean {
  if (entry.anchor === DEVICE_INCOME_ANCHOR && isCabinetOwnerRole(ctx.roleNames)) return true;
  if (entry.anchor === CONTAINER_SUBLEDGER_ANCHOR && isContainerOwner(ctx.user)) return true;
  if (usesSite(ctx.user) && (entry.name === BACK_POINT_MANAGEMENT_NAME || entry.anchor === BACK_POINT_MANAGEMENT_NAME)) return true;
  return false;
}

/** Spec §6: routes carrying roles are filtered by them unless the role list includes admin. */
export function allowedByRoles(route: Pick<AppRoute, 'roles'>, roleNames: string[]): boolean {
  if (!route.roles || route.roles.length === 0) return true;
  if (isAdmin(roleNames)) return true;
  return route.roles.some((r) => roleNames.includes(r));
}

/**
 * Routes generated for this account (spec §4): registered routes whose anchor (or one of its `alsoAnchors`) is granted
 * by the resource tree (or always allowed), passing the role filter and the §6 role rules. Sections keep
 * only allowed children and disappear when none is left.
 */
export function generateRoutes(registered: AppRoute[], ctx: AccessContext): AppRoute[] {
  const out: AppRoute[] = [];
  for (const r of registered) {
    if (!allowedByRoles(r, ctx.roleNames)) continue;
    if (isHiddenByRoleRules({ anchor: r.anchor, name: r.name }, ctx)) continue;
    if (r.anchor && !ALWAYS_ALLOWED_ANCHORS.has(r.anchor) && !ctx.anchors.has(r.anchor) && !r.alsoAnchors?.some((a) => ctx.anchors.has(a)))
      continue;
    if (r.children) {
      const children = generateRoutes(r.children, ctx);
      if (children.length === 0 && !r.page) continue;
      out.push({ ...r, children });
    } else {
      out.push(r);
    }
  }
  return out;
}
