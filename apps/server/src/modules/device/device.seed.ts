import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { hashSecret, newSecret } from './device.secret.ts';
import * as repo from './device.repo.ts';
import type { DeviceModelTable } from './device.table.ts';

/** 柜型: product data, synced on every start (single/double door; 常温 1, 冷藏 2, 冷冻 3; slot rows × columns). */
export const DEVICE_MODELS: Omit<DeviceModelTable, 'id'>[] = [
  { code: 'XS-S1-N', name: '单门常温柜', door_count: 1, slot_rows: 5, slot_cols: 6, storage_style: 1, sort: 1 },
  { code: 'XS-S1-C', name: '单门冷藏柜', door_count: 1, slot_rows: 5, slot_cols: 5, storage_style: 2, sort: 2 },
  { code: 'XS-D2-N', name: '双门常温柜', door_count: 2, slot_rows: 6, slot_cols: 8, storage_style: 1, sort: 3 },
  { code: 'XS-D2-C', name: '双门冷藏柜', door_count: 2, slot_rows: 6, slot_cols: 6, storage_style: 2, sort: 4 },
  { code: 'XS-S1-F', name: '单门冷冻柜', door_count: 1, slot_rows: 4, slot_cols: 4, storage_style: 3, sort: 5 },
];

const NAMES = [
  '徐汇滨江大厦一楼大堂',
  '漕河泾开发区A座',
  '静安寺地铁站B口',
  '陆家嘴金融中心',
  '张江高科园区食堂',
  '虹桥天地写字楼',
  '五角场万达广场',
  '西湖文化广场',
  '滨江宝龙城',
  '钱江新城来福士',
  '天河城购物中心',
  '珠江新城地铁站',
];

/** The demo merchant's cabinets: D2611000001… (the simulator runs them: npm run simulate). */
export async function seedDemoDevices(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const admin = await demoAccount(db, mid, 'admin');
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 24; i++) {
      const model = DEVICE_MODELS[i % DEVICE_MODELS.length];
      const status = i >= 22 ? 3 : i >= 20 ? 1 : 2;
      const at = now - (30 - i) * 86_400_000;
      await repo.insertDevice(trx, {
        merchant_id: mid,
        device_code: `D2611${String(i + 1).padStart(6, '0')}`,
        name: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? '2号柜' : '1号柜'}`,
        model_code: model.code,
        status,
        firmware: status === 1 ? '' : `v2.${(i % 3) + 1}.0`,
        remark: '',
        // the real secret is unknown to anyone: the simulator rotates it (docs/devices.md)
        secret_hash: hashSecret(newSecret()),
        online: 0,
        last_seen_at: 0,
        temperature_dc: null,
        door_state: '',
        telemetry_at: 0,
        version: 0,
        created_by: admin?.id ?? 0,
        created_at: at,
        updated_at: at,
      });
    }
  });
}

export const seed: Seed = {
  order: 30,
  sync: async (db) => {
    for (const m of DEVICE_MODELS) await repo.upsertModel(db, m);
  },
  isEmpty: async (db) => !(await db.selectFrom('device').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedDemoDevices(db, now),
};
