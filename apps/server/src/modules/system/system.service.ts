import { BUSI_CODES, maskPhone, type MenuNode, type OrgNode } from '@merchant/contracts';
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
import { badInput, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { OpContext } from '../../platform/gateway/registry.ts';
import { keepPhone } from '../../platform/phone-mask.ts';

import { buildMenuTree } from '../permission/permission.service.ts';
import * as repo from './system.repo.ts';

const merchantOf = (ctx: OpContext) => ctx.session!.merchantId;

// ---------------- organisations ----------------

/**
 * The organisation tree; with a keyword, cut down as the 组织管理 page filters it: nodes whose name
 * contains the keyword (case-insensitive), with their ancestors and their whole subtree.
 */
export async function orgTree(ctx: OpContext, f: { keyword?: string } = {}): Promise<OrgNode[]> {
  const roots = await fullOrgTree(ctx);
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

export interface OrgExportRow extends Omit<OrgNode, 'children'> {
  /** 1 for the root. */
  level: number;
  /** Names from the root down to this organisation. */
  path: string;
  parentName: string;
}

/** The organisation tree flattened depth first, in the order the tree table shows it (the export of 组织管理). */
export async function orgExportRows(ctx: OpContext, f: { keyword?: string }): Promise<OrgExportRow[]> {
  const out: OrgExportRow[] = [];
  const walk = (nodes: OrgNode[], trail: string[]) => {
    for (const { children, ...n } of nodes) {
      const path = [...trail, n.name];
      out.push({ ...n, level: path.length, path: path.join(' / '), parentName: trail.at(-1) ?? '' });
      walk(children, path);
    }
  };
  walk(await orgTree(ctx, f), []);
  return out;
}

async function fullOrgTree(ctx: OpContext): Promise<OrgNode[]> {
  const mid = merchantOf(ctx);
  const [orgs, counts] = await Promise.all([repo.listOrgs(ctx.db, mid), repo.orgCounts(ctx.db, mid)]);
  const nodes = new Map<number, OrgNode>(
    orgs.map((o) => [o.id, { ...o, accountCount: counts.accounts.get(o.id) ?? 0, roleCount: counts.roles.get(o.id) ?? 0, children: [] }]),
  );
  const roots: OrgNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

async function requireOrg(ctx: OpContext, id: number) {
  const org = await repo.findOrg(ctx.db, merchantOf(ctx), id);
  if (!org) throw notFound('组织');
  return org;
}

export async function orgParents(ctx: OpContext, id: number) {
  const orgs = await repo.listOrgs(ctx.db, merchantOf(ctx));
  const byId = new Map(orgs.map((o) => [o.id, o]));
  if (!byId.has(id)) throw notFound('组织');
  const path = [];
  for (let cur = byId.get(byId.get(id)!.parentId ?? -1); cur; cur = cur.parentId === null ? undefined : byId.get(cur.parentId)) path.unshift(cur);
  return path;
}

export async function orgDetail(ctx: OpContext, id: number) {
  const org = await requireOrg(ctx, id);
  const parents = await orgParents(ctx, id);
  const [accountCount, childCount, roles] = await Promise.all([
    repo.countBy(ctx.db, 'membership', 'organization_id', id),
    repo.countBy(ctx.db, 'organization', 'parent_id', id),
    repo.listRoles(ctx.db, merchantOf(ctx), { organizationId: id }),
  ]);
  return { ...org, parentName: parents.at(-1)?.name ?? null, path: parents.map((p) => p.name), accountCount, childCount, roles };
}

export async function orgChildren(ctx: OpContext, id: number) {
  await requireOrg(ctx, id);
  const orgs = await repo.listOrgs(ctx.db, merchantOf(ctx));
  return orgs.filter((o) => o.parentId === id);
}

export async function orgAdd(ctx: OpContext, input: z.output<typeof orgAddInput>) {
  const mid = merchantOf(ctx);
  const parent = await repo.findOrg(ctx.db, mid, input.parentId);
  if (!parent) throw notFound('上级组织');
  if (await repo.siblingNameTaken(ctx.db, mid, parent.id, input.name)) throw conflict('同一上级组织下已有同名组织');
  const row = await ctx.db
    .insertInto('organization')
    .values({
      merchant_id: mid, parent_id: parent.id, name: input.name,
      structure_type: input.structureType ?? Math.min(4, parent.structureType + 1), sort: input.sort, created_at: ctx.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

export async function orgEdit(ctx: OpContext, input: z.output<typeof orgEditInput>) {
  const org = await requireOrg(ctx, input.id);
  if (await repo.siblingNameTaken(ctx.db, merchantOf(ctx), org.parentId, input.name, org.id)) throw conflict('同一上级组织下已有同名组织');
  await ctx.db.updateTable('organization').set({ name: input.name, sort: input.sort }).where('id', '=', org.id).execute();
  return { id: org.id };
}

export async function orgDelete(ctx: OpContext, id: number) {
  const org = await requireOrg(ctx, id);
  if (org.parentId === null) throw conflict('根组织不能删除');
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

async function requireRole(ctx: OpContext, id: number) {
  const role = await repo.findRole(ctx.db, merchantOf(ctx), id);
  if (!role) throw notFound('角色');
  return role;
}

/** The menu tree the signed-in role may grant (an admin cannot grant what its own role lacks). */
export async function grantableMenus(ctx: OpContext): Promise<MenuNode[]> {
  const access = await loadAccess(ctx.db, ctx.session!);
  return buildMenuTree(await repo.allMenus(ctx.db), (anchor) => access.anchors.has(anchor));
}

async function checkGrant(ctx: OpContext, menuIds: number[]): Promise<number[]> {
  const unique = [...new Set(menuIds)];
  const menus = await repo.allMenus(ctx.db);
  const byId = new Map(menus.map((m) => [m.id, m]));
  const unknown = unique.filter((id) => !byId.has(id));
  if (unknown.length) throw badInput(`菜单不存在：${unknown.join(', ')}（字段：menuIds）`);
  const access = await loadAccess(ctx.db, ctx.session!);
  const beyond = unique.filter((id) => !access.anchors.has(byId.get(id)!.anchor));
  if (beyond.length) throw forbidden(`不能授予自己没有的权限：${beyond.map((id) => byId.get(id)!.name).join('、')}`);
  return unique;
}

export async function roleList(ctx: OpContext, f: repo.RoleFilter) {
  if (f.organizationId) await requireOrg(ctx, f.organizationId);
  const rows = await repo.listRoles(ctx.db, merchantOf(ctx), f);
  return rows.map((r) => ({ ...r, isAdmin: r.isAdmin === 1, accountCount: Number(r.accountCount ?? 0) }));
}

/** The role list's own query for its export (same filters, merchant scope and order). */
export function roleExportQuery(ctx: OpContext, f: repo.RoleFilter) {
  return repo.roleQuery(ctx.db, merchantOf(ctx), f);
}

export async function roleDetail(ctx: OpContext, id: number) {
  const role = await requireRole(ctx, id);
  const org = await requireOrg(ctx, role.organizationId);
  const menuIds = role.isAdmin === 1 ? (await repo.allMenus(ctx.db)).map((m) => m.id) : await repo.roleMenuIds(ctx.db, id);
  return { ...role, isAdmin: role.isAdmin === 1, organizationName: org.name, menuIds };
}

export async function roleAdd(ctx: OpContext, input: z.output<typeof roleAddInput>) {
  await requireOrg(ctx, input.organizationId);
  if (await repo.roleNameTaken(ctx.db, input.organizationId, input.name)) throw conflict('该组织下已有同名角色');
  const menuIds = await checkGrant(ctx, input.menuIds);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('role')
      .values({ merchant_id: merchantOf(ctx), organization_id: input.organizationId, name: input.name, package_name: input.packageName, is_admin: 0, created_at: ctx.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await repo.replaceRoleMenus(trx, row.id, menuIds);
    return row.id;
  });
  return { id };
}

export async function roleEdit(ctx: OpContext, input: z.output<typeof roleEditInput>) {
  const role = await requireRole(ctx, input.id);
  if (await repo.roleNameTaken(ctx.db, role.organizationId, input.name, role.id)) throw conflict('该组织下已有同名角色');
  const menuIds = role.isAdmin === 1 ? [] : await checkGrant(ctx, input.menuIds);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('role').set({ name: input.name, package_name: input.packageName }).where('id', '=', role.id).execute();
    if (role.isAdmin !== 1) await repo.replaceRoleMenus(trx, role.id, menuIds);
  });
  return { id: role.id };
}

export async function roleDelete(ctx: OpContext, id: number) {
  const role = await requireRole(ctx, id);
  if (role.isAdmin === 1) throw conflict('管理员角色不能删除');
  if ((await repo.countBy(ctx.db, 'membership', 'role_id', id)) > 0) throw conflict('该角色下还有账号，不能删除');
  await ctx.db.deleteFrom('role').where('id', '=', id).execute();
  return null;
}

// ---------------- accounts ----------------

async function requireAccount(ctx: OpContext, id: number) {
  const account = await repo.findAccount(ctx.db, merchantOf(ctx), id);
  if (!account) throw notFound('账号');
  return account;
}

/** Every (organisation, role) must belong to this merchant, the role to that organisation. */
async function checkMemberships(ctx: OpContext, list: { organizationId: number; roleId: number }[]) {
  const seen = new Set<string>();
  const access = await loadAccess(ctx.db, ctx.session!);
  for (const m of list) {
    const key = `${m.organizationId}:${m.roleId}`;
    if (seen.has(key)) throw badInput('组织角色重复（字段：memberships）');
    seen.add(key);
    await requireOrg(ctx, m.organizationId);
    const role = await requireRole(ctx, m.roleId);
    if (role.organizationId !== m.organizationId) throw badInput(`角色“${role.name}”不属于所选组织（字段：memberships）`);
    if (role.isAdmin === 1 && !access.isAdmin) throw forbidden('不能分配管理员角色');
  }
}

/** The account list's own query for its export (same filters and merchant scope, no paging). */
export function accountExportQuery(ctx: OpContext, f: Omit<repo.AccountFilter, 'pageNum' | 'pageSize'>) {
  return repo.accountQuery(ctx.db, merchantOf(ctx), f);
}

/** One export batch: phones masked as on the list, memberships in words. */
export async function accountExportRows(ctx: OpContext, rows: Awaited<ReturnType<ReturnType<typeof repo.accountQuery>['execute']>>) {
  const ms = await repo.membershipsOf(ctx.db, rows.map((a) => a.id));
  return rows.map((a) => ({
    ...a,
    phone: maskPhone(a.phone),
    memberships: ms.filter((m) => m.accountId === a.id).map((m) => `${m.organizationName}/${m.roleName}`).join('、'),
  }));
}

export async function accountList(ctx: OpContext, f: repo.AccountFilter) {
  if (f.organizationId) await requireOrg(ctx, f.organizationId);
  const { list, total } = await repo.listAccounts(ctx.db, merchantOf(ctx), f);
  const ms = await repo.membershipsOf(ctx.db, list.map((a) => a.id));
  return {
    list: list.map((a) => ({
      ...a,
      phone: maskPhone(a.phone),
      useSite: a.useSite === 1,
      memberships: ms.filter((m) => m.accountId === a.id).map(({ accountId: _a, ...m }) => m),
    })),
    total,
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}

export async function accountDetail(ctx: OpContext, id: number) {
  const a = await requireAccount(ctx, id);
  const ms = await repo.membershipsOf(ctx.db, [id]);
  // The phone masked like on the list; the full number through system.phone.reveal (audited).
  return { ...a, phone: maskPhone(a.phone), useSite: a.useSite === 1, memberships: ms.map(({ accountId: _a, ...m }) => m) };
}

/** The full phone of an account (system.phone.reveal). */
export async function accountFullPhone(ctx: OpContext, id: number): Promise<string> {
  return (await requireAccount(ctx, id)).phone;
}

export async function accountAdd(ctx: OpContext, input: z.output<typeof accountAddInput>) {
  if (await repo.loginTaken(ctx.db, 'user_name', input.userName)) throw conflict('账号已存在，请换一个');
  if (await repo.loginTaken(ctx.db, 'phone', input.phone)) throw conflict('该手机号已被其他账号使用');
  await checkMemberships(ctx, input.memberships);
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  const id = await ctx.db.transaction().execute(async (trx) => {
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
  });
  return { id };
}

export async function accountEdit(ctx: OpContext, raw: z.output<typeof accountEditInput>) {
  const a = await requireAccount(ctx, raw.id);
  const input = { ...raw, phone: keepPhone(raw.phone, a.phone, 'phone', '手机号') };
  if (await repo.loginTaken(ctx.db, 'phone', input.phone, a.id)) throw conflict('该手机号已被其他账号使用');
  await checkMemberships(ctx, input.memberships);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('account')
      .set({
        phone: input.phone, merchant_account_type: input.merchantAccountType, use_site: input.useSite ? 1 : 0,
        bus_code: input.merchantAccountType === 1 ? BUSI_CODES.containerOwner : BUSI_CODES.mall, updated_at: ctx.clock.now(),
      })
      .where('id', '=', a.id)
      .execute();
    await repo.replaceMemberships(trx, merchantOf(ctx), a.id, input.memberships);
  });
  return { id: a.id };
}

function notSelf(ctx: OpContext, id: number, what: string) {
  if (ctx.session!.accountId === id) throw conflict(`不能${what}当前登录的账号`);
}

export async function accountDelete(ctx: OpContext, id: number) {
  await requireAccount(ctx, id);
  notSelf(ctx, id, '删除');
  await ctx.db.deleteFrom('account').where('id', '=', id).execute();
  return null;
}

export async function accountSetStatus(ctx: OpContext, id: number, enabled: boolean) {
  await requireAccount(ctx, id);
  notSelf(ctx, id, enabled ? '启用' : '停用');
  const now = ctx.clock.now();
  await ctx.db.updateTable('account').set({ status: enabled ? 1 : 0, updated_at: now }).where('id', '=', id).execute();
  if (!enabled) await revokeAccountSessions(ctx.db, id, REVOKE_REASONS.disabled, now);
  return null;
}

export async function accountResetPassword(ctx: OpContext, id: number, password: string) {
  await requireAccount(ctx, id);
  const now = ctx.clock.now();
  await ctx.db.updateTable('account').set({ password_hash: await hashPassword(password), password_changed_at: now, updated_at: now }).where('id', '=', id).execute();
  await revokeAccountSessions(ctx.db, id, REVOKE_REASONS.passwordChanged, now);
  return null;
}
