import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { subtreeIds } from './organization.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

// ---- roles ----
export interface RoleFilter {
  organizationId?: number;
  name?: string;
}

/**
 * The role list's query: filters, merchant scope, the actor's organisation subtree (`scopeRootId`) and
 * order (the list, the organisation detail and the export).
 */
export function roleQuery(db: Db, merchantId: number, scopeRootId: number, f: RoleFilter) {
  let q = db
    .selectFrom('role')
    .innerJoin('organization', 'organization.id', 'role.organization_id')
    .select([
      'role.id',
      'role.name',
      'role.package_name as packageName',
      'role.is_admin as isAdmin',
      'role.organization_id as organizationId',
      'organization.name as organizationName',
      'role.created_at as createdAt',
      (eb) =>
        eb
          .selectFrom('membership')
          .select((e) => e.fn.count<number>('account_id').distinct().as('n'))
          .whereRef('membership.role_id', '=', 'role.id')
          .as('accountCount'),
    ])
    .where('role.merchant_id', '=', merchantId)
    .where('role.organization_id', 'in', subtreeIds(db, scopeRootId));
  if (f.organizationId) q = q.where('role.organization_id', '=', f.organizationId);
  if (f.name) q = q.where(contains('role.name', f.name));
  return q.orderBy('role.organization_id').orderBy('role.id');
}

export function listRoles(db: Db, merchantId: number, scopeRootId: number, f: RoleFilter) {
  return roleQuery(db, merchantId, scopeRootId, f).execute();
}

export function findRole(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('role')
    .select([
      'id',
      'name',
      'package_name as packageName',
      'is_admin as isAdmin',
      'organization_id as organizationId',
      'created_at as createdAt',
    ])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function roleMenuIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db.selectFrom('role_menu').select('menu_id').where('role_id', '=', roleId).orderBy('menu_id').execute();
  return rows.map((r) => r.menu_id);
}

/** The page anchors (menu_type 2) each role grants; folders grant nothing by themselves. */
export async function rolePageAnchors(db: Db, roleIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return out;
  const rows = await db
    .selectFrom('role_menu')
    .innerJoin('menu', 'menu.id', 'role_menu.menu_id')
    .select(['role_menu.role_id as roleId', 'menu.anchor'])
    .where('role_menu.role_id', 'in', [...new Set(roleIds)])
    .where('menu.menu_type', '=', 2)
    .execute();
  for (const r of rows) out.get(r.roleId)!.push(r.anchor);
  return out;
}

export async function roleNameTaken(db: Db, organizationId: number, name: string, exceptId?: number) {
  let q = db.selectFrom('role').select('id').where('organization_id', '=', organizationId).where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function replaceRoleMenus(db: Db, roleId: number, menuIds: number[]) {
  await db.deleteFrom('role_menu').where('role_id', '=', roleId).execute();
  if (menuIds.length)
    await db
      .insertInto('role_menu')
      .values(menuIds.map((menu_id) => ({ role_id: roleId, menu_id })))
      .execute();
}

export function allMenus(db: Db) {
  return db.selectFrom('menu').selectAll().orderBy('sort').orderBy('id').execute();
}

/** Adds a role with the menus it grants. */
export async function insertRole(
  db: Kysely<Database>,
  row: { merchantId: number; organizationId: number; name: string; packageName: string; menuIds: number[]; now: number },
) {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .insertInto('role')
      .values({
        merchant_id: row.merchantId,
        organization_id: row.organizationId,
        name: row.name,
        package_name: row.packageName,
        is_admin: 0,
        created_at: row.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceRoleMenus(trx, r.id, row.menuIds);
    return r.id;
  });
}

/** Adds an organisation's admin role: it holds every menu, so it grants none by name. */
export async function insertAdminRole(
  db: Db,
  row: { merchantId: number; organizationId: number; name: string; packageName: string; now: number },
) {
  const r = await db
    .insertInto('role')
    .values({
      merchant_id: row.merchantId,
      organization_id: row.organizationId,
      name: row.name,
      package_name: row.packageName,
      is_admin: 1,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Renames a role and (unless `menuIds` is null: an admin role holds every menu) replaces its menus. */
export async function updateRole(db: Kysely<Database>, id: number, set: { name: string; packageName: string }, menuIds: number[] | null) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('role').set({ name: set.name, package_name: set.packageName }).where('id', '=', id).execute();
    if (menuIds) await replaceRoleMenus(trx, id, menuIds);
  });
}

export async function deleteRole(db: Db, id: number) {
  await db.deleteFrom('role').where('id', '=', id).execute();
}
