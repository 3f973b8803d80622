import path from 'node:path';
import { DEFAULT_BUSINESS_TIME_ZONE, isValidTimeZone } from '@merchant/contracts';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  SMS_SENDER: z.enum(['outbox', 'webhook']).default('outbox'),
  SMS_WEBHOOK_URL: z.url('SMS_WEBHOOK_URL 必须是合法的 URL').optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  TRUST_PROXY: bool.default(false),
  API_DOCS: bool.optional(),
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
  webDist: string;
  logLevel: string;
  rateLimitMax: number;
  trustProxy: boolean;
  apiDocs: boolean;
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
   * The business time zone (IANA): "today" for business dates, and the clock every timestamp is shown
   * on (web, exports, export file names). Sent to the web with getInfo.
   */
  businessTimeZone: string;
}

export class ConfigError extends Error {}

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
  if (e.DEMO_PASSWORD !== undefined && e.DEMO_PASSWORD.length < 8) {
    throw new ConfigError('配置错误 (invalid configuration):\n  - DEMO_PASSWORD: 至少8位，且包含字母和数字');
  }
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
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    export: { syncMaxRows: e.EXPORT_SYNC_MAX_ROWS, fileDays: e.EXPORT_FILE_DAYS, maxActivePerAccount: e.EXPORT_MAX_ACTIVE, workers: e.EXPORT_WORKERS },
    jobRunner: e.JOB_RUNNER,
    businessTimeZone: e.BUSINESS_TIME_ZONE,
    trustProxy: e.TRUST_PROXY,
    // API docs: on in demo mode and outside production, off in production unless asked for.
    apiDocs: e.API_DOCS ?? (e.NODE_ENV !== 'production' || e.DEMO_SEED),
  };
}
