import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { OpenApiClient } from '@merchant/contracts/open-api/signing';
import {
  afterSaleOps as ops,
  type AfterSaleCreateInput,
  type AfterSaleDetail,
  type AfterSaleOrder,
  type AfterSaleRow,
  type AfterSaleState,
} from '@merchant/contracts/order/after-sale';
import { cabinetOrderOps, type CabinetOrderDetail } from '@merchant/contracts/order/cabinet-order';
import { CHANNEL_ORDER_OPS, type ChannelOrderDetail, type ChannelOrderState } from '@merchant/contracts/order/channel-order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMerchantId } from '../../platform/seeds.ts';
import { call } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { newOpenApp, openClient } from '../../test/open-api-kit.ts';
import { hubLocation, postMovements } from '../stock/stock-ledger.service.ts';
import { check as stockCheck } from '../stock/stock.reconcile.ts';
import { check as orderCheck } from './order.reconcile.ts';

// 售后工单 (docs/orders.md "售后") through the real gateway: 仅退款 / 退货退款 / 换货 / 投诉 on orders of the cabinets and
// the channels; refunds through the payment adapter never beyond what a line was paid, across work orders; returned
// goods through the stock ledger; every refusal in Chinese and changing nothing.

const online = CHANNEL_ORDER_OPS.online;

