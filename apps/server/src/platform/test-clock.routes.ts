import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CODES } from '@merchant/contracts';
import { z } from 'zod';
import type { AdjustableClock } from './clock.ts';

// The e2e server's test clock (docs/operations.md): only registered when TEST_CLOCK_TOKEN is set, which the
// configuration refuses in production. Every call carries the token (Authorization: Bearer …), so a development
// server listening on every address does not hand its clock to the network.

const advanceBody = z
  .object({
    advanceMs: z
      .number()
      .int()
      .min(0)
      .max(366 * 24 * 3_600_000),
  })
  .strict();

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

export function registerTestClock(app: FastifyInstance, clock: AdjustableClock, token: string): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/__test/clock',
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!tokenMatches(req.headers.authorization, token)) {
        return reply.status(401).send({ code: CODES.forbidden, msg: '测试时钟口令不正确', message: '测试时钟口令不正确', data: null });
      }
      if (req.method === 'POST') {
        const body = advanceBody.safeParse(req.body);
        if (!body.success) {
          const msg = 'advanceMs 必须是 0 到一年之间的整数毫秒';
          return reply.status(400).send({ code: CODES.badInput, msg, message: msg, data: null });
        }
        clock.advance(body.data.advanceMs);
      }
      return { now: clock.now(), offsetMs: clock.offset };
    },
  });
}
