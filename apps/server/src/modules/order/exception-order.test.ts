import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { cabinetOrderOps, type CabinetOrderDetail } from '@merchant/contracts/order/cabinet-order';
import {
  exceptionOrderOps as ops,
  type ExceptionOrderRow,
  type ExceptionOrderState,
  type Picking,
} from '@merchant/contracts/order/exception-order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMerchantId } from '../../platform/seeds.ts';
import { call, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { check as stockCheck } from '../stock/stock.reconcile.ts';
import { check as orderCheck } from './order.reconcile.ts';

// 异常订单 (docs/orders.md "异常订单") on the demo seed's abnormal orders: 商品核对 re-prices the confirmed goods at the
// door opening, posts their stock by the difference to what was posted, charges the total; 关闭 charges nothing.

describe.each(DIALECTS)('abnormal cabinet orders (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let merchantId: number;

  const list = (body: Record<string, unknown>) => call<KeysetPage<ExceptionOrderRow>>(admin, ops.list, { pageSize: 200, ...body });
  const picking = (orderNoSub: string) => call<Picking>(admin, ops.picking, { orderNoSub });
  const detail = (orderNoSub: string) => call<CabinetOrderDetail>(admin, cabinetOrderOps.detail, { orderNoSub });
  const sold = async (orderNoSub: string) =>
    (
      await t.db.db
        .selectFrom('stock_movement')
        .select(['quantity'])
        .where('merchant_id', '=', merchantId)
        .where('doc_code', '=', orderNoSub)
        .where('type', '=', 'sale')
        .execute()
    ).reduce((n, m) => n - Number(m.quantity), 0);
  /** An abnormal order of a kind whose slots can still sell `need` units of its first line. */
  async function pick(excepType: string, need = 1) {
    for (const r of (await list({ handling: 1, excepType })).list) {
      const p = await picking(r.orderNoSub);
      const first = p.order.lines[0];
      const slot = first && p.slots.find((s) => s.slotNo === first.slotNo);
      if (excepType === 'door-open' || (slot && slot.available >= need)) return p;
    }
    throw new Error(`no abnormal ${excepType} order with stock to sell`);
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    merchantId = (await demoMerchantId(t.db.db))!;
  });
  afterAll(() => t.close());

  it('lists the abnormal orders: 待处理 are 异常, filters by kind; 商品核对 offers the cabinet’s slots priced at the door opening', async () => {
    const open = await list({ handling: 1 });
    expect(open.list.length).toBeGreaterThanOrEqual(20);
    expect(open.list.every((r) => r.statusName === '异常' && r.handlingName === '待处理' && r.excepType !== '')).toBe(true);
    expect(open.list.every((r) => r.actions.join() === 'correct,close')).toBe(true);
    const low = await list({ excepType: 'low-confidence' });
    expect(low.list.length).toBeGreaterThan(0);
    expect(low.list.every((r) => r.excepTypeName === '识别置信度低')).toBe(true);
    const p = await picking(low.list[0].orderNoSub);
    expect(p.actions).toEqual(['correct', 'close']);
    expect(p.slots.length).toBeGreaterThan(0);
    expect(p.slots.every((s) => s.unitPrice > 0 && s.priceLayerName !== '')).toBe(true);
    expect(p.order.lines.length).toBeGreaterThan(0);
    expect((await op(admin, ops.list, { handling: 3 })).msg).toContain('处理状态不正确');
  });

  it('商品核对 of a low-confidence order: re-priced, stock out, charged by 沙箱支付, 已完成; the ledgers hold', async () => {
    const p = await pick('low-confidence');
    const o = p.order;
    expect(await sold(o.orderNoSub)).toBe(0);
    const lines = o.lines.map((l) => ({ slotNo: l.slotNo, quantity: l.quantity }));
    const s = await call<ExceptionOrderState>(admin, ops.correct, {
      orderNoSub: o.orderNoSub,
      version: o.version,
      lines,
      remark: '看监控确认无误',
    });
    expect(s).toMatchObject({ statusName: '已完成', payStatusName: '已支付' });
    const d = await detail(o.orderNoSub);
    const expected = lines.reduce((sum, l) => sum + p.slots.find((x) => x.slotNo === l.slotNo)!.unitPrice * l.quantity, 0);
    expect(d).toMatchObject({ goodsAmount: expected, paidAmount: expected, excepTypeName: '识别置信度低' });
    expect(d.payments[0]).toMatchObject({ providerLabel: '沙箱支付', statusName: '已支付', amount: expected });
    expect(await sold(o.orderNoSub)).toBe(lines.reduce((n, l) => n + l.quantity, 0));
    const h = await call<Paged<HistoryEntry>>(admin, cabinetOrderOps.history, { orderNoSub: o.orderNoSub });
    expect(h.list.slice(0, 2).map((e) => e.actionLabel)).toEqual(['支付成功', '核对商品']);
    expect(h.list[1]).toMatchObject({ operatorName: 'admin' });
    expect(h.list[1].remark).toContain('看监控确认无误');
    const row = (await list({ orderNoSub: o.orderNoSub })).list[0];
    expect(row).toMatchObject({ handlingName: '已处理', actions: [] });
    // settled: neither again
    expect((await op(admin, ops.correct, { orderNoSub: o.orderNoSub, version: s.version, lines, remark: '再来一次' })).msg).toBe(
      `订单${o.orderNoSub}状态为「已完成」，不能核对商品`,
    );
    expect((await op(admin, ops.close, { orderNoSub: o.orderNoSub, version: s.version, reason: '重复' })).msg).toBe(
      `订单${o.orderNoSub}状态为「已完成」，不能关闭订单`,
    );
    expect(await stockCheck.run(t.db.db, merchantId)).toEqual([]);
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('a 支付失败 order confirmed with fewer goods: the difference goes back into the slot, the smaller total is charged', async () => {
    const p = await pick('pay-failed');
    const o = p.order;
    const posted = await sold(o.orderNoSub);
    expect(posted).toBe(o.itemCount);
    const first = o.lines[0];
    const s = await call<ExceptionOrderState>(admin, ops.correct, {
      orderNoSub: o.orderNoSub,
      version: o.version,
      lines: [{ slotNo: first.slotNo, quantity: 1 }],
      remark: '用户只取了一件',
    });
    expect(s.statusName).toBe('已完成');
    expect(await sold(o.orderNoSub)).toBe(1);
    const d = await detail(o.orderNoSub);
    expect(d.payments.map((x) => x.statusName)).toEqual(['已支付', '支付失败']);
    expect(d.paidAmount).toBe(first.unitPrice);
    expect(await stockCheck.run(t.db.db, merchantId)).toEqual([]);
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('关闭: 已取消, nothing charged, no stock moved; a door left open has no goods to confirm', async () => {
    const p = await pick('door-open');
    const o = p.order;
    expect(o.lines).toEqual([]);
    const s = await call<ExceptionOrderState>(admin, ops.close, { orderNoSub: o.orderNoSub, version: o.version, reason: '用户未取商品' });
    expect(s).toMatchObject({ statusName: '已取消', payStatusName: '未支付' });
    expect(await sold(o.orderNoSub)).toBe(0);
    expect((await detail(o.orderNoSub)).payments).toEqual([]);
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('bad input, a stale version, 库存不足 and a refused payment change nothing or end 异常 支付失败', async () => {
    const p = await pick('weight-mismatch');
    const o = p.order;
    const base = { orderNoSub: o.orderNoSub, version: o.version, remark: '核对' };
    const movements = await rowCount(t, 'stock_movement');
    const bad: [Record<string, unknown>, string][] = [
      [{ ...base, lines: [] }, '请至少填写一种实际取走的商品（未取商品请关闭订单）'],
      [{ ...base, lines: [{ slotNo: 'Z-9', quantity: 1 }] }, '第1行：货道Z-9不在设备'],
      [{ ...base, lines: [{ slotNo: o.lines[0].slotNo, quantity: 0 }] }, '数量至少为1'],
      [
        {
          ...base,
          lines: [
            { slotNo: o.lines[0].slotNo, quantity: 1 },
            { slotNo: o.lines[0].slotNo, quantity: 2 },
          ],
        },
        '同一货道只能填写一次',
      ],
      [{ ...base, remark: '', lines: [{ slotNo: o.lines[0].slotNo, quantity: 1 }] }, '核对说明'],
      [{ ...base, version: o.version + 5, lines: [{ slotNo: o.lines[0].slotNo, quantity: 1 }] }, STALE_VERSION_MESSAGE],
    ];
    for (const [body, msg] of bad) expect((await op(admin, ops.correct, body)).msg).toContain(msg);
    const slot = p.slots.find((s) => s.slotNo === o.lines[0].slotNo)!;
    expect(
      (await op(admin, ops.correct, { ...base, lines: [{ slotNo: slot.slotNo, quantity: Math.min(99, slot.available + 1) }] })).msg,
    ).toContain('库存不足');
    expect((await op(admin, ops.close, { orderNoSub: o.orderNoSub, version: o.version, reason: '' })).msg).toContain('关闭原因');
    expect(await rowCount(t, 'stock_movement')).toBe(movements);
    expect(await detail(o.orderNoSub)).toMatchObject({ statusName: '异常', version: o.version });

    // the payment refused: 异常 支付失败 again, the goods confirmed and posted
    const rate = t.config.payment.sandbox.failRate;
    t.config.payment.sandbox.failRate = 1;
    try {
      const s = await call<ExceptionOrderState>(admin, ops.correct, { ...base, lines: [{ slotNo: slot.slotNo, quantity: 1 }] });
      expect(s).toMatchObject({ statusName: '异常', payStatusName: '支付失败' });
      expect((await detail(o.orderNoSub)).excepTypeName).toBe('支付失败');
      expect(await sold(o.orderNoSub)).toBe(1);
    } finally {
      t.config.payment.sandbox.failRate = rate;
    }
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('permissions and the merchant wall', async () => {
    const any = (await list({ handling: 1 })).list[0];
    const finance = await t.signIn('finance');
    for (const [o, body] of [
      [ops.list, {}],
      [ops.picking, { orderNoSub: any.orderNoSub }],
      [ops.correct, { orderNoSub: any.orderNoSub, version: any.version, lines: [{ slotNo: '1-1', quantity: 1 }], remark: '越权' }],
      [ops.close, { orderNoSub: any.orderNoSub, version: any.version, reason: '越权' }],
    ] as const)
      expect((await op(finance, o, body)).code).toBe(CODES.forbidden);
    const other = await registerMerchant(t, '别家异常订单公司', 'excother', '13700000093');
    expect((await op(other, ops.picking, { orderNoSub: any.orderNoSub })).msg).toBe('订单不存在');
    expect((await op(other, ops.close, { orderNoSub: any.orderNoSub, version: any.version, reason: '别家关闭' })).msg).toBe('订单不存在');
    expect((await call<KeysetPage<ExceptionOrderRow>>(other, ops.list, {})).list).toEqual([]);
    expect((await detail(any.orderNoSub)).statusName).toBe('异常');
  });
});
