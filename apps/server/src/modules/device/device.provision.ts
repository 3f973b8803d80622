import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { writeHistory } from '../../platform/record-history.ts';
import { hashSecret, newSecret } from './device.secret.ts';
import { SUBJECT } from './device.service.ts';
import { DEVICE_MODELS } from './device.seed.ts';
import * as repo from './device.repo.ts';
import type { DeviceTable } from './device.table.ts';

export interface CabinetCredentials {
  deviceCode: string;
  name: string;
  modelCode: string;
  secret: string;
}

const SIMULATOR = '设备模拟器';

/**
 * The simulator's cabinets (npm run simulate): the first `count` activated devices of the demo merchant (the
 * first merchant), registering more when there are fewer. Secrets are stored hashed, so the simulator rotates
 * each one (as 重置密钥 does, with its history) and connects with the new secret — a real device would
 * have been given its secret at registration.
 */
export async function provisionCabinets(db: Kysely<Database>, clock: Clock, count: number): Promise<CabinetCredentials[]> {
  return provision(db, clock, { count });
}

/**
 * The simulator's cabinets named by code (npm run simulate -- --device D…): those devices of any merchant, 未激活 or
 * 已激活 (a 停用 device cannot connect), their secrets rotated like provisionCabinets'. An unknown or 停用 code is
 * refused by name; nothing is rotated then.
 */
export async function provisionDevices(db: Kysely<Database>, clock: Clock, codes: string[]): Promise<CabinetCredentials[]> {
  const found = await db.selectFrom('device').selectAll().where('device_code', 'in', codes).execute();
  for (const code of codes) {
    const d = found.find((x) => x.device_code === code);
    if (!d) throw new Error(`找不到设备 ${code}`);
    if (d.status === 3) throw new Error(`设备 ${code} 已停用，不能连接`);
  }
  return provision(db, clock, { devices: codes.map((c) => found.find((x) => x.device_code === c)!) });
}

async function provision(
  db: Kysely<Database>,
  clock: Clock,
  want: { count: number } | { devices: Selectable<DeviceTable>[] },
): Promise<CabinetCredentials[]> {
  const count = 'count' in want ? want.count : want.devices.length;
  const merchant = await db.selectFrom('merchant').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!merchant) throw new Error('数据库中还没有商户：请先运行 npm start 写入演示数据');
  const ctxOf = (merchantId: number) => ({ merchantId, session: { accountId: 0, userName: SIMULATOR }, clock }) as SessionOpContext;
  const ctx = ctxOf(merchant.id);
  const now = clock.now();
  const found =
    'devices' in want
      ? want.devices
      : await db
          .selectFrom('device')
          .selectAll()
          .where('merchant_id', '=', merchant.id)
          .where('status', '=', 2)
          .orderBy('device_code')
          .limit(count)
          .execute();
  const out: CabinetCredentials[] = [];
  await db.transaction().execute(async (trx) => {
    for (const d of found) {
      const secret = newSecret();
      const r = await repo.updateDeviceVersioned(trx, d.merchant_id, d.id, Number(d.version), { secret_hash: hashSecret(secret) }, now);
      if (Number(r.numUpdatedRows) !== 1) throw new Error(`设备 ${d.device_code} 刚被修改，请重试`);
      await writeHistory(trx, ctxOf(d.merchant_id), {
        subject: SUBJECT,
        subjectId: d.device_code,
        action: 'reset-secret',
        actionLabel: '重置设备密钥',
        remark: '设备模拟器接管该设备（密钥已轮换）',
      });
      out.push({ deviceCode: d.device_code, name: d.name, modelCode: d.model_code, secret });
    }
    for (let i = found.length; i < count; i++) {
      const model = DEVICE_MODELS[i % DEVICE_MODELS.length];
      const secret = newSecret();
      let deviceCode = `D2699${String(i + 1).padStart(6, '0')}`;
      while (await repo.deviceCodeTaken(trx, deviceCode)) deviceCode = `D2699${String(Number(deviceCode.slice(5)) + 1).padStart(6, '0')}`;
      const name = `模拟柜${String(i + 1).padStart(4, '0')}`;
      await repo.insertDevice(trx, {
        merchant_id: merchant.id,
        device_code: deviceCode,
        name,
        model_code: model.code,
        status: 2,
        firmware: '',
        remark: '设备模拟器注册',
        secret_hash: hashSecret(secret),
        online: 0,
        last_seen_at: 0,
        temperature_dc: null,
        door_state: '',
        telemetry_at: 0,
        version: 0,
        created_by: 0,
        created_at: now,
        updated_at: now,
      });
      await writeHistory(trx, ctx, {
        subject: SUBJECT,
        subjectId: deviceCode,
        action: 'create',
        actionLabel: '新增设备',
        remark: '设备模拟器注册',
      });
      out.push({ deviceCode, name, modelCode: model.code, secret });
    }
  });
  return out;
}