describe.each(DIALECTS)('after-sales work orders (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let merchantId: number;
  let shop: OpenApiClient;
  let seq = 0;
  let skus: { id: number; code: string }[] = [];

  const create = (b: AfterSaleCreateInput) => call<AfterSaleState>(admin, ops.create, b);
  const work = (workNumber: string) => call<AfterSaleDetail>(admin, ops.detail, { workNumber });
  const accept = async (workNumber: string) =>
    call<AfterSaleState>(admin, ops.accept, { workNumber, version: (await work(workNumber)).version });
  const complete = async (workNumber: string, remark = '已核实，按申请处理') =>
    call<AfterSaleState>(admin, ops.complete, { workNumber, version: (await work(workNumber)).version, remark });
  const room = (orderNoSub: string) => call<AfterSaleOrder>(admin, ops.orderLines, { orderNoSub });
  const hubBalance = async (skuId: number) => {
    const hub = await t.db.db.transaction().execute((trx) => hubLocation(trx, merchantId, t.clock.now()));
    const b = await t.db.db
      .selectFrom('stock_balance')
      .select(['on_hand', 'locked'])
      .where('location_id', '=', hub.id)
      .where('sku_id', '=', skuId)
      .executeTakeFirst();
    return { onHand: Number(b?.on_hand ?? 0), locked: Number(b?.locked ?? 0) };
  };
  /** A 线上零售 order through the open API: paid, and shipped and received unless told otherwise. */
  async function channelOrder(upTo: 'paid' | 'received' = 'received') {
    const res = await shop.post<ChannelOrderState>('/open-api/v1/orders/create', {
      channelOrderNo: `AS${dialect}${++seq}`,
      userId: 'tb-user-009',
      receiverName: '李四',
      receiverPhone: '13812345678',
      receiverAddress: '上海市黄浦区南京东路1号',
      lines: [
        { skuCode: skus[0].code, quantity: 3 },
        { skuCode: skus[1].code, quantity: 1 },
      ],
    });
    expect(res.msg).toBe('success');
    const no = res.data!.orderNoSub;
    await shop.post('/open-api/v1/orders/pay', { orderNoSub: no });
    if (upTo === 'received') {
      const d = await call<ChannelOrderDetail>(admin, online.detail, { orderNoSub: no });
      await call(admin, online.ship, { orderNoSub: no, version: d.version, carrier: 'SF', trackingNo: `SF${Date.now()}${seq}` });
      await shop.post('/open-api/v1/orders/receive', { orderNoSub: no });
    }
    return call<ChannelOrderDetail>(admin, online.detail, { orderNoSub: no });
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    merchantId = (await demoMerchantId(t.db.db))!;
    shop = openClient(t, await newOpenApp(t, merchantId, 'online', '售后测试店'));
    const rows = await t.db.db
      .selectFrom('goods_sku')
      .select(['id', 'sku_code'])
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    skus = rows.map((r) => ({ id: Number(r.id), code: r.sku_code }));
    const hub = await t.db.db.transaction().execute((trx) => hubLocation(trx, merchantId, t.clock.now()));
    await t.db.db.transaction().execute((trx) =>
      postMovements(
        trx,
        { merchantId, operatorId: 0, operatorName: '测试入库', now: t.clock.now() },
        skus.map((s) => ({
          locationId: hub.id,
          skuId: s.id,
          type: 'inbound' as const,
          quantity: 100,
          docType: 'inbound' as const,
          docCode: `RKAS${dialect}${s.id}`,
        })),
      ),
    );
  });
  afterAll(() => t.close());

  it('仅退款 of one line of a paid cabinet order: 待处理 → 处理中 → 已完成, refunded through 沙箱支付, the line and the order say so', async () => {
    const o = await t.db.db
      .selectFrom('sale_order')
      .select('order_no_sub')
      .where('merchant_id', '=', merchantId)
      .where('channel', '=', 'container')
      .where('status', '=', 3)
      .where('pay_status', '=', 2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const r = await room(o.order_no_sub);
    expect(r.refundable).toBe(true);
    const line = r.lines[0];
    expect(line.maxRefund).toBe(line.amount);
    const s = await create({
      orderNoSub: o.order_no_sub,
      type: 'refund',
      reason: '商品过期',
      lines: [{ lineNo: line.lineNo, quantity: 1, refundAmount: line.unitPrice }],
    });
    expect(s).toMatchObject({ statusName: '待处理', refundStatusName: '无需退款' });
    expect(s.workNumber).toMatch(/^SH\d{14}$/);
    // held by the open work order
    expect((await room(o.order_no_sub)).lines[0]).toMatchObject({
      pendingQuantity: 1,
      pendingAmount: line.unitPrice,
      maxRefund: line.amount - line.unitPrice,
    });
    // completing before accepting is refused
    const d0 = await work(s.workNumber);
    expect((await op(admin, ops.complete, { workNumber: s.workNumber, version: d0.version, remark: '处理完毕' })).msg).toBe(
      `售后工单${s.workNumber}状态为「待处理」，不能完成`,
    );
    await accept(s.workNumber);
    expect((await op(admin, ops.complete, { workNumber: s.workNumber, version: d0.version, remark: '处理完毕' })).msg).toContain(
      '已被他人修改',
    );
    const done = await complete(s.workNumber);
    expect(done).toMatchObject({ statusName: '已完成', refundStatusName: '已退款' });
    const d = await work(s.workNumber);
    expect(d).toMatchObject({ refundAmount: line.unitPrice, handlerName: 'admin', result: '已核实，按申请处理' });
    expect(d.refundNo).not.toBe('');
    const order = await call<CabinetOrderDetail>(admin, cabinetOrderOps.detail, { orderNoSub: o.order_no_sub });
    expect(order).toMatchObject({ refundedAmount: line.unitPrice, payStatusName: '部分退款' });
    expect(order.lines[0]).toMatchObject({ refundedQuantity: 1, refundedAmount: line.unitPrice });
    expect(order.payments[0].refundedAmount).toBe(line.unitPrice);
    const log = await call<Paged<HistoryEntry>>(admin, ops.history, { workNumber: s.workNumber, pageSize: 20 });
    expect(log.list.map((e) => e.actionLabel).reverse()).toEqual(['新建工单', '受理', '完成', '退款成功']);
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('a line is never refunded beyond what was paid, across work orders; a rejected one gives its hold back', async () => {
    const o = await channelOrder();
    const line = o.lines[0];
    const over = await op(admin, ops.create, {
      orderNoSub: o.orderNoSub,
      type: 'refund',
      reason: '少发了',
      lines: [{ lineNo: 1, quantity: 1, refundAmount: line.amount + 1 }],
    });
    expect(over.msg).toContain(`可退${(line.amount / 100).toFixed(2)}元`);
    const a = await create({
      orderNoSub: o.orderNoSub,
      type: 'refund',
      reason: '少发了',
      lines: [{ lineNo: 1, quantity: 2, refundAmount: line.amount - line.unitPrice }],
    });
    const second = await op(admin, ops.create, {
      orderNoSub: o.orderNoSub,
      type: 'refund',
      reason: '又少发了',
      lines: [{ lineNo: 1, quantity: 1, refundAmount: line.unitPrice + 1 }],
    });
    expect(second.msg).toContain(`可退${(line.unitPrice / 100).toFixed(2)}元`);
    expect(
      (
        await op(admin, ops.create, {
          orderNoSub: o.orderNoSub,
          type: 'refund',
          reason: '再退',
          lines: [{ lineNo: 1, quantity: 2, refundAmount: 1 }],
        })
      ).msg,
    ).toContain('可申请1件');
    // bad input: no amount for 仅退款, no reason, no lines
    expect(
      (await op(admin, ops.create, { orderNoSub: o.orderNoSub, type: 'refund', reason: '少发了', lines: [{ lineNo: 1, quantity: 1 }] }))
        .msg,
    ).toContain('请输入退款金额');
    expect(
      (
        await op(admin, ops.create, {
          orderNoSub: o.orderNoSub,
          type: 'refund',
          reason: '',
          lines: [{ lineNo: 1, quantity: 1, refundAmount: 1 }],
        })
      ).msg,
    ).toContain('请输入申请原因');
    expect((await op(admin, ops.create, { orderNoSub: o.orderNoSub, type: 'return', reason: '不想要了', lines: [] })).msg).toContain(
      '请至少选择一件售后商品',
    );
    const d = await work(a.workNumber);
    await call(admin, ops.reject, { workNumber: a.workNumber, version: d.version, reason: '用户已撤回申请' });
    expect(await work(a.workNumber)).toMatchObject({ statusName: '已驳回', rejectReason: '用户已撤回申请' });
    expect((await room(o.orderNoSub)).lines[0]).toMatchObject({ pendingAmount: 0, maxRefund: line.amount });
    expect((await op(admin, ops.accept, { workNumber: a.workNumber, version: d.version + 1 })).msg).toBe(
      `售后工单${a.workNumber}状态为「已驳回」，不能受理`,
    );
    // the whole line in two work orders, completed: exactly its amount
    const b = await create({
      orderNoSub: o.orderNoSub,
      type: 'refund',
      reason: '质量问题',
      lines: [{ lineNo: 1, quantity: 2, refundAmount: line.amount - line.unitPrice }],
    });
    const c = await create({
      orderNoSub: o.orderNoSub,
      type: 'refund',
      reason: '质量问题',
      lines: [{ lineNo: 1, quantity: 1, refundAmount: line.unitPrice }],
    });
    for (const w of [b, c]) {
      await accept(w.workNumber);
      await complete(w.workNumber);
    }
    const after = await call<ChannelOrderDetail>(admin, online.detail, { orderNoSub: o.orderNoSub });
    expect(after.lines[0]).toMatchObject({ refundedQuantity: 3, refundedAmount: line.amount });
    expect(after.refundedAmount).toBe(line.amount);
    expect((await room(o.orderNoSub)).lines[0]).toMatchObject({ maxQuantity: 0, maxRefund: 0 });
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
    // a line's refund changed behind the work orders' back is found, then put back
    const row = await t.db.db.selectFrom('sale_order').select('id').where('order_no_sub', '=', o.orderNoSub).executeTakeFirstOrThrow();
    const where = (q: ReturnType<typeof t.db.db.updateTable<'sale_order_line'>>) =>
      q.where('order_id', '=', row.id).where('line_no', '=', 1);
    await where(t.db.db.updateTable('sale_order_line').set({ refunded_amount: line.amount - 1 })).execute();
    expect((await orderCheck.run(t.db.db, merchantId)).some((f) => f.startsWith(`订单 ${o.orderNoSub}: 明细已退`))).toBe(true);
    await where(t.db.db.updateTable('sale_order_line').set({ refunded_amount: line.amount })).execute();
  });

  it('退货退款 brings the goods back to the hub and refunds; 换货 brings them back and sends the replacement out; 投诉 moves nothing', async () => {
    const o = await channelOrder();
    const line = o.lines[1];
    const before = await hubBalance(skus[1].id);
    const r = await create({
      orderNoSub: o.orderNoSub,
      type: 'return',
      reason: '包装破损',
      lines: [{ lineNo: 2, quantity: 1, refundAmount: line.amount }],
    });
    await accept(r.workNumber);
    await complete(r.workNumber, '已收到退货');
    expect(await hubBalance(skus[1].id)).toEqual({ ...before, onHand: before.onHand + 1 });
    expect(await work(r.workNumber)).toMatchObject({ returnLocationName: '库存中心', refundStatusName: '已退款' });
    const moves = await t.db.db
      .selectFrom('stock_movement')
      .select(['type', 'quantity', 'doc_type'])
      .where('doc_code', '=', r.workNumber)
      .execute();
    expect(moves.map((m) => [m.type, Number(m.quantity), m.doc_type])).toEqual([['return', 1, 'afterSale']]);

    const x = await create({
      orderNoSub: o.orderNoSub,
      type: 'exchange',
      reason: '发错颜色',
      lines: [{ lineNo: 1, quantity: 1, refundAmount: 0 }],
    });
    const mid = await hubBalance(skus[0].id);
    await accept(x.workNumber);
    await complete(x.workNumber, '已换新');
    expect(await hubBalance(skus[0].id)).toEqual(mid);
    const xm = await t.db.db
      .selectFrom('stock_movement')
      .select(['type', 'quantity'])
      .where('doc_code', '=', x.workNumber)
      .orderBy('id')
      .execute();
    expect(xm.map((m) => [m.type, Number(m.quantity)])).toEqual([
      ['return', 1],
      ['sale', -1],
    ]);
    expect((await work(x.workNumber)).refundStatusName).toBe('无需退款');
    expect(
      (
        await op(admin, ops.create, {
          orderNoSub: o.orderNoSub,
          type: 'exchange',
          reason: '发错',
          lines: [{ lineNo: 1, quantity: 1, refundAmount: 5 }],
        })
      ).msg,
    ).toContain('换货不退款');

    const c = await create({ orderNoSub: o.orderNoSub, type: 'complaint', reason: '快递员态度差' });
    await accept(c.workNumber);
    const d = await work(c.workNumber);
    expect((await op(admin, ops.complete, { workNumber: c.workNumber, version: d.version, remark: '' })).msg).toContain('请输入处理结果');
    await complete(c.workNumber, '已致电道歉');
    expect(await work(c.workNumber)).toMatchObject({ statusName: '已完成', itemCount: 0, refundAmount: 0 });
    expect(await stockCheck.run(t.db.db, merchantId)).toEqual([]);
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('what the order state does not allow is refused; a refund the payment can no longer give is released', async () => {
    // 退货 of goods not delivered yet
    const paid = await channelOrder('paid');
    expect(
      (
        await op(admin, ops.create, {
          orderNoSub: paid.orderNoSub,
          type: 'return',
          reason: '不要了',
          lines: [{ lineNo: 1, quantity: 1, refundAmount: 1 }],
        })
      ).msg,
    ).toContain('商品未送达');
    // 仅退款 held on a paid order, then the order is cancelled (its whole payment refunded): completing cannot refund again
    const w = await create({
      orderNoSub: paid.orderNoSub,
      type: 'refund',
      reason: '价格不对',
      lines: [{ lineNo: 1, quantity: 1, refundAmount: paid.lines[0].unitPrice }],
    });
    await call(admin, online.cancel, { orderNoSub: paid.orderNoSub, version: paid.version, reason: '缺货' });
    await accept(w.workNumber);
    const s = await complete(w.workNumber);
    expect(s).toMatchObject({ statusName: '已完成', refundStatusName: '退款失败' });
    const line = (await call<ChannelOrderDetail>(admin, online.detail, { orderNoSub: paid.orderNoSub })).lines[0];
    expect([line.refundedQuantity, line.refundedAmount]).toEqual([0, 0]);
    const log = await call<Paged<HistoryEntry>>(admin, ops.history, { workNumber: w.workNumber, pageSize: 20 });
    expect(log.list[0].actionLabel).toBe('退款失败');
    // an unpaid order takes no refund; an unknown order is not found
    const unpaid = await shop.post<ChannelOrderState>('/open-api/v1/orders/create', {
      channelOrderNo: `AS${dialect}${++seq}`,
      userId: 'tb-user-010',
      receiverName: '王五',
      receiverPhone: '13812345679',
      receiverAddress: '上海市静安区南京西路2号',
      lines: [{ skuCode: skus[0].code, quantity: 1 }],
    });
    expect(
      (
        await op(admin, ops.create, {
          orderNoSub: unpaid.data!.orderNoSub,
          type: 'refund',
          reason: '没付钱',
          lines: [{ lineNo: 1, quantity: 1, refundAmount: 1 }],
        })
      ).msg,
    ).toContain('不能申请仅退款');
    expect((await op(admin, ops.orderLines, { orderNoSub: 'XS0000000000000' })).msg).toBe('订单不存在');
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('under concurrency: five requests for the whole of one line at once, one work order takes it', async () => {
    const o = await channelOrder();
    const line = o.lines[0];
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        op(admin, ops.create, {
          orderNoSub: o.orderNoSub,
          type: 'refund',
          reason: `并发申请${n + 1}`,
          lines: [{ lineNo: 1, quantity: line.quantity, refundAmount: line.amount }],
        }),
      ),
    );
    expect(answers.filter((a) => a.code === '200')).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== '200')) expect(a.msg).toMatch(/可申请0件|可退0\.00元/);
    const won = answers.find((a) => a.code === '200')!.data as AfterSaleState;
    await accept(won.workNumber);
    await complete(won.workNumber);
    const after = await call<ChannelOrderDetail>(admin, online.detail, { orderNoSub: o.orderNoSub });
    expect(after.lines[0]).toMatchObject({ refundedQuantity: line.quantity, refundedAmount: line.amount });
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('lists and filters; the permission wall and the merchant wall', async () => {
    const all = await call<KeysetPage<AfterSaleRow>>(admin, ops.list, { pageSize: 50 });
    expect(all.list.length).toBeGreaterThanOrEqual(5);
    const done = await call<KeysetPage<AfterSaleRow>>(admin, ops.list, { status: 2, type: 'refund', pageSize: 50 });
    expect(done.list.length).toBeGreaterThan(0);
    expect(done.list.every((r) => r.statusName === '已完成' && r.typeName === '仅退款')).toBe(true);
    expect((await op(admin, ops.list, { status: 7 })).msg).toContain('工单状态不正确');
    const someone = all.list[0].workNumber;
    // 柜主 holds no 售后
    const owner = await t.signIn('owner');
    for (const [o, b] of [
      [ops.list, {}],
      [ops.detail, { workNumber: someone }],
      [ops.create, { orderNoSub: all.list[0].orderNoSub, type: 'complaint', reason: '测试投诉' }],
    ] as const)
      expect((await op(owner, o, b)).code).toBe(CODES.forbidden);
    const other = await registerMerchant(t, '别家售后公司', 'asother', '13700000095');
    expect((await op(other, ops.detail, { workNumber: someone })).msg).toBe('售后工单不存在');
    expect((await call<KeysetPage<AfterSaleRow>>(other, ops.list, {})).list).toEqual([]);
    expect((await op(other, ops.create, { orderNoSub: all.list[0].orderNoSub, type: 'complaint', reason: '别家投诉' })).msg).toBe(
      '订单不存在',
    );
    const d = await work(someone);
    expect((await op(other, ops.reject, { workNumber: someone, version: d.version, reason: '别家驳回' })).msg).toBe('售后工单不存在');
    expect((await work(someone)).statusName).toBe(d.statusName);
  });
});
