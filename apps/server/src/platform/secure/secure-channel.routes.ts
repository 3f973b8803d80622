import {
  acceptHandshake,
  CODES,
  GATEWAY_PATHS,
  isSecureChannelError,
  SECURE_CHANNEL_MESSAGE,
  sealResponse,
  verifyRequest,
  type VerifiedRequest,
} from '@merchant/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayDeps } from '../gateway/gateway.ts';
import { ok } from '../gateway/gateway.ts';
import type { ChannelStores } from './channel-stores.ts';
import { classifyTarget, needsChannel } from './request-target.ts';

declare module 'fastify' {
  interface FastifyRequest {
    secure?: VerifiedRequest;
  }
}

const refusal = { code: CODES.secureChannel, msg: SECURE_CHANNEL_MESSAGE, message: SECURE_CHANNEL_MESSAGE, data: null };

/** Requests under /ben-api that must come through the channel: all but the handshake itself (request-target.ts). */
export const isSecurePath = needsChannel;
const notFound = { code: CODES.notFound, msg: '接口不存在', message: '接口不存在', data: null };
const badTarget = { code: CODES.badInput, msg: '请求地址不正确', message: '请求地址不正确', data: null };

/** The one answer to a target refused by the path-normalisation rule: A0340 under /ben-api, 404 for other API paths. */
export function refuseTarget(req: FastifyRequest, reply: FastifyReply) {
  const { area } = classifyTarget(req.url);
  if (area === 'secure') return reply.status(400).send(refusal);
  return area === 'api' ? reply.status(404).send(notFound) : reply.status(400).send(badTarget);
}

/**
 * The path-normalisation rule, enforced once for every request before any body parser, handler or
 * the channel itself: an API target not written plainly is refused (A0340 under /ben-api, else 404).
 * Register it as the first hook after the rate limiter. (Targets the router cannot even decode never
 * reach a hook: Fastify's `frameworkErrors` answers them with `refuseTarget` too.)
 */
export function registerTargetRule(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (classifyTarget(req.url).plain) return;
    req.log.warn({ url: req.url.slice(0, 300) }, 'API request target not in plain form: refused');
    return refuseTarget(req, reply);
  });
}

/**
 * Secure channel (DESIGN §4): ECDH handshake; every /ben-api request verified (timestamp window,
 * nonce, HMAC) and decrypted before anything runs; any failure is one uniform refusal (A0340) with
 * nothing executed. Responses are encrypted when the request asked.
 */
export function registerSecureChannel(app: FastifyInstance, deps: GatewayDeps, stores: ChannelStores, handshakeLimit: number): void {
  app.post(GATEWAY_PATHS.handshake, { config: { rateLimit: { max: handshakeLimit, timeWindow: 60_000 } } }, async (req, reply) => {
    try {
      const { serverHello, channel } = await acceptHandshake(req.body, { now: deps.clock.now() });
      await stores.channels.put(channel);
      reply.header('cache-control', 'no-store');
      return ok(serverHello);
    } catch (err) {
      if (!isSecureChannelError(err)) throw err;
      return reply.status(400).send(refusal);
    }
  });

  app.addHook('preHandler', async (req: FastifyRequest, reply) => {
    // Verified once per request: a static-file miss hands the same request on to the not-found handler.
    if (!isSecurePath(req.url) || req.secure) return;
    try {
      const verified = await verifyRequest(
        { method: req.method, url: req.url, body: req.body },
        { channels: stores.channels, nonces: stores.nonces, now: deps.clock.now() },
      );
      req.secure = verified;
      if (verified.method === 'POST') req.body = verified.payload;
      else req.query = verified.payload as Record<string, string>;
    } catch (err) {
      if (!isSecureChannelError(err)) throw err;
      req.log.warn({ reason: err.reason }, 'secure channel refusal');
      return reply.status(400).send(refusal);
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const secure = req.secure;
    if (!secure?.encryptResponse || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    return JSON.stringify(await sealResponse(secure.channel.keys, JSON.parse(payload), secure.nonce));
  });
}
