import { timingSafeEqual } from 'node:crypto';
import { CODES, computeRequestSignature, DEFAULT_SECURE_CHANNEL_LIMITS, GATEWAY_PATHS, sha256Hex } from '@merchant/contracts';
import { TRACKING_LIMITS, trackingBatchSchema, trackingSigningInput } from '@merchant/contracts/tracking/tracking';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { extractToken, resolveSession } from '../../platform/auth/session.service.ts';
import { AppError } from '../../platform/errors.ts';
import { ok, type GatewayDeps } from '../../platform/gateway/gateway.ts';
import { findNul, nulRefusal } from '../../platform/gateway/input-guard.ts';

const querySchema = z.object({
  appKey: z.string().min(1).max(32),
  time: z.coerce.number().int().nonnegative(),
  channelId: z.string().min(1).max(64),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  sign: z.string().length(43),
});

const refused = () => new AppError(CODES.secureChannel, '安全校验失败，请刷新页面后重试', 400);

/**
 * Tracking batch upload (spec §7: query appKey, time, sign; text/plain body): only with a signed-in
 * session's token (anything else answers the session codes, nothing stored); signed with the secure
 * channel's key, timestamp within ±300 s, nonce used once, at most 64 KB and 200 events; stored with the
 * session's merchant and account.
 */
export function registerRoutes(app: FastifyInstance, deps: GatewayDeps, limit: number): void {
  app.post(
    GATEWAY_PATHS.tracking,
    { bodyLimit: TRACKING_LIMITS.maxBodyBytes, config: { rateLimit: { max: limit * 3, timeWindow: 60_000 } } },
    async (req) => {
      const now = deps.clock.now();
      // Only a signed-in session's pages are tracked: an anonymous caller cannot fill the table.
      const session = await resolveSession(deps.db.db, extractToken(req.headers.authorization), now, {
        idleMs: deps.config.sessionIdleMs,
        absoluteMs: deps.config.sessionAbsoluteMs,
      });
      const q = querySchema.safeParse(req.query);
      if (!q.success || typeof req.body !== 'string') throw refused();
      const { appKey, time, channelId, nonce, sign } = q.data;
      if (Math.abs(now - time) > DEFAULT_SECURE_CHANNEL_LIMITS.maxSkewMs) throw refused();
      const channel = await deps.services.channels.channels.get(channelId, now);
      if (!channel) throw refused();
      const expected = await computeRequestSignature(
        channel.keys.macKey,
        trackingSigningInput(GATEWAY_PATHS.tracking, { appKey, time, channelId, nonce }, await sha256Hex(req.body)),
      );
      if (!timingSafeEqual(Buffer.from(expected), Buffer.from(sign))) throw refused();
      if (!(await deps.services.channels.nonces.remember(channelId, nonce, now + DEFAULT_SECURE_CHANNEL_LIMITS.nonceTtlMs, now))) {
        throw refused();
      }
      let events;
      try {
        events = trackingBatchSchema.parse(JSON.parse(req.body));
      } catch {
        throw new AppError(CODES.badInput, `埋点数据格式不正确（最多${TRACKING_LIMITS.maxEvents}条）`, 400);
      }
      const nul = findNul(events);
      if (nul !== undefined) throw nulRefusal(nul);
      await deps.db.db
        .insertInto('tracking_event')
        .values(
          events.map((e) => ({
            merchant_id: session.merchantId,
            account_id: session.accountId,
            app_key: appKey,
            type: e.type,
            page: e.page,
            target: e.target ?? '',
            event_at: e.at,
            created_at: now,
          })),
        )
        .execute();
      return ok({ accepted: events.length });
    },
  );
}
