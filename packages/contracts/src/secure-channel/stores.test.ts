import { describe, expect, it } from 'vitest';
import type { SecureChannel } from './keys.ts';
import { MemoryChannelStore, MemoryNonceStore } from './stores.ts';

const channel = (id: string, expiresAt: number) => ({ channelId: id.padEnd(22, 'x'), expiresAt, keys: {} }) as unknown as SecureChannel;

describe('MemoryNonceStore', () => {
  it('remembers a nonce until it expires, per channel', async () => {
    const s = new MemoryNonceStore();
    expect(await s.remember('c1', 'n', 1_000, 0)).toBe(true);
    expect(await s.remember('c1', 'n', 2_000, 999)).toBe(false);
    expect(await s.remember('c2', 'n', 1_000, 0)).toBe(true);
    expect(await s.remember('c1', 'n', 2_000, 1_000)).toBe(true);
    expect(await s.remember('c1', 'n', 3_000, 1_999)).toBe(false);
  });

  it('sweeps expired nonces and fails closed when full', async () => {
    let now = 0;
    const s = new MemoryNonceStore({ now: () => now, sweepIntervalMs: 100, maxEntries: 3 });
    for (const n of ['a', 'b', 'c']) expect(await s.remember('c', n, 500, 0)).toBe(true);
    expect(await s.remember('c', 'd', 500, 50)).toBe(false); // full, nothing expired: refuse
    expect(s.size).toBe(3);
    expect(await s.remember('c', 'd', 1_000, 500)).toBe(true); // sweep frees the expired ones
    expect(s.size).toBe(1);
    now = 2_000;
    s.sweep();
    expect(s.size).toBe(0);
  });
});

describe('MemoryChannelStore', () => {
  it('returns channels until they expire and sweeps them', async () => {
    const s = new MemoryChannelStore({ now: () => 0, sweepIntervalMs: 0 });
    await s.put(channel('a', 1_000));
    await s.put(channel('b', 5_000));
    expect(await s.get('a'.padEnd(22, 'x'), 999)).toBeTruthy();
    expect(await s.get('a'.padEnd(22, 'x'), 1_000)).toBeUndefined();
    expect(s.size).toBe(1);
    expect(await s.get('nope', 0)).toBeUndefined();
    await s.delete('b'.padEnd(22, 'x'));
    expect(s.size).toBe(0);
  });

  it('evicts the oldest channel when full', async () => {
    const s = new MemoryChannelStore({ now: () => 0, maxEntries: 2 });
    await s.put(channel('a', 10));
    await s.put(channel('b', 10));
    await s.put(channel('c', 10));
    expect(s.size).toBe(2);
    expect(await s.get('a'.padEnd(22, 'x'), 0)).toBeUndefined();
    expect(await s.get('c'.padEnd(22, 'x'), 0)).toBeTruthy();
  });
});
