import { type ApiClient } from '@merchant/contracts';
import { adjustmentOps, type AdjustmentDetail, type AdjustmentState } from '@merchant/contracts/price/price-adjustment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { call } from '../../test/calls.ts';
import { DIALECTS, injectFetch, startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { ApiClient as Client, GATEWAY_PATHS } from '@merchant/contracts';
import { signInOps, type LoginResult } from '@merchant/contracts/permission/sign-in';
import { priceSchedulerOf } from './price.routes.ts';

// 定时生效 survives a restart (the in-process timers die with the process; the sweep and, on PostgreSQL, pg-boss
// carry the schedule), and the job runner applies an order at its time on the real clock.

async function signInOn(app: Awaited<ReturnType<typeof buildApp>>['app']): Promise<ApiClient> {
  const fetch = injectFetch(app);
  const anon = new Client({ fetch, appKey: 'A1001000' });
  const { token } = await anon.call<LoginResult>({
    method: 'POST',
    path: GATEWAY_PATHS.ignoreSecurity,
    body: { name: signInOps.loginPassword.name, body: { userName: 'admin', password: TEST_PASSWORD } },
  });
  return new Client({ fetch, getToken: () => token, appKey: 'A1001000' });
}

describe.each(DIALECTS)('scheduled price adjustments (%s)', (dialect) => {
  let t: TestApp;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  const order = (admin: ApiClient, effectiveAt: number, price: number) =>
    call<AdjustmentState>(admin, adjustmentOps.save, {
      scopeType: 'cabinet',
      effectiveMode: 'scheduled',
      effectiveAt,
      reason: '夜间定时调价',
      lines: [{ skuId: fx.skus[0].id, scopeKey: fx.devices[2], newPrice: price }],
    });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    fx = await priceFixtures(t, 1);
  });
  afterAll(() => t.close());

  it('takes effect on time after the server was stopped and started again (before and after its time)', async () => {
    let admin: ApiClient = await t.signIn('admin');
    const due = t.clock.now() + 60_000;
    const a = await order(admin, due, 1111);
    await call(admin, adjustmentOps.submit, { orderNo: a.orderNo, version: a.version });
    const b = await order(admin, due + 60_000, 2222);
    await call(admin, adjustmentOps.submit, { orderNo: b.orderNo, version: b.version });

    // stop; start again before the first order's time: nothing applied yet
    await t.app.close();
    t.clock.advance(10_000);
    let second = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    await second.app.ready();
    admin = await signInOn(second.app);
    expect((await call<AdjustmentDetail>(admin, adjustmentOps.detail, { orderNo: a.orderNo })).status).toBe(2);
    // its time comes while this server runs: the sweep applies it at once
    t.clock.advance(50_000);
    expect(await priceSchedulerOf(second.app)!.sweep()).toBe(1);
    const applied = await call<AdjustmentDetail>(admin, adjustmentOps.detail, { orderNo: a.orderNo });
    expect(applied).toMatchObject({ status: 3, appliedAt: due });

    // stop again across the second order's time: started after it, the start-up sweep applies it
    await second.app.close();
    t.clock.advance(120_000);
    second = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    await second.app.ready();
    admin = await signInOn(second.app);
    const late = await call<AdjustmentDetail>(admin, adjustmentOps.detail, { orderNo: b.orderNo });
    expect(late).toMatchObject({ status: 3, appliedAt: t.clock.now() });
    // the test app's own close runs on the last server
    t.app = second.app;
  });

  it('the job runner applies an order at its time on the real clock, without the sweep', async () => {
    t.clock.now = () => Date.now();
    const app = await buildApp({
      config: { ...t.config, price: { sweepIntervalMs: 0, minAheadMs: 1_000 } },
      db: t.db,
      clock: t.clock,
      logger: false,
    });
    await t.app.close();
    await app.app.ready();
    t.app = app.app;
    const admin = await signInOn(app.app);
    const due = Date.now() + 1_500;
    const s = await order(admin, due, 3333);
    await call(admin, adjustmentOps.submit, { orderNo: s.orderNo, version: s.version });
    let d = await call<AdjustmentDetail>(admin, adjustmentOps.detail, { orderNo: s.orderNo });
    expect(d.status).toBe(2);
    const until = Date.now() + 15_000;
    while (d.status === 2 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      d = await call<AdjustmentDetail>(admin, adjustmentOps.detail, { orderNo: s.orderNo });
    }
    expect(d.status).toBe(3);
    expect(d.appliedAt!).toBeGreaterThanOrEqual(due);
    // in-process: a timer, at its time; pg-boss polls its queue every second
    expect(d.appliedAt! - due).toBeLessThan(dialect === 'postgres' ? 6_000 : 1_000);
  }, 30_000);
});
