import { CODES, type ApiClient } from '@merchant/contracts';
import { adjustmentOps, type AdjustmentState } from '@merchant/contracts/price/price-adjustment';
import { priceChannelOps } from '@merchant/contracts/price/price-channel';
import { priceSheetOps, type QuoteRow } from '@merchant/contracts/price/price-sheet';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { resolveCabinets, resolvePrices } from './price.resolver.ts';
import { priceSchedulerOf } from './price.routes.ts';

// The resolver against a brute-force reference: random layer prices set by adjustment orders applied at random times,
// asked at random instants (past: from the ledger; now: from the current prices), on both databases. Orders are
// applied at once (立即), scheduled (待生效 until the clock passes their time, then applied by the sweep) or cancelled
// (as drafts or while 待生效: never applied); base prices change at random.

type Scope = 'channel1' | 'channel2' | 'cabinet';
interface Event {
  sku: number;
  scope: Scope;
  key: string;
  price: number;
  t: number;
}

describe.each(DIALECTS)('price resolver (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  let channelId: number;
  const events: Event[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    fx = await priceFixtures(t, 3);
    // a fresh second channel under 智能柜 holding the first cabinet (seeded bindings moved off it)
    await t.db.db.deleteFrom('price_channel_device').where('device_code', 'in', fx.devices.slice(0, 2)).execute();
    const ch = await call<{ id: number; version: number }>(admin, priceChannelOps.add, {
      firstChannelCode: 'container',
      name: '性质测试渠道',
      remark: '',
    });
    await call(admin, priceChannelOps.bindDevices, { id: ch.id, version: ch.version, deviceCodes: [fx.devices[0]] });
    channelId = ch.id;
    // the seeded prices of these SKUs are part of the reference: start from the ledger as it is
    const seeded = await t.db.db
      .selectFrom('price_change')
      .selectAll()
      .where('merchant_id', '=', fx.merchantId)
      .where(
        'sku_id',
        'in',
        fx.skus.map((s) => s.id),
      )
      .orderBy('effective_at')
      .orderBy('id')
      .execute();
    for (const r of seeded) {
      events.push({
        sku: Number(r.sku_id),
        scope: r.scope_type as Scope,
        key: r.scope_key,
        price: Number(r.new_price),
        t: Number(r.effective_at),
      });
    }
  });
  afterAll(() => t.close());

  /** The reference: strongest layer with a price set at or before `at` (the later event wins a tie). */
  function reference(sku: number, place: { deviceCode?: string; channelCode?: string; secondChannelId?: number }, at: number) {
    const cands: { scope: Scope; key: string }[] = [];
    // a cabinet, or a second channel (under 智能柜 here), brings its first channel
    const channel = place.channelCode ?? (place.deviceCode || place.secondChannelId ? 'container' : '');
    if (place.deviceCode) cands.push({ scope: 'cabinet', key: place.deviceCode });
    const second = place.secondChannelId ?? (place.deviceCode === fx.devices[0] ? channelId : undefined);
    if (second !== undefined) cands.push({ scope: 'channel2', key: String(second) });
    if (channel) cands.push({ scope: 'channel1', key: channel });
    for (const c of cands) {
      let hit: Event | undefined;
      for (const e of events) if (e.sku === sku && e.scope === c.scope && e.key === c.key && e.t <= at) hit = e;
      if (hit) return { price: hit.price, layer: c.scope as string };
    }
    return { price: fx.skus.find((s) => s.id === sku)!.base, layer: 'base' };
  }

  const targets = (): { scope: Scope; key: string }[] => [
    { scope: 'cabinet', key: fx.devices[0] },
    { scope: 'cabinet', key: fx.devices[1] },
    { scope: 'channel2', key: String(channelId) },
    { scope: 'channel1', key: 'container' },
    { scope: 'channel1', key: 'mall' },
  ];
  const places = () => [
    { deviceCode: fx.devices[0] },
    { deviceCode: fx.devices[1] },
    { channelCode: 'container' },
    { channelCode: 'mall' },
    { secondChannelId: channelId },
    { channelCode: 'online' },
  ];

  /** 待生效 orders not yet applied (carried across runs: a later run's clock may pass their time). */
  const pending: { orderNo: string; at: number }[] = [];
  /** Orders cancelled (as drafts or while 待生效): they never take effect, even once their time has passed. */
  const cancelled: string[] = [];
  const sweep = () => priceSchedulerOf(t.app)!.sweep();

  /**
   * Applies what is due at the clock's instant (the sweep; on PostgreSQL the runner's own job may apply first, at the
   * same instant — the clock only moves between these calls) and adds the ledger rows to the reference. Checks that
   * exactly the due orders were applied, at this instant, and the rest still wait. Returns the applied orders.
   */
  async function applyDue(): Promise<{ orderNo: string; at: number; appliedAt: number }[]> {
    const now = t.clock.now();
    await sweep();
    const due = pending.filter((p) => p.at <= now);
    if (due.length === 0) return [];
    const rows = await t.db.db
      .selectFrom('price_adjustment')
      .select(['order_no', 'status', 'applied_at'])
      .where('merchant_id', '=', fx.merchantId)
      .where(
        'order_no',
        'in',
        pending.map((p) => p.orderNo),
      )
      .execute();
    for (const p of pending) {
      const r = rows.find((x) => x.order_no === p.orderNo)!;
      expect({ orderNo: p.orderNo, status: Number(r.status), appliedAt: r.applied_at === null ? null : Number(r.applied_at) }).toEqual({
        orderNo: p.orderNo,
        status: p.at <= now ? 3 : 2,
        appliedAt: p.at <= now ? now : null,
      });
    }
    // the ledger rows of the orders applied now, in the order they were written (two orders due at once: either order)
    const ledger = await t.db.db
      .selectFrom('price_change')
      .selectAll()
      .where('merchant_id', '=', fx.merchantId)
      .where(
        'order_no',
        'in',
        due.map((d) => d.orderNo),
      )
      .orderBy('id')
      .execute();
    for (const r of ledger) {
      expect(Number(r.effective_at)).toBe(now);
      events.push({ sku: Number(r.sku_id), scope: r.scope_type as Scope, key: r.scope_key, price: Number(r.new_price), t: now });
    }
    for (const d of due) pending.splice(pending.indexOf(d), 1);
    return due.map((d) => ({ ...d, appliedAt: now }));
  }

  const quote = async (at: number | undefined, sku: number) =>
    (
      await call<QuoteRow[]>(admin, priceSheetOps.quote, {
        items: places().map((pl) => ({ skuId: sku, ...pl })),
        ...(at === undefined ? {} : { at }),
      })
    ).map((r) => ({ price: r.priceCents, layer: r.layer }));

  it('equals the brute-force reference at random instants (with 待生效 and 已取消 orders and changed base prices)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.integer({ min: 1, max: 99_999 })), { minLength: 3, maxLength: 3 }),
        fc.array(
          fc.record({
            dt: fc.integer({ min: 1, max: 60_000 }),
            target: fc.nat(4),
            skus: fc.subarray([0, 1, 2], { minLength: 1 }),
            price: fc.integer({ min: 1, max: 99_999 }),
            kind: fc.constantFrom('now', 'scheduled', 'scheduled', 'cancelledDraft', 'cancelledScheduled'),
            ahead: fc.integer({ min: 20_000, max: 150_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.array(fc.record({ back: fc.integer({ min: 0, max: 400_000 }), sku: fc.nat(2), place: fc.nat(5) }), {
          minLength: 4,
          maxLength: 8,
        }),
        async (bases, orders, asks) => {
          // random base prices (read as they are now, also for a past instant)
          for (const [i, base] of bases.entries()) {
            if (base === null) continue;
            await t.db.db.updateTable('goods_sku').set({ base_price: base }).where('id', '=', fx.skus[i].id).execute();
            fx.skus[i].base = base;
          }
          const applied: { orderNo: string; at: number; appliedAt: number }[] = [];
          for (const o of orders) {
            t.clock.advance(o.dt);
            applied.push(...(await applyDue()));
            const tg = targets()[o.target];
            const body = {
              scopeType: tg.scope,
              reason: '性质测试调价',
              lines: o.skus.map((i) => ({ skuId: fx.skus[i].id, scopeKey: tg.key, newPrice: o.price })),
            };
            const scheduled = { ...body, effectiveMode: 'scheduled', effectiveAt: t.clock.now() + o.ahead };
            if (o.kind === 'now') {
              await call(admin, adjustmentOps.quick, { ...body, effectiveMode: 'now' });
              for (const i of o.skus) events.push({ sku: fx.skus[i].id, scope: tg.scope, key: tg.key, price: o.price, t: t.clock.now() });
            } else if (o.kind === 'scheduled') {
              const st = await call<AdjustmentState>(admin, adjustmentOps.quick, scheduled);
              expect(st.status).toBe(2);
              pending.push({ orderNo: st.orderNo, at: scheduled.effectiveAt });
            } else {
              const st =
                o.kind === 'cancelledDraft'
                  ? await call<AdjustmentState>(admin, adjustmentOps.save, { ...body, effectiveMode: 'now' })
                  : await call<AdjustmentState>(admin, adjustmentOps.quick, scheduled);
              await call(admin, adjustmentOps.cancel, { orderNo: st.orderNo, version: st.version, cancelReason: '性质测试取消' });
              cancelled.push(st.orderNo);
            }
          }
          t.clock.advance(1);
          applied.push(...(await applyDue()));
          const now = t.clock.now();
          const items = asks.map((a) => ({ skuId: fx.skus[a.sku].id, ...places()[a.place] }));
          // the past, instant by instant (the ledger), and now (the current prices) through the operation
          for (const [n, a] of asks.entries()) {
            const at = now - a.back;
            const [got] = await call<QuoteRow[]>(admin, priceSheetOps.quote, { items: [items[n]], at });
            const want = reference(items[n].skuId, places()[a.place], at);
            expect({ price: got.priceCents, layer: got.layer }).toEqual(want);
          }
          const current = await call<QuoteRow[]>(admin, priceSheetOps.quote, { items });
          expect(current.map((r) => ({ price: r.priceCents, layer: r.layer }))).toEqual(
            asks.map((a, n) => reference(items[n].skuId, places()[a.place], now)),
          );
          // around each scheduled order applied in this run: its time, the instant before it was applied and the
          // instant it was, every SKU at every place
          for (const d of applied) {
            for (const at of [d.at - 1, d.at, d.appliedAt - 1, d.appliedAt]) {
              for (const sku of fx.skus) {
                expect(await quote(at, sku.id), `${d.orderNo} at ${at - d.at}`).toEqual(places().map((pl) => reference(sku.id, pl, at)));
              }
            }
          }
        },
      ),
      { numRuns: dialect === 'postgres' ? 8 : 15 },
    );
    // whatever still waits is 待生效, and every cancelled order stayed 已取消 (none took effect, none is in the ledger)
    const states = await t.db.db
      .selectFrom('price_adjustment')
      .select(['order_no', 'status'])
      .where('merchant_id', '=', fx.merchantId)
      .execute();
    const status = new Map(states.map((r) => [r.order_no, Number(r.status)]));
    expect(pending.map((p) => status.get(p.orderNo))).toEqual(pending.map(() => 2));
    expect(cancelled.map((n) => status.get(n))).toEqual(cancelled.map(() => 4));
    if (cancelled.length) {
      const leaked = await t.db.db.selectFrom('price_change').select('order_no').where('order_no', 'in', cancelled).execute();
      expect(leaked).toEqual([]);
    }
    // and cancel the rest, so that the later tests see only the reference's events
    for (const p of pending.splice(0)) {
      const d = await call<{ version: number }>(admin, adjustmentOps.detail, { orderNo: p.orderNo });
      await call(admin, adjustmentOps.cancel, { orderNo: p.orderNo, version: d.version, cancelReason: '性质测试结束' });
    }
  });

  it('resolves cabinets in a batch the same way, and a disabled second channel stops counting', async () => {
    const skuIds = fx.skus.map((s) => s.id);
    const batch = await resolveCabinets(t.db.db, fx.merchantId, fx.devices.slice(0, 2), skuIds, undefined, t.clock.now());
    const one = await resolvePrices(
      t.db.db,
      fx.merchantId,
      fx.devices.slice(0, 2).flatMap((deviceCode) => skuIds.map((skuId) => ({ skuId, deviceCode }))),
      undefined,
      t.clock.now(),
    );
    expect(batch).toEqual(one);
    expect(batch.map((b) => b.priceCents)).toEqual(
      fx.devices.slice(0, 2).flatMap((d) => skuIds.map((s) => reference(s, { deviceCode: d }, t.clock.now()).price)),
    );
    // disable the channel: its cabinet falls back past it
    const ch = await call<{ version: number }>(admin, priceChannelOps.detail, { id: channelId });
    await call(admin, priceChannelOps.disable, { id: channelId, version: ch.version });
    const after = await resolvePrices(t.db.db, fx.merchantId, [{ skuId: skuIds[0], deviceCode: fx.devices[0] }], undefined, t.clock.now());
    expect(after[0].layer).not.toBe('channel2');
    expect(after[0].secondChannelId).toBeNull();
  });

  it('quote: bad input, another merchant’s SKU or cabinet, no permission', async () => {
    expect(await op(admin, priceSheetOps.quote, { items: [] })).toMatchObject({ code: CODES.badInput, msg: '请选择SKU（字段：items）' });
    expect(await op(admin, priceSheetOps.quote, { items: [{ skuId: 'x' }] })).toMatchObject({ code: CODES.badInput });
    const other = await registerMerchant(t, '别家价格公司', 'priceother', '13700000071');
    expect(await op(other, priceSheetOps.quote, { items: [{ skuId: fx.skus[0].id }] })).toMatchObject({ code: CODES.notFound });
    expect(await op(admin, priceSheetOps.quote, { items: [{ skuId: fx.skus[0].id, deviceCode: 'D9999999999' }] })).toMatchObject({
      code: CODES.notFound,
    });
    const finance = await t.signIn('finance');
    expect((await op(finance, priceSheetOps.quote, { items: [{ skuId: fx.skus[0].id }] })).code).toBe(CODES.forbidden);
  });
});
