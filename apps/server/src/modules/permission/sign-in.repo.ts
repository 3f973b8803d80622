import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

// Sign-in: accounts by login name or phone, the first membership a session opens on, the login log and the
// login locks (only sign-in writes them).

type Db = Kysely<Database>;

export function findAccountByLogin(db: Db, login: string) {
  return db
    .selectFrom('account')
    .selectAll()
    .where((eb) => eb.or([eb('user_name', '=', login), eb('phone', '=', login)]))
    .executeTakeFirst();
}

export function findAccountByPhone(db: Db, phone: string) {
  return db.selectFrom('account').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/** The account's first membership (lowest organisation, then lowest role): the one a new session opens on. */
export function firstMembership(db: Db, accountId: number) {
  return db
    .selectFrom('membership')
    .innerJoin('organization', 'organization.id', 'membership.organization_id')
    .innerJoin('role', 'role.id', 'membership.role_id')
    .select(['membership.organization_id as organizationId', 'role.id as roleId'])
    .where('membership.account_id', '=', accountId)
    .orderBy('membership.organization_id')
    .orderBy('role.id')
    .executeTakeFirst();
}

export async function insertLoginLog(
  db: Db,
  row: {
    merchantId: number | null;
    accountId: number | null;
    userName: string;
    method: string;
    success: boolean;
    reason: string;
    ip: string;
    userAgent: string;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('login_log')
    .values({
      merchant_id: row.merchantId,
      account_id: row.accountId,
      user_name: row.userName.slice(0, 64),
      method: row.method,
      success: row.success ? 1 : 0,
      reason: row.reason,
      ip: row.ip.slice(0, 64),
      user_agent: row.userAgent.slice(0, 255),
      created_at: row.now,
    })
    .execute();
}

/**
 * Failed password attempts for a login key since `since` (and after its last success): from every
 * address, and from `ip` alone.
 */
export async function countRecentFailures(db: Db, userKey: string, since: number, ip: string): Promise<{ total: number; fromIp: number }> {
  const lastSuccess = await db
    .selectFrom('login_log')
    .select((eb) => eb.fn.max('created_at').as('t'))
    .where('user_name', '=', userKey)
    .where('success', '=', 1)
    .executeTakeFirst();
  const from = Math.max(since, Number(lastSuccess?.t ?? 0) + 1);
  const row = await db
    .selectFrom('login_log')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('ip', '=', ip.slice(0, 64)).then(1).else(0).end()).as('fromIp'),
    ])
    .where('user_name', '=', userKey)
    .where('method', '=', 'password')
    .where('success', '=', 0)
    .where('reason', '=', 'bad_credentials')
    .where('created_at', '>=', from)
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), fromIp: Number(row?.fromIp ?? 0) };
}

/** Until when a login key is locked for one address (0: not locked). */
export async function ipLockedUntil(db: Db, userKey: string, ip: string): Promise<number> {
  const row = await db
    .selectFrom('login_ip_lock')
    .select('locked_until')
    .where('user_key', '=', userKey)
    .where('ip', '=', ip.slice(0, 64))
    .executeTakeFirst();
  return row?.locked_until ?? 0;
}

export async function setIpLock(db: Db, userKey: string, ip: string, until: number): Promise<void> {
  await db
    .insertInto('login_ip_lock')
    .values({ user_key: userKey, ip: ip.slice(0, 64), locked_until: until })
    .onConflict((oc) => oc.columns(['user_key', 'ip']).doUpdateSet({ locked_until: until }))
    .execute();
}

/**
 * Takes the login key's next attempt slot under the global back-off, atomically (one caller wins,
 * whatever the concurrency): true and the next slot set to `next` when the slot is free at `now`;
 * false (and `until`, when the slot frees) while it is taken.
 */
export async function claimAttempt(db: Db, userKey: string, now: number, next: number): Promise<{ ok: boolean; until: number }> {
  const updated = await db
    .updateTable('login_lock')
    .set({ locked_until: next })
    .where('user_key', '=', userKey)
    .where('locked_until', '<=', now)
    .returning('user_key')
    .executeTakeFirst();
  if (updated) return { ok: true, until: next };
  const inserted = await db
    .insertInto('login_lock')
    .values({ user_key: userKey, locked_until: next })
    .onConflict((oc) => oc.column('user_key').doNothing())
    .returning('user_key')
    .executeTakeFirst();
  if (inserted) return { ok: true, until: next };
  const row = await db.selectFrom('login_lock').select('locked_until').where('user_key', '=', userKey).executeTakeFirst();
  return { ok: false, until: row?.locked_until ?? now };
}

/** Ends the global back-off of a login key (a successful sign-in). */
export async function clearBackoff(db: Db, userKey: string): Promise<void> {
  await db.deleteFrom('login_lock').where('user_key', '=', userKey).execute();
}

/** Ends every lock of a login key, from every address (the owner proved the phone: password reset). */
export async function clearLock(db: Db, userKey: string): Promise<void> {
  await db.deleteFrom('login_lock').where('user_key', '=', userKey).execute();
  await db.deleteFrom('login_ip_lock').where('user_key', '=', userKey).execute();
}
