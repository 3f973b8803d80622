import { AUTH_LIMITS, CODES, type VerifyPurpose } from '@merchant/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../errors.ts';
import type { SmsSender } from '../sms/sms-sender.ts';
import { newVerifyCode, sha256 } from './tokens.ts';

const codeHash = (phone: string, purpose: string, code: string) => sha256(`${phone}:${purpose}:${code}`);
const tooFrequent = (msg: string) => new AppError(CODES.verifyCodeTooFrequent, msg, 429);
const invalid = (msg: string) => new AppError(CODES.verifyCodeInvalid, msg, 400);

const PURPOSE_TEXT: Record<VerifyPurpose, string> = { login: '登录', register: '注册', reset: '找回密码' };

/**
 * Issues a 6-digit code: one per phone per 60 s, 10 per phone per 24 h, valid 5 minutes.
 * `deliver` false (e.g. login code for a phone with no account) records the code but sends nothing,
 * so the answer and the limits are the same whether or not an account exists.
 */
export async function issueVerifyCode(
  db: Kysely<Database>,
  sender: SmsSender,
  input: { phone: string; purpose: VerifyPurpose; deliver: boolean },
  now: number,
): Promise<{ resendAfter: number }> {
  const recent = await db
    .selectFrom('verify_code')
    .select(['created_at'])
    .where('phone', '=', input.phone)
    .where('created_at', '>', now - 24 * 3_600_000)
    .orderBy('created_at', 'desc')
    .execute();
  const last = recent[0]?.created_at;
  if (last !== undefined && now - last < AUTH_LIMITS.codeResendSeconds * 1000) {
    const wait = Math.ceil((AUTH_LIMITS.codeResendSeconds * 1000 - (now - last)) / 1000);
    throw tooFrequent(`验证码发送过于频繁，请${wait}秒后再试`);
  }
  if (recent.length >= AUTH_LIMITS.codePerPhonePerDay) throw tooFrequent('该手机号今日获取验证码次数已达上限，请明天再试');
  const code = newVerifyCode();
  await db
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
  if (input.deliver) {
    await sender.send(
      input.phone,
      `【商户管理系统】您的${PURPOSE_TEXT[input.purpose]}验证码为 ${code}，${AUTH_LIMITS.codeTtlSeconds / 60}分钟内有效，请勿泄露给他人。`,
      now,
    );
  }
  return { resendAfter: AUTH_LIMITS.codeResendSeconds };
}

/** Checks and consumes the latest code; 5 wrong tries end it. Throws A0240 with a clear message. */
export async function consumeVerifyCode(
  db: Kysely<Database>,
  input: { phone: string; purpose: VerifyPurpose; code: string },
  now: number,
): Promise<void> {
  const row = await db
    .selectFrom('verify_code')
    .select(['id', 'code_hash', 'expires_at', 'attempts', 'consumed_at'])
    .where('phone', '=', input.phone)
    .where('purpose', '=', input.purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.consumed_at !== null) throw invalid('验证码无效，请重新获取');
  if (now >= row.expires_at) throw invalid('验证码已过期，请重新获取');
  if (row.attempts >= AUTH_LIMITS.codeMaxAttempts) throw invalid('验证码错误次数过多，请重新获取');
  if (row.code_hash !== codeHash(input.phone, input.purpose, input.code)) {
    await db.updateTable('verify_code').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', row.id).execute();
    const left = AUTH_LIMITS.codeMaxAttempts - row.attempts - 1;
    throw invalid(left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取');
  }
  const res = await db
    .updateTable('verify_code')
    .set({ consumed_at: now })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw invalid('验证码无效，请重新获取');
}
