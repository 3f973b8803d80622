import { CODES, type ApiClient } from '@merchant/contracts';
import { INVALID_CURSOR_MESSAGE, type KeysetPage } from '@merchant/contracts/core/keyset';
import { stockBalanceOps, type StockBalanceRow, type StockEditResult } from '@merchant/contracts/stock/stock-balance';
import { stockMovementListInput, stockMovementOps, type StockMovementRow } from '@merchant/contracts/stock/stock-movement';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { clearStock } from '../../test/stock-fixtures.ts';
import * as repo from './stock-movement.repo.ts';

describe.each(DIALECTS)('hub 库存流水 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  const codes: string[] = [];
  const page = (body: Record<string, unknown> = {}) => call<KeysetPage<StockMovementRow>>(admin, stockMovementOps.list, body);
  const edit = async (skuId: number, stock: number, lockStock: number) => {
    const { version } = await call<StockBalanceRow>(admin, stockBalanceOps.get, { skuId });
    t.clock.advance(60_000);
    const r = await call<StockEditResult>(admin, stockBalanceOps.edit, {
      skuId,
      stock,
      lockStock,
      reason: `改为${stock}/${lockStock}`,
      version,
    });
    codes.push(r.docCode);
    return r;
  };
  /** Every page forward from the first, then back from the last: the ids in order both ways. */
  const walk = async (body: Record<string, unknown>) => {
    const forward: number[][] = [];
    let p = await page(body);
    forward.push(p.list.map((r) => r.id));
    expect(p.prevCursor).toBeNull();
    while (p.nextCursor) {
      p = await page({ ...body, cursor: p.nextCursor });
      forward.push(p.list.map((r) => r.id));
    }
    const back: number[][] = [p.list.map((r) => r.id)];
    while (p.prevCursor) {
      p = await page({ ...body, cursor: p.prevCursor });
      back.unshift(p.list.map((r) => r.id));
    }
    expect(back).toEqual(forward);
    return forward;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家流水公司', 'waterother', '13700000152');
    fx = await priceFixtures(t, 2);
    // these tests count the hub's whole stock and movements: start from an empty ledger (no seeded stock)
    await clearStock(t, fx.merchantId);
    // 7 movements: a 20 (adjust), b 10+2 (adjust, lock), a 15 (adjust), b 10/0 (unlock), a 15/3 (lock), b 30/0 (adjust)
    await edit(fx.skus[0].id, 20, 0);
    await edit(fx.skus[1].id, 10, 2);
    await edit(fx.skus[0].id, 15, 0);
    await edit(fx.skus[1].id, 10, 0);
    await edit(fx.skus[0].id, 15, 3);
    await edit(fx.skus[1].id, 30, 0);
  });
  afterAll(() => t.close());

  it('pages forward and back by keyset, newest first, each movement chaining before → after', async () => {
    const first = await page({ pageSize: 3 });
    expect(first.total).toBe(7);
    const pages = await walk({ pageSize: 3 });
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const ids = pages.flat();
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const all = (await page({ pageSize: 50 })).list;
    expect(all.map((r) => r.createdAt)).toEqual([...all.map((r) => r.createdAt)].sort((a, b) => b - a));
    for (const sku of fx.skus) {
      const mine = all.filter((r) => r.skuId === sku.id).reverse();
      for (let i = 1; i < mine.length; i++) {
        expect(mine[i].onHandBefore).toBe(mine[i - 1].onHandAfter);
        expect(mine[i].lockedBefore).toBe(mine[i - 1].lockedAfter);
      }
    }
    // ascending too
    const asc = await walk({ pageSize: 4, sortOrder: 'ascend' });
    expect(asc.flat()).toEqual([...ids].reverse());
  });

  it('filters by SKU (id, code or barcode), type, document code and time, paging within the filter', async () => {
    const a = fx.skus[0];
    const bySku = await walk({ skuId: a.id, pageSize: 1 });
    expect(bySku.flat()).toHaveLength(3);
    expect((await page({ sku: a.code })).list.map((r) => r.skuId)).toEqual([a.id, a.id, a.id]);
    expect((await page({ sku: a.code.toLowerCase() })).total).toBe(3);
    expect((await page({ sku: 'NO-SUCH' })).total).toBe(0);
    const { barcode } = await t.db.db.selectFrom('goods_sku').select('barcode').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect((await page({ sku: barcode })).list.map((r) => r.skuId)).toEqual([a.id, a.id, a.id]);
    const locks = await walk({ type: 'lock', pageSize: 1 });
    expect(locks.flat()).toHaveLength(2);
    expect((await page({ type: 'unlock' })).list).toMatchObject([{ skuId: fx.skus[1].id, lockDelta: -2, lockedBefore: 2, lockedAfter: 0 }]);
    const doc = await page({ docCode: codes[1].toLowerCase() });
    expect(doc.list.map((r) => r.type).sort()).toEqual(['adjust', 'lock']);
    expect(await page({ skuId: a.id, type: 'adjust' })).toMatchObject({ total: 2 });
    const all = (await page({ pageSize: 50 })).list;
    const mid = all[3].createdAt;
    const inRange = await page({ createdRange: [mid, mid + 60_000] });
    expect(inRange.list.every((r) => r.createdAt >= mid && r.createdAt <= mid + 60_000)).toBe(true);
    expect(inRange.total).toBeGreaterThan(0);
    expect(inRange.total).toBeLessThan(7);
  });

  it('refuses bad filters and forged cursors; another merchant sees none; a role without the page is refused', async () => {
    expect(await op(admin, stockMovementOps.list, { type: 'steal' })).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining('流水类型'),
    });
    expect(await op(admin, stockMovementOps.list, { createdRange: [5, 1] })).toMatchObject({ code: CODES.badInput });
    expect(await op(admin, stockMovementOps.list, { cursor: 'bm9wZQ' })).toMatchObject({
      code: CODES.badInput,
      msg: INVALID_CURSOR_MESSAGE,
    });
    const mine = await page({ pageSize: 2 });
    expect(await op(other, stockMovementOps.list, { cursor: mine.nextCursor })).toMatchObject({
      code: CODES.badInput,
      msg: INVALID_CURSOR_MESSAGE,
    });
    expect((await call<KeysetPage<StockMovementRow>>(other, stockMovementOps.list, {})).total).toBe(0);
    expect((await op(other, stockMovementOps.list, { skuId: fx.skus[0].id })).data).toMatchObject({ list: [] });
    expect((await op(admin, stockMovementOps.list, { merchantId: fx.merchantId + 1 })).code).toBe(CODES.forbidden);
    const finance = await t.signIn('finance');
    expect((await op(finance, stockMovementOps.list, {})).code).toBe(CODES.forbidden);
  });

  it('exports the movements with before → after, filtered', async () => {
    const file = await exportList(admin, stockMovementOps.list, { skuId: fx.skus[1].id });
    expect(file.kind).toBe('file');
    if (file.kind !== 'file') return;
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === '变动时间');
    expect(rows[header]).toEqual(expect.arrayContaining(['流水类型', '变动数量', '现有库存（前→后）', '单据编号']));
    const body = rows.slice(header + 1);
    expect(body).toHaveLength(4);
    expect(body[0]).toEqual(expect.arrayContaining(['调整', 20, '10 → 30', codes[5]]));
  });

  it.runIf(dialect === 'sqlite')('every filter of the list reads along its index in keyset order, no sort step', async () => {
    const plan = async (f: repo.MovementFilter, cursor: boolean) => {
      let q = repo.movementQuery(t.db.db, fx.merchantId, 'cabinet', f);
      const col = 'stock_movement.created_at';
      if (cursor) q = q.where((eb) => eb.and([eb(col, '<=', 5), eb.or([eb(col, '<', 5), eb('stock_movement.id', '<', 9)])]));
      const c = q.orderBy(col, 'desc').orderBy('stock_movement.id', 'desc').limit(21).compile();
      const r = await t.db.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
      return r.rows.map((x) => x.detail).join(' | ');
    };
    const cases: [repo.MovementFilter, RegExp][] = [
      [{}, /stock_movement_kind_idx \(merchant_id=\? AND location_kind=\?/],
      [{ createdRange: [1, 2] }, /stock_movement_kind_idx \(merchant_id=\? AND location_kind=\? AND created_at>\? AND created_at<\?\)/],
      [{ skuId: fx.skus[0].id }, /stock_movement_kind_sku_idx \(merchant_id=\? AND location_kind=\? AND sku_id=\?/],
      [{ sku: fx.skus[0].code }, /stock_movement_kind_sku_idx \(merchant_id=\? AND location_kind=\? AND sku_id=\?/],
      [{ type: 'lock' }, /stock_movement_kind_type_idx \(merchant_id=\? AND location_kind=\? AND type=\?/],
      [{ docCode: 'KB2611240001' }, /stock_movement_kind_doc_idx \(merchant_id=\? AND location_kind=\? AND doc_code=\?/],
      [{ locationId: 1 }, /stock_movement_location_idx \(merchant_id=\? AND location_id=\?/],
      [{ deviceCode: 'D001' }, /stock_movement_kind_device_idx \(merchant_id=\? AND location_kind=\? AND device_code=\?/],
    ];
    // every filter of the contract's list input is covered (merchantId scopes, cursor / paging / sort are the keyset's)
    const covered = new Set(cases.flatMap(([f]) => Object.keys(f)));
    const filters = Object.keys(stockMovementListInput.shape).filter(
      (k) => !['merchantId', 'cursor', 'pageSize', 'sortField', 'sortOrder'].includes(k),
    );
    expect(filters.filter((k) => !covered.has(k))).toEqual([]);
    for (const [f, index] of cases) {
      for (const cursor of [false, true]) {
        const p = await plan(f, cursor);
        expect(p, `${JSON.stringify(f)} ${cursor}`).toMatch(index);
        expect(p, `${JSON.stringify(f)} ${cursor}`).not.toContain('TEMP B-TREE');
      }
    }
  });
});
