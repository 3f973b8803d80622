import path from 'node:path';
import { DEFAULT_BUSINESS_TIME_ZONE, isValidTimeZone } from '@merchant/contracts';
import { z } from 'zod';

/** The payment providers this build has (docs/payments.md): only the embedded 沙箱支付 so far. */
export const PAYMENT_PROVIDERS = ['sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int('PORT 必须是整数').min(1).max(65535, 'PORT 必须在 1–65535 之间').default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须以 postgres:// 或 postgresql:// 开头')
    .optional(),
  DEMO_PASSWORD: z.string().optional(),
  DEMO_SEED: bool.default(true),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  SMS_SENDER: z.enum(['outbox', 'webhook']).default('outbox'),
  SMS_WEBHOOK_URL: z.url('SMS_WEBHOOK_URL 必须是合法的 URL').optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  SMS_CODES_PER_IP_HOUR: z.coerce
    .number()
    .int('SMS_CODES_PER_IP_HOUR 必须是整数')
    .min(1, 'SMS_CODES_PER_IP_HOUR 至少为1')
    .max(100_000)
    .default(10),
  SMS_CODES_PER_IP_DAY: z.coerce
    .number()
    .int('SMS_CODES_PER_IP_DAY 必须是整数')
    .min(1, 'SMS_CODES_PER_IP_DAY 至少为1')
    .max(1_000_000)
    .default(20),
  SMS_CODES_PER_MINUTE: z.coerce
    .number()
    .int('SMS_CODES_PER_MINUTE 必须是整数')
    .min(1, 'SMS_CODES_PER_MINUTE 至少为1')
    .max(1_000_000)
    .default(60),
  SMS_CODES_PER_DAY: z.coerce
    .number()
    .int('SMS_CODES_PER_DAY 必须是整数')
    .min(1, 'SMS_CODES_PER_DAY 至少为1')
    .max(100_000_000)
    .default(5000),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  TRUST_PROXY: bool.default(false),
  API_DOCS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'public', 'admin', 'off'], { error: 'API_DOCS 只能是 admin、public 或 off' })
    .optional(),
  EXPORT_SYNC_MAX_ROWS: z.coerce.number().int('EXPORT_SYNC_MAX_ROWS 必须是整数').min(0).default(5000),
  EXPORT_FILE_DAYS: z.coerce.number().int('EXPORT_FILE_DAYS 必须是整数').min(1).max(365).default(7),
  EXPORT_MAX_ACTIVE: z.coerce.number().int('EXPORT_MAX_ACTIVE 必须是整数').min(1).max(20).default(2),
  EXPORT_WORKERS: z.coerce.number().int('EXPORT_WORKERS 必须是整数').min(1).max(8).default(1),
  JOB_RUNNER: z.enum(['auto', 'inprocess', 'pgboss']).default('auto'),
  BUSINESS_TIME_ZONE: z
    .string()
    .trim()
    .refine(isValidTimeZone, 'BUSINESS_TIME_ZONE 必须是 IANA 时区名，如 Asia/Shanghai、Asia/Hong_Kong、UTC')
    .default(DEFAULT_BUSINESS_TIME_ZONE)
    // the canonical spelling (asia/shanghai → Asia/Shanghai): the web gets the same name
    .transform((tz) => new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone),
  DEVICE_LINK: z
    .enum(['auto', 'embedded', 'external', 'off'], { error: 'DEVICE_LINK 只能是 auto、embedded、external 或 off' })
    .default('auto'),
  MQTT_PORT: z.coerce
    .number()
    .int('MQTT_PORT 必须是整数')
    .min(0)
    .max(65535, 'MQTT_PORT 必须在 0–65535 之间（0 自动选择空闲端口）')
    .optional(),
  MQTT_HOST: z.string().min(1).optional(),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?):\/\//, 'MQTT_URL 必须以 mqtt://、mqtts://、ws:// 或 wss:// 开头')
    .optional(),
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
  /** A Tencent LBS web-service key for /ws/geocoder/v1 and /ws/place/v1/search (server-side only); unset: offline. */
  MAP_KEY: z.string().optional(),
  MAP_API_BASE: z.string().url().optional(),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'MQTT_SHARE_GROUP 只能包含字母、数字、- 和 _（1–64 个字符）')
    .optional(),
  DEVICE_SWEEP_SECONDS: z.coerce.number().int('DEVICE_SWEEP_SECONDS 必须是整数').min(0).max(3600).default(10),
  /** How often 待生效 adjustment orders whose time has passed are applied (the catch-up sweep; 0: only when asked). */
  PRICE_SWEEP_SECONDS: z.coerce
    .number({ error: 'PRICE_SWEEP_SECONDS 必须是整数（秒）' })
    .int('PRICE_SWEEP_SECONDS 必须是整数')
    .min(0)
    .max(3600)
    .default(30),
  /** How often unpaid channel orders past their payment deadline are cancelled (and timed-out payments closed; 0: never). */
  ORDER_SWEEP_SECONDS: z.coerce
    .number({ error: 'ORDER_SWEEP_SECONDS 必须是整数（秒）' })
    .int('ORDER_SWEEP_SECONDS 必须是整数')
    .min(0)
    .max(3600)
    .default(30),
  /** How often splits due for their T+1 settlement are settled (seconds; 0: only 立即结算). */
  FINANCE_SETTLE_SECONDS: z.coerce
    .number({ error: 'FINANCE_SETTLE_SECONDS 必须是整数（秒）' })
    .int('FINANCE_SETTLE_SECONDS 必须是整数')
    .min(0)
    .max(86_400)
    .default(300),
  /** The least a scheduled adjustment's time must be ahead of its submit (seconds; e2e runs use 1). */
  PRICE_SCHEDULE_MIN_AHEAD_SECONDS: z.coerce
    .number({ error: 'PRICE_SCHEDULE_MIN_AHEAD_SECONDS 必须是整数（秒）' })
    .int('PRICE_SCHEDULE_MIN_AHEAD_SECONDS 必须是整数')
    .min(0)
    .max(3600)
    .default(15),
  /**
   * Seconds of silence after which a device shows 离线 (the protocol's 90 s). Only for tests and demos that cannot
   * wait 90 s (the e2e server uses a few seconds); production keeps the protocol's value.
   */
  /**
   * Turns on the test clock (docs/operations.md): /__test/clock moves the server's time forward for a caller holding
   * this token. For the e2e run only; refused in production.
   */
  TEST_CLOCK_TOKEN: z.string().min(16, 'TEST_CLOCK_TOKEN 至少16位').optional(),
  PAYMENT_PROVIDER: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => (PAYMENT_PROVIDERS as readonly string[]).includes(v), {
      error: (i) => `PAYMENT_PROVIDER 不支持「${String(i.input)}」，可选：${PAYMENT_PROVIDERS.join('、')}（微信支付、支付宝尚未接入）`,
    })
    .default('sandbox'),
  PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number({ error: 'PAYMENT_TIMEOUT_MINUTES 必须是整数（分钟）' })
    .int('PAYMENT_TIMEOUT_MINUTES 必须是整数（分钟）')
    .min(1, 'PAYMENT_TIMEOUT_MINUTES 必须在 1–1440 分钟之间')
    .max(1440, 'PAYMENT_TIMEOUT_MINUTES 必须在 1–1440 分钟之间')
    .default(15),
  PAYMENT_SANDBOX_FAIL_RATE: z.coerce
    .number({ error: 'PAYMENT_SANDBOX_FAIL_RATE 必须是 0–1 之间的小数' })
    .min(0, 'PAYMENT_SANDBOX_FAIL_RATE 必须是 0–1 之间的小数')
    .max(1, 'PAYMENT_SANDBOX_FAIL_RATE 必须是 0–1 之间的小数')
    .default(0),
  PAYMENT_SANDBOX_SEED: z.coerce.number({ error: 'PAYMENT_SANDBOX_SEED 必须是整数' }).int('PAYMENT_SANDBOX_SEED 必须是整数').default(1),
  DEVICE_OFFLINE_SECONDS: z.coerce
    .number({ error: 'DEVICE_OFFLINE_SECONDS 必须是整数（秒）' })
    .int('DEVICE_OFFLINE_SECONDS 必须是整数（秒）')
    .min(3, 'DEVICE_OFFLINE_SECONDS 必须在 3–3600 秒之间')
    .max(3600, 'DEVICE_OFFLINE_SECONDS 必须在 3–3600 秒之间')
    .default(90),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  pgSchema?: string;
  demoPassword?: string;
  demoSeed: boolean;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  sms: { sender: 'outbox' | 'webhook'; webhookUrl?: string; webhookToken?: string };
  /**
   * Sending budgets of verify codes beyond the per-phone limits (60 s, 10 a day): per client IP and
   * for the whole platform. Every request counts, delivered or not, so the answers never tell
   * whether a phone has an account.
   */
  verifyCodeBudget: { perIpHour: number; perIpDay: number; perMinute: number; perDay: number };
  webDist: string;
  logLevel: string;
  rateLimitMax: number;
  trustProxy: boolean;
  /** /docs (OpenAPI): admin = only to a session whose active role is an admin role; public = to anyone; off. */
  apiDocs: 'admin' | 'public' | 'off';
  /**
   * An answer outside its operation's output schema fails the call (development and tests); in production it
   * is logged and sent as the handler gave it. Either way only declared fields go out.
   */
  checkOutputs: boolean;
  export: {
    /** Exports counting more rows than this become tasks on 导出文件; smaller ones download at once. */
    syncMaxRows: number;
    /** Days a finished file is kept. */
    fileDays: number;
    /** Exports one account may have running (tasks queued or running plus downloads in progress). */
    maxActivePerAccount: number;
    /** Export tasks one server runs at a time. */
    workers: number;
  };
  /** auto: pg-boss on PostgreSQL, in-process on SQLite. */
  jobRunner: 'auto' | 'inprocess' | 'pgboss';
  /**
   * The price engine (docs/prices.md): `sweepIntervalMs` how often due 待生效 adjustment orders are applied (0: only
   * when asked), `minAheadMs` the least a scheduled order's time is ahead of its submit.
   */
  price: { sweepIntervalMs: number; minAheadMs: number };
  order: { sweepIntervalMs: number };
  /** The money ledger (docs/finance.md): how often due splits are settled (0: only when asked). */
  finance: { settleIntervalMs: number };
  /**
   * The business time zone (IANA): "today" for business dates, and the clock every timestamp is shown
   * on (web, exports, export file names). Sent to the web with getInfo.
   */
  businessTimeZone: string;
  /**
   * The device link (docs/device-protocol.md): an embedded MQTT broker on `port` (0: a free one), or a client
   * of the external broker at `url`, or off (tests, unless they turn it on). `sweepIntervalMs`: how often
   * silent devices are marked offline and overdue commands timed out (0: only when asked).
   */
  deviceLink: {
    mode: 'embedded' | 'external' | 'off';
    port: number;
    /**
     * MQTT_PORT was not set: when 1883 is taken (a Mosquitto on the machine) the embedded broker takes a free port
     * and says so, instead of refusing to start (decision 34). A port that was set is kept or the start fails.
     */
    portIsDefault: boolean;
    host: string;
    url?: string;
    username?: string;
    password?: string;
    /** External broker: the shared-subscription group the instances split device messages in (merchant-server). */
    shareGroup?: string;
    sweepIntervalMs: number;
    /** Silence after which a device is marked offline (DEVICE_OFFLINE_SECONDS; the protocol's 90 s by default). */
    offlineAfterMs?: number;
  };
  /** The map web service (docs/operations.md): without a key the map calls answer offline. */
  map: { key?: string; baseUrl: string };
  /**
   * The payment adapter (docs/payments.md): the provider new payments use, how long a 待支付 payment stays open, and
   * the sandbox's seeded failure rate (0: every default charge succeeds).
   */
  payment: { provider: PaymentProviderName; timeoutMs: number; sandbox: { failRate: number; seed: number } };
  /** Set: the server runs on a test clock that /__test/clock moves forward for this token (never in production). */
  testClockToken?: string;
}

