import { AUTH_LIMITS, CODES } from '@merchant/contracts';
import type { VerifyPurpose } from '@merchant/contracts/permission/sign-in';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../errors.ts';
import { spendBudgets, sweepBudgets, type Budget } from '../rate-budget.ts';
import type { SmsSender } from '../sms/sms-sender.ts';
import { newVerifyCode, sha256 } from './tokens.ts';

const codeHash = (phone: string, purpose: string, code: string) => sha256(`${phone}:${purpose}:${code}`);
const tooFrequent = (msg: string) => new AppError(CODES.verifyCodeTooFrequent, msg, 429);
const invalid = (msg: string) => new AppError(CODES.verifyCodeInvalid, msg, 400);

const PURPOSE_TEXT: Record<VerifyPurpose, string> = { login: '登录', register: '注册', reset: '找回密码' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The captcha / slider hook point: every verify-code request passes through it before any budget
 * is spent or any code issued. The default lets every request through; a deployment that wants a
 * captcha or slider passes its own to `buildApp({ humanCheck })`: it reads the token its widget
 * added to the request (a header or a body field of its choosing) and throws an AppError — e.g.
 * `new AppError(CODES.verifyCodeTooFrequent, '请先完成安全验证', 429)` — to refuse.
 */
export interface HumanCheck {
  check(input: { phone: string; purpose: VerifyPurpose; ip: string; request: FastifyRequest }): Promise<void>;
}

/** Default: no captcha. */
export const noHumanCheck: HumanCheck = { check: async () => undefined };

const waitText = (ms: number) =>
  ms > HOUR ? `${Math.ceil(ms / HOUR)}小时` : ms > MINUTE ? `${Math.ceil(ms / MINUTE)}分钟` : `${Math.max(1, Math.ceil(ms / 1000))}秒`;

/** The sending budgets beyond one phone's own: per client IP, and for the whole platform (config.ts). */
function sendingBudgets(ip: string, b: Config['verifyCodeBudget']): Budget[] {
  return [
    {
      bucket: `code:ip:${ip}:hour`,
      limit: b.perIpHour,
      windowMs: HOUR,
      refusal: (w) => tooFrequent(`当前网络获取验证码过于频繁，请${waitText(w)}后再试`),
    },
    {
      bucket: `code:ip:${ip}:day`,
      limit: b.perIpDay,
      windowMs: DAY,
      refusal: (w) => tooFrequent(`当前网络今日获取验证码次数已达上限，请${waitText(w)}后再试`),
    },
    {
      bucket: 'code:all:minute',
      limit: b.perMinute,
      windowMs: MINUTE,
      refusal: (w) => tooFrequent(`验证码发送繁忙，请${waitText(w)}后再试`),
    },
    {
      bucket: 'code:all:day',
      limit: b.perDay,
      windowMs: DAY,
      refusal: (w) => tooFrequent(`今日验证码发送量已达上限，请${waitText(w)}后再试`),
    },
  ];
}

/**
 * Issues a 6-digit code, valid 5 minutes, within the sending budgets — checked in this order, the
 * first one spent answers: one per phone per 60 s, 10 per phone per 24 h, per IP an hour and a day,
 * the whole platform a minute and a day (`config.verifyCodeBudget`). The budgets are spent and the
 * code stored in one transaction, so concurrent requests cannot overspend them; the message is sent
 * after it commits.
 *
 * `deliver` false (e.g. login code for a phone with no account) records the code but sends nothing,
 * so the answer and the budgets are the same whether or not an account exists.
 */
export async function issueVerifyCode(
  db: Kysely<Database>,
  sender: SmsSender,
  input: { phone: string; purpose: VerifyPurpose; deliver: boolean; ip: string },
  now: number,
  budget: Config['verifyCodeBudget'],
): Promise<{ resendAfter: number }> {
  await sweepBudgets(db, now);
  const code = newVerifyCode();
  await db.transaction().execute(async (trx) => {
    // One request per phone at a time: the 60 s bucket is taken first, so the daily count below
    // is read and written by one request per phone.
    await spendBudgets(
      trx,
      [
        {
          bucket: `code:phone:${input.phone}`,
          limit: 1,
          windowMs: AUTH_LIMITS.codeResendSeconds * 1000,
          refusal: (w) => tooFrequent(`验证码发送过于频繁，请${Math.max(1, Math.ceil(w / 1000))}秒后再试`),
        },
      ],
      now,
    );
    const today = await trx
      .selectFrom('verify_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', '=', input.phone)
      .where('created_at', '>', now - DAY)
      .executeTakeFirstOrThrow();
    if (Number(today.n) >= AUTH_LIMITS.codePerPhonePerDay) throw tooFrequent('该手机号今日获取验证码次数已达上限，请明天再试');
    await spendBudgets(trx, sendingBudgets(input.ip, budget), now);
    await trx
      .insertInto('verify_code')
      .values({
        phone: input.phone,
        purpose: input.purpose,
        code_hash: codeHash(input.phone, input.purpose, code),
        created_at: now,
        expires_at: now + AUTH_LIMITS.codeTtlSeconds * 1000,
        attempts: 0,
      })
      .execute();
  });
  if (input.deliver) {
    await sender.send(
      input.phone,
      `【商户管理系统】您的${PURPOSE_TEXT[input.purpose]}验证码为 ${code}，${AUTH_LIMITS.codeTtlSeconds / 60}分钟内有效，请勿泄露给他人。`,
      now,
    );
  }
  return { resendAfter: AUTH_LIMITS.codeResendSeconds };
}

/**
 * Checks the latest code of a phone and purpose; 5 tries end it. Each try first takes one of the
 * code's tries with an atomic conditional update (`attempts + 1 where attempts < 5`), and only a
 * try that got one is compared — so concurrent guesses can never compare more than 5 times.
 * Returns the code's id; throws A0240 with a clear message.
 */
export async function checkVerifyCode(
  db: Kysely<Database>,
  input: { phone: string; purpose: VerifyPurpose; code: string },
  now: number,
): Promise<number> {
  const row = await db
    .selectFrom('verify_code')
    .select(['id', 'code_hash', 'expires_at', 'consumed_at'])
    .where('phone', '=', input.phone)
    .where('purpose', '=', input.purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.consumed_at !== null) throw invalid('验证码无效，请重新获取');
  if (now >= row.expires_at) throw invalid('验证码已过期，请重新获取');
  const took = await db
    .updateTable('verify_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', AUTH_LIMITS.codeMaxAttempts)
    .where('consumed_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  if (!took) throw invalid('验证码错误次数过多，请重新获取');
  if (row.code_hash !== codeHash(input.phone, input.purpose, input.code)) {
    const left = AUTH_LIMITS.codeMaxAttempts - took.attempts;
    throw invalid(left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取');
  }
  return row.id;
}

/**
 * Uses a checked code (once: a concurrent use of the same code is refused). Pass a transaction to
 * make the use part of the change it allows (a refusal later in it gives the code back).
 */
export async function useVerifyCode(db: Kysely<Database>, id: number, now: number): Promise<void> {
  const res = await db
    .updateTable('verify_code')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw invalid('验证码无效，请重新获取');
}

/** Checks and uses the latest code (sign-in by SMS, password reset). */
export async function consumeVerifyCode(
  db: Kysely<Database>,
  input: { phone: string; purpose: VerifyPurpose; code: string },
  now: number,
): Promise<void> {
  await useVerifyCode(db, await checkVerifyCode(db, input, now), now);
}
