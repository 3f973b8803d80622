import { ApiClient, CODES, type FetchLike } from '@merchant/contracts';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, op, startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { backoffDelayMs, LOGIN_BACKOFF } from './sign-in.service.ts';

const MIN = 60_000;

describe.each(DIALECTS)('password login lock per account and address (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  /** The real client, its requests arriving from `ip`. */
  const from = (ip: string) => {
    const fetch: FetchLike = async (url, init) => {
      const res = await t.app.inject({
        method: (init.method ?? 'GET') as 'GET' | 'POST',
        url,
        headers: init.headers as Record<string, string>,
        payload: init.body as string | undefined,
        remoteAddress: ip,
      });
      return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, {
        status: res.statusCode,
        headers: Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]])),
      });
    };
    const client = new ApiClient({ fetch, appKey: 'A1001000' });
    return (userName: string, password: string) => op(client, signInOps.loginPassword.name, { userName, password }, { public: true });
  };

  it('failures from one address lock that address only: the owner signs in from another', async () => {
    const attacker = from('203.0.113.7');
    const owner = from('198.51.100.20');
    for (let i = 0; i < 4; i++) expect((await attacker('admin', 'Wrong12345')).code).toBe(CODES.loginFailed);
    const fifth = await attacker('admin', 'Wrong12345');
    expect(fifth.code).toBe(CODES.accountLocked);
    expect(fifth.msg).toContain('15分钟');
    // the attacker's address stays locked, even with the right password
    expect((await attacker('admin', TEST_PASSWORD)).code).toBe(CODES.accountLocked);
    // the owner, elsewhere, is not locked out
    expect((await owner('admin', TEST_PASSWORD)).code).toBe('200');
    expect((await attacker('admin', TEST_PASSWORD)).code).toBe(CODES.accountLocked);
    t.clock.advance(15 * MIN + 1);
    expect((await attacker('admin', TEST_PASSWORD)).code).toBe('200');
  });

  it('unknown names lock per address exactly like real ones', async () => {
    for (const name of ['operator', 'ghost-user']) {
      const a = from('203.0.113.8');
      const b = from('203.0.113.9');
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push((await a(name, 'Wrong12345')).code);
      codes.push((await b(name, 'Wrong12345')).code);
      expect(codes).toEqual([...Array(4).fill(CODES.loginFailed), CODES.accountLocked, CODES.accountLocked, CODES.loginFailed]);
    }
  });

  it('many failures from many addresses slow every address down, with a growing wait, and stop at a success', async () => {
    // 20 failures from 5 addresses, 4 each: no address is locked
    for (let n = 0; n < LOGIN_BACKOFF.afterFailures; n++) {
      expect((await from(`203.0.113.${10 + (n % 5)}`)('finance', 'Wrong12345')).code).toBe(CODES.loginFailed);
    }
    const owner = from('198.51.100.30');
    // the 21st attempt takes the first slot (it fails: 21 failures now)…
    expect((await from('203.0.113.40')('finance', 'Wrong12345')).code).toBe(CODES.loginFailed);
    // …and the next one, from anywhere, must wait: even the owner with the right password
    const waiting = await owner('finance', TEST_PASSWORD);
    expect(waiting.code).toBe(CODES.tooManyRequests);
    expect(waiting.msg).toBe('该账号登录尝试过于频繁，请1秒后再试');
    t.clock.advance(1000);
    // the slot frees; another failure makes the next wait twice as long
    expect((await from('203.0.113.41')('finance', 'Wrong12345')).code).toBe(CODES.loginFailed);
    expect((await owner('finance', TEST_PASSWORD)).msg).toBe('该账号登录尝试过于频繁，请2秒后再试');
    t.clock.advance(1999);
    expect((await owner('finance', TEST_PASSWORD)).code).toBe(CODES.tooManyRequests);
    t.clock.advance(1);
    // a refused attempt is not a failure; the owner gets in when the slot frees
    expect((await owner('finance', TEST_PASSWORD)).code).toBe('200');
    // a success ends the back-off
    expect((await from('203.0.113.42')('finance', 'Wrong12345')).code).toBe(CODES.loginFailed);
    expect((await owner('finance', TEST_PASSWORD)).code).toBe('200');
    const reasons = await t.db.db
      .selectFrom('login_log')
      .select('reason')
      .where('user_name', '=', 'finance')
      .where('reason', '=', 'throttled')
      .execute();
    expect(reasons).toHaveLength(3);
  });

  it('an unknown name backs off exactly like a real one', async () => {
    const run = async (name: string) => {
      const codes: string[] = [];
      for (let n = 0; n < LOGIN_BACKOFF.afterFailures + 2; n++)
        codes.push((await from(`203.0.113.${100 + (n % 6)}`)(name, 'Wrong12345')).code);
      return codes;
    };
    const real = await run('site');
    const ghost = await run('nobody-here');
    expect(ghost).toEqual(real);
    expect(real.slice(-2)).toEqual([CODES.loginFailed, CODES.tooManyRequests]);
  });

  it('doubles the wait up to a minute', () => {
    expect(backoffDelayMs(LOGIN_BACKOFF.afterFailures - 1)).toBe(0);
    expect([20, 21, 22, 25, 26, 27, 100, 10_000].map(backoffDelayMs)).toEqual([1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000, 60_000]);
  });
});
