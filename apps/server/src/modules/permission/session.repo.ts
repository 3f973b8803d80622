import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

// The signed-in session: its account, merchant, memberships and organisations, the menus, channels and sites.

type Db = Kysely<Database>;

export function findAccountById(db: Db, id: number) {
  return db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMerchant(db: Db, id: number) {
  return db.selectFrom('merchant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The account's memberships with organisation and role names, ordered by organisation then role. */
export function listMemberships(db: Db, accountId: number) {
  return db
    .selectFrom('membership')
    .innerJoin('organization', 'organization.id', 'membership.organization_id')
    .innerJoin('role', 'role.id', 'membership.role_id')
    .select([
      'membership.organization_id as organizationId',
      'organization.name as organizationName',
      'organization.parent_id as parentId',
      'role.id as roleId',
      'role.name as roleName',
      'role.package_name as packageName',
      'role.is_admin as isAdmin',
    ])
    .where('membership.account_id', '=', accountId)
    .orderBy('membership.organization_id')
    .orderBy('role.id')
    .execute();
}

export function listOrganizations(db: Db, merchantId: number) {
  return db
    .selectFrom('organization')
    .select(['id', 'parent_id', 'name', 'structure_type', 'sort'])
    .where('merchant_id', '=', merchantId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listMenus(db: Db) {
  return db.selectFrom('menu').selectAll().orderBy('sort').orderBy('id').execute();
}

export function listMerchantChannels(db: Db, merchantId: number) {
  return db
    .selectFrom('merchant_channel')
    .innerJoin('channel', 'channel.code', 'merchant_channel.channel_code')
    .select(['channel.code', 'channel.name'])
    .where('merchant_channel.merchant_id', '=', merchantId)
    .orderBy('channel.sort')
    .execute();
}

export function listSites(db: Db, merchantId: number) {
  return db.selectFrom('site').select(['code', 'name']).where('merchant_id', '=', merchantId).orderBy('code').execute();
}
