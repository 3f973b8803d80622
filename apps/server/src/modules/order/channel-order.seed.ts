import { CARRIERS, CHANNEL_ORDER_KINDS, type Carrier, type ChannelOrderKind } from '@merchant/contracts/order/channel-order';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { drawVolumeCode } from '../../platform/business-code.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { seedSettledPayment } from '../payment/payment.service.ts';
import { findOrder } from './cabinet-order.repo.ts';
import { CHANNEL_PAY_BIZ, cancel, intake, markPaid, receive, ship } from './channel-order.service.ts';
import { channelGoods } from './order.provision.ts';

const DAY = 86_400_000;
/** Enough that each channel's order list pages (docs/orders.md "Demo data"). */
const PER_CHANNEL = 54;
const NAMES = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨帆', '赵磊', '黄敏', '周杰', '吴霞'];
const PHONES = ['13912345678', '13687654321', '15800001234', '18612340000', '13755556666', '15922223333'];
const ADDRESSES = ['上海市浦东新区世纪大道100号', '上海市徐汇区漕溪北路88号', '杭州市西湖区文三路477号', '南京市鼓楼区中山路321号'];
const CARRIER_CODES = Object.keys(CARRIERS) as Carrier[];

/** A seed context at a moment of the past: the channel orders' own code writes the demo's orders as they would have happened. */
export function seedContext(
  db: Kysely<Database>,
  merchantId: number,
  accountId: number,
  userName: string,
  at: { now: number },
): SessionOpContext {
  const silent = {
    error: () => undefined,
    warn: () => undefined,
    info: () => undefined,
    debug: () => undefined,
  } as unknown as FastifyBaseLogger;
  return {
    db,
    clock: { now: () => at.now },
    log: silent,
    ip: '',
    userAgent: 'seed',
    session: { sessionId: 0, accountId, merchantId, userName, organizationId: null, roleIds: [] },
    merchantId,
  } as unknown as SessionOpContext;
}

/**
 * The demo's channel orders (after the cabinet orders 65): for each of 线上零售, 批发 and 本地生活, 54 orders over the last
 * 20 days sent by the channel's open app — through the service itself, so the goods were locked, sold or released through
 * the stock ledger as it would have happened — in every state: 待付款 (recent ones), 待发货, 已发货, 已完成, 已取消.
 * Payments are 沙箱支付 settled then. `npm run reconcile` holds on a fresh demo.
 */
export const seed: Seed = {
  order: 66,
  isEmpty: async (db) => !(await db.selectFrom('sale_order').select('id').where('channel', '<>', 'container').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedChannelOrders(db, now),
};

export async function seedChannelOrders(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const admin = await demoAccount(db, mid, 'admin');
  const apps = await db.selectFrom('open_app').select(['name', 'channel_code']).where('merchant_id', '=', mid).execute();
  const at = { now: now - 20 * DAY };
  const payNos = new Set<string>();
  for (const channel of Object.keys(CHANNEL_ORDER_KINDS) as ChannelOrderKind[]) {
    const appName = apps.find((a) => a.channel_code === channel)?.name ?? `${CHANNEL_ORDER_KINDS[channel].title}应用`;
    const goods = await channelGoods(db, mid, channel);
    if (!goods.skus.length) continue;
    const channelCtx = seedContext(db, mid, 0, `开放接口（${appName}）`, at);
    const staff = seedContext(db, mid, admin?.id ?? 0, admin?.user_name ?? 'admin', at);
    for (let n = 0; n < PER_CHANNEL; n++) {
      const fate =
        n >= PER_CHANNEL - 4
          ? 'unpaid'
          : (['done', 'done', 'shipped', 'toShip', 'done', 'cancelUnpaid', 'done', 'shipped', 'toShip'] as const)[n % 9];
      // the last few still within their payment time: 待付款 on a fresh demo
      at.now =
        fate === 'unpaid'
          ? now - (PER_CHANNEL - n) * 4 * 60_000
          : now - 20 * DAY + Math.floor(((n + 0.5) / PER_CHANNEL) * 20 * DAY) - (n % 5) * 3_600_000;

      const picks = [goods.skus[n % goods.skus.length], goods.skus[(n * 7 + 3) % goods.skus.length]].filter(
        (s, i, all) => all.indexOf(s) === i,
      );
      const state = await intake(channelCtx, channel, appName, {
        channelOrderNo: `${channel.toUpperCase()}${String(now - 20 * DAY).slice(-6)}${String(n).padStart(4, '0')}`,
        userId: `${channel}-u${(n % 7) + 1}`,
        storeCode: goods.storeCode,
        receiverName: NAMES[n % NAMES.length],
        receiverPhone: PHONES[n % PHONES.length],
        receiverAddress: ADDRESSES[n % ADDRESSES.length],
        remark: n % 4 === 0 ? '工作日送货' : undefined,
        lines: picks.map((s, i) => ({ skuCode: s.code, quantity: s.minQty + ((n + i) % 3) })),
      }).catch(() => undefined);
      if (!state || fate === 'unpaid') continue;
      if (fate === 'cancelUnpaid') {
        at.now += 10 * 60_000;
        await cancel(channelCtx, channel, { orderNoSub: state.orderNoSub, reason: '用户取消订单' });
        continue;
      }
      at.now += 2 * 60_000;
      await db.transaction().execute(async (trx) => {
        const o = await findOrder(trx, mid, state.orderNoSub);
        if (!o) return;
        let payNo = drawVolumeCode('PY', at.now);
        while (payNos.has(payNo)) payNo = drawVolumeCode('PY', at.now);
        payNos.add(payNo);
        await seedSettledPayment(trx, {
          merchantId: mid,
          bizType: CHANNEL_PAY_BIZ,
          bizNo: o.order_no_sub,
          amount: Number(o.pay_amount),
          subject: `${CHANNEL_ORDER_KINDS[channel].title} ${o.channel_order_no}`,
          at: at.now,
          paid: true,
          payNo,
        });
        await markPaid(trx, channelCtx, o, { payNo, amount: Number(o.pay_amount), providerLabel: '沙箱支付' });
      });
      if (fate === 'toShip') continue;
      at.now += 5 * 3_600_000;
      const version = Number((await findOrder(db, mid, state.orderNoSub))?.version ?? 0);
      const carrier = channel === 'locallife' ? 'SELF' : CARRIER_CODES[n % 8];
      await ship(staff, channel, { orderNoSub: state.orderNoSub, version, carrier, trackingNo: `${carrier}${String(at.now).slice(-10)}` });
      if (fate === 'shipped') continue;
      at.now += 2 * DAY;
      await receive(channelCtx, channel, { orderNoSub: state.orderNoSub });
    }
  }
}
