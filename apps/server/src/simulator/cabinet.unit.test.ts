import { RESTOCKED_EVENT, type RestockData, type RestockedEventData } from '@merchant/contracts/device/device-protocol';
import { describe, expect, it } from 'vitest';
import { rng, VirtualCabinet } from './cabinet.ts';

// The simulator's cabinet answers a 补货 command: acknowledged at once, loaded a few simulated seconds later and
// reported as `restocked` — everything, about one order in five one unit short on one line, the same for the seed.

/** A cabinet off the link whose messages are kept; `orders` 补货 commands, then 20 simulated seconds. */
async function run(seed: number, orders: number) {
  const sim = new VirtualCabinet({ deviceCode: 'SIMTEST', secret: 'x', name: '模拟柜', storageStyle: 1 }, rng(seed), {
    url: 'mqtt://unused',
    heartbeatSeconds: 1000,
    telemetrySeconds: 1000,
    dropChance: 0,
  });
  const sent: { kind: string; body: Record<string, unknown> }[] = [];
  sim.publish = (kind, body) => void sent.push({ kind, body });
  const commands: RestockData[] = [];
  for (let n = 0; n < orders; n++) {
    const data: RestockData = {
      restockVersion: 1,
      orderCode: `BH26112400${String(n).padStart(2, '0')}`,
      lines: [1, 2, 3].map((k) => ({ slotNo: `A${k}`, skuId: k, skuCode: `S${k}`, quantity: k + n })),
    };
    commands.push(data);
    sim.obey({ v: 1, id: `C${n}`, type: 'restock', ts: 0, data });
  }
  for (let s = 0; s < 20; s++) await sim.tick();
  return { sim, sent, commands };
}

describe('simulator cabinet: 补货', () => {
  it('acknowledges, then reports every order loaded in full or one short on one line', async () => {
    const { sim, sent, commands } = await run(7, 100);
    expect(sent.filter((m) => m.kind === 'ack')).toHaveLength(100);
    expect(sent.find((m) => m.kind === 'ack')?.body).toMatchObject({ id: 'C0', ok: true });
    const reports = sent.filter((m) => m.kind === 'event' && m.body.type === RESTOCKED_EVENT).map((m) => m.body.data as RestockedEventData);
    expect(reports).toHaveLength(100);
    expect(sim.restocks).toEqual(reports);
    let shortOrders = 0;
    for (const r of reports) {
      const c = commands.find((x) => x.orderCode === r.orderCode)!;
      const missing = c.lines.map((l, n) => l.quantity - r.lines[n].loaded);
      expect(r.lines.map((l) => l.slotNo)).toEqual(c.lines.map((l) => l.slotNo));
      expect(missing.every((m) => m === 0 || m === 1)).toBe(true);
      expect(missing.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
      if (missing.includes(1)) shortOrders++;
    }
    expect(shortOrders).toBeGreaterThan(5);
    expect(shortOrders).toBeLessThan(40);
  });

  it('is the same for the same seed; a bad 补货 payload is refused', async () => {
    expect((await run(11, 20)).sim.restocks).toEqual((await run(11, 20)).sim.restocks);
    const { sim, sent } = await run(3, 0);
    sim.obey({ v: 1, id: 'BAD', type: 'restock', ts: 0, data: { orderCode: 1 } });
    expect(sent.at(-1)).toEqual({ kind: 'ack', body: { id: 'BAD', ok: false, message: '补货数据格式不正确' } });
  });
});
