import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { AdjustableClock } from './clock.ts';

// The e2e server's test clock (docs/operations.md): only with TEST_CLOCK_TOKEN, only for its bearer, forward only.

const TOKEN = 'a-test-clock-token-of-e2e';

async function start(env: Record<string, string>): Promise<{ built: App; db: Db; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merchant-clock-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_SEED: 'false', ...env });
  const db = await createDb({ dataDir: dir });
  await migrateToLatest(db.db);
  const built = await buildApp({ config, db, logger: false });
  await built.app.ready();
  return { built, db, dir };
}

describe('test clock', () => {
  let on: Awaited<ReturnType<typeof start>>;
  let off: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    on = await start({ TEST_CLOCK_TOKEN: TOKEN });
    off = await start({});
  });
  afterAll(async () => {
    for (const s of [on, off]) {
      await s.built.app.close();
      await s.db.destroy();
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  });

  const call = (s: typeof on, method: 'GET' | 'POST', body?: unknown, token: string | null = TOKEN) =>
    s.built.app.inject({
      method,
      url: '/__test/clock',
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });

  it('moves the server clock forward for its bearer; every service reads the moved time', async () => {
    const before = (await call(on, 'GET')).json<{ now: number; offsetMs: number }>();
    expect(before.offsetMs).toBe(0);
    expect(Math.abs(before.now - Date.now())).toBeLessThan(5_000);
    const res = await call(on, 'POST', { advanceMs: 20 * 60_000 });
    expect(res.statusCode).toBe(200);
    const after = res.json<{ now: number; offsetMs: number }>();
    expect(after.offsetMs).toBe(20 * 60_000);
    expect(after.now - Date.now()).toBeGreaterThan(20 * 60_000 - 5_000);
    // the gateway's clock (sessions, the price scheduler, the device link) is the moved one
    expect(on.built.deps.clock.now() - Date.now()).toBeGreaterThan(20 * 60_000 - 5_000);
  });

  it('refuses a caller without the token, a wrong token, a backward or malformed move, and changes nothing', async () => {
    const offset = (on.built.deps.clock as AdjustableClock).offset;
    for (const token of [null, 'wrong-token-wrong-token-xx', `${TOKEN}x`]) {
      const res = await call(on, 'POST', { advanceMs: 1000 }, token);
      expect(res.statusCode).toBe(401);
      expect(res.json<{ msg: string }>().msg).toBe('测试时钟口令不正确');
    }
    for (const body of [{ advanceMs: -1 }, { advanceMs: 1.5 }, { advanceMs: '60000' }, { advanceMs: 1000, extra: 1 }, {}]) {
      const res = await call(on, 'POST', body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ msg: string }>().msg).toContain('advanceMs');
    }
    expect((on.built.deps.clock as AdjustableClock).offset).toBe(offset);
  });

  it('does not exist without TEST_CLOCK_TOKEN', async () => {
    const res = await call(off, 'POST', { advanceMs: 1000 });
    expect(res.statusCode).toBe(404);
    expect(off.built.deps.clock).not.toBeInstanceOf(AdjustableClock);
  });

  it('a clock only moves forward', () => {
    const c = new AdjustableClock();
    expect(() => c.advance(-1)).toThrow(RangeError);
    expect(c.advance(0) - Date.now()).toBeLessThan(5_000);
  });
});
