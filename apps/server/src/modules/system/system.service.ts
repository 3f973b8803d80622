import { BUSI_CODES, maskPhone, type OrgNode } from '@merchant/contracts';
import type { MenuNode } from '@merchant/contracts/permission/session';
import type { z } from 'zod';
import type {
  accountAddInput,
  accountEditInput,
  orgAddInput,
  orgEditInput,
  roleAddInput,
  roleEditInput,
} from '@merchant/contracts';
import { loadAccess } from '../../platform/auth/access.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { revokeAccountSessions, REVOKE_REASONS } from '../../platform/auth/session.service.ts';
import { badInput, conflict, forbidden, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { OpContext } from '../../platform/gateway/registry.ts';
import { keepPhone } from '../../platform/phone-mask.ts';

import { buildMenuTree } from '../permission/permission.service.ts';
import * as repo from './system.repo.ts';

const merchantOf = (ctx: OpContext) => ctx.session!.merchantId;

// ---------------- scope: what the signed-in account sees and manages (decision: admin scope) ----------------

type OrgRow = Awaited<ReturnType<typeof repo.listOrgs>>[number];

/**
 * The actor of a user-management call: its active organisation and role(s) (the session's), the
 * subtree below that organisation and the anchors of its roles. Every read and write of this module
 * is limited to the subtree.
 */
interface Scope {
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

const scopes = new WeakMap<OpContext, Promise<Scope>>();

/** The scope of the call (loaded once per call). */
function scopeOf(ctx: OpContext): Promise<Scope> {
  let p = scopes.get(ctx);
  if (!p) {
    p = loadScope(ctx);
    scopes.set(ctx, p);
  }
  return p;
}

async function loadScope(ctx: OpContext): Promise<Scope> {
  const session = ctx.session!;
  const access = await loadAccess(ctx.db, session); // the active organisation and roles are still held
  const rows = await repo.listOrgs(ctx.db, session.merchantId);
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
    rootId, atMerchantRoot: orgs.get(rootId)?.parentId === null, ids, orgs,
    isAdmin: access.isAdmin, anchors: access.anchors,
  };
}

/** The scope root for the synchronous list queries (the same organisation `scopeOf` starts from). */
const scopeRootOf = (ctx: OpContext) => ctx.session!.organizationId ?? 0;

/** The active organisation is a proper ancestor of `orgId`. */
function strictlyAbove(scope: Scope, orgId: number): boolean {
  for (let cur = scope.orgs.get(orgId)?.parentId ?? null; cur !== null; cur = scope.orgs.get(cur)?.parentId ?? null) {
    if (cur === scope.rootId) return true;
  }
  return false;
}

interface RoleFacts {
  name: string;
  organizationId: number;
  isAdmin: boolean;
  /** Page anchors the role grants (ignored for admin roles, which hold everything). */
  pageAnchors: readonly string[];
}

type RoleBlock = 'outside' | 'admin' | 'beyond';

/**
 * Whether the actor may give this role (and change it, and act on accounts holding it): the role's
 * organisation is inside the scope; an admin role only by an admin whose organisation is strictly above
 * the role's (at the merchant's root, root admins among themselves); any other role only when every page
 * it grants is one of the actor's own.
 */
function roleBlock(scope: Scope, role: RoleFacts): RoleBlock | null {
  if (!scope.ids.has(role.organizationId)) return 'outside';
  if (role.isAdmin) {
    const above = strictlyAbove(scope, role.organizationId) || (scope.atMerchantRoot && role.organizationId === scope.rootId);
    return scope.isAdmin && above ? null : 'admin';
  }
  return role.pageAnchors.every((a) => scope.anchors.has(a)) ? null : 'beyond';
}

const orgName = (scope: Scope, id: number) => scope.orgs.get(id)?.name ?? '';

/** Who may manage the admin role of an organisation, in words. */
function adminManagers(scope: Scope, orgId: number): string {
  return scope.orgs.get(orgId)?.parentId === null ? `“${orgName(scope, orgId)}”的管理员` : `“${orgName(scope, orgId)}”上级组织的管理员`;
}

function roleNote(scope: Scope, role: RoleFacts): string | null {
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

const flag = (note: string | null) => ({ manageable: note === null, manageNote: note });

// The database's unique indexes are the last word (docs/decisions.md); the checks before them only answer early.
const ORG_NAME_TAKEN: UniqueKey = { index: 'organization_sibling_name_uq', table: 'organization', columns: ['parent_id', 'name'], message: '同一上级组织下已有同名组织' };
const ROLE_NAME_TAKEN: UniqueKey = { index: 'role_org_name_uq', table: 'role', columns: ['organization_id', 'name'], message: '该组织下已有同名角色' };
const USER_NAME_TAKEN: UniqueKey = { index: 'account_user_name_key', table: 'account', columns: ['user_name'], message: '账号已存在，请换一个' };
const PHONE_TAKEN: UniqueKey = { index: 'account_phone_key', table: 'account', columns: ['phone'], message: '该手机号已被其他账号使用' };

// ---------------- organisations ----------------

/**
 * An organisation may be changed (renamed, deleted) from its scope only below the scope's top: the
 * active organisation itself belongs to the level above (the merchant's root is renamed by its own).
 */
function orgNote(scope: Scope, id: number): string | null {
  if (!scope.ids.has(id)) return '该组织不在您的管理范围内';
  if (id === scope.rootId && !scope.atMerchantRoot) return '当前所在的组织由上级组织管理，不能在此修改或删除';
  return null;
}

/**
 * The organisation tree from the active organisation down; with a keyword, cut down as the 组织管理
 * page filters it: nodes whose name contains the keyword (case-insensitive), with their ancestors and
 * their whole subtree.
 */
export async function orgTree(ctx: OpContext, f: { keyword?: string } = {}): Promise<OrgNode[]> {
  const roots = await scopedOrgTree(ctx);
  return f.keyword ? filterOrgTree(roots, f.keyword.toLowerCase()) : roots;
}

function filterOrgTree(nodes: OrgNode[], k: string): OrgNode[] {
  const out: OrgNode[] = [];
  for (const n of nodes) {
    if (n.name.toLowerCase().includes(k)) {
      out.push(n);
      continue;
    }
    const children = filterOrgTree(n.children, k);
    if (children.length) out.push({ ...n, children });
  }
  return out;
}

export interface OrgExportRow extends Omit<OrgNode, 'children' | 'manageable' | 'manageNote'> {
  /** 1 for the top of the tree. */
  level: number;
  /** Names from the top of the tree down to this organisation. */
  path: string;
  parentName: string;
}

/** The organisation tree flattened depth first, in the order the tree table shows it (the export of 组织管理). */
export async function orgExportRows(ctx: OpContext, f: { keyword?: string }): Promise<OrgExportRow[]> {
  const out: OrgExportRow[] = [];
  const walk = (nodes: OrgNode[], trail: string[]) => {
    for (const { children, manageable: _m, manageNote: _n, ...n } of nodes) {
      const path = [...trail, n.name];
      out.push({ ...n, level: path.length, path: path.join(' / '), parentName: trail.at(-1) ?? '' });
      walk(children, path);
    }
  };
  walk(await orgTree(ctx, f), []);
  return out;
}

/** The tree whose root is the active organisation. */
async function scopedOrgTree(ctx: OpContext): Promise<OrgNode[]> {
  const scope = await scopeOf(ctx);
  const counts = await repo.orgCounts(ctx.db, merchantOf(ctx));
  const nodes = new Map<number, OrgNode>(
    [...scope.orgs.values()]
      .filter((o) => scope.ids.has(o.id))
      .map((o) => [o.id, {
        ...o, accountCount: counts.accounts.get(o.id) ?? 0, roleCount: counts.roles.get(o.id) ?? 0,
        ...flag(orgNote(scope, o.id)), children: [],
      }]),
  );
  for (const n of nodes.values()) if (n.id !== scope.rootId) nodes.get(n.parentId!)?.children.push(n);
  const root = nodes.get(scope.rootId);
  return root ? [root] : [];
}

/** An organisation of the scope; anything else (another merchant's, or outside the subtree) is "not found". */
async function requireOrg(ctx: OpContext, id: number, what = '组织') {
  const scope = await scopeOf(ctx);
  const org = scope.ids.has(id) ? scope.orgs.get(id) : undefined;
  if (!org) throw notFound(what);
  return org;
}

/** The organisations above `id`, from the top of the scope down (never above the active organisation). */
export async function orgParents(ctx: OpContext, id: number) {
  const scope = await scopeOf(ctx);
  const org = await requireOrg(ctx, id);
  const path: OrgRow[] = [];
  for (let cur = org.parentId; cur !== null && scope.ids.has(cur); cur = scope.orgs.get(cur)!.parentId) path.unshift(scope.orgs.get(cur)!);
  return path;
}

export async function orgDetail(ctx: OpContext, id: number) {
  const org = await requireOrg(ctx, id);
  const scope = await scopeOf(ctx);
  const parents = await orgParents(ctx, id);
  const [accountCount, childCount, roles] = await Promise.all([
    repo.countBy(ctx.db, 'membership', 'organization_id', id),
    repo.countBy(ctx.db, 'organization', 'parent_id', id),
    roleList(ctx, { organizationId: id }),
  ]);
  return {
    ...org, parentName: parents.at(-1)?.name ?? null, path: parents.map((p) => p.name), accountCount, childCount, roles,
    ...flag(orgNote(scope, id)),
  };
}

export async function orgChildren(ctx: OpContext, id: number) {
  await requireOrg(ctx, id);
  const scope = await scopeOf(ctx);
  return [...scope.orgs.values()].filter((o) => o.parentId === id);
}

export async function orgAdd(ctx: OpContext, input: z.output<typeof orgAddInput>) {
  const mid = merchantOf(ctx);
  const parent = await requireOrg(ctx, input.parentId, '上级组织');
  if (await repo.siblingNameTaken(ctx.db, mid, parent.id, input.name)) throw conflict('同一上级组织下已有同名组织');
  const row = await guardUnique(() => ctx.db
    .insertInto('organization')
    .values({
      merchant_id: mid, parent_id: parent.id, name: input.name,
      structure_type: input.structureType ?? Math.min(4, parent.structureType + 1), sort: input.sort, created_at: ctx.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow(), ORG_NAME_TAKEN);
  return { id: row.id };
}

export async function orgEdit(ctx: OpContext, input: z.output<typeof orgEditInput>) {
  const org = await requireOrg(ctx, input.id);
  const note = orgNote(await scopeOf(ctx), org.id);
  if (note) throw forbidden(note);
  if (await repo.siblingNameTaken(ctx.db, merchantOf(ctx), org.parentId, input.name, org.id)) throw conflict('同一上级组织下已有同名组织');
  await guardUnique(() => ctx.db.updateTable('organization').set({ name: input.name, sort: input.sort }).where('id', '=', org.id).execute(), ORG_NAME_TAKEN);
  return { id: org.id };
}

export async function orgDelete(ctx: OpContext, id: number) {
  const org = await requireOrg(ctx, id);
  if (org.parentId === null) throw conflict('根组织不能删除');
  const note = orgNote(await scopeOf(ctx), org.id);
  if (note) throw forbidden(note);
  if ((await repo.countBy(ctx.db, 'organization', 'parent_id', id)) > 0) throw conflict('该组织下还有下级组织，不能删除');
  if ((await repo.countBy(ctx.db, 'membership', 'organization_id', id)) > 0) throw conflict('该组织下还有账号，不能删除');
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('site').set({ organization_id: null }).where('organization_id', '=', id).execute();
    await trx.deleteFrom('role').where('organization_id', '=', id).execute();
    await trx.deleteFrom('organization').where('id', '=', id).execute();
  });
  return null;
}

// ---------------- roles ----------------

/** A role of an organisation in the scope; anything else is "not found". */
async function requireRole(ctx: OpContext, id: number) {
  const role = await repo.findRole(ctx.db, merchantOf(ctx), id);
  if (!role || !(await scopeOf(ctx)).ids.has(role.organizationId)) throw notFound('角色');
  return role;
}

/** The facts `roleBlock` needs, for roles as the repo reads them. */
async function roleFacts(ctx: OpContext, roles: readonly { id: number; name: string; organizationId: number; isAdmin: number }[]) {
  const anchors = await repo.rolePageAnchors(ctx.db, roles.filter((r) => r.isAdmin !== 1).map((r) => r.id));
  return new Map<number, RoleFacts>(
    roles.map((r) => [r.id, { name: r.name, organizationId: r.organizationId, isAdmin: r.isAdmin === 1, pageAnchors: anchors.get(r.id) ?? [] }]),
  );
}

/** The menu tree the signed-in role may grant (an admin cannot grant what its own role lacks). */
export async function grantableMenus(ctx: OpContext): Promise<MenuNode[]> {
  const scope = await scopeOf(ctx);
  return buildMenuTree(await repo.allMenus(ctx.db), (anchor) => scope.anchors.has(anchor));
}

async function checkGrant(ctx: OpContext, menuIds: number[]): Promise<number[]> {
  const unique = [...new Set(menuIds)];
  const menus = await repo.allMenus(ctx.db);
  const byId = new Map(menus.map((m) => [m.id, m]));
  const unknown = unique.filter((id) => !byId.has(id));
  if (unknown.length) throw badInput(`菜单不存在：${unknown.join(', ')}（字段：menuIds）`);
  const { anchors } = await scopeOf(ctx);
  const beyond = unique.filter((id) => !anchors.has(byId.get(id)!.anchor));
  if (beyond.length) throw forbidden(`不能授予自己没有的权限：${beyond.map((id) => byId.get(id)!.name).join('、')}`);
  return unique;
}

/** Roles of the scope, each saying whether the signed-in account may change and give it. */
export async function roleList(ctx: OpContext, f: repo.RoleFilter) {
  if (f.organizationId) await requireOrg(ctx, f.organizationId);
  const scope = await scopeOf(ctx);
  const rows = await repo.listRoles(ctx.db, merchantOf(ctx), scope.rootId, f);
  const facts = await roleFacts(ctx, rows);
  return rows.map((r) => ({
    ...r, isAdmin: r.isAdmin === 1, accountCount: Number(r.accountCount ?? 0), ...flag(roleNote(scope, facts.get(r.id)!)),
  }));
}

/** The role list's own query for its export (same filters, merchant and organisation scope, and order). */
export function roleExportQuery(ctx: OpContext, f: repo.RoleFilter) {
  return repo.roleQuery(ctx.db, merchantOf(ctx), scopeRootOf(ctx), f);
}

export async function roleDetail(ctx: OpContext, id: number) {
  const role = await requireRole(ctx, id);
  const scope = await scopeOf(ctx);
  const facts = (await roleFacts(ctx, [role])).get(role.id)!;
  const menuIds = role.isAdmin === 1 ? (await repo.allMenus(ctx.db)).map((m) => m.id) : await repo.roleMenuIds(ctx.db, id);
  return { ...role, isAdmin: role.isAdmin === 1, organizationName: orgName(scope, role.organizationId), menuIds, ...flag(roleNote(scope, facts)) };
}

/** Refuses (A0301, with the reason) a role the signed-in account may not change. */
async function requireManageableRole(ctx: OpContext, role: { id: number; name: string; organizationId: number; isAdmin: number }) {
  const note = roleNote(await scopeOf(ctx), (await roleFacts(ctx, [role])).get(role.id)!);
  if (note) throw forbidden(note);
}

export async function roleAdd(ctx: OpContext, input: z.output<typeof roleAddInput>) {
  await requireOrg(ctx, input.organizationId);
  if (await repo.roleNameTaken(ctx.db, input.organizationId, input.name)) throw conflict('该组织下已有同名角色');
  const menuIds = await checkGrant(ctx, input.menuIds);
  const id = await guardUnique(() => ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('role')
      .values({ merchant_id: merchantOf(ctx), organization_id: input.organizationId, name: input.name, package_name: input.packageName, is_admin: 0, created_at: ctx.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await repo.replaceRoleMenus(trx, row.id, menuIds);
    return row.id;
  }), ROLE_NAME_TAKEN);
  return { id };
}

export async function roleEdit(ctx: OpContext, input: z.output<typeof roleEditInput>) {
  const role = await requireRole(ctx, input.id);
  await requireManageableRole(ctx, role);
  if (await repo.roleNameTaken(ctx.db, role.organizationId, input.name, role.id)) throw conflict('该组织下已有同名角色');
  const menuIds = role.isAdmin === 1 ? [] : await checkGrant(ctx, input.menuIds);
  await guardUnique(() => ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('role').set({ name: input.name, package_name: input.packageName }).where('id', '=', role.id).execute();
    if (role.isAdmin !== 1) await repo.replaceRoleMenus(trx, role.id, menuIds);
  }), ROLE_NAME_TAKEN);
  return { id: role.id };
}

