import { timingSafeEqual } from 'node:crypto';
import { DEFAULT_SECURE_CHANNEL_LIMITS, parseJsonWithLimits, type NonceStore } from '@merchant/contracts';
import {
  OPEN_API_HEADERS,
  OPEN_API_NONCE_PATTERN,
  OPEN_API_OK_CODE,
  OPEN_API_OK_MESSAGE,
  OPEN_API_PREFIX,
  OPEN_API_REFUSAL_CODE,
  OPEN_API_REFUSAL_MESSAGE,
  OPEN_API_SIGNATURE_PATTERN,
  OPEN_API_TIMESTAMP_PATTERN,
  OPEN_API_WINDOW_MS,
  OPEN_APP_ENABLED,
  OPEN_APP_KEY_PATTERN,
  openApiBodyHash,
  openApiSignature,
  type OpenApiEnvelope,
} from '@merchant/contracts/open-api/signing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badInput, forbidden } from '../errors.ts';
import { answerOf, appEnv, inputError, type GatewayDeps } from '../gateway/gateway.ts';
import { findNul, nulRefusal } from '../gateway/input-guard.ts';
import { actingAsSystem, type SessionOpContext } from '../gateway/op-context.ts';
import { foreignMerchantId } from '../tenant.ts';
import { findOpenApp, type OpenApp } from './open-app.repo.ts';

// The open API (开放接口, docs/open-api.md): every endpoint is mounted with `openApiRoute`, which verifies the caller's
// signature before anything runs and then runs the handler as the app's merchant.

/** How long a nonce is remembered: every timestamp it could come with has left the window by then. */
const NONCE_TTL_MS = 2 * OPEN_API_WINDOW_MS;
/** The nonce store's namespace of an app (the secure channel's store, keyed apart from its channel ids). */
export const openNonceKey = (appKey: string) => `open:${appKey}`;

export interface OpenApiRouteSpec<S extends z.ZodType> {
  /** POST only: the body is signed, a query string is not (and is refused). */
  method: 'POST';
  /** Under /open-api/, e.g. `/open-api/v1/ping`. */
  path: string;
  /** The body's schema: validated after the signature, its first issue answered in Chinese naming the field. */
  input: S;
  /** The answer's schema (data): documented, and checked like a gateway operation's output. */
  output?: z.ZodType;
  /** Chinese name of the endpoint (OpenAPI summary). */
  summary: string;
  description?: string;
  /** Runs as the app's merchant (named 开放接口（<app name>） in history); returns `data`. */
  handler: (ctx: SessionOpContext, input: z.output<S>, app: OpenApp) => Promise<unknown>;
}

/** What the API document shows of an endpoint. */
export interface OpenApiEndpointDoc {
  method: 'POST';
  path: string;
  summary: string;
  description?: string;
  input: z.ZodType;
  output?: z.ZodType;
}

const endpoints = new WeakMap<FastifyInstance, OpenApiEndpointDoc[]>();

/** The open API endpoints mounted on an app (the API document lists them). */
export function openApiEndpointsOf(app: FastifyInstance): OpenApiEndpointDoc[] {
  return endpoints.get(app) ?? [];
}

/** Why a call was refused (logged, never told: the caller hears one uniform refusal). */
export type OpenApiRefusalReason = 'headers' | 'query' | 'timestamp' | 'app' | 'signature' | 'nonce';

export class OpenApiRefused extends Error {
  constructor(readonly reason: OpenApiRefusalReason) {
    super(OPEN_API_REFUSAL_MESSAGE);
  }
}

const header = (headers: FastifyRequest['headers'], name: string): string | undefined => {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * Verifies a call: the four headers well-formed, no query string, the timestamp within the window, the app known and
 * 启用, the signature over the raw body (compared in constant time), and only then the nonce's first use (so a forged
 * call cannot burn an app's nonces). Throws OpenApiRefused; returns the app.
 */
export async function verifyOpenApiCall(
  req: { method: string; url: string; headers: FastifyRequest['headers']; raw: Uint8Array },
  deps: { now: number; findApp: (appKey: string) => Promise<OpenApp | undefined>; nonces: NonceStore },
): Promise<OpenApp> {
  const appKey = header(req.headers, OPEN_API_HEADERS.appKey);
  const ts = header(req.headers, OPEN_API_HEADERS.timestamp);
  const nonce = header(req.headers, OPEN_API_HEADERS.nonce);
  const signature = header(req.headers, OPEN_API_HEADERS.signature);
  if (
    !appKey ||
    !OPEN_APP_KEY_PATTERN.test(appKey) ||
    !ts ||
    !OPEN_API_TIMESTAMP_PATTERN.test(ts) ||
    !nonce ||
    !OPEN_API_NONCE_PATTERN.test(nonce) ||
    !signature ||
    !OPEN_API_SIGNATURE_PATTERN.test(signature)
  ) {
    throw new OpenApiRefused('headers');
  }
  if (req.url.includes('?') || req.url.includes('#')) throw new OpenApiRefused('query');
  const timestamp = Number(ts);
  if (Math.abs(deps.now - timestamp) > OPEN_API_WINDOW_MS) throw new OpenApiRefused('timestamp');
  const app = await deps.findApp(appKey);
  if (!app || app.status !== OPEN_APP_ENABLED) throw new OpenApiRefused('app');
  const expected = await openApiSignature(app.secret, {
    method: req.method,
    path: req.url,
    timestamp: ts,
    nonce,
    bodyHash: await openApiBodyHash(req.raw),
  });
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(signature, 'hex'))) throw new OpenApiRefused('signature');
  if (!(await deps.nonces.remember(openNonceKey(appKey), nonce, deps.now + NONCE_TTL_MS, deps.now))) {
    throw new OpenApiRefused('nonce');
  }
  return app;
}

