import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { subtreeIds } from './organization.repo.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;

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
        eb.exists(
          eb
            .selectFrom('organization as scope_root')
            .select('scope_root.id')
            .where('scope_root.id', '=', scopeRootId)
            .where('scope_root.parent_id', 'is', null),
        ),
        eb.exists(
          eb
            .selectFrom('membership as scope_m')
            .select('scope_m.account_id')
            .whereRef('scope_m.account_id', '=', 'account.id')
            .where('scope_m.organization_id', 'in', subtreeIds(db, scopeRootId)),
        ),
      ]),
    );
  if (f.userName) q = q.where(contains('account.user_name', f.userName));
  if (f.phone) q = q.where(contains('account.phone', f.phone));
  if (f.status !== undefined) q = q.where('account.status', '=', f.status);
  if (f.organizationId) {
    const orgId = f.organizationId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('membership')
          .select('account_id')
          .whereRef('membership.account_id', '=', 'account.id')
          .where('membership.organization_id', '=', orgId),
      ),
    );
  }
  const sortCol = f.sortField === 'userName' ? 'account.user_name' : 'account.id';
  return q
    .select([
      'account.id',
      'account.user_name as userName',
      'account.phone',
      'account.status',
      'account.merchant_account_type as merchantAccountType',
      'account.use_site as useSite',
      'account.created_at as createdAt',
      'account.updated_at as updatedAt',
    ])
    .orderBy(sortCol, f.sortOrder === 'ascend' ? 'asc' : 'desc')
    .orderBy('account.id', f.sortOrder === 'ascend' ? 'asc' : 'desc');
}

export async function listAccounts(db: Db, merchantId: number, scopeRootId: number, f: AccountFilter) {
  const q = accountQuery(db, merchantId, scopeRootId, f);
  return fetchPage(db, q, f);
}

export function findAccount(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('account')
    .select([
      'id',
      'user_name as userName',
      'phone',
      'status',
      'merchant_account_type as merchantAccountType',
      'use_site as useSite',
      'bus_code as busCode',
      'created_at as createdAt',
      'updated_at as updatedAt',
    ])
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
    .select([
      'membership.account_id as accountId',
      'membership.organization_id as organizationId',
      'organization.name as organizationName',
      'membership.role_id as roleId',
      'role.name as roleName',
      'role.is_admin as roleIsAdmin',
    ])
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

export async function replaceMemberships(
  db: Db,
  merchantId: number,
  accountId: number,
  list: { organizationId: number; roleId: number }[],
) {
  await db.deleteFrom('membership').where('account_id', '=', accountId).execute();
  await db
    .insertInto('membership')
    .values(list.map((m) => ({ account_id: accountId, organization_id: m.organizationId, role_id: m.roleId, merchant_id: merchantId })))
    .execute();
}

/** Memberships of an organisation or of a role (accounts may hold several). */
export async function membershipCount(db: Db, column: 'organization_id' | 'role_id', id: number) {
  const row = await db
    .selectFrom('membership')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The account columns the account pages set. */
export interface AccountSet {
  phone: string;
  merchantAccountType: number;
  useSite: boolean;
  busCode: string;
}

/** Adds an account with its memberships, inside the caller's transaction. */
export async function addAccount(
  db: Db,
  row: AccountSet & {
    merchantId: number;
    userName: string;
    passwordHash: string;
    memberships: { organizationId: number; roleId: number }[];
    now: number;
  },
) {
  const r = await db
    .insertInto('account')
    .values({
      merchant_id: row.merchantId,
      user_name: row.userName,
      phone: row.phone,
      password_hash: row.passwordHash,
      merchant_account_type: row.merchantAccountType,
      use_site: row.useSite ? 1 : 0,
      bus_code: row.busCode,
      status: 1,
      password_changed_at: row.now,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('membership')
    .values(
      row.memberships.map((m) => ({ account_id: r.id, organization_id: m.organizationId, role_id: m.roleId, merchant_id: row.merchantId })),
    )
    .execute();
  return r.id;
}

/** Adds an account with its memberships, in a transaction of its own. */
export async function insertAccount(db: Kysely<Database>, row: Parameters<typeof addAccount>[1]) {
  return db.transaction().execute((trx) => addAccount(trx, row));
}

/** Updates an account and (unless `memberships` is null) replaces its memberships. */
export async function updateAccount(
  db: Kysely<Database>,
  merchantId: number,
  id: number,
  set: AccountSet & { now: number },
  memberships: { organizationId: number; roleId: number }[] | null,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('account')
      .set({
        phone: set.phone,
        merchant_account_type: set.merchantAccountType,
        use_site: set.useSite ? 1 : 0,
        bus_code: set.busCode,
        updated_at: set.now,
      })
      .where('id', '=', id)
      .execute();
    if (memberships) await replaceMemberships(trx, merchantId, id, memberships);
  });
}

export async function deleteAccount(db: Db, id: number) {
  await db.deleteFrom('account').where('id', '=', id).execute();
}

export async function setAccountStatus(db: Db, id: number, status: 0 | 1, now: number) {
  await db.updateTable('account').set({ status, updated_at: now }).where('id', '=', id).execute();
}

export async function setAccountPassword(db: Db, id: number, passwordHash: string, now: number) {
  await db
    .updateTable('account')
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}