export async function roleDelete(ctx: OpContext, id: number) {
  const role = await requireRole(ctx, id);
  if (role.isAdmin === 1) throw conflict('管理员角色不能删除');
  await requireManageableRole(ctx, role);
  if ((await repo.countBy(ctx.db, 'membership', 'role_id', id)) > 0) throw conflict('该角色下还有账号，不能删除');
  await ctx.db.deleteFrom('role').where('id', '=', id).execute();
  return null;
}

// ---------------- accounts ----------------

type MembershipRow = Awaited<ReturnType<typeof repo.membershipsOf>>[number];

/** The scope holds the account: it has a membership inside (at the merchant's root: every account). */
const holdsAccount = (scope: Scope, ms: readonly MembershipRow[]) => scope.atMerchantRoot || ms.some((m) => scope.ids.has(m.organizationId));

/**
 * Why the signed-in account may not act on an account with these memberships (edit, delete, enable,
 * disable, reset its password), or null: every membership must be inside the scope and every role one
 * the actor could give.
 */
async function accountNotes(ctx: OpContext, ms: readonly MembershipRow[]): Promise<Map<number, string | null>> {
  const scope = await scopeOf(ctx);
  const facts = await roleFacts(ctx, ms.map((m) => ({ id: m.roleId, name: m.roleName, organizationId: m.organizationId, isAdmin: m.roleIsAdmin })));
  const notes = new Map<number, string | null>();
  for (const m of ms) {
    if (notes.get(m.accountId)) continue;
    let note: string | null = null;
    switch (roleBlock(scope, facts.get(m.roleId)!)) {
      case 'outside':
        note = '该账号还属于您管理范围以外的组织';
        break;
      case 'admin':
        note = `该账号是“${m.organizationName}”的管理员，只能由${adminManagers(scope, m.organizationId)}操作`;
        break;
      case 'beyond':
        note = `该账号的角色“${m.organizationName}/${m.roleName}”含有您自己没有的菜单权限`;
        break;
    }
    notes.set(m.accountId, note);
  }
  return notes;
}

