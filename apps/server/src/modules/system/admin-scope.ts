import { loadAccess } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import * as orgRepo from './organization.repo.ts';
import * as roleRepo from './role.repo.ts';

// The admin-scope rule of user management (docs/decisions.md): what the signed-in account sees and
// manages among organisations, roles and accounts. Shared by the three resources' services.

export type OrgRow = Awaited<ReturnType<typeof orgRepo.listOrgs>>[number];

/**
 * The actor of a user-management call: its active organisation and role(s) (the session's), the
 * subtree below that organisation and the anchors of its roles. Every read and write of user management
 * is limited to the subtree.
 */
export interface Scope {
  /** The active organisation: the top of everything the account sees and manages. */
  rootId: number;
  /** The active organisation is the merchant's root. */
  atMerchantRoot: boolean;
  /** The active organisation and every organisation below it. */
  ids: Set<number>;
  /** Every organisation of the merchant (names and parents, for the "above" test). */
  orgs: Map<number, OrgRow>;
  isAdmin: boolean;
  anchors: Set<string>;
}

const scopes = new WeakMap<SessionOpContext, Promise<Scope>>();

/** The scope of the call (loaded once per call). */
export function scopeOf(ctx: SessionOpContext): Promise<Scope> {
  let p = scopes.get(ctx);
  if (!p) {
    p = loadScope(ctx);
    scopes.set(ctx, p);
  }
  return p;
}

async function loadScope(ctx: SessionOpContext): Promise<Scope> {
  const session = ctx.session;
  const access = await loadAccess(ctx.db, session); // the active organisation and roles are still held
  const rows = await orgRepo.listOrgs(ctx.db, ctx.merchantId);
  const orgs = new Map(rows.map((o) => [o.id, o]));
  const rootId = session.organizationId!;
  const children = new Map<number, number[]>();
  for (const o of rows) if (o.parentId !== null) children.set(o.parentId, [...(children.get(o.parentId) ?? []), o.id]);
  const ids = new Set<number>();
  const walk = (id: number) => {
    ids.add(id);
    for (const c of children.get(id) ?? []) walk(c);
  };
  if (orgs.has(rootId)) walk(rootId);
  return {
    rootId,
    atMerchantRoot: orgs.get(rootId)?.parentId === null,
    ids,
    orgs,
    isAdmin: access.isAdmin,
    anchors: access.anchors,
  };
}

/** The scope root for the synchronous list queries (the same organisation `scopeOf` starts from). */
export const scopeRootOf = (ctx: SessionOpContext) => ctx.session.organizationId ?? 0;

/** The active organisation is a proper ancestor of `orgId`. */
function strictlyAbove(scope: Scope, orgId: number): boolean {
  for (let cur = scope.orgs.get(orgId)?.parentId ?? null; cur !== null; cur = scope.orgs.get(cur)?.parentId ?? null) {
    if (cur === scope.rootId) return true;
  }
  return false;
}

export interface RoleFacts {
  name: string;
  organizationId: number;
  isAdmin: boolean;
  /** Page anchors the role grants (ignored for admin roles, which hold everything). */
  pageAnchors: readonly string[];
}

export type RoleBlock = 'outside' | 'admin' | 'beyond';

/**
 * Whether the actor may give this role (and change it, and act on accounts holding it): the role's
 * organisation is inside the scope; an admin role only by an admin whose organisation is strictly above
 * the role's (at the merchant's root, root admins among themselves); any other role only when every page
 * it grants is one of the actor's own.
 */
export function roleBlock(scope: Scope, role: RoleFacts): RoleBlock | null {
  if (!scope.ids.has(role.organizationId)) return 'outside';
  if (role.isAdmin) {
    const above = strictlyAbove(scope, role.organizationId) || (scope.atMerchantRoot && role.organizationId === scope.rootId);
    return scope.isAdmin && above ? null : 'admin';
  }
  return role.pageAnchors.every((a) => scope.anchors.has(a)) ? null : 'beyond';
}

export const orgName = (scope: Scope, id: number) => scope.orgs.get(id)?.name ?? '';

/** Who may manage the admin role of an organisation, in words. */
export function adminManagers(scope: Scope, orgId: number): string {
  return scope.orgs.get(orgId)?.parentId === null ? `“${orgName(scope, orgId)}”的管理员` : `“${orgName(scope, orgId)}”上级组织的管理员`;
}

export function roleNote(scope: Scope, role: RoleFacts): string | null {
  switch (roleBlock(scope, role)) {
    case null:
      return null;
    case 'outside':
      return '该角色不在您的管理范围内';
    case 'admin':
      return `该管理员角色只能由${adminManagers(scope, role.organizationId)}管理`;
    case 'beyond':
      return `角色“${role.name}”含有您自己没有的菜单权限`;
  }
}

/** A row's ManageFlag from the reason it may not be managed (null: it may). */
export const flag = (note: string | null) => ({ manageable: note === null, manageNote: note });

/**
 * An organisation may be changed (renamed, deleted) from its scope only below the scope's top: the
 * active organisation itself belongs to the level above (the merchant's root is renamed by its own).
 */
export function orgNote(scope: Scope, id: number): string | null {
  if (!scope.ids.has(id)) return '该组织不在您的管理范围内';
  if (id === scope.rootId && !scope.atMerchantRoot) return '当前所在的组织由上级组织管理，不能在此修改或删除';
  return null;
}

/** An organisation of the scope; anything else (another merchant's, or outside the subtree) is "not found". */
export async function requireOrg(ctx: SessionOpContext, id: number, what = '组织') {
  const scope = await scopeOf(ctx);
  const org = scope.ids.has(id) ? scope.orgs.get(id) : undefined;
  if (!org) throw notFound(what);
  return org;
}

/** A role of an organisation in the scope; anything else is "not found". */
export async function requireRole(ctx: SessionOpContext, id: number) {
  const role = await roleRepo.findRole(ctx.db, ctx.merchantId, id);
  if (!role || !(await scopeOf(ctx)).ids.has(role.organizationId)) throw notFound('角色');
  return role;
}

/** The facts `roleBlock` needs, for roles as the repo reads them. */
export async function roleFacts(
  ctx: SessionOpContext,
  roles: readonly { id: number; name: string; organizationId: number; isAdmin: number }[],
) {
  const anchors = await roleRepo.rolePageAnchors(
    ctx.db,
    roles.filter((r) => r.isAdmin !== 1).map((r) => r.id),
  );
  return new Map<number, RoleFacts>(
    roles.map((r) => [
      r.id,
      { name: r.name, organizationId: r.organizationId, isAdmin: r.isAdmin === 1, pageAnchors: anchors.get(r.id) ?? [] },
    ]),
  );
}
