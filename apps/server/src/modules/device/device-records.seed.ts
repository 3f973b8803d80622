import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { demoMerchantId, type Seed } from '../../platform/seeds.ts';

/**
 * The demo cabinets' past on the link (after the devices of device.seed.ts and point.seed.ts, orders 30–31): every
 * cabinet that was ever activated has its last report (offline now, last heartbeat hours or days ago, its temperature
 * and door), a fortnight of 上下线记录 (each stay online, then its drop) and, for about a third, a few 故障记录. The
 * simulator and a real cabinet carry on from there. Deterministic.
 */
export const seed: Seed = {
  order: 32,
  isEmpty: async (db) => !(await db.selectFrom('device_link_log').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedDeviceRecords(db, now),
};

const HOUR = 3_600_000;
const TARGET: Record<string, number> = { 'XS-S1-N': 22, 'XS-D2-N': 22, 'XS-S1-C': 4, 'XS-D2-C': 4, 'XS-S1-F': -18 };
const FAULTS: [code: string, message: string][] = [
  ['E-TEMP-SENSOR', '温度传感器读数异常'],
  ['E-DOOR-LOCK', '柜门关闭后门锁未落锁'],
  ['E-COMPRESSOR', '压缩机过载保护，已自动停机5分钟'],
  ['E-NET-WEAK', '4G信号弱，心跳间隔超过60秒'],
  ['E-SCALE', '称重模块零点漂移，请重新校准'],
];

export async function seedDeviceRecords(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const devices = await db
    .selectFrom('device')
    .select(['id', 'device_code', 'model_code', 'status', 'created_at'])
    .where('merchant_id', '=', mid)
    .where('status', '!=', 1)
    .orderBy('device_code')
    .execute();
  const logs: Insertable<Database['device_link_log']>[] = [];
  const faults: Insertable<Database['device_fault']>[] = [];
  const latest: { id: number; lastSeen: number; temperatureDc: number; door: string }[] = [];
  devices.forEach((d, i) => {
    // the last message: 2–50 hours ago; before it, stays of 6–30 hours with drops of 1–5 hours, back to 14 days ago
    const lastSeen = now - (2 + ((i * 7) % 48)) * HOUR - ((i * 7919) % 3_600) * 1000;
    const since = Math.max(Number(d.created_at), now - 14 * 24 * HOUR);
    const stays: [number, number][] = [];
    let end = lastSeen;
    for (let k = 0; end > since; k++) {
      const start = end - (6 + ((i + k * 5) % 25)) * HOUR;
      stays.unshift([Math.max(start, since), end]);
      end = start - (1 + ((i + k) % 5)) * HOUR;
    }
    for (const [on, off] of stays) {
      logs.push({ merchant_id: mid, device_id: d.id, event: 'online', created_at: on });
      // the sweep notices the silence 90–100 s after the last message
      logs.push({ merchant_id: mid, device_id: d.id, event: 'offline', created_at: off + 90_000 + (i % 10) * 1000 });
    }
    if (i % 3 === 0) {
      for (let k = 0; k < 1 + (i % 4); k++) {
        const [code, message] = FAULTS[(i + k) % FAULTS.length];
        const [on, off] = stays[(k * 3) % stays.length];
        faults.push({
          merchant_id: mid,
          device_id: d.id,
          fault_code: code,
          message,
          created_at: on + Math.floor(((off - on) * (k + 1)) / (k + 3)),
        });
      }
    }
    const target = TARGET[d.model_code] ?? 22;
    latest.push({
      id: d.id,
      lastSeen,
      temperatureDc: Math.round(target * 10 + (((i * 37) % 31) - 15)),
      door: i % 11 === 4 ? 'open' : 'closed',
    });
  });
  logs.sort((a, b) => Number(a.created_at) - Number(b.created_at));
  faults.sort((a, b) => Number(a.created_at) - Number(b.created_at));
  await db.transaction().execute(async (trx) => {
    for (let k = 0; k < logs.length; k += 200)
      await trx
        .insertInto('device_link_log')
        .values(logs.slice(k, k + 200))
        .execute();
    for (let k = 0; k < faults.length; k += 200)
      await trx
        .insertInto('device_fault')
        .values(faults.slice(k, k + 200))
        .execute();
    // the last report: telemetry and heartbeat are not edits (the version stays)
    for (const l of latest) {
      await trx
        .updateTable('device')
        .set({ online: 0, last_seen_at: l.lastSeen, temperature_dc: l.temperatureDc, door_state: l.door, telemetry_at: l.lastSeen })
        .where('id', '=', l.id)
        .execute();
    }
  });
}