/** Memberships as shown: only those inside the scope (the rest are not the actor's to see). */
async function shownMemberships(ctx: OpContext, ms: readonly MembershipRow[]) {
  const scope = await scopeOf(ctx);
  return ms.filter((m) => scope.ids.has(m.organizationId)).map(({ accountId, roleIsAdmin: _a, ...m }) => ({ accountId, ...m }));
}

/** An account the scope holds, with all its memberships; anything else is "not found". */
async function requireAccount(ctx: OpContext, id: number) {
  const account = await repo.findAccount(ctx.db, merchantOf(ctx), id);
  const memberships = account ? await repo.membershipsOf(ctx.db, [id]) : [];
  if (!account || !holdsAccount(await scopeOf(ctx), memberships)) throw notFound('账号');
  return { account, memberships };
}

/** Refuses (A0301, with the reason) an account the signed-in account may not act on. */
async function requireManageableAccount(ctx: OpContext, id: number, ms: readonly MembershipRow[]) {
  const note = (await accountNotes(ctx, ms)).get(id);
  if (note) throw forbidden(note);
}

/**
 * Every (organisation, role) given must be inside the scope (else "not found"), the role of that
 * organisation, and a role the actor could give (else A0301 with the reason).
 */
async function checkMemberships(ctx: OpContext, list: { organizationId: number; roleId: number }[]) {
  const seen = new Set<string>();
  const scope = await scopeOf(ctx);
  for (const m of list) {
    const key = `${m.organizationId}:${m.roleId}`;
    if (seen.has(key)) throw badInput('组织角色重复（字段：memberships）');
    seen.add(key);
    const org = await requireOrg(ctx, m.organizationId);
    const role = await requireRole(ctx, m.roleId);
    if (role.organizationId !== m.organizationId) throw badInput(`角色“${role.name}”不属于所选组织（字段：memberships）`);
    const note = roleNote(scope, (await roleFacts(ctx, [role])).get(role.id)!);
    if (note) throw forbidden(`不能分配“${org.name}/${role.name}”：${note}（字段：memberships）`);
  }
}

