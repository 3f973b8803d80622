import { CODES } from '@merchant/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError, sessionInvalid } from '../errors.ts';
import { newToken, sha256 } from './tokens.ts';

export interface SessionContext {
  sessionId: number;
  accountId: number;
  merchantId: number;
  userName: string;
  organizationId: number | null;
  roleIds: number[];
}

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
}

/** How often last_seen_at is written (a request inside this window does not write). */
const TOUCH_EVERY_MS = 15_000;

export const REVOKE_REASONS = {
  logout: 'logout',
  disabled: 'disabled',
  passwordChanged: 'password_changed',
  membership: 'membership',
} as const;

const reasonError: Record<string, () => AppError> = {
  [REVOKE_REASONS.disabled]: () => new AppError(CODES.accountDisabled, '账号已被停用，请联系管理员', 401),
  [REVOKE_REASONS.passwordChanged]: () => new AppError(CODES.passwordChanged, '密码已修改，请重新登录', 401),
  [REVOKE_REASONS.membership]: () => new AppError(CODES.membershipRevoked, '组织或角色已变更，请重新登录', 401),
};

export function parseRoleIds(s: string): number[] {
  return s
    ? s
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];
}

export function extractToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const t = header.startsWith('Bearer ') ? header.slice(7) : header;
  return t.length >= 20 && t.length <= 200 ? t : undefined;
}

export async function createSession(
  db: Kysely<Database>,
  input: { accountId: number; merchantId: number; organizationId: number | null; roleIds: number[]; ip: string; userAgent: string },
  now: number,
  timeouts: SessionTimeouts,
): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const expiresAt = now + timeouts.absoluteMs;
  await db
    .insertInto('session')
    .values({
      token_hash: sha256(token),
      account_id: input.accountId,
      merchant_id: input.merchantId,
      organization_id: input.organizationId,
      role_ids: input.roleIds.join(','),
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      ip: input.ip.slice(0, 64),
      user_agent: input.userAgent.slice(0, 255),
    })
    .execute();
  return { token, expiresAt };
}

/**
 * Resolves a token to its session or throws the spec §8 code that makes the client log out:
 * A0230 (missing, unknown, idle or absolute expiry, logged out), 110001 (account disabled),
 * 110052 (password changed), 110008 (membership revoked).
 */
export async function resolveSession(
  db: Kysely<Database>,
  token: string | undefined,
  now: number,
  timeouts: SessionTimeouts,
): Promise<SessionContext> {
  if (!token) throw sessionInvalid('请先登录');
  const row = await db
    .selectFrom('session')
    .innerJoin('account', 'account.id', 'session.account_id')
    .select([
      'session.id as sessionId',
      'session.account_id as accountId',
      'session.merchant_id as merchantId',
      'session.organization_id as organizationId',
      'session.role_ids as roleIds',
      'session.created_at as createdAt',
      'session.last_seen_at as lastSeenAt',
      'session.expires_at as expiresAt',
      'session.revoked_at as revokedAt',
      'session.revoked_reason as revokedReason',
      'account.user_name as userName',
      'account.status as status',
      'account.password_changed_at as passwordChangedAt',
    ])
    .where('session.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) throw sessionInvalid();
  if (row.revokedAt !== null) throw (reasonError[row.revokedReason ?? ''] ?? sessionInvalid)();
  if (row.status !== 1) {
    await revokeSession(db, row.sessionId, REVOKE_REASONS.disabled, now);
    throw reasonError[REVOKE_REASONS.disabled]();
  }
  if (row.passwordChangedAt > row.createdAt) {
    await revokeSession(db, row.sessionId, REVOKE_REASONS.passwordChanged, now);
    throw reasonError[REVOKE_REASONS.passwordChanged]();
  }
  if (now >= row.expiresAt) throw sessionInvalid('登录已超过最长有效期，请重新登录');
  if (now - row.lastSeenAt >= timeouts.idleMs) throw sessionInvalid('长时间未操作，登录已失效，请重新登录');
  if (now - row.lastSeenAt >= TOUCH_EVERY_MS) {
    await db.updateTable('session').set({ last_seen_at: now }).where('id', '=', row.sessionId).execute();
  }
  return {
    sessionId: row.sessionId,
    accountId: row.accountId,
    merchantId: row.merchantId,
    userName: row.userName,
    organizationId: row.organizationId,
    roleIds: parseRoleIds(row.roleIds),
  };
}

export async function revokeSession(db: Kysely<Database>, sessionId: number, reason: string, now: number): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every open session of an account (disable, password change). */
export async function revokeAccountSessions(db: Kysely<Database>, accountId: number, reason: string, now: number): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function setSessionSelection(
  db: Kysely<Database>,
  sessionId: number,
  organizationId: number,
  roleIds: number[],
): Promise<void> {
  await db
    .updateTable('session')
    .set({ organization_id: organizationId, role_ids: roleIds.join(',') })
    .where('id', '=', sessionId)
    .execute();
}
