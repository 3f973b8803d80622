import { randomBytes } from 'node:crypto';
import { OPEN_APP_ENABLED, OPEN_APP_STATUS } from '@merchant/contracts/open-api/signing';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badInput, notFound, uniqueViolation } from '../errors.ts';
import './open-app.table.ts';

// 开放应用: provisioning (the demo seed, the simulator, tests; later an admin screen) and the lookup of the verifier.

export interface OpenApp {
  id: number;
  merchantId: number;
  appKey: string;
  name: string;
  channelCode: string;
  secret: string;
  status: number;
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 'OA' + 14 random upper-case letters and digits (uniform: bytes ≥ 252 are drawn again). */
export function generateAppKey(): string {
  let out = 'OA';
  while (out.length < 16) {
    for (const b of randomBytes(16)) {
      if (b < 252 && out.length < 16) out += KEY_ALPHABET[b % 36];
    }
  }
  return out;
}

/** 32 random bytes, base64url: 43 characters. */
export function generateAppSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Creates an open app (启用) of a merchant for one of its sales channels and returns its credentials — the only time
 * the secret leaves the server. A colliding app key (one in 36^14) is drawn again.
 */
export async function provisionOpenApp(
  db: Kysely<Database>,
  input: { merchantId: number; channelCode: string; name: string; now: number; createdBy?: number },
): Promise<{ id: number; appKey: string; secret: string }> {
  const name = input.name.trim();
  if (!name || name.length > 50) throw badInput('应用名称须为1到50个字');
  const channel = await db.selectFrom('channel').select('code').where('code', '=', input.channelCode).executeTakeFirst();
  if (!channel) throw badInput('销售渠道不存在');
  const secret = generateAppSecret();
  for (let attempt = 0; ; attempt++) {
    const appKey = generateAppKey();
    try {
      const row = await db
        .insertInto('open_app')
        .values({
          merchant_id: input.merchantId,
          app_key: appKey,
          name,
          channel_code: input.channelCode,
          secret,
          status: OPEN_APP_ENABLED,
          created_by: input.createdBy ?? 0,
          created_at: input.now,
          updated_at: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, appKey, secret };
    } catch (err) {
      if (attempt < 3 && uniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** 启用 / 停用 an app of the merchant (a 停用 app's calls are refused at once). */
export async function setOpenAppStatus(
  db: Kysely<Database>,
  input: { merchantId: number; appKey: string; status: number; now: number },
): Promise<void> {
  if (!(input.status in OPEN_APP_STATUS)) throw badInput('应用状态只能是启用或停用');
  const res = await db
    .updateTable('open_app')
    .set((eb) => ({ status: input.status, updated_at: input.now, version: eb('version', '+', 1) }))
    .where('merchant_id', '=', input.merchantId)
    .where('app_key', '=', input.appKey)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound('开放应用');
}

/** The app of a key, whatever its status (the verifier refuses a 停用 one). */
export async function findOpenApp(db: Kysely<Database>, appKey: string): Promise<OpenApp | undefined> {
  const row = await db
    .selectFrom('open_app')
    .select(['id', 'merchant_id', 'app_key', 'name', 'channel_code', 'secret', 'status'])
    .where('app_key', '=', appKey)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      merchantId: row.merchant_id,
      appKey: row.app_key,
      name: row.name,
      channelCode: row.channel_code,
      secret: row.secret,
      status: row.status,
    }
  );
}

/** The apps of a merchant (no secrets). */
export async function listOpenApps(db: Kysely<Database>, merchantId: number): Promise<Omit<OpenApp, 'secret'>[]> {
  const rows = await db
    .selectFrom('open_app')
    .select(['id', 'merchant_id', 'app_key', 'name', 'channel_code', 'status'])
    .where('merchant_id', '=', merchantId)
    .orderBy('channel_code')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    merchantId: r.merchant_id,
    appKey: r.app_key,
    name: r.name,
    channelCode: r.channel_code,
    status: r.status,
  }));
}
