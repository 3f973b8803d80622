import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { OpenApiClient } from '@merchant/contracts/open-api/signing';
import {
  CHANNEL_ORDER_OPS,
  CHANNEL_PAY_TIMEOUT_MS,
  type ChannelOrderDetail,
  type ChannelOrderIntake,
  type ChannelOrderOps,
  type ChannelOrderRow,
  type ChannelOrderState,
} from '@merchant/contracts/order/channel-order';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { demoMerchantId } from '../../platform/seeds.ts';
import { call } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { newOpenApp, openClient } from '../../test/open-api-kit.ts';
import { payCtx } from '../../test/payment-kit.ts';
import { resolvePrices } from '../price/price.resolver.ts';
import { ensureLocation, hubLocation, postMovements, wholesalerLocation } from '../stock/stock-ledger.service.ts';
import { check as stockCheck } from '../stock/stock.reconcile.ts';
import { sweepUnpaid } from './channel-order.service.ts';
import { check as orderCheck } from './order.reconcile.ts';

// 渠道订单 (docs/orders.md "渠道订单") through the real open API and gateway: intake locks the goods, pay → 待发货, 发货
// takes them out, 取消发货 brings them back, 确认收货 completes; cancels release the lock and refund what was paid; the
// sweep cancels what was not paid in time. Every step against the stock ledger and the payment adapter.

const online = CHANNEL_ORDER_OPS.online;
const mall = CHANNEL_ORDER_OPS.mall;
const localLife = CHANNEL_ORDER_OPS.locallife;