/** The account list's own query for its export (same filters, merchant and organisation scope, no paging). */
export function accountExportQuery(ctx: OpContext, f: Omit<repo.AccountFilter, 'pageNum' | 'pageSize'>) {
  return repo.accountQuery(ctx.db, merchantOf(ctx), scopeRootOf(ctx), f);
}

/** One export batch: phones masked as on the list, memberships (inside the scope) in words. */
export async function accountExportRows(ctx: OpContext, rows: Awaited<ReturnType<ReturnType<typeof repo.accountQuery>['execute']>>) {
  const ms = await shownMemberships(ctx, await repo.membershipsOf(ctx.db, rows.map((a) => a.id)));
  return rows.map((a) => ({
    ...a,
    phone: maskPhone(a.phone),
    memberships: ms.filter((m) => m.accountId === a.id).map((m) => `${m.organizationName}/${m.roleName}`).join('、'),
  }));
}

export async function accountList(ctx: OpContext, f: repo.AccountFilter) {
  if (f.organizationId) await requireOrg(ctx, f.organizationId);
  const { list, total } = await repo.listAccounts(ctx.db, merchantOf(ctx), scopeRootOf(ctx), f);
  const all = await repo.membershipsOf(ctx.db, list.map((a) => a.id));
  const [shown, notes] = await Promise.all([shownMemberships(ctx, all), accountNotes(ctx, all)]);
  return {
    list: list.map((a) => ({
      ...a,
      phone: maskPhone(a.phone),
      useSite: a.useSite === 1,
      memberships: shown.filter((m) => m.accountId === a.id).map(({ accountId: _a, ...m }) => m),
      ...flag(notes.get(a.id) ?? null),
    })),
    total,
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}

export async function accountDetail(ctx: OpContext, id: number) {
  const { account: a, memberships } = await requireAccount(ctx, id);
  const [shown, notes] = await Promise.all([shownMemberships(ctx, memberships), accountNotes(ctx, memberships)]);
  // The phone masked like on the list; the full number through system.phone.reveal (audited).
  return { ...a, phone: maskPhone(a.phone), useSite: a.useSite === 1, memberships: shown.map(({ accountId: _a, ...m }) => m), ...flag(notes.get(id) ?? null) };
}

/** The full phone of an account in the actor's scope (system.phone.reveal). */
export async function accountFullPhone(ctx: OpContext, id: number): Promise<string> {
  return (await requireAccount(ctx, id)).account.phone;
}

export async function accountAdd(ctx: OpContext, input: z.output<typeof accountAddInput>) {
  if (await repo.loginTaken(ctx.db, 'user_name', input.userName)) throw conflict('账号已存在，请换一个');
  if (await repo.loginTaken(ctx.db, 'phone', input.phone)) throw conflict('该手机号已被其他账号使用');
  await checkMemberships(ctx, input.memberships);
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  const id = await guardUnique(() => ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('account')
      .values({
        merchant_id: merchantOf(ctx), user_name: input.userName, phone: input.phone, password_hash: passwordHash,
        merchant_account_type: input.merchantAccountType, use_site: input.useSite ? 1 : 0,
        bus_code: input.merchantAccountType === 1 ? BUSI_CODES.containerOwner : BUSI_CODES.mall,
        status: 1, password_changed_at: now, created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await repo.replaceMemberships(trx, merchantOf(ctx), row.id, input.memberships);
    return row.id;
  }), USER_NAME_TAKEN, PHONE_TAKEN);
  return { id };
}

const membershipKeys = (list: readonly { organizationId: number; roleId: number }[]) =>
  [...new Set(list.map((m) => `${m.organizationId}:${m.roleId}`))].sort().join(',');

/**
 * Edits an account. Another account: it must be one the actor may act on, and the new memberships
 * ones the actor may give. The signed-in account itself: only its phone — its organisations and roles,
 * account type and data range stay as they are (nobody raises their own rights).
 */
export async function accountEdit(ctx: OpContext, raw: z.output<typeof accountEditInput>) {
  const { account: a, memberships } = await requireAccount(ctx, raw.id);
  const input = { ...raw, phone: keepPhone(raw.phone, a.phone, 'phone', '手机号') };
  const self = ctx.session!.accountId === a.id;
  if (self) {
    const unchanged = membershipKeys(input.memberships) === membershipKeys(await shownMemberships(ctx, memberships))
      && input.merchantAccountType === a.merchantAccountType && (input.useSite ? 1 : 0) === a.useSite;
    if (!unchanged) throw forbidden('不能修改当前登录账号的组织角色、账号类型或数据范围，请由其他管理员修改');
  } else {
    await requireManageableAccount(ctx, a.id, memberships);
  }
  if (await repo.loginTaken(ctx.db, 'phone', input.phone, a.id)) throw conflict('该手机号已被其他账号使用');
  if (!self) await checkMemberships(ctx, input.memberships);
  await guardUnique(() => ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('account')
      .set({
        phone: input.phone, merchant_account_type: input.merchantAccountType, use_site: input.useSite ? 1 : 0,
        bus_code: input.merchantAccountType === 1 ? BUSI_CODES.containerOwner : BUSI_CODES.mall, updated_at: ctx.clock.now(),
      })
      .where('id', '=', a.id)
      .execute();
    if (!self) await repo.replaceMemberships(trx, merchantOf(ctx), a.id, input.memberships);
  }), PHONE_TAKEN);
  return { id: a.id };
}