export class ConfigError extends Error {}

function apiDocsMode(v: string | undefined): Config['apiDocs'] {
  if (v === 'true' || v === '1' || v === 'yes' || v === 'public') return 'public';
  if (v === 'false' || v === '0' || v === 'no' || v === 'off') return 'off';
  return 'admin';
}

/** Reads and validates the environment once; a bad setting refuses to start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置错误 (invalid configuration):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMS_SENDER === 'webhook' && !e.SMS_WEBHOOK_URL) {
    throw new ConfigError('配置错误 (invalid configuration):\n  - SMS_WEBHOOK_URL: SMS_SENDER=webhook 时必须设置');
  }
  if (e.SMS_CODES_PER_IP_DAY < e.SMS_CODES_PER_IP_HOUR) {
    throw new ConfigError('配置错误 (invalid configuration):\n  - SMS_CODES_PER_IP_DAY: 不能小于 SMS_CODES_PER_IP_HOUR');
  }
  if (e.SMS_CODES_PER_DAY < e.SMS_CODES_PER_MINUTE) {
    throw new ConfigError('配置错误 (invalid configuration):\n  - SMS_CODES_PER_DAY: 不能小于 SMS_CODES_PER_MINUTE');
  }
  if (e.DEMO_PASSWORD !== undefined && e.DEMO_PASSWORD.length < 8) {
    throw new ConfigError('配置错误 (invalid configuration):\n  - DEMO_PASSWORD: 至少8位，且包含字母和数字');
  }
  if (e.DEVICE_LINK === 'external' && !e.MQTT_URL) {
    throw new ConfigError('配置错误 (invalid configuration):\n  - MQTT_URL: DEVICE_LINK=external 时必须设置');
  }
  if (e.TEST_CLOCK_TOKEN !== undefined && e.NODE_ENV === 'production') {
    throw new ConfigError('配置错误 (invalid configuration):\n  - TEST_CLOCK_TOKEN: 生产环境不能使用测试时钟');
  }
  const linkMode = e.DEVICE_LINK === 'auto' ? (e.MQTT_URL ? 'external' : e.NODE_ENV === 'test' ? 'off' : 'embedded') : e.DEVICE_LINK;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demoPassword: e.DEMO_PASSWORD,
    demoSeed: e.DEMO_SEED,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    sms: { sender: e.SMS_SENDER, webhookUrl: e.SMS_WEBHOOK_URL, webhookToken: e.SMS_WEBHOOK_TOKEN },
    verifyCodeBudget: {
      perIpHour: e.SMS_CODES_PER_IP_HOUR,
      perIpDay: e.SMS_CODES_PER_IP_DAY,
      perMinute: e.SMS_CODES_PER_MINUTE,
      perDay: e.SMS_CODES_PER_DAY,
    },
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    export: {
      syncMaxRows: e.EXPORT_SYNC_MAX_ROWS,
      fileDays: e.EXPORT_FILE_DAYS,
      maxActivePerAccount: e.EXPORT_MAX_ACTIVE,
      workers: e.EXPORT_WORKERS,
    },
    jobRunner: e.JOB_RUNNER,
    price: { sweepIntervalMs: e.PRICE_SWEEP_SECONDS * 1000, minAheadMs: e.PRICE_SCHEDULE_MIN_AHEAD_SECONDS * 1000 },
    order: { sweepIntervalMs: e.ORDER_SWEEP_SECONDS * 1000 },
    finance: { settleIntervalMs: e.FINANCE_SETTLE_SECONDS * 1000 },
    businessTimeZone: e.BUSINESS_TIME_ZONE,
    deviceLink: {
      mode: linkMode,
      port: e.MQTT_PORT ?? 1883,
      portIsDefault: e.MQTT_PORT === undefined,
      host: e.MQTT_HOST ?? e.HOST,
      url: e.MQTT_URL,
      username: e.MQTT_USERNAME,
      password: e.MQTT_PASSWORD,
      shareGroup: e.MQTT_SHARE_GROUP,
      sweepIntervalMs: e.DEVICE_SWEEP_SECONDS * 1000,
      offlineAfterMs: e.DEVICE_OFFLINE_SECONDS * 1000,
    },
    payment: {
      provider: e.PAYMENT_PROVIDER as PaymentProviderName,
      timeoutMs: e.PAYMENT_TIMEOUT_MINUTES * 60_000,
      sandbox: { failRate: e.PAYMENT_SANDBOX_FAIL_RATE, seed: e.PAYMENT_SANDBOX_SEED },
    },
    map: { key: e.MAP_KEY, baseUrl: e.MAP_API_BASE ?? 'https://apis.map.qq.com' },
    trustProxy: e.TRUST_PROXY,
    // API docs: to signed-in admins unless explicitly opened to everyone (or switched off).
    apiDocs: apiDocsMode(e.API_DOCS),
    checkOutputs: e.NODE_ENV !== 'production',
    testClockToken: e.TEST_CLOCK_TOKEN,
  };
}