describe.each(DIALECTS)('channel orders (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let merchantId: number;
  let shop: OpenApiClient;
  let wholesale: OpenApiClient;
  let local: OpenApiClient;
  let seq = 0;
  /** Goods SKUs on shelf with 20 units more in the hub (线上零售 ships from it). */
  let skus: { id: number; code: string }[] = [];
  let mallSku: { code: string; goodsSkuId: number; tiers: { minQty: number; price: number }[] };
  let store: { id: number; code: string; name: string };

  const withTrx = <T>(fn: (trx: Transaction<Database>) => Promise<T>) => t.db.db.transaction().execute(fn);
  const inbound = (locationId: number, skuId: number, quantity: number) =>
    withTrx((trx) =>
      postMovements(trx, { merchantId, operatorId: 0, operatorName: '测试入库', now: t.clock.now() }, [
        { locationId, skuId, type: 'inbound', quantity, docType: 'inbound', docCode: `RKTEST${++seq}` },
      ]),
    );
  const balance = async (locationId: number, skuId: number) => {
    const b = await t.db.db
      .selectFrom('stock_balance')
      .select(['on_hand', 'locked'])
      .where('merchant_id', '=', merchantId)
      .where('location_id', '=', locationId)
      .where('sku_id', '=', skuId)
      .executeTakeFirst();
    return { onHand: Number(b?.on_hand ?? 0), locked: Number(b?.locked ?? 0) };
  };
  const hubId = () => withTrx((trx) => hubLocation(trx, merchantId, t.clock.now())).then((l) => l.id);
  const order = (orderNoSub: string, ops: ChannelOrderOps = online) => call<ChannelOrderDetail>(admin, ops.detail, { orderNoSub });
  const body = (over: Partial<ChannelOrderIntake> = {}): ChannelOrderIntake => ({
    channelOrderNo: `TB${dialect}${++seq}`,
    userId: 'tb-user-001',
    receiverName: '张三',
    receiverPhone: '13912345678',
    receiverAddress: '上海市浦东新区世纪大道100号',
    lines: [
      { skuCode: skus[0].code, quantity: 2 },
      { skuCode: skus[1].code, quantity: 1 },
    ],
    ...over,
  });
  const create = async (client: OpenApiClient, b: ChannelOrderIntake) => {
    const res = await client.post<ChannelOrderState>('/open-api/v1/orders/create', b);
    expect(res.msg).toBe('success');
    return res.data!;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    merchantId = (await demoMerchantId(t.db.db))!;
    shop = openClient(t, await newOpenApp(t, merchantId, 'online', '测试淘宝店'));
    wholesale = openClient(t, await newOpenApp(t, merchantId, 'mall', '测试批发商城'));
    local = openClient(t, await newOpenApp(t, merchantId, 'locallife', '测试外卖'));
    const rows = await t.db.db
      .selectFrom('goods_sku')
      .select(['id', 'sku_code'])
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(3)
      .execute();
    skus = rows.map((r) => ({ id: Number(r.id), code: r.sku_code }));
    const hub = await hubId();
    for (const s of skus) await inbound(hub, s.id, 20);
    const m = await t.db.db
      .selectFrom('mall_goods_sku as m')
      .innerJoin('goods_sku as g', (j) => j.onRef('g.barcode', '=', 'm.barcode').onRef('g.merchant_id', '=', 'm.merchant_id'))
      .select(['m.sku_code', 'm.price_tiers', 'g.id'])
      .where('m.merchant_id', '=', merchantId)
      .where('m.status', '=', 1)
      .where('m.deleted_at', 'is', null)
      .where('g.deleted_at', 'is', null)
      .orderBy('m.id')
      .executeTakeFirstOrThrow();
    mallSku = { code: m.sku_code, goodsSkuId: Number(m.id), tiers: JSON.parse(m.price_tiers) as { minQty: number; price: number }[] };
    const w = await withTrx((trx) => wholesalerLocation(trx, merchantId, t.clock.now()));
    await inbound(w.id, mallSku.goodsSkuId, 5000);
    const s = await t.db.db
      .selectFrom('store')
      .select(['id', 'store_code', 'name'])
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    store = { id: Number(s.id), code: s.store_code, name: s.name };
    const sl = await withTrx((trx) =>
      ensureLocation(trx, merchantId, { kind: 'store', code: store.code, name: store.name }, t.clock.now()),
    );
    await inbound(sl.id, skus[2].id, 10);
  });
  afterAll(() => t.close());

  it('intake locks the goods in the hub, priced for 线上零售; the same channel number again is the same order', async () => {
    const hub = await hubId();
    const before = [await balance(hub, skus[0].id), await balance(hub, skus[1].id)];
    const b = body();
    const s = await create(shop, b);
    expect(s).toMatchObject({ statusName: '待付款', payStatusName: '未支付', created: true, channelOrderNo: b.channelOrderNo });
    expect(s.payDeadline).toBe(t.clock.now() + CHANNEL_PAY_TIMEOUT_MS);
    expect(await balance(hub, skus[0].id)).toEqual({ onHand: before[0].onHand, locked: before[0].locked + 2 });
    expect(await balance(hub, skus[1].id)).toEqual({ onHand: before[1].onHand, locked: before[1].locked + 1 });
    const prices = await resolvePrices(t.db.db, merchantId, [
      { skuId: skus[0].id, channelCode: 'online' },
      { skuId: skus[1].id, channelCode: 'online' },
    ]);
    const d = await order(s.orderNoSub);
    expect(d).toMatchObject({ appName: '测试淘宝店', receiverPhone: '139****5678', locationName: '库存中心', itemCount: 3 });
    expect(d.lines.map((l) => [l.skuCode, l.quantity, l.unitPrice, l.priceLayerName])).toEqual([
      [skus[0].code, 2, prices[0].priceCents, prices[0].layerName],
      [skus[1].code, 1, prices[1].priceCents, prices[1].layerName],
    ]);
    expect(d.payAmount).toBe(prices[0].priceCents * 2 + prices[1].priceCents);
    expect(d.actions).toEqual(['cancel']);
    // the same channel order number: the same order, nothing locked twice
    const again = await create(shop, b);
    expect(again).toMatchObject({ orderNoSub: s.orderNoSub, created: false });
    expect((await balance(hub, skus[0].id)).locked).toBe(before[0].locked + 2);
    // the channel reads it back by either number
    const q = await shop.post<ChannelOrderState>('/open-api/v1/orders/query', { channelOrderNo: b.channelOrderNo });
    expect(q.data?.orderNoSub).toBe(s.orderNoSub);
  });

  it('pay → 待发货, 发货 takes the goods out, 修改物流, 取消发货 brings them back, 发货 again, 确认收货; every step logged', async () => {
    const hub = await hubId();
    const s = await create(shop, body());
    const start = await balance(hub, skus[0].id);
    const paid = await shop.post<ChannelOrderState>('/open-api/v1/orders/pay', { orderNoSub: s.orderNoSub });
    expect(paid.data).toMatchObject({ statusName: '待发货', payStatusName: '已支付', payDeadline: null });
    let d = await order(s.orderNoSub);
    expect(d.payments[0]).toMatchObject({ providerLabel: '沙箱支付', statusName: '已支付', amount: d.payAmount });
    expect(d.actions).toEqual(['ship', 'cancel']);
    // a bad tracking number changes nothing
    const bad = await op(admin, online.ship, { orderNoSub: s.orderNoSub, version: d.version, carrier: 'SF', trackingNo: '12' });
    expect(bad.msg).toContain('物流单号至少6位');
    expect(
      (await op(admin, online.ship, { orderNoSub: s.orderNoSub, version: d.version, carrier: 'XX', trackingNo: 'SF1234567' })).msg,
    ).toContain('请选择物流公司');
    expect((await order(s.orderNoSub)).statusName).toBe('待发货');
    const shipped = await call<ChannelOrderState>(admin, online.ship, {
      orderNoSub: s.orderNoSub,
      version: d.version,
      carrier: 'SF',
      trackingNo: 'sf1234567890',
    });
    expect(shipped).toMatchObject({ statusName: '已发货', carrierName: '顺丰速运', trackingNo: 'SF1234567890' });
    expect(await balance(hub, skus[0].id)).toEqual({ onHand: start.onHand - 2, locked: start.locked - 2 });
    // the page's version is stale now
    expect(
      (await op(admin, online.updateLogistics, { orderNoSub: s.orderNoSub, version: d.version, carrier: 'ZTO', trackingNo: 'ZT99887766' }))
        .msg,
    ).toContain('已被他人修改');
    d = await order(s.orderNoSub);
    expect(d.actions).toEqual(['updateLogistics', 'cancelShipment', 'receive']);
    await call(admin, online.updateLogistics, { orderNoSub: s.orderNoSub, version: d.version, carrier: 'ZTO', trackingNo: 'ZT99887766' });
    d = await order(s.orderNoSub);
    expect([d.carrierName, d.trackingNo]).toEqual(['中通快递', 'ZT99887766']);
    await call(admin, online.cancelShipment, { orderNoSub: s.orderNoSub, version: d.version, reason: '快递未揽收' });
    d = await order(s.orderNoSub);
    expect([d.statusName, d.trackingNo]).toEqual(['待发货', '']);
    expect(await balance(hub, skus[0].id)).toEqual(start);
    await call(admin, online.ship, { orderNoSub: s.orderNoSub, version: d.version, carrier: 'JD', trackingNo: 'JD0001112223' });
    // cancel is not allowed once shipped
    d = await order(s.orderNoSub);
    expect((await op(admin, online.cancel, { orderNoSub: s.orderNoSub, version: d.version, reason: '不要了' })).msg).toBe(
      `订单${s.orderNoSub}状态为「已发货」，不能取消订单`,
    );
    const received = await shop.post<ChannelOrderState>('/open-api/v1/orders/receive', { orderNoSub: s.orderNoSub });
    expect(received.data?.statusName).toBe('已完成');
    expect((await balance(hub, skus[0].id)).onHand).toBe(start.onHand - 2);
    const log = await call<Paged<HistoryEntry>>(admin, online.history, { orderNoSub: s.orderNoSub, pageSize: 50 });
    expect(log.list.map((e) => e.actionLabel).reverse()).toEqual([
      '下单',
      '支付成功',
      '发货',
      '修改物流信息',
      '取消发货',
      '发货',
      '确认收货',
    ]);
    expect(await stockCheck.run(t.db.db, merchantId)).toEqual([]);
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('a cancel releases the lock (待付款) or releases it and refunds the money (待发货)', async () => {
    const hub = await hubId();
    const start = await balance(hub, skus[1].id);
    const a = await create(shop, body());
    const byChannel = await shop.post<ChannelOrderState>('/open-api/v1/orders/cancel', {
      channelOrderNo: a.channelOrderNo,
      reason: '用户取消',
    });
    expect(byChannel.data?.statusName).toBe('已取消');
    expect(await balance(hub, skus[1].id)).toEqual(start);
    const b = await create(shop, body());
    await shop.post('/open-api/v1/orders/pay', { orderNoSub: b.orderNoSub });
    const d = await order(b.orderNoSub);
    expect((await op(admin, online.cancel, { orderNoSub: b.orderNoSub, version: d.version, reason: '' })).msg).toContain('请输入取消原因');
    const c = await call<ChannelOrderState>(admin, online.cancel, { orderNoSub: b.orderNoSub, version: d.version, reason: '缺货无法发货' });
    expect(c).toMatchObject({ statusName: '已取消', payStatusName: '已退款' });
    const after = await order(b.orderNoSub);
    expect([after.refundedAmount, after.paidAmount, after.cancelReason]).toEqual([after.paidAmount, d.payAmount, '缺货无法发货']);
    expect(await balance(hub, skus[1].id)).toEqual(start);
    // nothing more to do on a cancelled order
    expect(
      (await op(admin, online.ship, { orderNoSub: b.orderNoSub, version: after.version, carrier: 'SF', trackingNo: 'SF1234567' })).msg,
    ).toBe(`订单${b.orderNoSub}状态为「已取消」，不能发货`);
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('a refund the provider refuses on cancel is logged and sent again with 退款; then nothing is owed and 退款 is refused', async () => {
    const b = await create(shop, body());
    await shop.post('/open-api/v1/orders/pay', { orderNoSub: b.orderNoSub });
    const d = await order(b.orderNoSub);
    expect(d.actions).not.toContain('refund');
    // 退款 is for cancelled orders only
    expect((await op(admin, online.refund, { orderNoSub: b.orderNoSub, version: d.version })).msg).toBe(
      `订单${b.orderNoSub}状态为「待发货」，只有已取消的订单可以退款（其他订单请走售后工单）`,
    );
    const rate = t.config.payment.sandbox.failRate;
    t.config.payment.sandbox.failRate = 1;
    try {
      const c = await call<ChannelOrderState>(admin, online.cancel, {
        orderNoSub: b.orderNoSub,
        version: d.version,
        reason: '缺货无法发货',
      });
      expect(c).toMatchObject({ statusName: '已取消', payStatusName: '已支付' });
    } finally {
      t.config.payment.sandbox.failRate = rate;
    }
    const cancelled = await order(b.orderNoSub);
    expect([cancelled.refundedAmount, cancelled.actions]).toEqual([0, ['refund']]);
    const log = await call<Paged<HistoryEntry>>(admin, online.history, { orderNoSub: b.orderNoSub, pageSize: 50 });
    expect(log.list.map((e) => e.actionLabel)).toContain('退款失败');
    // a stale version, another merchant, no permission: refused, nothing sent
    expect((await op(admin, online.refund, { orderNoSub: b.orderNoSub, version: cancelled.version - 1 })).msg).toContain('已被他人修改');
    const other = await registerMerchant(t, '别家退款公司', 'refundother', '13700000095');
    expect((await op(other, online.refund, { orderNoSub: b.orderNoSub, version: cancelled.version })).msg).toBe('订单不存在');
    const owner = await t.signIn('owner');
    expect((await op(owner, online.refund, { orderNoSub: b.orderNoSub, version: cancelled.version })).code).toBe(CODES.forbidden);
    expect((await order(b.orderNoSub)).refundedAmount).toBe(0);
    // two clicks at once: one refund, never two
    const [r1, r2] = await Promise.all([
      op(admin, online.refund, { orderNoSub: b.orderNoSub, version: cancelled.version }),
      op(admin, online.refund, { orderNoSub: b.orderNoSub, version: cancelled.version }),
    ]);
    // the one that came second found the order moved on (stale) or, racing, the same refund (one request key)
    expect([r1.msg, r2.msg]).toContain('成功');
    for (const r of [r1, r2]) expect(['成功', '该记录已被他人修改，请刷新后重试']).toContain(r.msg);
    const after = await order(b.orderNoSub);
    expect([after.refundedAmount, after.payStatusName, after.actions]).toEqual([after.paidAmount, '已退款', []]);
    const payment = await t.db.db
      .selectFrom('payment')
      .select(['refunded_amount'])
      .where('merchant_id', '=', merchantId)
      .where('pay_no', '=', after.payments[0].payNo)
      .executeTakeFirstOrThrow();
    expect(Number(payment.refunded_amount)).toBe(after.paidAmount);
    expect((await op(admin, online.refund, { orderNoSub: b.orderNoSub, version: after.version })).msg).toBe(
      `订单${b.orderNoSub}已付款项已全部退回，无需再退款`,
    );
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('the sweep cancels an order not paid in time and releases its stock; a failed payment may be paid again before', async () => {
    const hub = await hubId();
    const start = await balance(hub, skus[0].id);
    const a = await create(shop, body());
    const failed = await shop.post<ChannelOrderState>('/open-api/v1/orders/pay', { orderNoSub: a.orderNoSub, scenario: 'fail' });
    expect(failed.data).toMatchObject({ statusName: '待付款', payStatusName: '支付失败' });
    const b = await create(shop, body());
    t.clock.advance(CHANNEL_PAY_TIMEOUT_MS - 60_000);
    const env = payCtx(t, merchantId);
    await sweepUnpaid(env, () => payCtx(t, merchantId, '系统（超时关闭）'));
    expect((await order(a.orderNoSub)).statusName).toBe('待付款');
    await shop.post('/open-api/v1/orders/pay', { orderNoSub: b.orderNoSub });
    t.clock.advance(120_000);
    // a, and every other order left unpaid (the first test's, the demo's)
    const swept = await sweepUnpaid(env, () => payCtx(t, merchantId, '系统（超时关闭）'));
    expect(swept).toBeGreaterThanOrEqual(1);
    // the staff session idled past its limit while the clock moved
    admin = await t.signIn('admin');
    const da = await order(a.orderNoSub);
    expect([da.statusName, da.cancelReason]).toEqual(['已取消', '支付超时']);
    expect((await order(b.orderNoSub)).statusName).toBe('待发货');
    const log = await call<Paged<HistoryEntry>>(admin, online.history, { orderNoSub: a.orderNoSub, pageSize: 50 });
    expect(log.list[0]).toMatchObject({ actionLabel: '支付超时关闭', operatorName: '系统（超时关闭）' });
    // a's 2 released, b's 2 still locked (and the locks of the orders swept with it released: the order check below)
    expect((await balance(hub, skus[0].id)).locked).toBeLessThanOrEqual(start.locked + 2);
    expect(await stockCheck.run(t.db.db, merchantId)).toEqual([]);
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('bad input and 库存不足 refuse the order and write nothing', async () => {
    const hub = await hubId();
    const start = await balance(hub, skus[0].id);
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('sale_order')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n0 = await count();
    const short = await shop.post(
      '/open-api/v1/orders/create',
      body({ lines: [{ skuCode: skus[0].code, quantity: start.onHand - start.locked + 1 }] }),
    );
    expect(short.msg).toContain('库存不足');
    expect((await shop.post('/open-api/v1/orders/create', body({ lines: [] }))).msg).toContain('请至少填写一件商品');
    expect((await shop.post('/open-api/v1/orders/create', body({ receiverPhone: '123' }))).msg).toContain('手机号格式不正确');
    expect((await shop.post('/open-api/v1/orders/create', body({ lines: [{ skuCode: 'K00000000', quantity: 1 }] }))).msg).toContain(
      'SKU K00000000 不存在',
    );
    expect(
      (
        await shop.post(
          '/open-api/v1/orders/create',
          body({
            lines: [
              { skuCode: skus[0].code, quantity: 1 },
              { skuCode: skus[0].code, quantity: 2 },
            ],
          }),
        )
      ).msg,
    ).toContain('同一SKU只能填写一行');
    expect(await count()).toBe(n0);
    expect(await balance(hub, skus[0].id)).toEqual(start);
    // an order for another merchant's SKU: not found in this merchant
    expect((await shop.post('/open-api/v1/orders/pay', { orderNoSub: 'XS0000000000000' })).msg).toBe('订单不存在');
  });

  it('批发 orders take the tier price for their quantity from the wholesaler stock; below the minimum is refused', async () => {
    const w = await withTrx((trx) => wholesalerLocation(trx, merchantId, t.clock.now()));
    const start = await balance(w.id, mallSku.goodsSkuId);
    const top = mallSku.tiers[mallSku.tiers.length - 1];
    const s = await create(wholesale, body({ lines: [{ skuCode: mallSku.code, quantity: top.minQty }] }));
    const d = await order(s.orderNoSub, mall);
    expect(d.lines[0]).toMatchObject({ unitPrice: top.price, quantity: top.minQty, priceLayerName: '阶梯批发价' });
    expect(d.locationName).toBe('批发商库存');
    expect(await balance(w.id, mallSku.goodsSkuId)).toEqual({ ...start, locked: start.locked + top.minQty });
    if (mallSku.tiers[0].minQty > 1) {
      const below = await wholesale.post(
        '/open-api/v1/orders/create',
        body({ lines: [{ skuCode: mallSku.code, quantity: mallSku.tiers[0].minQty - 1 }] }),
      );
      expect(below.msg).toContain(`起批数量为${mallSku.tiers[0].minQty}`);
    }
    // a goods SKU code is not a mall SKU
    expect((await wholesale.post('/open-api/v1/orders/create', body())).msg).toContain('商城SKU');
    // the order is a 批发 order, not a 线上零售 one
    expect((await op(admin, online.detail, { orderNoSub: s.orderNoSub })).msg).toBe('订单不存在');
  });

  it('本地生活 orders need a store: its price, its stock', async () => {
    const sl = await withTrx((trx) =>
      ensureLocation(trx, merchantId, { kind: 'store', code: store.code, name: store.name }, t.clock.now()),
    );
    const start = await balance(sl.id, skus[2].id);
    expect((await local.post('/open-api/v1/orders/create', body({ lines: [{ skuCode: skus[2].code, quantity: 1 }] }))).msg).toContain(
      '须填写门店编号',
    );
    const s = await create(local, body({ storeCode: store.code, lines: [{ skuCode: skus[2].code, quantity: 3 }] }));
    const [price] = await resolvePrices(t.db.db, merchantId, [{ skuId: skus[2].id, channelCode: 'locallife', storeId: store.id }]);
    const d = await order(s.orderNoSub, localLife);
    expect(d).toMatchObject({ storeName: store.name, locationName: store.name, payAmount: price.priceCents * 3 });
    expect(await balance(sl.id, skus[2].id)).toEqual({ ...start, locked: start.locked + 3 });
    const page = await call<KeysetPage<ChannelOrderRow>>(admin, localLife.list, { channelOrderNo: s.channelOrderNo });
    expect(page.list.map((r) => r.orderNoSub)).toEqual([s.orderNoSub]);
  });

  it('under concurrency: orders for the last units never lock more than there is; one channel number is one order', async () => {
    const hub = await hubId();
    const { onHand, locked } = await balance(hub, skus[1].id);
    const available = onHand - locked;
    // ten orders at once, each of a quarter of what is left: only as many as fit are taken
    const q = Math.max(1, Math.floor(available / 4));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        shop.post<ChannelOrderState>('/open-api/v1/orders/create', body({ lines: [{ skuCode: skus[1].code, quantity: q }] })),
      ),
    );
    const taken = answers.filter((a) => a.code === '200');
    expect(taken.length).toBe(Math.min(10, Math.floor(available / q)));
    for (const a of answers.filter((x) => x.code !== '200')) expect(a.msg).toContain('库存不足');
    const after = await balance(hub, skus[1].id);
    expect(after).toEqual({ onHand, locked: locked + taken.length * q });
    expect(after.locked).toBeLessThanOrEqual(after.onHand);
    // the same channel order number sent eight times at once: one order, every answer names it
    for (const a of taken) await shop.post('/open-api/v1/orders/cancel', { orderNoSub: a.data!.orderNoSub, reason: '并发测试取消' });
    const same = body({ lines: [{ skuCode: skus[0].code, quantity: 1 }] });
    const repeats = await Promise.all(Array.from({ length: 8 }, () => shop.post<ChannelOrderState>('/open-api/v1/orders/create', same)));
    expect(repeats.every((r) => r.code === '200')).toBe(true);
    expect(new Set(repeats.map((r) => r.data!.orderNoSub)).size).toBe(1);
    expect(repeats.filter((r) => r.data!.created).length).toBe(1);
    const rows = await t.db.db.selectFrom('sale_order').select('id').where('channel_order_no', '=', same.channelOrderNo).execute();
    expect(rows).toHaveLength(1);
    expect(await stockCheck.run(t.db.db, merchantId)).toEqual([]);
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });

  it('lists and filters; the permission wall, the merchant wall, an app of another channel', async () => {
    const all = await call<KeysetPage<ChannelOrderRow>>(admin, online.list, { pageSize: 50 });
    expect(all.list.length).toBeGreaterThanOrEqual(5);
    const toShip = await call<KeysetPage<ChannelOrderRow>>(admin, online.list, { status: 1, pageSize: 50 });
    expect(toShip.list.length).toBeGreaterThan(0);
    expect(toShip.list.every((r) => r.statusName === '待发货')).toBe(true);
    expect((await op(admin, online.list, { status: 9 })).msg).toContain('订单状态不正确');
    // 柜主 holds the cabinets' orders (110), not the channels' (104)
    const owner = await t.signIn('owner');
    const someone = all.list[0].orderNoSub;
    for (const [o, b] of [
      [online.list, {}],
      [online.detail, { orderNoSub: someone }],
      [online.ship, { orderNoSub: someone, version: 1, carrier: 'SF', trackingNo: 'SF1234567' }],
      [mall.list, {}],
      [localLife.cancel, { orderNoSub: someone, version: 1, reason: '测试取消' }],
    ] as const)
      expect((await op(owner, o, b)).code).toBe(CODES.forbidden);
    const other = await registerMerchant(t, '别家渠道订单公司', 'chanother', '13700000094');
    expect((await op(other, online.detail, { orderNoSub: someone })).msg).toBe('订单不存在');
    expect((await call<KeysetPage<ChannelOrderRow>>(other, online.list, {})).list).toEqual([]);
    const d = await order(someone);
    expect((await op(other, online.cancel, { orderNoSub: someone, version: d.version, reason: '别家取消' })).msg).toBe('订单不存在');
    expect((await order(someone)).statusName).toBe(d.statusName);
    // the cabinets' consumer app takes no channel orders
    const cabinetApp = openClient(t, await newOpenApp(t, merchantId, 'container', '测试小程序'));
    const refused = await cabinetApp.post('/open-api/v1/orders/create', body());
    expect(refused.msg).toContain('不接收订单');
    expect(await stockCheck.run(t.db.db, merchantId)).toEqual([]);
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
  });
});
