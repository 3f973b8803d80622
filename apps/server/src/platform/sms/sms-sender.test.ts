import { Writable } from 'node:stream';
import { ApiClient, GATEWAY_PATHS } from '@merchant/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DIALECTS, injectFetch, lastSmsCode, startTestApp, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('SMS outbox (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('logs the outbox row id and a masked phone, never the code', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    // the same database, a server that logs at info level (the default of `npm start`)
    const { app } = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: { level: 'info', stream } });
    try {
      const client = new ApiClient({ fetch: injectFetch(app) });
      const phone = '13800000002';
      expect((await client.envelope({ method: 'POST', path: GATEWAY_PATHS.verifyCode, body: { phone, purpose: 'login' } })).code).toBe(
        '200',
      );
      const code = await lastSmsCode(t.db, phone);
      const row = await t.db.db.selectFrom('sms_outbox').select(['id', 'content']).where('phone', '=', phone).executeTakeFirstOrThrow();
      expect(row.content).toContain(code);
      // every log line, without the fields made of clock digits (a 6-digit code could hide in them by chance)
      const logged = lines
        .map((l) => {
          const { time: _time, responseTime: _rt, ...rest } = JSON.parse(l) as Record<string, unknown>;
          return JSON.stringify(rest);
        })
        .join('\n');
      expect(logged).toContain(`sms_outbox.id=${row.id}`);
      expect(logged).toContain(`"smsOutboxId":${row.id}`);
      expect(logged).toContain('138****0002');
      expect(logged).not.toContain(code);
      expect(logged).not.toContain(phone);
      expect(logged).not.toContain('验证码');
    } finally {
      await app.close();
    }
  });
});