const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The signed body as JSON (an empty body reads as `{}`), or bad input. */
function parseBody(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  try {
    return parseJsonWithLimits(utf8.decode(raw), DEFAULT_SECURE_CHANNEL_LIMITS);
  } catch {
    throw badInput('请求内容不是合法的JSON');
  }
}

/**
 * Mounts one open API endpoint. The body is read raw (any content type; the signature covers the exact bytes), the
 * call verified (verifyOpenApiCall: any failure is the one uniform refusal, HTTP 401 code 110401, nothing executed),
 * then the body parsed as JSON and validated with `input` (HTTP 400, the first issue in Chinese naming the field), and
 * the handler run as the app's merchant. Answers `{ code: '200', msg: 'success', data }`; an AppError its own status
 * and message (the app's error handler, as for the gateway).
 */
export function openApiRoute<S extends z.ZodType>(app: FastifyInstance, deps: GatewayDeps, spec: OpenApiRouteSpec<S>): void {
  if (!spec.path.startsWith(`${OPEN_API_PREFIX}/`)) throw new Error(`open API path must start with ${OPEN_API_PREFIX}/: ${spec.path}`);
  const list = endpoints.get(app) ?? [];
  if (list.some((e) => e.path === spec.path && e.method === spec.method)) throw new Error(`duplicate open API route ${spec.path}`);
  list.push({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    description: spec.description,
    input: spec.input,
    output: spec.output,
  });
  endpoints.set(app, list);

  void app.register(async (scope) => {
    // The raw bytes for every content type (none included): the signature is over the body as sent. They are kept
    // beside the request, not as its body, until the call is verified.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
      rawBodies.set(req, body as Buffer);
      done(null, undefined);
    });
    scope.post(spec.path, async (req, reply) => {
      const raw = rawBodies.get(req) ?? Buffer.alloc(0);
      const now = deps.clock.now();
      let openApp: OpenApp;
      try {
        openApp = await verifyOpenApiCall(
          { method: req.method, url: req.url, headers: req.headers, raw },
          { now, findApp: (key) => findOpenApp(deps.db.db, key), nonces: deps.services.channels.nonces },
        );
      } catch (err) {
        if (!(err instanceof OpenApiRefused)) throw err;
        req.log.warn({ reason: err.reason, appKey: header(req.headers, OPEN_API_HEADERS.appKey)?.slice(0, 32) }, 'open API refusal');
        const refusal: OpenApiEnvelope<null> = { code: OPEN_API_REFUSAL_CODE, msg: OPEN_API_REFUSAL_MESSAGE, data: null };
        return reply.status(401).header('cache-control', 'no-store').send(refusal);
      }
      const body = parseBody(raw);
      const nulAt = findNul(body);
      if (nulAt !== undefined) throw nulRefusal(nulAt);
      const parsed = spec.input.safeParse(body);
      if (!parsed.success) throw inputError(parsed.error);
      // The merchant is the app's: a different one anywhere in the body is refused, never obeyed.
      if (foreignMerchantId(body, openApp.merchantId) !== undefined) throw forbidden('不能访问其他商户的数据');
      const ctx: SessionOpContext = {
        ...actingAsSystem(appEnv(deps, req.log), openApp.merchantId, {
          userName: `开放接口（${openApp.name}）`,
          userAgent: 'open-api',
        }),
        ip: req.ip,
      };
      let data = await spec.handler(ctx, parsed.data, openApp);
      if (spec.output) data = answerOf(deps, req, { name: `open-api ${spec.path}`, output: spec.output }, data);
      const answer: OpenApiEnvelope = { code: OPEN_API_OK_CODE, msg: OPEN_API_OK_MESSAGE, data: data ?? null };
      return reply.header('cache-control', 'no-store').send(answer);
    });
  });
}
