import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.sessionIdleMs).toBe(30 * 60_000);
    expect(c.sessionAbsoluteMs).toBe(12 * 3_600_000);
    expect(c.sms.sender).toBe('outbox');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.businessTimeZone).toBe('Asia/Shanghai');
  });

  it('takes the business time zone from BUSINESS_TIME_ZONE', () => {
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'UTC' }).businessTimeZone).toBe('UTC');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'Asia/Hong_Kong' }).businessTimeZone).toBe('Asia/Hong_Kong');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'asia/shanghai' }).businessTimeZone).toBe('Asia/Shanghai');
  });

  it('serves API docs in demo mode and outside production only', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'false' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'false', API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMS_SENDER: 'webhook' }, 'SMS_WEBHOOK_URL'],
    [{ DEMO_PASSWORD: 'short' }, 'DEMO_PASSWORD'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ BUSINESS_TIME_ZONE: 'Asia/Beijing' }, 'BUSINESS_TIME_ZONE'],
    [{ BUSINESS_TIME_ZONE: 'Mars/Olympus' }, 'BUSINESS_TIME_ZONE'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
