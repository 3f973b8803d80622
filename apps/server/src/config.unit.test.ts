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
    expect(c.verifyCodeBudget).toEqual({ perIpHour: 10, perIpDay: 20, perMinute: 60, perDay: 5000 });
    expect(c.businessTimeZone).toBe('Asia/Shanghai');
  });

  it('picks the payment provider by PAYMENT_PROVIDER (sandbox by default) and refuses one it does not have', () => {
    expect(loadConfig({}).payment).toEqual({ provider: 'sandbox', timeoutMs: 15 * 60_000, sandbox: { failRate: 0, seed: 1 } });
    expect(loadConfig({ PAYMENT_PROVIDER: 'Sandbox', PAYMENT_SANDBOX_FAIL_RATE: '0.2' }).payment.sandbox.failRate).toBe(0.2);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'wechat' })).toThrow(/PAYMENT_PROVIDER 不支持「wechat」，可选：sandbox/);
    expect(() => loadConfig({ PAYMENT_SANDBOX_FAIL_RATE: '2' })).toThrow(/PAYMENT_SANDBOX_FAIL_RATE 必须是 0–1 之间的小数/);
    expect(() => loadConfig({ PAYMENT_TIMEOUT_MINUTES: '0' })).toThrow(/PAYMENT_TIMEOUT_MINUTES 必须在 1–1440 分钟之间/);
  });

  it('takes a test clock token outside production only, of at least 16 characters', () => {
    expect(loadConfig({}).testClockToken).toBeUndefined();
    expect(loadConfig({ TEST_CLOCK_TOKEN: 'x'.repeat(16) }).testClockToken).toBe('x'.repeat(16));
    expect(() => loadConfig({ TEST_CLOCK_TOKEN: 'short' })).toThrow(/TEST_CLOCK_TOKEN 至少16位/);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK_TOKEN: 'x'.repeat(16) })).toThrow(/生产环境不能使用测试时钟/);
  });

  it('takes the business time zone from BUSINESS_TIME_ZONE', () => {
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'UTC' }).businessTimeZone).toBe('UTC');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'Asia/Hong_Kong' }).businessTimeZone).toBe('Asia/Hong_Kong');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'asia/shanghai' }).businessTimeZone).toBe('Asia/Shanghai');
  });

  it('reads the verify-code sending budgets', () => {
    const c = loadConfig({ SMS_CODES_PER_IP_HOUR: '3', SMS_CODES_PER_IP_DAY: '5', SMS_CODES_PER_MINUTE: '7', SMS_CODES_PER_DAY: '9' });
    expect(c.verifyCodeBudget).toEqual({ perIpHour: 3, perIpDay: 5, perMinute: 7, perDay: 9 });
  });

  it('serves API docs to signed-in admins unless explicitly opened or switched off', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'false' }).apiDocs).toBe('admin');
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe('admin');
    expect(loadConfig({}).apiDocs).toBe('admin');
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'false', API_DOCS: 'true' }).apiDocs).toBe('public');
    expect(loadConfig({ API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe('off');
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow('API_DOCS');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMS_SENDER: 'webhook' }, 'SMS_WEBHOOK_URL'],
    [{ DEMO_PASSWORD: 'short' }, 'DEMO_PASSWORD'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ SMS_CODES_PER_IP_HOUR: '0' }, 'SMS_CODES_PER_IP_HOUR'],
    [{ SMS_CODES_PER_IP_DAY: '1.5' }, 'SMS_CODES_PER_IP_DAY'],
    [{ SMS_CODES_PER_IP_HOUR: '30' }, 'SMS_CODES_PER_IP_DAY'],
    [{ SMS_CODES_PER_MINUTE: 'many' }, 'SMS_CODES_PER_MINUTE'],
    [{ SMS_CODES_PER_MINUTE: '100', SMS_CODES_PER_DAY: '50' }, 'SMS_CODES_PER_DAY'],
    [{ BUSINESS_TIME_ZONE: 'Asia/Beijing' }, 'BUSINESS_TIME_ZONE'],
    [{ BUSINESS_TIME_ZONE: 'Mars/Olympus' }, 'BUSINESS_TIME_ZONE'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
