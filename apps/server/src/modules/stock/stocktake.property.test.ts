import type { ApiClient } from '@merchant/contracts';
import {
  stocktakeOps as ops,
  type StocktakeDetail,
  type StocktakeDeviceOption,
  type StocktakeState,
} from '@merchant/contracts/stock/stocktake';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/calls.ts';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';
import { check as reconcileCheck } from './stock.reconcile.ts';

// Random stocktake rounds on one cabinet — random counts (some below, some above the snapshot), counted in one or two
// goes, sometimes sent back and recounted, then approved or voided — keep the ledger (reconcile finds nothing), and an
// approved stocktake leaves every counted slot at its counted quantity (nothing else moves the cabinet here); a voided
// one changes nothing.

interface Round {
  offsets: number[];
  split: boolean;
  rejectFirst: boolean;
  end: 'approve' | 'void';
}

describe.each(DIALECTS)('盘点单 keeps the ledger (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let merchantId: number;
  let device: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    merchantId = Number(
      (await t.db.db.selectFrom('account').select('merchant_id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).merchant_id,
    );
    const open = new Set(
      (await t.db.db.selectFrom('stocktake').select('device_code').where('status', 'in', [0, 1]).execute()).map((o) => o.device_code),
    );
    device = (await call<StocktakeDeviceOption[]>(admin, ops.deviceOptions, {})).find((d) => !open.has(d.deviceCode))!.deviceCode;
  });
  afterAll(() => t.close());

  const onHandOf = async (d: StocktakeDetail) => {
    const rows = await t.db.db
      .selectFrom('stocktake_line as l')
      .innerJoin('stock_balance as b', (j) => j.onRef('b.location_id', '=', 'l.location_id').onRef('b.sku_id', '=', 'l.sku_id'))
      .select(['l.id', 'b.on_hand'])
      .where('l.stocktake_id', '=', (eb) => eb.selectFrom('stocktake').select('id').where('stocktake_code', '=', d.stocktakeCode))
      .execute();
    return new Map(rows.map((r) => [Number(r.id), Number(r.on_hand)]));
  };

  it('random count / reject / approve / void rounds keep the ledger and leave approved slots at their count', async () => {
    const round = fc.record({
      offsets: fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 40 }),
      split: fc.boolean(),
      rejectFirst: fc.boolean(),
      end: fc.constantFrom<'approve' | 'void'>('approve', 'approve', 'void'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 3 }), async (rounds: Round[]) => {
        for (const r of rounds) {
          const s = await call<StocktakeState>(admin, ops.create, { deviceCode: device });
          const d = await call<StocktakeDetail>(admin, ops.detail, { stocktakeCode: s.stocktakeCode });
          const before = await onHandOf(d);
          const want = d.lines.map((l, i) => ({
            lineId: l.lineId,
            countedQty: Math.max(0, l.systemQty + (r.offsets[i % r.offsets.length] ?? 0)),
          }));
          let version = s.version;
          const parts = r.split ? [want.slice(0, 1), want.slice(1)] : [want];
          for (const lines of parts.filter((p) => p.length))
            version = (await call<StocktakeState>(admin, ops.count, { stocktakeCode: s.stocktakeCode, version, lines })).version;
          version = (await call<StocktakeState>(admin, ops.submit, { stocktakeCode: s.stocktakeCode, version })).version;
          if (r.rejectFirst) {
            version = (await call<StocktakeState>(admin, ops.reject, { stocktakeCode: s.stocktakeCode, version, reason: '请复盘' }))
              .version;
            version = (await call<StocktakeState>(admin, ops.submit, { stocktakeCode: s.stocktakeCode, version })).version;
          }
          if (r.end === 'void') {
            await call(admin, ops.void, { stocktakeCode: s.stocktakeCode, version, reason: '随机作废' });
            expect(await onHandOf(d)).toEqual(before);
          } else {
            await call(admin, ops.approve, { stocktakeCode: s.stocktakeCode, version });
            const after = await onHandOf(d);
            for (const w of want) expect(after.get(w.lineId)).toBe(w.countedQty);
          }
          expect(await reconcileCheck.run(t.db.db, merchantId)).toEqual([]);
        }
      }),
      { numRuns: 8 },
    );
  }, 180_000);
});
