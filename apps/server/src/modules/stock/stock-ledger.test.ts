import { STOCK_SHORT_MESSAGE } from '@merchant/contracts/stock/stock-fields';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { demoMerchantId } from '../../platform/seeds.ts';
import { discoverChecks, reconcileAll } from '../../platform/reconcile.ts';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';
import { ensureLocation, postMovements, postOpeningBalances, reconcile, type StockActor, type StockMove } from './stock-ledger.service.ts';

// The stock ledger engine itself (issue 15): the conditional updates hold under concurrency on both databases, a refused
// movement writes nothing, and whatever sequence of movements is posted, on hand = Σ movements, locked = Σ lock deltas,
// 0 ≤ locked ≤ on hand, and each movement's before is the previous movement's after.

describe.each(DIALECTS)('stock ledger engine (%s)', (dialect) => {
  let t: TestApp;
  let merchantId: number;
  let skuIds: number[];
  let seq = 0;
  const actor = (): StockActor => ({ merchantId, operatorId: 0, operatorName: '测试', now: t.clock.now() });
  const slot = (code: string) =>
    t.db.db
      .transaction()
      .execute((trx) =>
        ensureLocation(
          trx,
          merchantId,
          { kind: 'cabinet', code, name: `${code}货道`, deviceCode: code.slice(0, 11), slotNo: '1-1' },
          t.clock.now(),
        ),
      );
  const post = (moves: StockMove[]) => t.db.db.transaction().execute((trx) => postMovements(trx, actor(), moves));
  const balance = (locationId: number, skuId: number) =>
    t.db.db
      .selectFrom('stock_balance')
      .select(['on_hand', 'locked'])
      .where('location_id', '=', locationId)
      .where('sku_id', '=', skuId)
      .executeTakeFirst()
      .then((b) => (b ? { onHand: Number(b.on_hand), locked: Number(b.locked) } : undefined));
  const movementsOf = (locationId: number) =>
    t.db.db.selectFrom('stock_movement').selectAll().where('location_id', '=', locationId).orderBy('id').execute();
  const move = (locationId: number, skuId: number, quantity: number, lockDelta = 0): StockMove => ({
    locationId,
    skuId,
    type: quantity > 0 ? 'inbound' : quantity < 0 ? 'sale' : lockDelta > 0 ? 'lock' : 'unlock',
    quantity,
    lockDelta,
    docType: 'seed',
    docCode: `T${++seq}`,
  });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    merchantId = (await demoMerchantId(t.db.db))!;
    const skus = await t.db.db.selectFrom('goods_sku').select('id').where('merchant_id', '=', merchantId).orderBy('id').limit(3).execute();
    skuIds = skus.map((s) => s.id);
  });
  afterAll(() => t.close());

  it('200 concurrent decrements of a slot holding 100: exactly 100 succeed, on hand 0, 100 sale movements', async () => {
    const loc = await slot('D2699000001-A');
    await post([move(loc.id, skuIds[0]!, 100)]);
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => post([move(loc.id, skuIds[0]!, -1)])));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as unknown);
    expect(ok).toBe(100);
    expect(refused).toHaveLength(100);
    for (const e of refused) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).message).toContain(STOCK_SHORT_MESSAGE);
      expect((e as AppError).message).toContain('现有0，本次需扣减1');
    }
    expect(await balance(loc.id, skuIds[0]!)).toEqual({ onHand: 0, locked: 0 });
    const moves = await movementsOf(loc.id);
    expect(moves.filter((m) => m.type === 'sale')).toHaveLength(100);
    expect((await reconcile(t.db.db, merchantId)).bad).toEqual([]);
  });

  it('locks never exceed on hand; a refused document writes nothing (the whole transaction rolls back)', async () => {
    const loc = await slot('D2699000002-A');
    await post([move(loc.id, skuIds[0]!, 5)]);
    await post([move(loc.id, skuIds[0]!, 0, 3)]);
    // taking 3 while 3 of 5 are locked would leave on hand 2 < locked 3
    await expect(post([move(loc.id, skuIds[0]!, -3)])).rejects.toThrow(/扣减后现有库存将少于锁定库存/);
    await expect(post([move(loc.id, skuIds[0]!, 0, 3)])).rejects.toThrow(/可用2，本次需锁定3/);
    await expect(post([move(loc.id, skuIds[0]!, 0, -4)])).rejects.toThrow(/已锁定3，不能解锁4/);
    // a two-line document whose second line fails: the first line is not kept either
    const before = (await movementsOf(loc.id)).length;
    await expect(post([move(loc.id, skuIds[1]!, 7), move(loc.id, skuIds[0]!, -9)])).rejects.toThrow(STOCK_SHORT_MESSAGE);
    expect(await movementsOf(loc.id)).toHaveLength(before);
    expect(await balance(loc.id, skuIds[1]!)).toBeUndefined();
    expect(await balance(loc.id, skuIds[0]!)).toEqual({ onHand: 5, locked: 3 });
  });

  it('the demo seed posts its cabinets’ opening stock through the ledger; an opening balance never overwrites stock', async () => {
    const seeded = await t.db.db
      .selectFrom('stock_movement')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('doc_type', '=', 'seed')
      .executeTakeFirstOrThrow();
    expect(Number(seeded.n)).toBeGreaterThan(100);
    const loc = await slot('D2699000004-A');
    await t.db.db
      .transaction()
      .execute((trx) =>
        postOpeningBalances(trx, actor(), [loc], [{ locationId: loc.id, skuId: skuIds[0]!, quantity: 6, docCode: 'QC1', reason: '期初' }]),
      );
    expect(await balance(loc.id, skuIds[0]!)).toEqual({ onHand: 6, locked: 0 });
    await expect(
      t.db.db.transaction().execute((trx) =>
        postOpeningBalances(
          trx,
          actor(),
          [loc],
          [
            { locationId: loc.id, skuId: skuIds[1]!, quantity: 2, docCode: 'QC2', reason: '期初' },
            { locationId: loc.id, skuId: skuIds[0]!, quantity: 9, docCode: 'QC2', reason: '期初' },
          ],
        ),
      ),
    ).rejects.toThrow();
    expect(await balance(loc.id, skuIds[0]!)).toEqual({ onHand: 6, locked: 0 });
    expect(await balance(loc.id, skuIds[1]!)).toBeUndefined();
  });

  it('the reconcile (npm run reconcile) holds on the seeded ledger and names a tampered balance and a broken chain', async () => {
    const checks = await discoverChecks();
    expect(checks.map((c) => c.name)).toContain('库存 = Σ 库存流水 (stock = sum of movements)');
    const clean = await reconcileAll(t.db.db, checks);
    expect(clean.filter((f) => f.problems.length > 0)).toEqual([]);
    expect(new Set(clean.map((f) => f.merchantId)).size).toBeGreaterThan(0);

    const loc = await slot('D2699000003-A');
    await post([move(loc.id, skuIds[2]!, 4), move(loc.id, skuIds[2]!, -1)]);
    // someone writes the balance by hand, bypassing the ledger
    await t.db.db.updateTable('stock_balance').set({ on_hand: 9 }).where('location_id', '=', loc.id).execute();
    const stock = checks.find((c) => c.name.startsWith('库存'))!;
    expect(await stock.run(t.db.db, merchantId)).toEqual([`位置 ${loc.id} SKU ${skuIds[2]}: 现有 9 / 锁定 0, 流水合计 3 / 0`]);
    // …and a movement's before is edited
    const [first] = await movementsOf(loc.id);
    await t.db.db.updateTable('stock_balance').set({ on_hand: 3 }).where('location_id', '=', loc.id).execute();
    await t.db.db.updateTable('stock_movement').set({ on_hand_before: 2 }).where('id', '=', first!.id).execute();
    expect(await stock.run(t.db.db, merchantId)).toEqual([
      `位置 ${loc.id} SKU ${skuIds[2]}: 流水 ${first!.id} 的变动前数量与上一条的变动后数量不符`,
    ]);
    await t.db.db.updateTable('stock_movement').set({ on_hand_before: 0 }).where('id', '=', first!.id).execute();
    expect(await stock.run(t.db.db, merchantId)).toEqual([]);
  });

  it('property: any sequence of movements keeps on hand = Σ movements, 0 ≤ locked ≤ on hand, and an unbroken before → after chain', async () => {
    const step = fc.record({
      sku: fc.integer({ min: 0, max: 2 }),
      quantity: fc.integer({ min: -6, max: 8 }),
      lockDelta: fc.integer({ min: -4, max: 4 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }), async (docs) => {
        const loc = await slot(`D2699100000-P${++run}`);
        // a reference model: the same rules, computed by hand
        const model = new Map<number, { onHand: number; locked: number }>();
        for (const doc of docs) {
          const trial = new Map([...model].map(([k, v]) => [k, { ...v }]));
          let legal = true;
          for (const s of doc) {
            const b = trial.get(s.sku) ?? { onHand: 0, locked: 0 };
            const next = { onHand: b.onHand + s.quantity, locked: b.locked + s.lockDelta };
            if (next.onHand < 0 || next.locked < 0 || next.locked > next.onHand) legal = false;
            trial.set(s.sku, next);
          }
          const result = post(doc.map((s) => move(loc.id, skuIds[s.sku]!, s.quantity, s.lockDelta)));
          if (legal) {
            await result;
            for (const [k, v] of trial) model.set(k, v);
          } else {
            await expect(result).rejects.toThrow(STOCK_SHORT_MESSAGE);
          }
        }
        const moves = await movementsOf(loc.id);
        for (const [k, v] of model) {
          const skuId = skuIds[k]!;
          const b = (await balance(loc.id, skuId)) ?? { onHand: 0, locked: 0 };
          expect(b).toEqual(v);
          const own = moves.filter((m) => m.sku_id === skuId);
          expect(own.reduce((s, m) => s + Number(m.quantity), 0)).toBe(v.onHand);
          expect(own.reduce((s, m) => s + Number(m.lock_delta), 0)).toBe(v.locked);
          let prev = { onHand: 0, locked: 0 };
          for (const m of own) {
            expect({ onHand: Number(m.on_hand_before), locked: Number(m.locked_before) }).toEqual(prev);
            prev = { onHand: Number(m.on_hand_after), locked: Number(m.locked_after) };
            expect(prev.locked).toBeGreaterThanOrEqual(0);
            expect(prev.locked).toBeLessThanOrEqual(prev.onHand);
          }
        }
      }),
      { numRuns: dialect === 'sqlite' ? 60 : 25 },
    );
    expect((await reconcile(t.db.db, merchantId)).bad).toEqual([]);
  });
});
