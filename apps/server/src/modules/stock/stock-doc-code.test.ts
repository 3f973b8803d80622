import { CODES, type ApiClient } from '@merchant/contracts';
import { storeOps } from '@merchant/contracts/merchant/store';
import { stockBalanceOps, type StockBalanceRow } from '@merchant/contracts/stock/stock-balance';
import { storeStockOps } from '@merchant/contracts/stock/store-stock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { call, data, rest } from '../../test/calls.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { expectWinners, race, type RaceAnswer } from '../../test/race.ts';
import { clearStock } from '../../test/stock-fixtures.ts';
import { validStore } from '../../test/store-data.ts';
import * as ledgerRepo from './stock-ledger.repo.ts';
import { reconcile, STOCK_DOC_CODE_INDEX } from './stock-ledger.service.ts';
import * as orderRepo from './stock-order.repo.ts';

// Stock document codes (decision 63, docs/stock.md): every code a ledger document draws (入库单 / 退货单 RK / TH, 库存编辑
// KB, the store's 新增 RK) is checked against every stock document of the merchant and registered in stock_doc_code, whose
// unique index (merchant_id, code) refuses a concurrent draw of the same code; the write then runs again with a new one.

describe.each(DIALECTS)('stock document codes (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  const registered = async (code: string) =>
    t.db.db
      .selectFrom('stock_doc_code')
      .select(['code', 'doc_type'])
      .where('merchant_id', '=', fx.merchantId)
      .where('code', '=', code)
      .execute();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    fx = await priceFixtures(t, 6);
    await clearStock(t, fx.merchantId);
  });
  afterAll(() => t.close());

  it('concurrent 库存编辑 saves (one per SKU) all succeed with distinct KB codes, each registered once', async () => {
    const current = await Promise.all(fx.skus.map((s) => call<StockBalanceRow>(admin, stockBalanceOps.get, { skuId: s.id })));
    const answers = await race(
      fx.skus.length,
      (i) =>
        op(admin, stockBalanceOps.edit, {
          skuId: fx.skus[i].id,
          stock: current[i].onHand + 5 + i,
          lockStock: 0,
          reason: `并发编辑${i}`,
          version: current[i].version,
        }) as Promise<RaceAnswer>,
    );
    const ok = expectWinners(answers, { code: CODES.conflict, msg: '' }, { winners: fx.skus.length });
    const codes = ok.map((a) => (a.data as { docCode: string }).docCode);
    expect(codes.every((c) => /^KB\d{10}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(await registered(c)).toEqual([{ code: c, doc_type: 'edit' }]);
    expect(await reconcile(t.db.db, fx.merchantId)).toMatchObject({ bad: [], orphans: [], brokenChains: [] });
  }, 60_000);

  it('a code registered in between makes the write run again with a new code (stock_doc_code_uq)', async () => {
    const taken = 'KB0000000001';
    await t.db.db.transaction().execute((trx) => ledgerRepo.registerDocCode(trx, fx.merchantId, taken, 'edit', 1));
    const draws = [taken, 'KB0000000002'];
    let writes = 0;
    const code = await withGeneratedCode(
      'KB',
      0,
      async () => false, // the check passed before the other write registered it
      STOCK_DOC_CODE_INDEX,
      (c) =>
        t.db.db.transaction().execute(async (trx) => {
          writes++;
          await ledgerRepo.registerDocCode(trx, fx.merchantId, c, 'edit', 1);
          return c;
        }),
      () => draws.shift()!,
    );
    expect({ code, writes }).toEqual({ code: 'KB0000000002', writes: 2 });
  });

  it("an 入库单's code check sees the store's 新增 RK codes and the KB codes; an order's movements are its location's only", async () => {
    const { storeCode } = data<{ storeCode: string }>(await rest(admin, storeOps.create, { ...validStore, name: '单据编号测试店' }));
    const added = await call<{ docCode: string }>(admin, storeStockOps.add, {
      storeCode,
      skuId: fx.skus[0].id,
      quantity: 3,
      reason: '到货',
    });
    expect(added.docCode).toMatch(/^RK\d{10}$/);
    expect(await registered(added.docCode)).toEqual([{ code: added.docCode, doc_type: 'inbound' }]);
    expect(await ledgerRepo.docCodeTaken(t.db.db, fx.merchantId, added.docCode)).toBe(true);
    const kb = await t.db.db.selectFrom('stock_doc_code').select('code').where('doc_type', '=', 'edit').executeTakeFirstOrThrow();
    expect(await ledgerRepo.docCodeTaken(t.db.db, fx.merchantId, kb.code)).toBe(true);
    expect(await ledgerRepo.docCodeTaken(t.db.db, fx.merchantId, 'RK0000000000')).toBe(false);
    expect(await ledgerRepo.docCodeTaken(t.db.db, fx.merchantId + 1, added.docCode)).toBe(false);
    // an order of the hub under the same code (as one written before 0042 could be) shows none of the store's movements
    const store = await t.db.db
      .selectFrom('stock_location')
      .select(['id', 'kind'])
      .where('merchant_id', '=', fx.merchantId)
      .where('kind', '=', 'store')
      .where('code', '=', storeCode)
      .executeTakeFirstOrThrow();
    const hubOrder = { order_code: added.docCode, location_id: store.id + 100_000, location_kind: 'hub' };
    expect(await orderRepo.movementsOf(t.db.db, fx.merchantId, hubOrder)).toEqual([]);
    const own = { order_code: added.docCode, location_id: store.id, location_kind: 'store' };
    expect(await orderRepo.movementsOf(t.db.db, fx.merchantId, own)).toHaveLength(1);
  });
});
