import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';

type Db = Kysely<Database> | Transaction<Database>;

// ---- scope (the subtree of the active organisation) ----
/**
 * The ids of an organisation and of every organisation below it, as a subquery (a recursive CTE, so
 * list and export queries stay plain synchronous Kysely builders).
 */
export function subtreeIds(db: Db, rootId: number) {
  return db
    .withRecursive('scope_org(id)', (qc) =>
      qc
        .selectFrom('organization')
        .select('organization.id')
        .where('organization.id', '=', rootId)
        .unionAll((qc2) => qc2.selectFrom('organization').innerJoin('scope_org', 'scope_org.id', 'organization.parent_id').select('organization.id')),
    )
    .selectFrom('scope_org')
    .select('scope_org.id');
}

// ---- organisations ----
export function listOrgs(db: Db, merchantId: number) {
  return db
    .selectFrom('organization')
    .select(['id', 'parent_id as parentId', 'name', 'structure_type as structureType', 'sort', 'created_at as createdAt'])
    .where('merchant_id', '=', merchantId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findOrg(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('organization')
    .select(['id', 'parent_id as parentId', 'name', 'structure_type as structureType', 'sort', 'created_at as createdAt'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function siblingNameTaken(db: Db, merchantId: number, parentId: number | null, name: string, exceptId?: number) {
  let q = db.selectFrom('organization').select('id').where('merchant_id', '=', merchantId).where('name', '=', name);
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function countBy(db: Db, table: 'membership' | 'organization' | 'role', column: 'organization_id' | 'parent_id' | 'role_id', id: number) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column as never, '=', id as never)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Accounts (distinct) and roles per organisation of a merchant. */
export async function orgCounts(db: Db, merchantId: number) {
  const accounts = await db
    .selectFrom('membership')
    .select(['organization_id as id', (eb) => eb.fn.count<number>('account_id').distinct().as('n')])
    .where('merchant_id', '=', merchantId)
    .groupBy('organization_id')
    .execute();
  const roles = await db
    .selectFrom('role')
    .select(['organization_id as id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('merchant_id', '=', merchantId)
    .groupBy('organization_id')
    .execute();
  return {
    accounts: new Map(accounts.map((r) => [r.id, Number(r.n)])),
    roles: new Map(roles.map((r) => [r.id, Number(r.n)])),
  };
}

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
      'role.id', 'role.name', 'role.package_name as packageName', 'role.is_admin as isAdmin', 'role.organization_id as organizationId',
      'organization.name as organizationName', 'role.created_at as createdAt',
      (eb) => eb.selectFrom('membership').select((e) => e.fn.count<number>('account_id').distinct().as('n')).whereRef('membership.role_id', '=', 'role.id').as('accountCount'),
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
    .select(['id', 'name', 'package_name as packageName', 'is_admin as isAdmin', 'organization_id as organizationId', 'created_at as createdAt'])
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
  if (menuIds.length) await db.insertInto('role_menu').values(menuIds.map((menu_id) => ({ role_id: roleId, menu_id }))).execute();
}

export function allMenus(db: Db) {
  return db.selectFrom('menu').selectAll().orderBy('sort').orderBy('id').execute();
}

// ---- accounts ----
export interface AccountFilter {
  userName?: string;
  phone?: string;
  status?: number;
  organizationId?: number;
  pageNum: number;
  pageSize: number;
  sortField?: 'createdAt' | 'userName';
  sortOrder: 'ascend' | 'descend';
}

/**
 * The account list's query: filters, merchant scope and order, without paging (the list and its export).
 * Only accounts the actor's scope holds: with a membership in the subtree of `scopeRootId` (every
 * account of the merchant when that is the merchant's root organisation).
 */
export function accountQuery(db: Db, merchantId: number, scopeRootId: number, f: Omit<AccountFilter, 'pageNum' | 'pageSize'>) {
  let q = db
    .selectFrom('account')
    .where('account.merchant_id', '=', merchantId)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('organization as scope_root').select('scope_root.id').where('scope_root.id', '=', scopeRootId).where('scope_root.parent_id', 'is', null)),
        eb.exists(
          eb.selectFrom('membership as scope_m').select('scope_m.account_id').whereRef('scope_m.account_id', '=', 'account.id')
            .where('scope_m.organization_id', 'in', subtreeIds(db, scopeRootId)),
        ),
      ]),
    );
  if (f.userName) q = q.where(contains('account.user_name', f.userName));
  if (f.phone) q = q.where(contains('account.phone', f.phone));
  if (f.status !== undefined) q = q.where('account.status', '=', f.status);
  if (f.organizationId) {
    const orgId = f.organizationId;
    q = q.where((eb) => eb.exists(eb.selectFrom('membership').select('account_id').whereRef('membership.account_id', '=', 'account.id').where('membership.organization_id', '=', orgId)));
  }
  const sortCol = f.sortField === 'userName' ? 'account.user_name' : 'account.id';
  return q
    .select(['account.id', 'account.user_name as userName', 'account.phone', 'account.status', 'account.merchant_account_type as merchantAccountType',
      'account.use_site as useSite', 'account.created_at as createdAt', 'account.updated_at as updatedAt'])
    .orderBy(sortCol, f.sortOrder === 'ascend' ? 'asc' : 'desc')
    .orderBy('account.id', f.sortOrder === 'ascend' ? 'asc' : 'desc');
}

export async function listAccounts(db: Db, merchantId: number, scopeRootId: number, f: AccountFilter) {
  const q = accountQuery(db, merchantId, scopeRootId, f);
  const total = await db.selectFrom(q.clearOrderBy().as('q')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await q.limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute();
  return { list, total: Number(total.n) };
}

export function findAccount(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('account')
    .select(['id', 'user_name as userName', 'phone', 'status', 'merchant_account_type as merchantAccountType', 'use_site as useSite',
      'bus_code as busCode', 'created_at as createdAt', 'updated_at as updatedAt'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function membershipsOf(db: Db, accountIds: number[]) {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('membership')
    .innerJoin('organization', 'organization.id', 'membership.organization_id')
    .innerJoin('role', 'role.id', 'membership.role_id')
    .select(['membership.account_id as accountId', 'membership.organization_id as organizationId', 'organization.name as organizationName',
      'membership.role_id as roleId', 'role.name as roleName', 'role.is_admin as roleIsAdmin'])
    .where('membership.account_id', 'in', accountIds)
    .orderBy('membership.organization_id')
    .orderBy('membership.role_id')
    .execute();
}

export async function loginTaken(db: Db, field: 'user_name' | 'phone', value: string, exceptId?: number) {
  let q = db.selectFrom('account').select('id').where(field, '=', value);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function replaceMemberships(db: Db, merchantId: number, accountId: number, list: { organizationId: number; roleId: number }[]) {
  await db.deleteFrom('membership').where('account_id', '=', accountId).execute();
  await db
    .insertInto('membership')
    .values(list.map((m) => ({ account_id: accountId, organization_id: m.organizationId, role_id: m.roleId, merchant_id: merchantId })))
    .execute();
}
