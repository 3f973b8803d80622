import { CODES, type ApiClient } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import { stockBalanceOps, type StockBalanceRow } from '@merchant/contracts/stock/stock-balance';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/calls.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { clearStock } from '../../test/stock-fixtures.ts';
import { expectWinners, race, type RaceAnswer } from '../../test/race.ts';

// Random sequences of 库存编辑 (random stock / lockStock, some illegal: lockStock > stock, a stale version) keep the
// ledger: on hand = Σ quantity, locked = Σ lock_delta, 0 ≤ locked ≤ on hand, each movement's before = the previous
// movement's after — and the balance is what the legal edits asked for.

interface Step {
  sku: number;
  stock: number | null;
  lockStock: number;
  stale: boolean;
}

describe.each(DIALECTS)('库存编辑 keeps the ledger (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    fx = await priceFixtures(t, 2);
    // these tests count the hub's whole stock and movements: start from an empty ledger (no seeded stock)
    await clearStock(t, fx.merchantId);
  });
  afterAll(() => t.close());

  async function checkLedger() {
    const balances = await t.db.db
      .selectFrom('stock_balance')
      .select(['location_id', 'sku_id', 'on_hand', 'locked'])
      .where('merchant_id', '=', fx.merchantId)
      .execute();
    for (const b of balances) {
      const moves = await t.db.db
        .selectFrom('stock_movement')
        .selectAll()
        .where('location_id', '=', b.location_id)
        .where('sku_id', '=', b.sku_id)
        .orderBy('id')
        .execute();
      const onHand = Number(b.on_hand);
      const locked = Number(b.locked);
      expect(onHand).toBe(moves.reduce((s, m) => s + Number(m.quantity), 0));
      expect(locked).toBe(moves.reduce((s, m) => s + Number(m.lock_delta), 0));
      expect(locked).toBeGreaterThanOrEqual(0);
      expect(locked).toBeLessThanOrEqual(onHand);
      let prev = { onHand: 0, locked: 0 };
      for (const m of moves) {
        expect([Number(m.on_hand_before), Number(m.locked_before)]).toEqual([prev.onHand, prev.locked]);
        expect(Number(m.on_hand_after)).toBe(Number(m.on_hand_before) + Number(m.quantity));
        expect(Number(m.locked_after)).toBe(Number(m.locked_before) + Number(m.lock_delta));
        expect(Number(m.locked_after)).toBeLessThanOrEqual(Number(m.on_hand_after));
        prev = { onHand: Number(m.on_hand_after), locked: Number(m.locked_after) };
      }
      expect(prev).toEqual({ onHand, locked });
    }
  }

  it('any sequence of edits, legal or not', async () => {
    const step: fc.Arbitrary<Step> = fc.record({
      sku: fc.nat({ max: 1 }),
      stock: fc.option(fc.nat({ max: 60 }), { freq: 4 }),
      lockStock: fc.nat({ max: 60 }),
      stale: fc.nat({ max: 9 }).map((n) => n < 2),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          const skuId = fx.skus[s.sku].id;
          const cur = await call<StockBalanceRow>(admin, stockBalanceOps.get, { skuId });
          const stock = s.stock ?? cur.onHand;
          const res = await op(admin, stockBalanceOps.edit, {
            skuId,
            ...(s.stock === null ? {} : { stock: s.stock }),
            lockStock: s.lockStock,
            reason: '随机编辑',
            version: s.stale ? cur.version + 1 : cur.version,
          });
          const after = await call<StockBalanceRow>(admin, stockBalanceOps.get, { skuId });
          // the input's own rule first (lockStock above a given stock), then the version, then the balance
          if (s.stock !== null && s.lockStock > s.stock) expect(res.code).toBe(CODES.badInput);
          else if (s.stale) expect(res.code).toBe(CODES.conflict);
          else if (s.lockStock > stock || (stock === cur.onHand && s.lockStock === cur.locked)) expect(res.code).toBe(CODES.badInput);
          else {
            expect(res.code).toBe('200');
            expect([after.onHand, after.locked]).toEqual([stock, s.lockStock]);
            continue;
          }
          expect(after).toEqual(cur);
        }
        await checkLedger();
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it('concurrent edits from the same version: exactly one wins, the others are refused as stale, the ledger holds', async () => {
    for (const skuIndex of [0, 1]) {
      const skuId = fx.skus[skuIndex].id;
      const cur = await call<StockBalanceRow>(admin, stockBalanceOps.get, { skuId });
      const answers = await race(
        5,
        (i) =>
          op(admin, stockBalanceOps.edit, {
            skuId,
            stock: cur.onHand + 10 + i,
            lockStock: i,
            reason: `并发编辑${i}`,
            version: cur.version,
          }) as Promise<RaceAnswer>,
      );
      const [won] = expectWinners(answers, { code: CODES.conflict, msg: STALE_VERSION_MESSAGE, status: 409 });
      const after = await call<StockBalanceRow>(admin, stockBalanceOps.get, { skuId });
      expect([after.onHand, after.locked]).toEqual([(won.data as { onHand: number }).onHand, (won.data as { locked: number }).locked]);
    }
    await checkLedger();
  }, 60_000);
});
