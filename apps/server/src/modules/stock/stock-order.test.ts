import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import {
  CONFIRMED_NOT_CANCELLABLE,
  hubStockOrderOps as ops,
  type StockOrderDetail,
  type StockOrderRow,
  type StockOrderState,
  type StockSkuOption,
} from '@merchant/contracts/stock/stock-order';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { exportList } from '../../test/export-kit.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { expectWinners, race } from '../../test/race.ts';
import * as repo from './stock-order.repo.ts';

describe.each(DIALECTS)('stock orders 入库单 / 退货单 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  let otherSkuId: number;

  const counts = () =>
    Promise.all(
      ['stock_order', 'stock_order_line', 'stock_movement', 'stock_balance', 'record_history'].map((n) => rowCount(t, n as never)),
    );
  /** The hub's on hand of a SKU (0 when it has no balance yet). */
  const onHand = async (skuId: number) => {
    const r = await t.db.db
      .selectFrom('stock_balance')
      .innerJoin('stock_location', 'stock_location.id', 'stock_balance.location_id')
      .select('stock_balance.on_hand')
      .where('stock_location.merchant_id', '=', fx.merchantId)
      .where('stock_location.kind', '=', 'hub')
      .where('stock_balance.sku_id', '=', skuId)
      .executeTakeFirst();
    return Number(r?.on_hand ?? 0);
  };
  const inbound = (patch: Record<string, unknown> = {}) => ({
    orderType: 'inbound',
    counterparty: '华东食品供应商',
    remark: '月初补货',
    lines: [
      { skuId: fx.skus[0].id, quantity: 10, unitCost: 350 },
      { skuId: fx.skus[1].id, quantity: 4, unitCost: 1200 },
    ],
    ...patch,
  });
  const detail = (orderCode: string) => call<StockOrderDetail>(admin, ops.detail, { orderCode });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家入库公司', 'rkother', '13700000081');
    fx = await priceFixtures(t, 3);
    const otherMerchant = await t.db.db
      .selectFrom('account')
      .select('merchant_id')
      .where('user_name', '=', 'rkother')
      .executeTakeFirstOrThrow();
    // another merchant's SKU: copy one of ours under its merchant id
    const mine = await t.db.db.selectFrom('goods_sku').selectAll().where('id', '=', fx.skus[2].id).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = mine;
    const made = await t.db.db
      .insertInto('goods_sku')
      .values({ ...rest, merchant_id: Number(otherMerchant.merchant_id), sku_code: 'OTHER00001', barcode: '6900000099999' })
      .returning('id')
      .executeTakeFirstOrThrow();
    otherSkuId = Number(made.id);
  });
  afterAll(() => t.close());

  it('creates a draft (RK code), edits it with the version, confirms it: balances and movements written with before → after', async () => {
    const before0 = await onHand(fx.skus[0].id);
    const before1 = await onHand(fx.skus[1].id);
    const s = await call<StockOrderState>(admin, ops.create, inbound());
    expect(s.orderCode).toMatch(/^RK\d{10}$/);
    expect(s).toMatchObject({ status: 0, statusName: '草稿', version: 1 });
    let d = await detail(s.orderCode);
    expect(d).toMatchObject({
      orderTypeName: '入库单',
      locationName: '库存中心',
      counterparty: '华东食品供应商',
      lineCount: 2,
      totalQuantity: 14,
      totalAmount: 10 * 350 + 4 * 1200,
      actions: ['edit', 'confirm', 'cancel'],
    });
    expect(d.lines[0]).toMatchObject({ skuId: fx.skus[0].id, skuCode: fx.skus[0].code, quantity: 10, unitCost: 350, amount: 3500 });
    expect(d.lines[0].onHandBefore).toBeNull();

    const edited = await call<StockOrderState>(admin, ops.update, {
      ...inbound({ counterparty: '华南食品供应商' }),
      orderCode: s.orderCode,
      version: s.version,
      lines: [
        { skuId: fx.skus[0].id, quantity: 12, unitCost: 350 },
        { skuId: fx.skus[1].id, quantity: 5, unitCost: 1200 },
      ],
    });
    expect(edited.version).toBe(2);
    // a stale version: refused, nothing written
    const before = await counts();
    expect(await op(admin, ops.update, { ...inbound(), orderCode: s.orderCode, version: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    expect(await op(admin, ops.confirm, { orderCode: s.orderCode, version: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    expect(await counts()).toEqual(before);

    const done = await call<StockOrderState>(admin, ops.confirm, { orderCode: s.orderCode, version: edited.version });
    expect(done).toMatchObject({ status: 1, statusName: '已确认', version: 3 });
    expect(await onHand(fx.skus[0].id)).toBe(before0 + 12);
    expect(await onHand(fx.skus[1].id)).toBe(before1 + 5);
    const moves = await t.db.db.selectFrom('stock_movement').selectAll().where('doc_code', '=', s.orderCode).orderBy('id').execute();
    expect(
      moves.map((m) => [Number(m.sku_id), m.type, m.doc_type, Number(m.quantity), Number(m.on_hand_before), Number(m.on_hand_after)]),
    ).toEqual([
      [fx.skus[0].id, 'inbound', 'inbound', 12, before0, before0 + 12],
      [fx.skus[1].id, 'inbound', 'inbound', 5, before1, before1 + 5],
    ]);
    d = await detail(s.orderCode);
    expect(d).toMatchObject({
      status: 1,
      statusName: '已确认',
      actions: [],
      confirmedAt: t.clock.now(),
      confirmerName: expect.any(String),
    });
    expect(d.lines[0]).toMatchObject({ onHandBefore: before0, onHandAfter: before0 + 12 });
    const h = await call<Paged<HistoryEntry>>(admin, ops.history, { orderCode: s.orderCode });
    expect(h.list.map((e) => e.actionLabel)).toEqual(['确认', '编辑', '新建']);
    expect(h.list[1].changes).toContainEqual(
      expect.objectContaining({ label: '供应商或退货去向', before: '华东食品供应商', after: '华南食品供应商' }),
    );
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const before = await counts();
    for (const [patch, msg] of [
      [{ lines: [] }, '请添加商品明细（字段：lines）'],
      [{ counterparty: '' }, '请输入供应商或退货去向（字段：counterparty）'],
      [{ orderType: 'gift' }, '单据类型只能是入库单或退货单（字段：orderType）'],
      [{ lines: [{ skuId: fx.skus[0].id, quantity: 0, unitCost: 1 }] }, '数量至少为1（字段：lines.0.quantity）'],
      [{ lines: [{ skuId: fx.skus[0].id, quantity: 1.5, unitCost: 1 }] }, '数量必须是整数（字段：lines.0.quantity）'],
      [{ lines: [{ skuId: fx.skus[0].id, quantity: 1, unitCost: -1 }] }, '单价不能小于0（字段：lines.0.unitCost）'],
      [{ lines: [{ skuId: fx.skus[0].id, quantity: 1, unitCost: 1.5 }] }, '单价以分为单位，须为整数（字段：lines.0.unitCost）'],
      [
        {
          lines: [
            { skuId: fx.skus[0].id, quantity: 1, unitCost: 1 },
            { skuId: fx.skus[0].id, quantity: 2, unitCost: 1 },
          ],
        },
        '同一SKU不能重复添加（字段：lines）',
      ],
      [{ lines: Array.from({ length: 201 }, (_v, n) => ({ skuId: n + 1, quantity: 1, unitCost: 0 })) }, '一张单据最多200行（字段：lines）'],
      [{ lines: [{ skuId: 99_999_999, quantity: 1, unitCost: 1 }] }, 'SKU（99999999）不存在或不属于本商户（字段：lines.0.skuId）'],
      [{ lines: [{ skuId: otherSkuId, quantity: 1, unitCost: 1 }] }, `SKU（${otherSkuId}）不存在或不属于本商户（字段：lines.0.skuId）`],
    ] as const) {
      expect(await op(admin, ops.create, inbound(patch))).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(await op(admin, ops.cancel, { orderCode: 'RK0000000000', version: 1, cancelReason: '' })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入取消原因（字段：cancelReason）',
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses illegal transitions: confirm twice, edit or cancel a confirmed order; cancels a draft with its reason', async () => {
    const s = await call<StockOrderState>(admin, ops.create, inbound());
    const done = await call<StockOrderState>(admin, ops.confirm, { orderCode: s.orderCode, version: s.version });
    const before = await counts();
    expect(await op(admin, ops.confirm, { orderCode: s.orderCode, version: done.version })).toMatchObject({
      code: CODES.conflict,
      msg: `入库单${s.orderCode}状态为「已确认」，不能确认`,
    });
    expect(await op(admin, ops.update, { ...inbound(), orderCode: s.orderCode, version: done.version })).toMatchObject({
      code: CODES.conflict,
      msg: `入库单${s.orderCode}状态为「已确认」，不能编辑`,
    });
    // a confirmed order is never cancelled, whatever version is sent
    for (const version of [done.version, s.version]) {
      expect(await op(admin, ops.cancel, { orderCode: s.orderCode, version, cancelReason: '录错了' })).toMatchObject({
        code: CODES.conflict,
        msg: CONFIRMED_NOT_CANCELLABLE,
      });
    }
    expect(await counts()).toEqual(before);

    const draft = await call<StockOrderState>(admin, ops.create, inbound());
    const cancelled = await call<StockOrderState>(admin, ops.cancel, {
      orderCode: draft.orderCode,
      version: 1,
      cancelReason: '供应商未发货',
    });
    expect(cancelled).toMatchObject({ status: 2, statusName: '已取消' });
    const d = await detail(draft.orderCode);
    expect(d).toMatchObject({ cancelReason: '供应商未发货', actions: [] });
    expect(await op(admin, ops.confirm, { orderCode: draft.orderCode, version: cancelled.version })).toMatchObject({
      code: CODES.conflict,
      msg: `入库单${draft.orderCode}状态为「已取消」，不能确认`,
    });
    const h = await call<Paged<HistoryEntry>>(admin, ops.history, { orderCode: draft.orderCode });
    expect(h.list[0]).toMatchObject({ actionLabel: '取消', remark: '供应商未发货' });
  });

  it('a return takes stock out (TH code, −qty); one larger than the stock is refused with 库存不足 and nothing changes', async () => {
    const sku = fx.skus[2].id;
    await call(admin, ops.confirm, {
      orderCode: (await call<StockOrderState>(admin, ops.create, inbound({ lines: [{ skuId: sku, quantity: 5, unitCost: 100 }] })))
        .orderCode,
      version: 1,
    });
    const have = await onHand(sku);
    const ret = await call<StockOrderState>(admin, ops.create, {
      orderType: 'return',
      counterparty: '退回华东食品供应商',
      lines: [{ skuId: sku, quantity: 2, unitCost: 100 }],
    });
    expect(ret.orderCode).toMatch(/^TH\d{10}$/);
    await call(admin, ops.confirm, { orderCode: ret.orderCode, version: 1 });
    expect(await onHand(sku)).toBe(have - 2);
    const m = await t.db.db.selectFrom('stock_movement').selectAll().where('doc_code', '=', ret.orderCode).executeTakeFirstOrThrow();
    expect([m.type, m.doc_type, Number(m.quantity), Number(m.on_hand_before), Number(m.on_hand_after)]).toEqual([
      'return',
      'return',
      -2,
      have,
      have - 2,
    ]);

    const big = await call<StockOrderState>(admin, ops.create, {
      orderType: 'return',
      counterparty: '退回华东食品供应商',
      lines: [
        { skuId: fx.skus[0].id, quantity: 1, unitCost: 0 },
        { skuId: sku, quantity: have - 2 + 1, unitCost: 100 },
      ],
    });
    const before = await counts();
    const first = await onHand(fx.skus[0].id);
    const refused = await op(admin, ops.confirm, { orderCode: big.orderCode, version: 1 });
    expect(refused.code).toBe(CODES.conflict);
    expect(refused.msg).toMatch(new RegExp(`^库存不足：.*在「库存中心」现有${have - 2}，本次需扣减${have - 1}`));
    expect(await counts()).toEqual(before);
    expect(await onHand(fx.skus[0].id)).toBe(first);
    expect(await detail(big.orderCode)).toMatchObject({ status: 0, version: 1 });
  });

  it('20 concurrent confirms of one draft: exactly one wins, the stock moves once', async () => {
    const s = await call<StockOrderState>(admin, ops.create, inbound());
    const before0 = await onHand(fx.skus[0].id);
    const answers = await race(20, () => op(admin, ops.confirm, { orderCode: s.orderCode, version: s.version }));
    expectWinners(answers, { code: CODES.conflict, msg: STALE_VERSION_MESSAGE });
    expect(await onHand(fx.skus[0].id)).toBe(before0 + 10);
    const moves = await t.db.db.selectFrom('stock_movement').select('id').where('doc_code', '=', s.orderCode).execute();
    expect(moves).toHaveLength(2);
  });

  it('lists newest first with filters (code, status, type, SKU, counterparty, created range), keyset paged and exportable', async () => {
    const all = await call<KeysetPage<StockOrderRow>>(admin, ops.list, { pageSize: 2 });
    expect(all.list).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.nextCursor).toBeTruthy();
    expect(all.list[0].createdAt).toBeGreaterThanOrEqual(all.list[1].createdAt);
    const next = await call<KeysetPage<StockOrderRow>>(admin, ops.list, { pageSize: 2, cursor: all.nextCursor });
    expect(next.list.map((r) => r.orderCode)).not.toContain(all.list[0].orderCode);
    const one = all.list[0];
    const byCode = await call<KeysetPage<StockOrderRow>>(admin, ops.list, { orderCode: one.orderCode.toLowerCase() });
    expect(byCode.list.map((r) => r.orderCode)).toEqual([one.orderCode]);
    const returns = await call<KeysetPage<StockOrderRow>>(admin, ops.list, { orderType: 'return' });
    expect(returns.list.length).toBeGreaterThan(0);
    expect(returns.list.every((r) => r.orderType === 'return' && r.orderTypeName === '退货单')).toBe(true);
    const cancelled = await call<KeysetPage<StockOrderRow>>(admin, ops.list, { status: 2 });
    expect(cancelled.list.every((r) => r.statusName === '已取消')).toBe(true);
    const bySku = await call<KeysetPage<StockOrderRow>>(admin, ops.list, { skuId: fx.skus[2].id });
    expect(bySku.list.length).toBeGreaterThanOrEqual(3);
    const byParty = await call<KeysetPage<StockOrderRow>>(admin, ops.list, { counterparty: '退回华东' });
    expect(byParty.list.length).toBe(2);
    const now = t.clock.now();
    expect((await call<KeysetPage<StockOrderRow>>(admin, ops.list, { createdRange: [now + 1, now + 2] })).list).toEqual([]);
    expect(await op(admin, ops.list, { status: 7 })).toMatchObject({ code: CODES.badInput, msg: '单据状态不正确（字段：status）' });
    const file = await exportList(admin, ops.list, { orderType: 'return' });
    expect(file.kind).toBe('file');
    if (file.kind === 'file') {
      const sheet = file.workbook.worksheets[0];
      expect(sheet.getRow(1).getCell(1).value).toBe('单号');
    }
  });

  it.runIf(dialect === 'sqlite')(
    'the list (all, by 单据类型, by 状态, by 前置仓) reads along 0034 / 0040’s indexes, no sort step',
    async () => {
      const plan = async (f: repo.OrderFilter, kind = 'hub') => {
        const c = repo
          .listQuery(t.db.db, 1, kind, f)
          .orderBy('stock_order.created_at', 'desc')
          .orderBy('stock_order.id', 'desc')
          .limit(21)
          .compile();
        const r = await t.db.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
        return r.rows.map((x) => x.detail).join(' | ');
      };
      for (const [f, index] of [
        [{}, /stock_order_list_idx \(merchant_id=\? AND location_kind=\?\)/],
        [{ orderType: 'inbound' }, /stock_order_type_idx \(merchant_id=\? AND location_kind=\? AND order_type=\?\)/],
        [{ status: 0 }, /stock_order_status_idx \(merchant_id=\? AND location_kind=\? AND status=\?\)/],
        [
          { orderType: 'return', status: 0 },
          /stock_order_type_status_idx \(merchant_id=\? AND location_kind=\? AND order_type=\? AND status=\?\)/,
        ],
      ] as const) {
        const p = await plan(f);
        expect(p, JSON.stringify(f)).toMatch(index);
        expect(p, JSON.stringify(f)).not.toContain('TEMP B-TREE');
      }
      // a front-warehouse page keeps its type and may pick a warehouse (its location)
      const front = await plan({ orderType: 'inbound', warehouseId: 1 }, 'front');
      expect(front).toMatch(/stock_order_location_type_idx \(merchant_id=\? AND location_id=\? AND order_type=\?\)/);
      expect(front).not.toContain('TEMP B-TREE');
    },
  );

  it('offers the merchant’s own SKUs to pick', async () => {
    const found = await call<StockSkuOption[]>(admin, ops.skuOptions, { keyword: fx.skus[0].code });
    expect(found.map((s) => s.skuId)).toContain(fx.skus[0].id);
    const byIds = await call<StockSkuOption[]>(admin, ops.skuOptions, { skuIds: [fx.skus[1].id, otherSkuId] });
    expect(byIds.map((s) => s.skuId)).toEqual([fx.skus[1].id]);
    expect(await call<StockSkuOption[]>(other, ops.skuOptions, { keyword: fx.skus[0].code })).toEqual([]);
  });

  it('is the merchant’s own: other merchants are not found, a role without 入库管理 is refused', async () => {
    const mine = (await call<KeysetPage<StockOrderRow>>(admin, ops.list, { status: 0, pageSize: 1 })).list[0];
    const before = await counts();
    for (const [o, body] of [
      [ops.detail, { orderCode: mine.orderCode }],
      [ops.update, { ...inbound(), orderCode: mine.orderCode, version: mine.version }],
      [ops.confirm, { orderCode: mine.orderCode, version: mine.version }],
      [ops.cancel, { orderCode: mine.orderCode, version: mine.version, cancelReason: '别家取消' }],
      [ops.history, { orderCode: mine.orderCode }],
    ] as const) {
      expect((await op(other, o, body)).code).toBe(CODES.notFound);
    }
    expect((await call<KeysetPage<StockOrderRow>>(other, ops.list, {})).list).toEqual([]);
    // our SKU on their order
    expect(await op(other, ops.create, inbound())).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining('不存在或不属于本商户'),
    });
    expect(await op(admin, ops.detail, { orderCode: mine.orderCode, merchantId: 999_999 })).toMatchObject({ code: CODES.forbidden });
    const finance = await t.signIn('finance');
    for (const [o, body] of [
      [ops.list, {}],
      [ops.create, inbound()],
      [ops.confirm, { orderCode: mine.orderCode, version: mine.version }],
      [ops.skuOptions, {}],
    ] as const) {
      expect((await op(finance, o, body)).code).toBe(CODES.forbidden);
    }
    expect(await counts()).toEqual(before);
  });
});
