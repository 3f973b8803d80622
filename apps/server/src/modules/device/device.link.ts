import type { z } from 'zod';
import {
  COMMAND_TIMEOUT_MS,
  OFFLINE_AFTER_MS,
  FAULT_EVENT,
  faultEventData,
  type ackPayload,
  type eventPayload,
  type heartbeatPayload,
  type telemetryPayload,
} from '@merchant/contracts/device/device-protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceLinkHandler } from '../../platform/device-link/device-link.ts';
import { secretMatches } from './device.secret.ts';
import * as repo from './device.repo.ts';

/**
 * The device module's side of the link (docs/device-protocol.md): who may connect, what a heartbeat,
 * telemetry or an acknowledgement changes, and the sweep (offline after 90 s of silence — DEVICE_OFFLINE_SECONDS —, commands 超时 after 30 s).
 */
export function deviceLinkHandler(
  db: Kysely<Database>,
  opts: {
    offlineAfterMs?: number;
    /** Other modules' events by type (`restocked` → the 补货单 service), given the device's merchant and its data. */
    events?: Record<
      string,
      (device: { merchantId: number; deviceCode: string }, data: Record<string, unknown>, now: number) => Promise<unknown>
    >;
    /** Other modules' sweeps, run after the link's own (the door sessions a cabinet left unfinished). */
    sweeps?: ((now: number) => Promise<void>)[];
  } = {},
): DeviceLinkHandler {
  const offlineAfterMs = opts.offlineAfterMs ?? OFFLINE_AFTER_MS;
  /** Online now: an offline → online change is logged. */
  async function seen(d: { id: number; merchant_id: number; online: number }, now: number, firmware?: string) {
    if (Number(d.online) === 1) return repo.markSeen(db, d.id, now, firmware);
    await db.transaction().execute(async (trx) => {
      // a conditional claim: two messages racing (two server instances) log one 上线, not two
      const r = await repo.markOnline(trx, d.id, now, firmware);
      if (Number(r.numUpdatedRows) === 1) {
        await repo.insertLinkLog(trx, { merchant_id: d.merchant_id, device_id: d.id, event: 'online', created_at: now });
      } else await repo.markSeen(trx, d.id, now, firmware);
    });
  }

  return {
    async authenticate(deviceCode, secret) {
      const d = await repo.findDeviceByCode(db, deviceCode);
      if (!d || !secretMatches(d.secret_hash, secret)) return 'bad';
      return d.status === 3 ? 'refused' : 'ok';
    },

    async receive(deviceCode, kind, payload, now) {
      const d = await repo.findDeviceByCode(db, deviceCode);
      // A device removed or disabled while its message was in flight: nothing to store.
      if (!d || d.status === 3) return;
      if (kind === 'heartbeat') {
        const p = payload as z.output<typeof heartbeatPayload>;
        await seen(d, now, p.firmware);
      } else if (kind === 'telemetry') {
        const p = payload as z.output<typeof telemetryPayload>;
        await seen(d, now);
        await repo.saveTelemetry(db, d.id, {
          ...(p.temperature !== undefined ? { temperature_dc: Math.round(p.temperature * 10) } : {}),
          ...(p.door !== undefined ? { door_state: p.door } : {}),
          telemetry_at: now,
          last_seen_at: now,
        });
      } else if (kind === 'ack') {
        const p = payload as z.output<typeof ackPayload>;
        await seen(d, now);
        await repo.settleCommand(db, d.id, p.id, p.ok ? 2 : 4, p.message ?? '', now);
      } else {
        const p = payload as z.output<typeof eventPayload>;
        await seen(d, now);
        if (p.type === FAULT_EVENT) {
          // the payload schema checked the fault's data: a bad one never reaches here (counted by the link)
          const f = faultEventData.parse(p.data ?? {});
          await repo.insertFault(db, {
            merchant_id: d.merchant_id,
            device_id: d.id,
            fault_code: f.code,
            message: f.message,
            created_at: now,
          });
        } else if (opts.events?.[p.type]) {
          // the payload schema checked the event's data (restocked): the owning module handles it
          await opts.events[p.type]({ merchantId: d.merchant_id, deviceCode: d.device_code }, p.data ?? {}, now);
        }
        // other events: a sign of life
      }
    },

    async sweep(now) {
      const before = now - offlineAfterMs;
      for (const d of await repo.silentDevices(db, before)) {
        await db.transaction().execute(async (trx) => {
          const r = await repo.markOffline(trx, d.id, before);
          if (Number(r.numUpdatedRows) > 0) {
            await repo.insertLinkLog(trx, { merchant_id: d.merchant_id, device_id: d.id, event: 'offline', created_at: now });
          }
        });
      }
      await repo.expireCommands(db, now - COMMAND_TIMEOUT_MS);
      for (const more of opts.sweeps ?? []) await more(now);
    },
  };
}
