import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import {
  stocktakeOps as ops,
  type StocktakeDetail,
  type StocktakeDeviceOption,
  type StocktakeRow,
  type StocktakeState,
} from '@merchant/contracts/stock/stocktake';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { expectWinners, race, type RaceAnswer } from '../../test/race.ts';
import { postMovements } from './stock-ledger.service.ts';
import { check as reconcileCheck } from './stock.reconcile.ts';
import * as repo from './stocktake.repo.ts';

// 智能柜库存 · 盘点单 (check-stockList-list): snapshot → count → submit → approve (盘点差异 posted) / reject / void.

describe.each(DIALECTS)('stocktakes 盘点单 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let merchantId: number;
  let free: StocktakeDeviceOption[];

  const counts = () => Promise.all(['stocktake', 'stocktake_line', 'stock_movement', 'stock_balance'].map((n) => rowCount(t, n as never)));
  const slotOnHand = async (locationId: number, skuId: number) =>
    Number(
      (
        await t.db.db
          .selectFrom('stock_balance')
          .select('on_hand')
          .where('location_id', '=', locationId)
          .where('sku_id', '=', skuId)
          .executeTakeFirst()
      )?.on_hand ?? 0,
    );
  const lineLocation = async (lineId: number) =>
    Number(
      (await t.db.db.selectFrom('stocktake_line').select('location_id').where('id', '=', lineId).executeTakeFirstOrThrow()).location_id,
    );
  /** A cabinet without an open stocktake (each test takes its own). */
  const takeDevice = () => {
    const d = free.shift();
    if (!d) throw new Error('no free cabinet left');
    return d.deviceCode;
  };
  /** Creates and counts every line: the system quantity, with `delta(i)` added. */
  async function counted(deviceCode: string, delta: (i: number, system: number) => number = () => 0) {
    const s = await call<StocktakeState>(admin, ops.create, { deviceCode, remark: '测试盘点' });
    const d = await call<StocktakeDetail>(admin, ops.detail, { stocktakeCode: s.stocktakeCode });
    const c = await call<StocktakeState>(admin, ops.count, {
      stocktakeCode: s.stocktakeCode,
      version: s.version,
      lines: d.lines.map((l, i) => ({ lineId: l.lineId, countedQty: Math.max(0, l.systemQty + delta(i, l.systemQty)) })),
    });
    return { code: s.stocktakeCode, version: c.version, detail: d };
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    merchantId = Number(
      (await t.db.db.selectFrom('account').select('merchant_id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).merchant_id,
    );
    other = await registerMerchant(t, '别家盘点公司', 'pdother', '13700000083');
    const open = await t.db.db.selectFrom('stocktake').select('device_code').where('status', 'in', [0, 1]).execute();
    const busy = new Set(open.map((o) => o.device_code));
    free = (await call<StocktakeDeviceOption[]>(admin, ops.deviceOptions, {})).filter((d) => !busy.has(d.deviceCode));
  });
  afterAll(() => t.close());

  it('snapshots, counts, submits and approves: the variances are posted as 盘点差异 and each slot holds its count', async () => {
    expect(free.length).toBeGreaterThanOrEqual(6);
    const device = takeDevice();
    const s = await call<StocktakeState>(admin, ops.create, { deviceCode: device, remark: '月末盘点' });
    expect(s).toMatchObject({ status: 0, statusName: '盘点中', version: 1 });
    expect(s.stocktakeCode).toMatch(/^PD\d{10}$/);
    const d = await call<StocktakeDetail>(admin, ops.detail, { stocktakeCode: s.stocktakeCode });
    expect(d.lines.length).toBeGreaterThan(1);
    expect(d).toMatchObject({ deviceCode: device, lineCount: d.lines.length, countedCount: 0, actions: ['count', 'submit', 'void'] });
    for (const l of d.lines) {
      expect(l.systemQty).toBe(await slotOnHand(await lineLocation(l.lineId), l.skuId));
      expect(l.countedQty).toBeNull();
    }
    // submitting before every line is counted is refused
    expect(await op(admin, ops.submit, { stocktakeCode: s.stocktakeCode, version: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: expect.stringContaining('还有货道未录入盘点数'),
    });
    // count in two steps: the first line 2 short (or 0), the rest +1 on the second line
    const first = d.lines[0];
    const c1 = await call<StocktakeState>(admin, ops.count, {
      stocktakeCode: s.stocktakeCode,
      version: 1,
      lines: [{ lineId: first.lineId, countedQty: Math.max(0, first.systemQty - 2) }],
    });
    const c2 = await call<StocktakeState>(admin, ops.count, {
      stocktakeCode: s.stocktakeCode,
      version: c1.version,
      lines: d.lines.slice(1).map((l, i) => ({ lineId: l.lineId, countedQty: l.systemQty + (i === 0 ? 1 : 0) })),
    });
    const mid = await call<StocktakeDetail>(admin, ops.detail, { stocktakeCode: s.stocktakeCode });
    const expected = Math.max(0, first.systemQty - 2) - first.systemQty + 1;
    expect(mid).toMatchObject({ countedCount: d.lines.length, varianceTotal: expected });
    expect(mid.lines[1].variance).toBe(1);
    const sub = await call<StocktakeState>(admin, ops.submit, { stocktakeCode: s.stocktakeCode, version: c2.version });
    expect(sub).toMatchObject({ status: 1, statusName: '待审核' });
    // counting is closed while it waits for review
    expect(
      (
        await op(admin, ops.count, {
          stocktakeCode: s.stocktakeCode,
          version: sub.version,
          lines: [{ lineId: first.lineId, countedQty: 1 }],
        })
      ).code,
    ).toBe(CODES.conflict);
    const ok = await call<StocktakeState>(admin, ops.approve, { stocktakeCode: s.stocktakeCode, version: sub.version });
    expect(ok).toMatchObject({ status: 2, statusName: '已过账', version: sub.version + 1 });
    const after = await call<StocktakeDetail>(admin, ops.detail, { stocktakeCode: s.stocktakeCode });
    for (const l of after.lines) expect(await slotOnHand(await lineLocation(l.lineId), l.skuId)).toBe(l.countedQty);
    const moves = await t.db.db.selectFrom('stock_movement').selectAll().where('doc_code', '=', s.stocktakeCode).execute();
    expect(moves.every((m) => m.type === 'stocktake' && m.doc_type === 'stocktake' && m.location_kind === 'cabinet')).toBe(true);
    expect(moves.length).toBe(after.lines.filter((l) => l.variance).length);
    const changed = after.lines.find((l) => l.variance)!;
    expect(changed.onHandAfter! - changed.onHandBefore!).toBe(changed.variance);
    expect(after).toMatchObject({ reviewerName: 'admin', actions: [] });
    // illegal transitions from 已过账
    for (const [o, body] of [
      [ops.approve, { stocktakeCode: s.stocktakeCode, version: ok.version }],
      [ops.reject, { stocktakeCode: s.stocktakeCode, version: ok.version, reason: '再盘一次' }],
      [ops.void, { stocktakeCode: s.stocktakeCode, version: ok.version, reason: '作废' }],
      [ops.submit, { stocktakeCode: s.stocktakeCode, version: ok.version }],
    ] as const)
      expect(await op(admin, o, body), o.name).toMatchObject({ code: CODES.conflict, msg: expect.stringContaining('状态为「已过账」') });
    const h = await call<Paged<HistoryEntry>>(admin, ops.history, { stocktakeCode: s.stocktakeCode });
    expect(h.list.map((e) => e.actionLabel)).toEqual(expect.arrayContaining(['新建', '录入盘点数', '提交审核', '审核通过']));
    expect(await reconcileCheck.run(t.db.db, merchantId)).toEqual([]);

    // the list and its filters
    const byCode = await call<KeysetPage<StocktakeRow>>(admin, ops.list, { stocktakeCode: s.stocktakeCode.toLowerCase() });
    expect(byCode.list.map((r) => r.stocktakeCode)).toEqual([s.stocktakeCode]);
    const byDevice = await call<KeysetPage<StocktakeRow>>(admin, ops.list, { deviceCode: device });
    expect(byDevice.list.every((r) => r.deviceCode === device)).toBe(true);
    const posted = await call<KeysetPage<StocktakeRow>>(admin, ops.list, { status: 2, pageSize: 100 });
    expect(posted.list.every((r) => r.status === 2)).toBe(true);
    expect(posted.list.length).toBeGreaterThanOrEqual(2); // the seeded one and this one
    const now = after.createdAt;
    const inRange = await call<KeysetPage<StocktakeRow>>(admin, ops.list, { createdRange: [now - 3_600_000, now + 3_600_000] });
    expect(inRange.list.map((r) => r.stocktakeCode)).toContain(s.stocktakeCode);
    const p1 = await call<KeysetPage<StocktakeRow>>(admin, ops.list, { pageSize: 1 });
    expect(p1.list.length).toBe(1);
    const p2 = await call<KeysetPage<StocktakeRow>>(admin, ops.list, { pageSize: 1, cursor: p1.nextCursor });
    expect(p2.list[0].stocktakeCode).not.toBe(p1.list[0].stocktakeCode);
  });

  it('refuses bad input naming the field, a second open stocktake of a cabinet, and writes nothing', async () => {
    const device = takeDevice();
    const before = await counts();
    for (const [body, msg] of [
      [{}, '请选择智能柜'],
      [{ deviceCode: '' }, '请选择智能柜'],
      [{ deviceCode: 'NOPE-404' }, '不存在或没有货道库存（字段：deviceCode）'],
      [{ deviceCode: device, remark: 'x'.repeat(201) }, '备注'],
    ] as const)
      expect(await op(admin, ops.create, body), msg).toMatchObject({ code: CODES.badInput, msg: expect.stringContaining(msg) });
    expect(await counts()).toEqual(before);
    const s = await call<StocktakeState>(admin, ops.create, { deviceCode: device });
    expect(await op(admin, ops.create, { deviceCode: device })).toMatchObject({
      code: CODES.conflict,
      msg: `智能柜${device}已有未完成的盘点单${s.stocktakeCode}，请先完成或作废`,
    });
    const d = await call<StocktakeDetail>(admin, ops.detail, { stocktakeCode: s.stocktakeCode });
    const lineId = d.lines[0].lineId;
    for (const [lines, msg] of [
      [[{ lineId, countedQty: -1 }], '盘点数不能小于0'],
      [[{ lineId, countedQty: 1.5 }], '盘点数必须是整数'],
      [[{ lineId, countedQty: 'x' }], '盘点数必须是数字'],
      [[], '请录入盘点数'],
      [
        [
          { lineId, countedQty: 1 },
          { lineId, countedQty: 2 },
        ],
        '同一货道不能重复录入',
      ],
      [[{ lineId: 99_999_999, countedQty: 1 }], '不属于该盘点单（字段：lines.0.lineId）'],
    ] as const)
      expect(await op(admin, ops.count, { stocktakeCode: s.stocktakeCode, version: 1, lines }), msg).toMatchObject({
        code: CODES.badInput,
        msg: expect.stringContaining(msg),
      });
    expect(await op(admin, ops.void, { stocktakeCode: s.stocktakeCode, version: 1, reason: '' })).toMatchObject({ code: CODES.badInput });
    expect((await call<StocktakeDetail>(admin, ops.detail, { stocktakeCode: s.stocktakeCode })).version).toBe(1);
    // 作废 from 盘点中 frees the cabinet for a new one
    expect(await call(admin, ops.void, { stocktakeCode: s.stocktakeCode, version: 1, reason: '盘错柜子' })).toMatchObject({ status: 3 });
    expect((await op(admin, ops.create, { deviceCode: device })).code).toBe(CODES.ok);
  });

  it('退回 goes back to counting, 作废 from 待审核 posts nothing; a stale version is refused on every write', async () => {
    const a = await counted(takeDevice(), (i) => (i === 0 ? 1 : 0));
    const sub = await call<StocktakeState>(admin, ops.submit, { stocktakeCode: a.code, version: a.version });
    for (const [o, body] of [
      [ops.count, { stocktakeCode: a.code, version: 1, lines: [{ lineId: a.detail.lines[0].lineId, countedQty: 1 }] }],
      [ops.submit, { stocktakeCode: a.code, version: 1 }],
      [ops.approve, { stocktakeCode: a.code, version: 1 }],
      [ops.reject, { stocktakeCode: a.code, version: 1, reason: '数量不对' }],
      [ops.void, { stocktakeCode: a.code, version: 1, reason: '数量不对' }],
    ] as const)
      expect(await op(admin, o, body), o.name).toMatchObject({ code: CODES.conflict, msg: STALE_VERSION_MESSAGE });
    const back = await call<StocktakeState>(admin, ops.reject, { stocktakeCode: a.code, version: sub.version, reason: '第1货道请复盘' });
    expect(back).toMatchObject({ status: 0, statusName: '盘点中' });
    const d = await call<StocktakeDetail>(admin, ops.detail, { stocktakeCode: a.code });
    expect(d).toMatchObject({ reason: '第1货道请复盘', countedCount: d.lineCount, submittedAt: null });
    const sub2 = await call<StocktakeState>(admin, ops.submit, { stocktakeCode: a.code, version: back.version });
    const before = await counts();
    expect(await call(admin, ops.void, { stocktakeCode: a.code, version: sub2.version, reason: '改天再盘' })).toMatchObject({ status: 3 });
    const [, , moves] = await counts();
    expect(moves).toBe(before[2]);
    // illegal from 已作废
    expect(await op(admin, ops.submit, { stocktakeCode: a.code, version: sub2.version + 1 })).toMatchObject({
      code: CODES.conflict,
      msg: expect.stringContaining('状态为「已作废」'),
    });
  });

  it('posts counted − snapshot when stock moved in between (a change after the snapshot stays)', async () => {
    const a = await counted(takeDevice(), (i) => (i === 0 ? -1 : 0));
    const line = a.detail.lines.find((l) => l.systemQty >= 3) ?? a.detail.lines[0];
    const loc = await lineLocation(line.lineId);
    // one more put in that slot after the snapshot
    const onHand0 = await slotOnHand(loc, line.skuId);
    await t.db.db.transaction().execute((trx) =>
      postMovements(trx, { merchantId, operatorId: 0, operatorName: '测试', now: Date.now() }, [
        {
          locationId: loc,
          skuId: line.skuId,
          type: 'adjust',
          quantity: 1,
          docType: 'edit',
          docCode: 'KB0000000001',
          reason: '盘点期间补货',
        },
      ]),
    );
    const sub = await call<StocktakeState>(admin, ops.submit, { stocktakeCode: a.code, version: a.version });
    await call(admin, ops.approve, { stocktakeCode: a.code, version: sub.version });
    const d = await call<StocktakeDetail>(admin, ops.detail, { stocktakeCode: a.code });
    const l = d.lines.find((x) => x.lineId === line.lineId)!;
    expect(await slotOnHand(loc, line.skuId)).toBe(onHand0 + 1 + (l.variance ?? 0));
    expect(await reconcileCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('of concurrent approvals exactly one posts; the others are refused as stale', async () => {
    const a = await counted(takeDevice(), (i, sys) => (i % 2 === 0 ? 2 : sys > 0 ? -1 : 0));
    const sub = await call<StocktakeState>(admin, ops.submit, { stocktakeCode: a.code, version: a.version });
    const answers = await race(8, () => op(admin, ops.approve, { stocktakeCode: a.code, version: sub.version }) as Promise<RaceAnswer>);
    expectWinners(answers, { code: CODES.conflict, msg: STALE_VERSION_MESSAGE });
    const d = await call<StocktakeDetail>(admin, ops.detail, { stocktakeCode: a.code });
    const moves = await rowCountOf(a.code);
    expect(moves).toBe(d.lines.filter((l) => l.variance).length);
    expect(await reconcileCheck.run(t.db.db, merchantId)).toEqual([]);
  });
  it('one open stocktake per cabinet under a race: of 6 concurrent creates exactly one opens', async () => {
    const device = takeDevice();
    const answers = await race(6, () => op(admin, ops.create, { deviceCode: device }) as Promise<RaceAnswer>);
    const [won] = expectWinners(answers, { code: CODES.conflict, msg: /^智能柜.+已有未完成的盘点单PD\d+，请先完成或作废$/ });
    const open = await t.db.db
      .selectFrom('stocktake')
      .select('stocktake_code')
      .where('device_code', '=', device)
      .where('status', 'in', [0, 1])
      .execute();
    expect(open.map((o) => o.stocktake_code)).toEqual([(won.data as StocktakeState).stocktakeCode]);
  });
  const rowCountOf = async (code: string) =>
    (await t.db.db.selectFrom('stock_movement').select('id').where('doc_code', '=', code).execute()).length;

  it('is the merchant’s own: another merchant finds nothing; a role without 盘点单 is refused', async () => {
    const device = takeDevice();
    const s = await call<StocktakeState>(admin, ops.create, { deviceCode: device });
    for (const [o, body] of [
      [ops.detail, { stocktakeCode: s.stocktakeCode }],
      [ops.count, { stocktakeCode: s.stocktakeCode, version: 1, lines: [{ lineId: 1, countedQty: 1 }] }],
      [ops.submit, { stocktakeCode: s.stocktakeCode, version: 1 }],
      [ops.approve, { stocktakeCode: s.stocktakeCode, version: 1 }],
      [ops.void, { stocktakeCode: s.stocktakeCode, version: 1, reason: '别家作废' }],
      [ops.history, { stocktakeCode: s.stocktakeCode }],
    ] as const)
      expect((await op(other, o, body)).code, o.name).toBe(CODES.notFound);
    expect((await call<KeysetPage<StocktakeRow>>(other, ops.list, {})).list).toEqual([]);
    expect(await call(other, ops.deviceOptions, {})).toEqual([]);
    expect((await op(other, ops.create, { deviceCode: device })).code).toBe(CODES.badInput);

    await t.db.db.deleteFrom('role_menu').where('menu_id', '=', 10506).execute();
    const operator = await t.signIn('operator');
    for (const [o, body] of [
      [ops.list, {}],
      [ops.create, { deviceCode: device }],
      [ops.approve, { stocktakeCode: s.stocktakeCode, version: 1 }],
    ] as const)
      expect((await op(operator, o, body)).code, o.name).toBe(CODES.forbidden);
  });

  it.runIf(dialect === 'sqlite')('the list (all, by 状态, by 设备) reads along 0038’s indexes, no sort step', async () => {
    for (const [f, index] of [
      [{}, /stocktake_list_idx \(merchant_id=\?\)/],
      [{ status: 0 }, /stocktake_status_idx \(merchant_id=\? AND status=\?\)/],
      [{ deviceCode: 'D2611000001' }, /stocktake_device_idx \(merchant_id=\? AND device_code=\?\)/],
    ] as const) {
      const c = repo.listQuery(t.db.db, 1, f).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(21).compile();
      const r = await t.db.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
      const p = r.rows.map((x) => x.detail).join(' | ');
      expect(p, JSON.stringify(f)).toMatch(index);
      expect(p, JSON.stringify(f)).not.toContain('TEMP B-TREE');
    }
  });
});
