import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { CODES, SECURE_CHANNEL_MESSAGE } from '@merchant/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { AdjustableClock, systemClock, type Clock } from './platform/clock.ts';
import { noHumanCheck, type HumanCheck } from './platform/auth/verify-code.service.ts';
import { AppError, asAppError } from './platform/errors.ts';
import { registerApiDocs } from './platform/gateway/api-docs.ts';
import { registerGatewayRoutes } from './platform/gateway/gateway.routes.ts';
import { registerInputGuard } from './platform/gateway/input-guard.ts';
import type { GatewayDeps } from './platform/gateway/gateway.ts';
import { discoverOperations, importModuleFiles, OperationRegistry } from './platform/gateway/registry.ts';
import type { Services } from './platform/gateway/op-context.ts';
import { exportOpener, registerExportRoutes } from './platform/export/export.routes.ts';
import { ExportTasks } from './platform/export/export-tasks.ts';
import { createJobRunner } from './platform/jobs/job-runner.ts';
import { registerOpenApiRoutes } from './platform/open-api/open-api.routes.ts';
import { createChannelStores } from './platform/secure/channel-stores.ts';
import { isApiTarget } from './platform/secure/request-target.ts';
import { isSecurePath, refuseTarget, registerSecureChannel, registerTargetRule } from './platform/secure/secure-channel.routes.ts';
import { createSmsSender } from './platform/sms/sms-sender.ts';
import { registerTestClock } from './platform/test-clock.routes.ts';
import { VERSION } from './version.ts';

z.config(z.locales.zhCN());

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** A captcha / slider check for verify-code requests (default: none). */
  humanCheck?: HumanCheck;
}

export interface App {
  app: FastifyInstance;
  deps: GatewayDeps;
}

/** Builds the Fastify instance; `main.ts` listens on it, tests drive it with inject(). */
export async function buildApp(opts: AppOptions): Promise<App> {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A target the router cannot decode (`%C0%AF`…): refused like any target that is not plain.
    frameworkErrors: (_err, req, reply) => refuseTarget(req, reply),
  });
  // the e2e server's test clock (TEST_CLOCK_TOKEN): the wall clock plus an offset /__test/clock moves forward
  const testClock = !opts.clock && config.testClockToken ? new AdjustableClock() : undefined;
  const clock = opts.clock ?? testClock ?? systemClock;
  const registry = new OperationRegistry();
  await discoverOperations(registry);
  const services = {
    sms: createSmsSender(config, db.db, app.log),
    channels: createChannelStores(db, clock),
    humanCheck: opts.humanCheck ?? noHumanCheck,
  } as Services;
  const deps: GatewayDeps = { db, config, clock, registry, services };
  // One job runner for the app: the export center starts and stops it; modules add their queues before it starts.
  services.jobs = createJobRunner(config, db, app.log, () => deps.clock.now());
  const exportTasks = new ExportTasks({
    db,
    config,
    clock: deps.clock,
    runner: services.jobs,
    log: app.log,
    open: exportOpener(deps, app.log),
  });
  services.exports = exportTasks;
  app.addHook('onReady', () => exportTasks.start());
  app.addHook('onClose', () => exportTasks.stop());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    max: config.rateLimitMax,
    // The web app's own files (one cold load fetches dozens of chunks) do not count against the limit.
    allowList: (req) => req.method === 'GET' && !isApiTarget(req.url) && req.routeOptions.url !== '/health',
    timeWindow: 60_000,
    errorResponseBuilder: (_req, ctx) => new AppError(CODES.tooManyRequests, `请求过于频繁，请${Math.ceil(ctx.ttl / 1000)}秒后再试`, 429),
  });
  registerTargetRule(app);

  app.setErrorHandler((thrown, req, reply) => {
    // A unique or foreign-key violation that no service named still answers a clear 409, never a 500.
    const err = asAppError(thrown) ?? thrown;
    if (err instanceof AppError) {
      return reply.status(err.httpStatus).send({ code: err.code, msg: err.message, message: err.message, data: err.data ?? null });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    // Before the channel could verify it (body too large, not JSON): the channel's one uniform refusal.
    if (status >= 400 && status < 500 && isSecurePath(req.url)) {
      return reply
        .status(400)
        .send({ code: CODES.secureChannel, msg: SECURE_CHANNEL_MESSAGE, message: SECURE_CHANNEL_MESSAGE, data: null });
    }
    if (status === 413) return reply.status(413).send({ code: CODES.badInput, msg: '请求内容过大', message: '请求内容过大', data: null });
    // A web-app file the static handler will not serve (a directory such as /assets/, a path it cannot map): not found.
    if ((status === 403 || status === 400) && (req.method === 'GET' || req.method === 'HEAD') && !isApiTarget(req.url)) {
      return reply.status(404).send({ code: CODES.notFound, msg: '页面不存在', message: '页面不存在', data: null });
    }
    if (status >= 400 && status < 500) {
      const msg = '请求格式不正确';
      return reply.status(400).send({ code: CODES.badInput, msg, message: msg, data: null });
    }
    req.log.error({ err }, 'unhandled error');
    const msg = '服务器繁忙，请稍后再试';
    return reply.status(500).send({ code: CODES.serverError, msg, message: msg, data: null });
  });

  await registerApiDocs(app, deps, VERSION);

  const publicRateLimit = Math.max(20, Math.floor(config.rateLimitMax / 10));
  registerSecureChannel(app, deps, deps.services.channels, publicRateLimit);
  registerInputGuard(app);
  registerGatewayRoutes(app, deps, publicRateLimit);
  registerExportRoutes(app, deps);
  registerOpenApiRoutes(app, deps);
  if (testClock && config.testClockToken) registerTestClock(app, testClock, config.testClockToken);
  for (const mod of await importModuleFiles('routes')) {
    const register = mod.registerRoutes as ((a: FastifyInstance, d: GatewayDeps, limit: number) => void) | undefined;
    register?.(app, deps, publicRateLimit);
  }

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const wantsHtml = (accept: string | undefined) => Boolean(accept?.includes('text/html'));
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', { cacheControl: false });

  // JSON for tools and the /health page; the SPA's /health route (title 检测) for a browser visit.
  app.get('/health', async (req, reply) => {
    reply.header('vary', 'Accept');
    if (hasWeb && wantsHtml(req.headers.accept)) return sendIndex(reply);
    reply.header('cache-control', 'no-store');
    return { status: 'ok', db: db.dialect, version: VERSION };
  });

  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt dist is served without a restart;
    // a missing file falls through to the not-found handler (SPA fallback below).
    await app.register(fastifyStatic, { root: config.webDist, wildcard: true, index: false, maxAge: '1h' });
    // The address the server prints: the app (which redirects to /website/home), whatever the query.
    // Without this route the static handler takes `/` as a directory listing it may not show (403).
    app.get('/', (_req, reply) => sendIndex(reply));
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = isApiTarget(req.url);
    if (req.method === 'GET' && !isApi && hasWeb && !req.url.startsWith('/assets/')) {
      return sendIndex(reply);
    }
    const msg = !hasWeb && !isApi ? '前端尚未构建，请先运行 npm run build' : '接口不存在';
    return reply.status(404).send({ code: CODES.notFound, msg, message: msg, data: null });
  });

  return { app, deps };
}
