import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, GATEWAY_PATHS, type FetchLike, type OperationContract } from '@merchant/contracts';
import { signInOps, type LoginResult } from '@merchant/contracts/permission/sign-in';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDb, type Db, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { ExportTasks } from '../platform/export/export-tasks.ts';
import type { OperationRegistry } from '../platform/gateway/registry.ts';
import { runSeeds } from '../platform/seeds.ts';
import { inject } from 'vitest';
import { copyPostgresTemplate, copySqliteTemplate, dropWhenFree, TEST_CLOCK_START, TEST_PASSWORD } from './demo-template.ts';

export { TEST_PASSWORD };

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export class FakeClock {
  t = TEST_CLOCK_START;
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/** fetch() onto app.inject(): the real client talks to the real app without a socket (from `remoteAddress`, default 127.0.0.1). */
export function injectFetch(app: FastifyInstance, opts: { remoteAddress?: string } = {}): FetchLike {
  return async (url, init) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url,
      remoteAddress: opts.remoteAddress,
      headers: init.headers as Record<string, string>,
      payload: init.body as string | undefined,
    });
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, {
      status: res.statusCode,
      headers: Object.entries(res.headers).flatMap(([k, v]) =>
        v === undefined ? [] : Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, String(v)] as [string, string]],
      ),
    });
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: FakeClock;
  config: Config;
  /** The export center (tests run its sweep directly). */
  exports: ExportTasks;
  /** The operation registry (a test may add an operation of its own). */
  registry: OperationRegistry;
  /** A client with no token. */
  anon: ApiClient;
  /** A client with no token whose requests come from another IP address. */
  anonFrom(ip: string): ApiClient;
  /** A client bound to a token. */
  as(token: string): ApiClient;
  /** Signs in with the demo password and returns a client carrying the token. */
  signIn(userName: string, password?: string): Promise<ApiClient & { token: string }>;
  close(): Promise<void>;
}

export async function startTestApp(
  dialect: Dialect,
  overrides: Partial<Config> = {},
  appOptions: Pick<AppOptions, 'humanCheck'> = {},
): Promise<TestApp> {
  // Each app its own data directory: a file-backed SQLite (exports stream on a second connection) and its own files.
  const ownDir = overrides.dataDir ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'merchant-test-'));
  const dataDir = ownDir ?? overrides.dataDir!;
  // The demo database: a copy of the run's template (global-setup.ts), else migrated and seeded here.
  const templates = provided();
  const serverUrl = process.env.TEST_DATABASE_URL;
  let schema: string | undefined;
  let ownDatabase: { url: string; name: string } | undefined;
  if (dialect === 'postgres' && serverUrl && templates.postgres)
    ownDatabase = await copyPostgresTemplate(serverUrl, templates.postgres, templates.runTag);
  else if (dialect === 'postgres') schema = `t_${randomBytes(6).toString('hex')}`;
  else if (templates.sqlite) copySqliteTemplate(templates.sqlite, dataDir);
  const config: Config = {
    // no order sweep on a timer: a test runs it when its clock says so
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'silent',
      ORDER_SWEEP_SECONDS: '0',
      FINANCE_SETTLE_SECONDS: '0',
    }),
    ...(dialect === 'postgres' ? { databaseUrl: ownDatabase?.url ?? serverUrl, pgSchema: schema } : {}),
    ...overrides,
  };
  const db = await createDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, pgSchema: schema });
  // a no-op on a copy of the template (its migrations ran, its demo is there), the whole work without one
  await migrateToLatest(db.db);
  const clock = new FakeClock();
  await runSeeds(db.db, { demoSeed: true, demoPassword: TEST_PASSWORD }, clock.now());
  const { app, deps } = await buildApp({ config, db, clock, logger: false, ...appOptions });
  await app.ready();
  const fetch = injectFetch(app);
  const as = (token: string) => new ApiClient({ fetch, getToken: () => token, appKey: 'A1001000' });
  const anon = new ApiClient({ fetch, appKey: 'A1001000' });
  const anonFrom = (ip: string) => new ApiClient({ fetch: injectFetch(app, { remoteAddress: ip }), appKey: 'A1001000' });
  return {
    app,
    db,
    clock,
    config,
    anon,
    anonFrom,
    as,
    exports: deps.services.exports as ExportTasks,
    registry: deps.registry,
    async signIn(userName, password = TEST_PASSWORD) {
      const { token } = await anon.call<LoginResult>({
        method: 'POST',
        path: GATEWAY_PATHS.ignoreSecurity,
        body: { name: signInOps.loginPassword.name, body: { userName, password } },
      });
      return Object.assign(as(token), { token });
    },
    async close() {
      await app.close();
      if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).execute(db.db);
      await db.destroy();
      if (ownDatabase && serverUrl) await dropWhenFree(serverUrl, ownDatabase.name);
      if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

/** The run's demo templates (global-setup.ts); none when the file runs without it. */
function provided(): { sqlite: string; postgres: string; runTag: string } {
  try {
    return { sqlite: inject('sqliteTemplate') || '', postgres: inject('postgresTemplate') || '', runTag: inject('runTag') || 'x' };
  } catch {
    return { sqlite: '', postgres: '', runTag: 'x' };
  }
}

/**
 * Calls a gateway operation (its contract, or a name a test made up); returns the envelope (code, msg, data)
 * whatever the code. A public contract goes through the public gateway.
 */
export function op(client: ApiClient, operation: OperationContract | string, body: unknown = {}, opts: { public?: boolean } = {}) {
  const name = typeof operation === 'string' ? operation : operation.name;
  const isPublic = opts.public ?? (typeof operation === 'string' ? false : operation.public);
  return client.envelope({ method: 'POST', path: isPublic ? GATEWAY_PATHS.ignoreSecurity : GATEWAY_PATHS.request, body: { name, body } });
}

/** Reads the latest code sent to a phone from the SMS outbox. */
export async function lastSmsCode(db: Db, phone: string): Promise<string> {
  const row = await db.db
    .selectFrom('sms_outbox')
    .select('content')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const m = /验证码为 (\d{6})/.exec(row.content);
  if (!m) throw new Error(`no code in ${row.content}`);
  return m[1];
}

/** Registers another merchant (through the real flow) and signs its admin in. */
export async function registerMerchant(t: TestApp, merchantName: string, userName: string, phone: string) {
  await t.anon.envelope({ method: 'POST', path: GATEWAY_PATHS.verifyCode, body: { phone, purpose: 'register' } });
  const code = await lastSmsCode(t.db, phone);
  const password = 'Other1234';
  const res = await op(t.anon, signInOps.register, { merchantName, userName, phone, code, password });
  if (res.code !== '200') throw new Error(`register failed: ${res.msg}`);
  return t.signIn(userName, password);
}
