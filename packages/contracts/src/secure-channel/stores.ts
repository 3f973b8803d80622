/**
 * Storage the verifier needs. The server supplies implementations; the in-memory ones below serve
 * SQLite mode (one process) and tests. A DB-backed pair (PostgreSQL mode) must give the same answers
 * to every server instance.
 *
 * Expiry convention everywhere: a record with `expiresAt` is alive while `nowMs < expiresAt`.
 */
import type { SecureChannel } from './keys.ts';

export interface ChannelStore {
  /** The channel, or undefined if unknown or expired at `nowMs`. */
  get(channelId: string, nowMs: number): Promise<SecureChannel | undefined>;
  /** Saves a channel made by acceptHandshake (persist keys with exportChannelKeys). */
  put(channel: SecureChannel): Promise<void>;
  /** Forgets a channel (optional; e.g. on logout). */
  delete?(channelId: string): Promise<void>;
}

export interface NonceStore {
  /**
   * Atomically records (channelId, nonce) until `expiresAtMs`. Returns true if it was not alive at
   * `nowMs` (first use), false if it was (replay). Must be atomic across server instances, e.g. in
   * PostgreSQL:
   * ```sql
   * INSERT INTO secure_nonce (channel_id, nonce, expires_at) VALUES ($1, $2, $3)
   * ON CONFLICT (channel_id, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at
   *   WHERE secure_nonce.expires_at <= $4      -- $4 = nowMs: only an expired row may be reused
   * RETURNING 1                                 -- a row back = first use; none = replay
   * ```
   * (plus a periodic `DELETE ... WHERE expires_at <= now`).
   */
  remember(channelId: string, nonce: string, expiresAtMs: number, nowMs: number): Promise<boolean>;
}

export interface MemoryStoreOptions {
  /** Clock used only to decide when to sweep (default Date.now). */
  now?: () => number;
  /** Minimum time between two sweeps of expired records (default 10 s). */
  sweepIntervalMs?: number;
  /** Most records kept (channels: the oldest is evicted; nonces: new ones are refused, fail closed). */
  maxEntries?: number;
}

abstract class SweepingMap<V extends { expiresAt: number }> {
  protected readonly map = new Map<string, V>();
  private lastSweep = Number.NEGATIVE_INFINITY;
  protected readonly sweepIntervalMs: number;
  protected readonly maxEntries: number;
  protected readonly clock: () => number;
  constructor(options: MemoryStoreOptions, defaultMax: number) {
    this.clock = options.now ?? Date.now;
    this.sweepIntervalMs = options.sweepIntervalMs ?? 10_000;
    this.maxEntries = options.maxEntries ?? defaultMax;
  }
  get size(): number {
    return this.map.size;
  }
  /** Drops every record expired at `nowMs` (default: the clock). */
  sweep(nowMs: number = this.clock()): void {
    this.lastSweep = nowMs;
    for (const [k, v] of this.map) if (nowMs >= v.expiresAt) this.map.delete(k);
  }
  protected maybeSweep(nowMs: number): void {
    if (nowMs - this.lastSweep >= this.sweepIntervalMs || this.map.size >= this.maxEntries) this.sweep(nowMs);
  }
}

/** In-memory ChannelStore (SQLite mode, tests). */
export class MemoryChannelStore extends SweepingMap<SecureChannel> implements ChannelStore {
  constructor(options: MemoryStoreOptions = {}) {
    super(options, 100_000);
  }
  async get(channelId: string, nowMs: number): Promise<SecureChannel | undefined> {
    this.maybeSweep(nowMs);
    const ch = this.map.get(channelId);
    return ch && nowMs < ch.expiresAt ? ch : undefined;
  }
  async put(channel: SecureChannel): Promise<void> {
    this.maybeSweep(this.clock());
    if (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(channel.channelId, channel);
  }
  async delete(channelId: string): Promise<void> {
    this.map.delete(channelId);
  }
}

/** In-memory NonceStore (SQLite mode, tests). */
export class MemoryNonceStore extends SweepingMap<{ expiresAt: number }> implements NonceStore {
  constructor(options: MemoryStoreOptions = {}) {
    super(options, 1_000_000);
  }
  async remember(channelId: string, nonce: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    this.maybeSweep(nowMs);
    const key = `${channelId} ${nonce}`;
    const seen = this.map.get(key);
    if (seen && nowMs < seen.expiresAt) return false;
    if (!seen && this.map.size >= this.maxEntries) return false;
    this.map.delete(key);
    this.map.set(key, { expiresAt: expiresAtMs });
    return true;
  }
}
