import { AUTH_LIMITS, CODES } from '@merchant/contracts';
import type { OpContext, SessionOpContext } from '../../platform/gateway/op-context.ts';
import { AppError, conflict, guardUnique } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { createSession, revokeAccountSessions, revokeSession, REVOKE_REASONS } from '../../platform/auth/session.service.ts';
import { checkVerifyCode, consumeVerifyCode, useVerifyCode } from '../../platform/auth/verify-code.service.ts';
import { createMerchant } from '../merchant/merchant-info.service.ts';
import { createAccount, setPassword } from '../system/account.service.ts';
import { createRootOrganization } from '../system/organization.service.ts';
import { createAdminRole } from '../system/role.service.ts';
import * as repo from './sign-in.repo.ts';

// Sign-in (public): password and SMS login with their locks and log, registration, password reset, and logout.

const loginFailed = () => new AppError(CODES.loginFailed, '账号或密码错误', 400);
const locked = () => new AppError(CODES.accountLocked, `登录失败次数过多，账号已锁定，请${AUTH_LIMITS.loginLockMinutes}分钟后再试`, 423);
const disabled = () => new AppError(CODES.accountDisabled, '账号已被停用，请联系管理员', 403);

type Account = NonNullable<Awaited<ReturnType<typeof repo.findAccountByLogin>>>;

function timeouts(ctx: OpContext) {
  return { idleMs: ctx.config.sessionIdleMs, absoluteMs: ctx.config.sessionAbsoluteMs };
}

/** Opens a session on the account's first organisation and its first role. */
async function openSession(ctx: OpContext, account: Account, method: string) {
  const first = await repo.firstMembership(ctx.db, account.id);
  const now = ctx.clock.now();
  await repo.insertLoginLog(ctx.db, {
    merchantId: account.merchant_id,
    accountId: account.id,
    userName: account.user_name,
    method,
    success: true,
    reason: '',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    now,
  });
  return createSession(
    ctx.db,
    {
      accountId: account.id,
      merchantId: account.merchant_id,
      organizationId: first?.organizationId ?? null,
      roleIds: first ? [first.roleId] : [],
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    },
    now,
    timeouts(ctx),
  );
}

/**
 * Global back-off per login key, whatever the address: from this many failures in the window on, each
 * attempt takes a slot, the next one free after a delay that doubles with every further failure.
 */
export const LOGIN_BACKOFF = { afterFailures: 20, firstDelayMs: 1_000, maxDelayMs: 60_000 } as const;

export function backoffDelayMs(failures: number): number {
  if (failures < LOGIN_BACKOFF.afterFailures) return 0;
  return Math.min(LOGIN_BACKOFF.firstDelayMs * 2 ** Math.min(failures - LOGIN_BACKOFF.afterFailures, 30), LOGIN_BACKOFF.maxDelayMs);
}

const throttled = (waitMs: number) =>
  new AppError(CODES.tooManyRequests, `该账号登录尝试过于频繁，请${Math.max(1, Math.ceil(waitMs / 1000))}秒后再试`, 429);

/**
 * Password sign-in. Locks are per login key (the account's user name, or the typed name when there is
 * no such account, so unknown names behave exactly like real ones) AND address: 5 failures from one
 * address in 15 minutes lock that address out of that account for 15 minutes — another address is not
 * affected. Across addresses, an account past LOGIN_BACKOFF.afterFailures failures in the window takes
 * one attempt per back-off slot.
 */
