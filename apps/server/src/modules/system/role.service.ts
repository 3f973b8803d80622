import type { MenuNode } from '@merchant/contracts/permission/session';
import type { ParsedInputOf } from '@merchant/contracts';
import type { roleOps } from '@merchant/contracts/system/role';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badInput, conflict, forbidden, guardUnique, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { buildMenuTree } from '../permission/menu-tree.ts';
import { flag, orgName, requireOrg, requireRole, roleFacts, roleNote, scopeOf, scopeRootOf } from './admin-scope.ts';
import { membershipCount } from './account.service.ts';
import * as repo from './role.repo.ts';

// 角色管理: roles of the organisations in the scope and the menus they grant (the admin-scope rule in admin-scope.ts).

// The database's unique indexes are the last word (docs/decisions.md); the checks before them only answer early.
const ROLE_NAME_TAKEN: UniqueKey = {
  index: 'role_org_name_uq',
  table: 'role',
  columns: ['organization_id', 'name'],
  message: '该组织下已有同名角色',
};

/** Creates a new merchant's admin role (管理员, 标准版) in its root organisation, inside the caller's transaction (registration); its id. */
export function createAdminRole(
  trx: Transaction<Database>,
  input: { merchantId: number; organizationId: number; now: number },
): Promise<number> {
  return repo.insertAdminRole(trx, { ...input, name: '管理员', packageName: '标准版' });
}

/** The menu tree the signed-in role may grant (an admin cannot grant what its own role lacks). */
export async function grantableMenus(ctx: SessionOpContext): Promise<MenuNode[]> {
  const scope = await scopeOf(ctx);
  return buildMenuTree(await repo.allMenus(ctx.db), (anchor) => scope.anchors.has(anchor));
}

async function checkGrant(ctx: SessionOpContext, menuIds: number[]): Promise<number[]> {
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
export async function roleList(ctx: SessionOpContext, f: repo.RoleFilter) {
  if (f.organizationId) await requireOrg(ctx, f.organizationId);
  const scope = await scopeOf(ctx);
  const rows = await repo.listRoles(ctx.db, ctx.merchantId, scope.rootId, f);
  const facts = await roleFacts(ctx, rows);
  return rows.map((r) => ({
    ...r,
    isAdmin: r.isAdmin === 1,
    accountCount: Number(r.accountCount ?? 0),
    ...flag(roleNote(scope, facts.get(r.id)!)),
  }));
}

/** The role list's own query for its export (same filters, merchant and organisation scope, and order). */
export function roleExportQuery(ctx: SessionOpContext, f: repo.RoleFilter) {
  return repo.roleQuery(ctx.db, ctx.merchantId, scopeRootOf(ctx), f);
}

export async function roleDetail(ctx: SessionOpContext, id: number) {
  const role = await requireRole(ctx, id);
  const scope = await scopeOf(ctx);
  const facts = (await roleFacts(ctx, [role])).get(role.id)!;
  const menuIds = role.isAdmin === 1 ? (await repo.allMenus(ctx.db)).map((m) => m.id) : await repo.roleMenuIds(ctx.db, id);
  return {
    ...role,
    isAdmin: role.isAdmin === 1,
    organizationName: orgName(scope, role.organizationId),
    menuIds,
    ...flag(roleNote(scope, facts)),
  };
}

/** Refuses (A0301, with the reason) a role the signed-in account may not change. */
async function requireManageableRole(ctx: SessionOpContext, role: { id: number; name: string; organizationId: number; isAdmin: number }) {
  const note = roleNote(await scopeOf(ctx), (await roleFacts(ctx, [role])).get(role.id)!);
  if (note) throw forbidden(note);
}

export async function roleAdd(ctx: SessionOpContext, input: ParsedInputOf<typeof roleOps.add>) {
  await requireOrg(ctx, input.organizationId);
  if (await repo.roleNameTaken(ctx.db, input.organizationId, input.name)) throw conflict('该组织下已有同名角色');
  const menuIds = await checkGrant(ctx, input.menuIds);
  const id = await guardUnique(
    () =>
      repo.insertRole(ctx.db, {
        merchantId: ctx.merchantId,
        organizationId: input.organizationId,
        name: input.name,
        packageName: input.packageName,
        menuIds,
        now: ctx.clock.now(),
      }),
    ROLE_NAME_TAKEN,
  );
  return { id };
}

export async function roleEdit(ctx: SessionOpContext, input: ParsedInputOf<typeof roleOps.edit>) {
  const role = await requireRole(ctx, input.id);
  await requireManageableRole(ctx, role);
  if (await repo.roleNameTaken(ctx.db, role.organizationId, input.name, role.id)) throw conflict('该组织下已有同名角色');
  const menuIds = role.isAdmin === 1 ? null : await checkGrant(ctx, input.menuIds);
  await guardUnique(() => repo.updateRole(ctx.db, role.id, { name: input.name, packageName: input.packageName }, menuIds), ROLE_NAME_TAKEN);
  return { id: role.id };
}

export async function roleDelete(ctx: SessionOpContext, id: number) {
  const role = await requireRole(ctx, id);
  if (role.isAdmin === 1) throw conflict('管理员角色不能删除');
  await requireManageableRole(ctx, role);
  if ((await membershipCount(ctx, 'role_id', id)) > 0) throw conflict('该角色下还有账号，不能删除');
  await repo.deleteRole(ctx.db, id);
  return null;
}
