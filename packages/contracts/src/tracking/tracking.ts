import { z } from 'zod';
import { canonicalQuery } from '../secure-channel/canonical.ts';
import { computeRequestSignature, sha256Hex } from '../secure-channel/request.ts';
import type { ChannelKeys } from '../secure-channel/keys.ts';

export const TRACKING_LIMITS = { maxBodyBytes: 64 * 1024, maxEvents: 200 } as const;

/** One tracked event: a page view or a click. */
export const trackingEventSchema = z.object({
  type: z.enum(['pageview', 'click']),
  page: z.string().max(255),
  target: z.string().max(255).optional(),
  at: z.number().int().nonnegative(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;
export const trackingBatchSchema = z.array(trackingEventSchema).min(1).max(TRACKING_LIMITS.maxEvents);

/** The fields the tracking upload signs: everything in the query except `sign`, in canonical order. */
export function trackingSigningInput(
  path: string,
  q: { appKey: string; time: number; channelId: string; nonce: string },
  payloadHash: string,
) {
  return {
    method: 'POST',
    path,
    query: canonicalQuery([
      ['appKey', q.appKey],
      ['channelId', q.channelId],
      ['nonce', q.nonce],
      ['time', String(q.time)],
    ]),
    channelId: q.channelId,
    ts: q.time,
    nonce: q.nonce,
    payloadHash,
  };
}

/**
 * Signs a tracking batch (spec §7: query appKey, time, sign; text/plain body) with the secure
 * channel's HMAC key; `channelId` and `nonce` travel in the query too.
 */
export async function signTrackingBatch(
  keys: ChannelKeys,
  path: string,
  q: { appKey: string; time: number; channelId: string; nonce: string },
  body: string,
): Promise<Record<string, string>> {
  const sign = await computeRequestSignature(keys.macKey, trackingSigningInput(path, q, await sha256Hex(body)));
  return { appKey: q.appKey, time: String(q.time), channelId: q.channelId, nonce: q.nonce, sign };
}
