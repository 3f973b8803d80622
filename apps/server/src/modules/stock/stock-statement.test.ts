import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { storeOps } from '@merchant/contracts/merchant/store';
import { stockStatementOps, type StockStatementRow } from '@merchant/contracts/stock/stock-statement';
import type { StockMovementType } from '@merchant/contracts/stock/stock-fields';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, data, rest } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { clearStock } from '../../test/stock-fixtures.ts';
import { validStore } from '../../test/store-data.ts';
import { ensureLocation, postMovements, type StockMove } from './stock-ledger.service.ts';

// 库存报表: per SKU over a period, 期初 + 入 − 出 = 期末, read from the movements. The property: for random ledgers of two
// stores × three SKUs (every movement type, locks included) and a random period (and store filter), every row's
// opening is the model's on hand before the period, closing the model's on hand at its end, in / out the period's
// positive / negative movements — and a period ending now closes on the balances.

type Statement = Paged<StockStatementRow> & { period: [number, number] };
const HOUR = 3_600_000;
const TYPES: StockMovementType[] = [
  'inbound',
  'outbound',
  'sale',
  'return',
  'adjust',
  'stocktake',
  'transfer',
  'replenish',
  'lock',
  'unlock',
];

describe.each(DIALECTS)('库存报表 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  const stores: { code: string; locationId: number }[] = [];
  const statement = (body: Record<string, unknown>) => call<Statement>(admin, stockStatementOps.store, body);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家报表公司', 'statementother', '13700000172');
    fx = await priceFixtures(t, 3);
    await clearStock(t, fx.merchantId);
    for (const name of ['报表测试一店', '报表测试二店']) {
      const { storeCode } = data<{ storeCode: string }>(await rest(admin, storeOps.create, { ...validStore, name }));
      const loc = await t.db.db
        .transaction()
        .execute((trx) => ensureLocation(trx, fx.merchantId, { kind: 'store', code: storeCode, name }, t.clock.now()));
      stores.push({ code: storeCode, locationId: loc.id });
    }
  });
  afterAll(() => t.close());

  const step = fc.record({
    store: fc.integer({ min: 0, max: 1 }),
    sku: fc.integer({ min: 0, max: 2 }),
    type: fc.constantFrom(...TYPES),
    qty: fc.integer({ min: 1, max: 40 }),
    gap: fc.integer({ min: 1, max: 30 }),
  });

  it('reconciles with random ledgers: opening + in − out = closing, each the model’s on hand; ending now closes on the balance', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 2 }),
        async (steps, a, b, storePick) => {
          await clearStock(t, fx.merchantId);
          const now = t.clock.now();
          let at = now - 40 * 24 * HOUR;
          const model = new Map<string, { onHand: number; locked: number }>();
          const history: { key: string; sku: number; at: number; q: number; store: number }[] = [];
          for (const s of steps) {
            at += s.gap * HOUR;
            const key = `${s.store}:${s.sku}`;
            const cur = model.get(key) ?? { onHand: 0, locked: 0 };
            let q = 0;
            let l = 0;
            if (s.type === 'lock') l = Math.min(s.qty, cur.onHand - cur.locked);
            else if (s.type === 'unlock') l = -Math.min(s.qty, cur.locked);
            else if (['inbound', 'transfer', 'replenish'].includes(s.type)) q = s.qty;
            else if (['adjust', 'stocktake'].includes(s.type)) q = s.qty % 2 ? s.qty : -Math.min(s.qty, cur.onHand - cur.locked);
            else q = -Math.min(s.qty, cur.onHand - cur.locked);
            if (q === 0 && l === 0) continue;
            const move: StockMove = {
              locationId: stores[s.store].locationId,
              skuId: fx.skus[s.sku].id,
              type: s.type,
              quantity: q,
              lockDelta: l,
              docType: 'edit',
              docCode: `KB${at}`,
            };
            const actor = { merchantId: fx.merchantId, operatorId: 1, operatorName: '测试', now: at };
            await t.db.db.transaction().execute((trx) => postMovements(trx, actor, [move]));
            model.set(key, { onHand: cur.onHand + q, locked: cur.locked + l });
            if (q !== 0) history.push({ key, sku: fx.skus[s.sku].id, at, q, store: s.store });
          }
          const start = now - 40 * 24 * HOUR;
          const span = at - start + HOUR;
          const [from, to] = [start + Math.floor((Math.min(a, b) * span) / 100), start + Math.floor((Math.max(a, b) * span) / 100)];
          const storeCode = storePick < 2 ? stores[storePick].code : undefined;
          const inStore = (h: { store: number }) => storeCode === undefined || h.store === storePick;
          const r = await statement({ period: [from, to], storeCode, pageSize: 100 });
          expect(r.period).toEqual([from, to]);
          for (const row of r.list) {
            const mine = history.filter((h) => h.sku === row.skuId && inStore(h));
            const sum = (f: (h: (typeof mine)[number]) => boolean) => mine.filter(f).reduce((n, h) => n + h.q, 0);
            expect(row.opening + row.inQty - row.outQty).toBe(row.closing);
            expect(row.opening).toBe(sum((h) => h.at < from));
            expect(row.closing).toBe(sum((h) => h.at <= to));
            expect(row.inQty).toBe(sum((h) => h.at >= from && h.at <= to && h.q > 0));
            expect(row.outQty).toBe(-sum((h) => h.at >= from && h.at <= to && h.q < 0) || 0);
            expect(row.inInbound + row.inAdjust + row.inOther).toBe(row.inQty);
            expect(row.outSale + row.outReturn + row.outAdjust + row.outOther).toBe(row.outQty);
          }
          // every SKU held at the chosen stores has its row
          const held = new Set(
            [...model.keys()]
              .filter((k) => storeCode === undefined || k.startsWith(`${storePick}:`))
              .map((k) => fx.skus[Number(k.split(':')[1])].id),
          );
          expect(new Set(r.list.map((x) => x.skuId))).toEqual(held);
          // a period ending now closes on the balances
          const current = await statement({ period: [from, now], storeCode, pageSize: 100 });
          for (const row of current.list) {
            const onHand = [...model.entries()]
              .filter(
                ([k]) => fx.skus[Number(k.split(':')[1])].id === row.skuId && (storeCode === undefined || k.startsWith(`${storePick}:`)),
              )
              .reduce((n, [, v]) => n + v.onHand, 0);
            expect(row.closing).toBe(onHand);
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 180_000);

  it('breaks in / out down by type, defaults to this month, filters by SKU, sorts, exports', async () => {
    await clearStock(t, fx.merchantId);
    const now = t.clock.now();
    const post = (sku: number, type: StockMovementType, quantity: number, at: number) =>
      t.db.db
        .transaction()
        .execute((trx) =>
          postMovements(trx, { merchantId: fx.merchantId, operatorId: 1, operatorName: '测试', now: at }, [
            { locationId: stores[0].locationId, skuId: fx.skus[sku].id, type, quantity, docType: 'inbound', docCode: `RK${at}` },
          ]),
        );
    await post(0, 'inbound', 50, now - 400 * 24 * HOUR); // before any default period
    await post(0, 'inbound', 20, now - 2 * HOUR);
    await post(0, 'sale', -7, now - HOUR);
    await post(0, 'adjust', -3, now - HOUR + 1);
    await post(1, 'return', 0 + 5, now - HOUR + 2);
    const r = await statement({ period: [now - 10 * HOUR, now] });
    const row0 = r.list.find((x) => x.skuId === fx.skus[0].id)!;
    expect(row0).toMatchObject({ opening: 50, inInbound: 20, inQty: 20, outSale: 7, outAdjust: 3, outQty: 10, closing: 60 });
    expect(r.list.find((x) => x.skuId === fx.skus[1].id)).toMatchObject({ opening: 0, inOther: 5, closing: 5 });
    const def = await statement({});
    expect(def.period[1]).toBe(now);
    expect(def.period[0]).toBeLessThanOrEqual(now);
    expect(now - def.period[0]).toBeLessThanOrEqual(31 * 24 * HOUR);
    expect((await statement({ keyword: fx.skus[1].code, period: [now - 300 * 24 * HOUR, now] })).list.map((x) => x.skuId)).toEqual([
      fx.skus[1].id,
    ]);
    expect((await statement({ storeCode: stores[1].code, period: [now - HOUR, now] })).total).toBe(0);
    const byClosing = await statement({ period: [now - HOUR, now], sortField: 'closing', sortOrder: 'descend' });
    expect(byClosing.list.map((x) => x.closing)).toEqual([60, 5]);
    const file = await exportList(admin, stockStatementOps.store, {
      period: [now - 10 * HOUR, now],
      sortField: 'closing',
      sortOrder: 'descend',
    });
    expect(file.kind).toBe('file');
    if (file.kind === 'file') {
      const rows = sheetRows(file.workbook);
      const header = rows.findIndex((x) => x[0] === 'SKU编码');
      expect(rows[header]).toEqual(expect.arrayContaining(['期初库存', '入合计', '出合计', '期末库存']));
      expect(rows.slice(header + 1).map((x) => x[x.length - 1])).toEqual([60, 5]);
    }
  });

  it('refuses a bad period, another merchant sees nothing, a role without the page is refused', async () => {
    const now = t.clock.now();
    expect(await op(admin, stockStatementOps.store, { period: [now, now - 1] })).toMatchObject({
      code: CODES.badInput,
      msg: '结束时间不能早于开始时间（字段：period）',
    });
    expect(await op(admin, stockStatementOps.store, { period: [now - 367 * 24 * HOUR, now] })).toMatchObject({
      code: CODES.badInput,
      msg: '统计期间不能超过366天（字段：period）',
    });
    expect((await op(admin, stockStatementOps.store, { period: 'x' })).code).toBe(CODES.badInput);
    expect((await op(admin, stockStatementOps.store, { sortField: 'version' })).code).toBe(CODES.badInput);
    expect((await call<Statement>(other, stockStatementOps.store, { period: [now - 300 * 24 * HOUR, now] })).total).toBe(0);
    const finance = await t.signIn('finance');
    expect((await op(finance, stockStatementOps.store, {})).code).toBe(CODES.forbidden);
  });
});
