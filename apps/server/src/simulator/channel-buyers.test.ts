import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelBuyingSetup } from '../modules/order/order.provision.ts';
import { check as orderCheck } from '../modules/order/order.reconcile.ts';
import { check as stockCheck } from '../modules/stock/stock.reconcile.ts';
import { demoMerchantId } from '../platform/seeds.ts';
import { injectFetch, startTestApp, type TestApp } from '../test/harness.ts';
import { rng } from './cabinet.ts';
import { ChannelBuyers } from './channel-buyers.ts';

// The simulator's channel buyers against the real app (npm run simulate -- --orders N): orders of every channel come in
// through the open API's intake, most are paid, and the order and stock ledgers hold.

describe('the simulator’s channel buyers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('order through the open API of each channel; paid ones are 待发货; reconcile holds', async () => {
    const merchantId = (await demoMerchantId(t.db.db))!;
    const buying = await channelBuyingSetup(t.db.db, merchantId, t.clock.now());
    expect(buying.map((b) => b.channel).sort()).toEqual(['locallife', 'mall', 'online']);
    const before = await t.db.db
      .selectFrom('sale_order')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('channel', '<>', 'container')
      .executeTakeFirstOrThrow();
    const buyers = new ChannelBuyers(buying, rng(3), { apiUrl: '', perMinute: 60, fetch: injectFetch(t.app), now: () => t.clock.now() });
    for (let s = 0; s < 40; s++) buyers.tick(s);
    await buyers.settle();
    expect(buyers.counts.failed).toBe(0);
    expect(buyers.counts.ordered).toBeGreaterThan(20);
    expect(buyers.counts.paid).toBeGreaterThan(buyers.counts.ordered / 2);
    const after = await t.db.db
      .selectFrom('sale_order')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('channel', '<>', 'container')
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(buyers.counts.ordered);
    const channels = await t.db.db
      .selectFrom('sale_order')
      .select('channel')
      .where('user_id', 'like', 'sim-buyer-%')
      .groupBy('channel')
      .execute();
    expect(channels.map((c) => c.channel).sort()).toEqual(['locallife', 'mall', 'online']);
    expect(buyers.summary()).toMatch(/^渠道下单 \d+ 单：支付 \d+/);
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
    expect(await stockCheck.run(t.db.db, merchantId)).toEqual([]);
  });
});
