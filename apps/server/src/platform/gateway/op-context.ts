import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import type { SessionContext } from '../auth/session.service.ts';
import type { HumanCheck } from '../auth/verify-code.service.ts';
import type { ChannelStores } from '../secure/channel-stores.ts';
import type { SmsSender } from '../sms/sms-sender.ts';
import type { ExportTaskStore } from '../export/export-tasks.ts';
import type { DeviceLink } from '../device-link/device-link.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

// What an operation runs with. Its own file, below both the registry and the export sources, so neither needs the other.

/** What every operation handler receives. */
export interface OpContext {
  db: Db['db'];
  dialect: Db['dialect'];
  /** Streams a query's rows from a database cursor (exports). */
  stream: Db['stream'];
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  ip: string;
  userAgent: string;
  /** The signed-in session; present for every non-public operation. */
  session?: SessionContext;
  /** The raw token of the request (for logout). */
  token?: string;
  /** The anchor the client said it came from (audit only, never trusted). */
  clientAnchor?: string;
  services: Services;
}

/** Cross-module services, attached once at start-up (modules call services, never each other's repos). */
export interface Services {
  sms: SmsSender;
  channels: ChannelStores;
  /** The export center's task store: tasks of 导出文件. */
  exports: ExportTaskStore;
  /** The captcha / slider hook every verify-code request passes (default: none). */
  humanCheck: HumanCheck;
  /** The app's job runner (export tasks, scheduled price adjustments); started when the app is ready. */
  jobs: JobRunner;
  /** The device link (MQTT), attached by the device module at start-up; absent until then. */
  deviceLink?: DeviceLink;
}

/** What the handler of a signed-in operation receives: the session and its merchant are always there. */
export interface SessionOpContext extends OpContext {
  session: SessionContext;
  /** The session's merchant: every query of the operation is scoped by it. */
  merchantId: number;
}

/** What a context holds of the app, without a caller: the database, settings, clock, services and a logger. */
export type AppEnv = Pick<OpContext, 'db' | 'dialect' | 'stream' | 'config' | 'clock' | 'log' | 'services'>;

/**
 * The context of work the system does on a merchant's behalf — a device's report, a scheduled apply, a payment
 * notification —, named `userName` (系统（…）) in history, the operation log and the ledgers.
 */
export function actingAsSystem(
  env: AppEnv,
  merchantId: number,
  who: { userName: string; userAgent: string; accountId?: number },
): SessionOpContext {
  return {
    ...env,
    ip: '',
    userAgent: who.userAgent,
    session: { sessionId: 0, accountId: who.accountId ?? 0, merchantId, userName: who.userName, organizationId: null, roleIds: [] },
    merchantId,
  };
}