export async function loginWithPassword(ctx: OpContext, input: { userName: string; password: string }) {
  const login = input.userName.trim();
  const account = await repo.findAccountByLogin(ctx.db, login);
  const userKey = (account?.user_name ?? login).toLowerCase().slice(0, 64);
  const now = ctx.clock.now();
  const log = (reason: string) =>
    repo.insertLoginLog(ctx.db, {
      merchantId: account?.merchant_id ?? null,
      accountId: account?.id ?? null,
      userName: userKey,
      method: 'password',
      success: false,
      reason,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      now,
    });
  if ((await repo.ipLockedUntil(ctx.db, userKey, ctx.ip)) > now) {
    await verifyPassword(undefined, input.password); // same cost as a real attempt
    await log('locked');
    throw locked();
  }
  const windowStart = now - AUTH_LIMITS.loginFailureWindowMinutes * 60_000;
  const delay = backoffDelayMs((await repo.countRecentFailures(ctx.db, userKey, windowStart, ctx.ip)).total);
  if (delay > 0) {
    const slot = await repo.claimAttempt(ctx.db, userKey, now, now + delay);
    if (!slot.ok) {
      await verifyPassword(undefined, input.password);
      await log('throttled');
      throw throttled(slot.until - now);
    }
  }
  const ok = await verifyPassword(account?.password_hash, input.password);
  if (!ok || !account) {
    await log('bad_credentials');
    const failures = await repo.countRecentFailures(ctx.db, userKey, windowStart, ctx.ip);
    if (failures.fromIp >= AUTH_LIMITS.loginMaxFailures) {
      await repo.setIpLock(ctx.db, userKey, ctx.ip, now + AUTH_LIMITS.loginLockMinutes * 60_000);
      throw locked();
    }
    throw loginFailed();
  }
  if (account.status !== 1) {
    await log('disabled');
    throw disabled();
  }
  await repo.clearBackoff(ctx.db, userKey);
  return openSession(ctx, account, 'password');
}

export async function loginWithSms(ctx: OpContext, input: { phone: string; code: string }) {
  await consumeVerifyCode(ctx.db, { phone: input.phone, purpose: 'login', code: input.code }, ctx.clock.now());
  const account = await repo.findAccountByPhone(ctx.db, input.phone);
  if (!account) throw loginFailed();
  if (account.status !== 1) {
    await repo.insertLoginLog(ctx.db, {
      merchantId: account.merchant_id,
      accountId: account.id,
      userName: account.user_name,
      method: 'sms',
      success: false,
      reason: 'disabled',
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      now: ctx.clock.now(),
    });
    throw disabled();
  }
  return openSession(ctx, account, 'sms');
}

const USER_NAME_TAKEN = '该账号已被使用，请换一个';
const PHONE_TAKEN = '该手机号已注册，请直接登录或找回密码';

/**
 * Creates a merchant with its root organisation, an admin role and its first admin account.
 * The code is checked first: only a caller holding the phone's code learns whether the account
 * name or the phone is taken (no enumeration). The code is used in the same transaction as the
 * accounts are written, so a refusal for a taken name leaves it usable for a corrected request.
 */
export async function register(
  ctx: OpContext,
  input: { merchantName: string; userName: string; phone: string; code: string; password: string },
) {
  const now = ctx.clock.now();
  const codeId = await checkVerifyCode(ctx.db, { phone: input.phone, purpose: 'register', code: input.code }, now);
  if (await repo.findAccountByLogin(ctx.db, input.userName)) throw conflict(USER_NAME_TAKEN);
  if (await repo.findAccountByPhone(ctx.db, input.phone)) throw conflict(PHONE_TAKEN);
  const passwordHash = await hashPassword(input.password);
  await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        await useVerifyCode(trx, codeId, now);
        const merchantId = await createMerchant(trx, { name: input.merchantName, now });
        const organizationId = await createRootOrganization(trx, { merchantId, name: input.merchantName, now });
        const roleId = await createAdminRole(trx, { merchantId, organizationId, now });
        await createAccount(trx, {
          merchantId,
          userName: input.userName,
          phone: input.phone,
          passwordHash,
          membership: { organizationId, roleId },
          now,
        });
      }),
    { index: 'account_user_name_key', table: 'account', columns: ['user_name'], message: USER_NAME_TAKEN },
    { index: 'account_phone_key', table: 'account', columns: ['phone'], message: PHONE_TAKEN },
  );
  return { userName: input.userName };
}

/** Sets a new password after a code check; every open session of the account ends. */
export async function resetPassword(ctx: OpContext, input: { phone: string; code: string; password: string }) {
  const now = ctx.clock.now();
  await consumeVerifyCode(ctx.db, { phone: input.phone, purpose: 'reset', code: input.code }, now);
  const account = await repo.findAccountByPhone(ctx.db, input.phone);
  if (!account) throw new AppError(CODES.verifyCodeInvalid, '验证码无效，请重新获取', 400);
  await setPassword(ctx.db, account.id, input.password, now);
  await revokeAccountSessions(ctx.db, account.id, REVOKE_REASONS.passwordChanged, now);
  await repo.clearLock(ctx.db, account.user_name.toLowerCase());
  return null;
}

export async function logout(ctx: SessionOpContext) {
  await revokeSession(ctx.db, ctx.session.sessionId, REVOKE_REASONS.logout, ctx.clock.now());
  return null;
}