function notSelf(ctx: OpContext, id: number, what: string) {
  if (ctx.session!.accountId === id) throw conflict(`不能${what}当前登录的账号`);
}

export async function accountDelete(ctx: OpContext, id: number) {
  const { memberships } = await requireAccount(ctx, id);
  notSelf(ctx, id, '删除');
  await requireManageableAccount(ctx, id, memberships);
  await ctx.db.deleteFrom('account').where('id', '=', id).execute();
  return null;
}

export async function accountSetStatus(ctx: OpContext, id: number, enabled: boolean) {
  const { memberships } = await requireAccount(ctx, id);
  notSelf(ctx, id, enabled ? '启用' : '停用');
  await requireManageableAccount(ctx, id, memberships);
  const now = ctx.clock.now();
  await ctx.db.updateTable('account').set({ status: enabled ? 1 : 0, updated_at: now }).where('id', '=', id).execute();
  if (!enabled) await revokeAccountSessions(ctx.db, id, REVOKE_REASONS.disabled, now);
  return null;
}

/** Sets another account's password. One's own password is changed through 忘记密码 (a code sent to the account's phone). */
export async function accountResetPassword(ctx: OpContext, id: number, password: string) {
  const { memberships } = await requireAccount(ctx, id);
  if (ctx.session!.accountId === id) throw conflict('不能在账号管理中重置当前登录账号的密码，请在登录页通过“忘记密码”修改');
  await requireManageableAccount(ctx, id, memberships);
  const now = ctx.clock.now();
  await ctx.db.updateTable('account').set({ password_hash: await hashPassword(password), password_changed_at: now, updated_at: now }).where('id', '=', id).execute();
  await revokeAccountSessions(ctx.db, id, REVOKE_REASONS.passwordChanged, now);
  return null;
}
