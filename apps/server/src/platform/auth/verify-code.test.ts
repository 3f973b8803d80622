import { type ApiClient, CODES, GATEWAY_PATHS } from '@merchant/contracts';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, lastSmsCode, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { expectWinners, race, tally } from '../../test/race.ts';
import { AppError } from '../errors.ts';
import type { HumanCheck } from './verify-code.service.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** Verify codes: the guess limit under concurrency (issue 10 item 5), sending budgets, the captcha hook and register's order of checks (item 6). */
describe.each(DIALECTS)('verify codes (%s)', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  const sendCode = (client: ApiClient, phone: string, purpose = 'register', headers?: Record<string, string>) =>
    client.envelope({ method: 'POST', path: GATEWAY_PATHS.verifyCode, body: { phone, purpose }, headers });
  const loginSms = (phone: string, code: string) => op(t.anon, signInOps.loginSms.name, { phone, code }, { public: true });
  const register = (body: { userName: string; phone: string; code: string }) =>
    op(t.anon, signInOps.register.name, { merchantName: '新注册商户', password: 'Abcdef123', ...body }, { public: true });
  const count = async (table: 'sms_outbox' | 'verify_code' | 'rate_budget' | 'merchant' | 'session') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const phones = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `1370001${String(from + i).padStart(4, '0')}`);

  it('compares no more than 5 guesses of a code, however many arrive at once', async () => {
    t = await startTestApp(dialect);
    const phone = '13800000002';
    expect((await sendCode(t.anon, phone, 'login')).code).toBe(CODES.ok);
    const code = await lastSmsCode(t.db, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await race(25, () => loginSms(phone, wrong));
    const summary = JSON.stringify(tally(answers));
    expect(
      answers.every((a) => a.code === CODES.verifyCodeInvalid && a.status === 400),
      summary,
    ).toBe(true);
    // Exactly five were compared: four told how many tries are left (4, 3, 2, 1), the fifth that they ran out.
    const left = answers
      .map((a) => /还可尝试(\d)次/.exec(a.msg)?.[1])
      .filter(Boolean)
      .sort();
    expect(left, summary).toEqual(['1', '2', '3', '4']);
    expect(answers.filter((a) => a.msg === '验证码错误次数过多，请重新获取')).toHaveLength(21);
    const row = await t.db.db.selectFrom('verify_code').select('attempts').where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await loginSms(phone, code)).msg).toBe('验证码错误次数过多，请重新获取');
    expect(await count('session')).toBe(0);
  });

  it('signs in once with a right code sent many times at once', async () => {
    t = await startTestApp(dialect);
    const phone = '13800000004';
    await sendCode(t.anon, phone, 'login');
    const code = await lastSmsCode(t.db, phone);
    // A loser finds the code used, or — when five same requests took its five tries before the winner used it — no try left.
    expectWinners(await race(10, () => loginSms(phone, code)), {
      code: CODES.verifyCodeInvalid,
      msg: /^验证码(无效|错误次数过多)，请重新获取$/,
      status: 400,
    });
    expect(await count('session')).toBe(1);
  });

  it('sends one code per phone per 60 s, however many requests arrive at once', async () => {
    t = await startTestApp(dialect);
    const answers = await race(10, () => sendCode(t.anon, '13700020000'));
    expectWinners(answers, { code: CODES.verifyCodeTooFrequent, msg: '验证码发送过于频繁，请60秒后再试', status: 429 });
    expect(await count('verify_code')).toBe(1);
    expect(await count('sms_outbox')).toBe(1);
  });

  it('sends at most 10 codes an hour and 20 a day to one IP address', async () => {
    t = await startTestApp(dialect);
    const pump = t.anonFrom('203.0.113.7');
    // 20 unregistered phones from one address at once: ten messages go out.
    const answers = await race(20, (i) => sendCode(pump, phones(20)[i]));
    expectWinners(
      answers,
      { code: CODES.verifyCodeTooFrequent, msg: '当前网络获取验证码过于频繁，请60分钟后再试', status: 429 },
      { winners: 10 },
    );
    expect(await count('sms_outbox')).toBe(10);
    expect(await count('verify_code')).toBe(10);
    // Another address is not held up; a login request for an unknown phone counts like any other.
    expect((await sendCode(t.anonFrom('198.51.100.1'), '13700019999', 'login')).code).toBe(CODES.ok);
    t.clock.advance(30 * MIN);
    expect(await sendCode(pump, '13700018888', 'login')).toMatchObject({
      code: CODES.verifyCodeTooFrequent,
      msg: '当前网络获取验证码过于频繁，请30分钟后再试',
    });
    t.clock.advance(30 * MIN);
    for (const phone of phones(10, 100)) expect((await sendCode(pump, phone)).code).toBe(CODES.ok);
    t.clock.advance(HOUR);
    // 20 today: the hour's budget is back, the day's is not.
    expect(await sendCode(pump, '13700017777')).toMatchObject({
      code: CODES.verifyCodeTooFrequent,
      msg: '当前网络今日获取验证码次数已达上限，请22小时后再试',
    });
    expect(await count('sms_outbox')).toBe(20);
    t.clock.advance(22 * HOUR);
    expect((await sendCode(pump, '13700017777')).code).toBe(CODES.ok);
  });

  it('keeps a platform-wide budget a minute and a day', async () => {
    t = await startTestApp(dialect, { verifyCodeBudget: { perIpHour: 100, perIpDay: 100, perMinute: 3, perDay: 5 } });
    const from = (i: number) => t.anonFrom(`192.0.2.${i + 1}`);
    for (let i = 0; i < 3; i++) expect((await sendCode(from(i), phones(1, i)[0])).code).toBe(CODES.ok);
    expect(await sendCode(from(3), phones(1, 3)[0])).toMatchObject({
      code: CODES.verifyCodeTooFrequent,
      msg: '验证码发送繁忙，请60秒后再试',
      status: 429,
    });
    t.clock.advance(MIN);
    for (let i = 4; i < 6; i++) expect((await sendCode(from(i), phones(1, i)[0])).code).toBe(CODES.ok);
    expect(await sendCode(from(6), phones(1, 6)[0])).toMatchObject({
      code: CODES.verifyCodeTooFrequent,
      msg: '今日验证码发送量已达上限，请24小时后再试',
    });
    expect(await count('sms_outbox')).toBe(5);
    // The refusals spent nothing: a refused request gives back the phone's and the address's budgets.
    t.clock.advance(24 * HOUR);
    expect((await sendCode(from(6), phones(1, 6)[0])).code).toBe(CODES.ok);
  });

  it('passes every request through the captcha hook before spending anything', async () => {
    const seen: string[] = [];
    const slider: HumanCheck = {
      async check({ phone, purpose, ip, request }) {
        seen.push(`${phone}/${purpose}/${ip}`);
        if (request.headers['x-slider-token'] !== 'passed') throw new AppError(CODES.verifyCodeTooFrequent, '请先完成滑块验证', 429);
      },
    };
    t = await startTestApp(dialect, {}, { humanCheck: slider });
    const client = t.anonFrom('203.0.113.9');
    expect(await sendCode(client, '13700030000')).toMatchObject({ code: CODES.verifyCodeTooFrequent, msg: '请先完成滑块验证' });
    expect([await count('verify_code'), await count('rate_budget'), await count('sms_outbox')]).toEqual([0, 0, 0]);
    expect((await sendCode(client, '13700030000', 'register', { 'x-slider-token': 'passed' })).code).toBe(CODES.ok);
    expect(seen).toEqual(['13700030000/register/203.0.113.9', '13700030000/register/203.0.113.9']);
    expect(await count('sms_outbox')).toBe(1);
  });

  it('register checks the code before saying the account name or phone is taken', async () => {
    t = await startTestApp(dialect);
    const phone = '13700040000';
    // No code at all: the taken name is not revealed.
    expect(await register({ userName: 'admin', phone, code: '123456' })).toMatchObject({
      code: CODES.verifyCodeInvalid,
      msg: '验证码无效，请重新获取',
    });
    await sendCode(t.anon, phone);
    const code = await lastSmsCode(t.db, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await register({ userName: 'admin', phone, code: wrong })).toMatchObject({
      code: CODES.verifyCodeInvalid,
      msg: '验证码错误，还可尝试4次',
    });
    // A registered phone never receives a register code, so its owner's phone is not revealed either.
    expect(await register({ userName: 'someone', phone: '13800000002', code: wrong })).toMatchObject({
      code: CODES.verifyCodeInvalid,
      msg: '验证码无效，请重新获取',
    });
    // With the right code: the name is taken; the code stays usable for the corrected request.
    expect(await register({ userName: 'admin', phone, code })).toMatchObject({ code: CODES.conflict, msg: '该账号已被使用，请换一个' });
    expect(await count('merchant')).toBe(1);
    expect((await register({ userName: 'newboss', phone, code })).code).toBe(CODES.ok);
    expect(await register({ userName: 'newboss2', phone, code })).toMatchObject({ code: CODES.verifyCodeInvalid });
    expect(await count('merchant')).toBe(2);
  });

  it('registers once with one code sent many times at once', async () => {
    t = await startTestApp(dialect);
    const phone = '13700050000';
    await sendCode(t.anon, phone);
    const code = await lastSmsCode(t.db, phone);
    const answers = await race(10, (i) => register({ userName: `racer${i}`, phone, code }));
    const summary = JSON.stringify(tally(answers));
    expect(
      answers.filter((a) => a.code === CODES.ok),
      summary,
    ).toHaveLength(1);
    expect(
      answers.every(
        (a) =>
          a.code === CODES.ok ||
          (a.code === CODES.verifyCodeInvalid && a.status === 400) ||
          (a.code === CODES.conflict && a.status === 409),
      ),
      summary,
    ).toBe(true);
    expect(await count('merchant')).toBe(2);
    expect(
      Number(
        (
          await t.db.db
            .selectFrom('account')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('phone', '=', phone)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);
  });
});
