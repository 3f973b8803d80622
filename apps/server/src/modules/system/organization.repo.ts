import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

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
        .unionAll((qc2) =>
          qc2.selectFrom('organization').innerJoin('scope_org', 'scope_org.id', 'organization.parent_id').select('organization.id'),
        ),
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

/** The organisations directly below `id`. */
export async function childCount(db: Db, id: number) {
  const row = await db
    .selectFrom('organization')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', id)
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

export async function insertOrg(
  db: Db,
  row: { merchantId: number; parentId: number | null; name: string; structureType: number; sort: number; now: number },
) {
  const r = await db
    .insertInto('organization')
    .values({
      merchant_id: row.merchantId,
      parent_id: row.parentId,
      name: row.name,
      structure_type: row.structureType,
      sort: row.sort,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateOrg(db: Db, id: number, set: { name: string; sort: number }) {
  await db.updateTable('organization').set(set).where('id', '=', id).execute();
}

/** Deletes an organisation with its roles; its sites stay, without an organisation. */
export async function deleteOrg(db: Kysely<Database>, id: number) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('site').set({ organization_id: null }).where('organization_id', '=', id).execute();
    await trx.deleteFrom('role').where('organization_id', '=', id).execute();
    await trx.deleteFrom('organization').where('id', '=', id).execute();
  });
}
