import {
  exportChannelKeys,
  importChannelKeys,
  MemoryChannelStore,
  MemoryNonceStore,
  type ChannelStore,
  type NonceStore,
  type SecureChannel,
} from '@merchant/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';

const SWEEP_EVERY_MS = 60_000;

/** PostgreSQL: channels shared by every server instance; keys cached per instance (they never change). */
class DbChannelStore implements ChannelStore {
  private readonly cache = new Map<string, SecureChannel>();
  constructor(private readonly db: Kysely<Database>) {}
  async get(channelId: string, nowMs: number): Promise<SecureChannel | undefined> {
    const hit = this.cache.get(channelId);
    if (hit) {
      if (nowMs < hit.expiresAt) return hit;
      this.cache.delete(channelId);
      return undefined;
    }
    const row = await this.db
      .selectFrom('secure_channel')
      .select(['keys', 'expires_at'])
      .where('channel_id', '=', channelId)
      .where('expires_at', '>', nowMs)
      .executeTakeFirst();
    if (!row) return undefined;
    const channel = { channelId, expiresAt: row.expires_at, keys: await importChannelKeys(row.keys) };
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(channelId, channel);
    return channel;
  }
  async put(channel: SecureChannel): Promise<void> {
    await this.db
      .insertInto('secure_channel')
      .values({
        channel_id: channel.channelId,
        keys: await exportChannelKeys(channel.keys),
        expires_at: channel.expiresAt,
        created_at: Date.now(),
      })
      .execute();
    this.cache.set(channel.channelId, channel);
  }
}

/** PostgreSQL: a nonce is first-use for exactly one instance (atomic insert; only an expired row may be reused). */
class DbNonceStore implements NonceStore {
  private lastSweep = 0;
  constructor(private readonly db: Kysely<Database>) {}
  async remember(channelId: string, nonce: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    if (nowMs - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = nowMs;
      await this.db.deleteFrom('secure_nonce').where('expires_at', '<=', nowMs).execute();
      await this.db.deleteFrom('secure_channel').where('expires_at', '<=', nowMs).execute();
    }
    const row = await this.db
      .insertInto('secure_nonce')
      .values({ channel_id: channelId, nonce, expires_at: expiresAtMs })
      .onConflict((oc) =>
        oc.columns(['channel_id', 'nonce']).doUpdateSet({ expires_at: expiresAtMs }).where('secure_nonce.expires_at', '<=', nowMs),
      )
      .returning('nonce')
      .executeTakeFirst();
    return row !== undefined;
  }
}

export interface ChannelStores {
  channels: ChannelStore;
  nonces: NonceStore;
}

/** In memory on SQLite (one process); in the database on PostgreSQL (several instances agree). */
export function createChannelStores(db: Db, clock: Clock): ChannelStores {
  if (db.dialect === 'postgres') return { channels: new DbChannelStore(db.db), nonces: new DbNonceStore(db.db) };
  const now = () => clock.now();
  return { channels: new MemoryChannelStore({ now }), nonces: new MemoryNonceStore({ now }) };
}
