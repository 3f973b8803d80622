import { randomInt } from 'node:crypto';
import { DOOR_ABNORMAL, DOOR_DONE, type DoorEventType } from '@merchant/contracts/order/door-session';
import {
  APPLY_CODE_PREFIX,
  ORDER_COMPLETED,
  ORDER_NO_PREFIX,
  PAY_FAILED,
  PAY_PAID,
  ORDER_ABNORMAL,
} from '@merchant/contracts/order/order-fields';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { drawCode, drawVolumeCode } from '../../platform/business-code.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { writeHistory } from '../../platform/record-history.ts';
import { demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { seedSettledPayment } from '../payment/payment.service.ts';
import {
  CABINET_ORDER_SUBJECT,
  CABINET_PAY_BIZ,
  draftOrder,
  writeFlaggedOrder,
  writeOrder,
  type SessionRef,
} from './cabinet-order.service.ts';

const DAY = 86_400_000;
const ORDERS = 180;
const KINDS: Partial<Record<number, 'low' | 'heavy' | 'open' | 'fail'>> = {
  3: 'low',
  7: 'heavy',
  11: 'open',
  15: 'fail',
  17: 'low',
  19: 'heavy',
};
const USERS = ['wx-oA1x', 'wx-oB2y', 'wx-oC3z', 'wx-oD4w', 'wx-oE5v', 'wx-oF6u', 'wx-oG7t', 'wx-oH8s', 'wx-oJ9r', 'wx-oK0q'];
const PHONES = [
  '13912345678',
  '13687654321',
  '15800001234',
  '18612340000',
  '13755556666',
  '',
  '15922223333',
  '13311112222',
  '',
  '18899990000',
];

/**
 * The demo's cabinet orders (after stock 50 and the open apps 60): 180 door sessions over the last 30 days at the demo
 * cabinets, each through the orders' own code — priced by the resolver at the session's time, the slots' stock taken by
 * 销售 movements (only what the slots hold), 沙箱支付 payments settled then — most paid, some 支付失败, some flagged
 * (识别置信度低, 重量不符, 柜门未关) for the 异常订单 page. `npm run reconcile` holds on a fresh demo.
 */
export const seed: Seed = {
  order: 65,
  isEmpty: async (db) => !(await db.selectFrom('sale_order').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedCabinetOrders(db, now),
};

export async function seedCabinetOrders(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const cabinets = await db
    .selectFrom('device as d')
    .innerJoin('device_goods as dg', 'dg.device_code', 'd.device_code')
    .select(['d.device_code', 'd.name'])
    .where('d.merchant_id', '=', mid)
    .where('d.status', '=', 2)
    .groupBy(['d.device_code', 'd.name'])
    .orderBy('d.device_code')
    .limit(8)
    .execute();
  if (!cabinets.length) return;
  const app = await db
    .selectFrom('open_app')
    .select('name')
    .where('merchant_id', '=', mid)
    .where('channel_code', '=', 'container')
    .executeTakeFirst();
  const appName = app?.name ?? '智能柜小程序';
  // each slot's sellable stock now: the seed sells only what is there
  const stock = new Map<string, { slotNo: string; skuId: number; left: number }[]>();
  for (const c of cabinets) {
    const rows = await db
      .selectFrom('device_goods as dg')
      .leftJoin('stock_location as l', (j) =>
        j
          .onRef('l.merchant_id', '=', 'dg.merchant_id')
          .on('l.kind', '=', 'cabinet')
          .onRef('l.device_code', '=', 'dg.device_code')
          .onRef('l.slot_no', '=', 'dg.slot_no'),
      )
      .leftJoin('stock_balance as b', (j) => j.onRef('b.location_id', '=', 'l.id').onRef('b.sku_id', '=', 'dg.sku_id'))
      .select(['dg.slot_no', 'dg.sku_id', 'b.on_hand', 'b.locked'])
      .where('dg.merchant_id', '=', mid)
      .where('dg.device_code', '=', c.device_code)
      .execute();
    stock.set(
      c.device_code,
      rows.map((r) => ({ slotNo: r.slot_no, skuId: Number(r.sku_id), left: Number(r.on_hand ?? 0) - Number(r.locked ?? 0) })),
    );
  }
  const codes = new Set<string>();
  const fresh = (draw: () => string) => {
    for (;;) {
      const c = draw();
      if (!codes.has(c)) return (codes.add(c), c);
    }
  };
  // times ascending over 30 days, at shop hours (07:00–23:00 China time)
  const times = Array.from({ length: ORDERS }, (_, n) => {
    const day = now - 30 * DAY + Math.floor((n * 30 * DAY) / ORDERS);
    const dayStart = day - ((day + 8 * 3_600_000) % DAY);
    return dayStart + (7 + randomInt(0, 16)) * 3_600_000 + randomInt(0, 3_600_000);
  })
    .map((t) => Math.min(t, now - 3_600_000))
    .sort((a, b) => a - b);

  for (let start = 0; start < times.length; start += 30) {
    await db.transaction().execute(async (trx) => {
      for (let n = start; n < Math.min(times.length, start + 30); n++) {
        const at = times[n];
        const cab = cabinets[n % cabinets.length];
        await oneOrder(trx, mid, cab, at, now, n, appName, stock.get(cab.device_code)!, fresh);
      }
    });
  }
}

async function oneOrder(
  trx: Transaction<Database>,
  mid: number,
  cab: { device_code: string; name: string },
  at: number,
  now: number,
  n: number,
  appName: string,
  slots: { slotNo: string; skuId: number; left: number }[],
  fresh: (draw: () => string) => string,
) {
  const ctx = {
    merchantId: mid,
    session: { sessionId: 0, accountId: 0, merchantId: mid, userName: '系统（设备上报）', organizationId: null, roleIds: [] },
    clock: { now: () => at + 12_000 },
  } as unknown as SessionOpContext;
  const user = n % USERS.length;
  // 6 in 20 flagged, so that the 异常订单 list pages (54 of the 180)
  const kind = KINDS[n % 20] ?? 'ok';
  const sellable = slots.filter((s) => s.left > 0);
  if (!sellable.length && kind !== 'open') return;
  const applyCode = fresh(() => drawVolumeCode(APPLY_CODE_PREFIX, at));
  const orderNoSub = fresh(() => drawVolumeCode(ORDER_NO_PREFIX, at));
  const items = sellable.slice((n * 3) % Math.max(1, sellable.length)).slice(0, 1 + (n % 2));
  const picked = (items.length ? items : sellable.slice(0, 1)).map((s) => ({
    slotNo: s.slotNo,
    skuId: s.skuId,
    quantity: Math.min(s.left, 1 + (n % 3 === 0 ? 1 : 0)),
    confidence: kind === 'low' ? 0.62 : 0.93 + (n % 7) / 100,
  }));
  const grams = picked.reduce((g, i) => g + i.quantity * 350, 0);
  const session = await trx
    .insertInto('door_session')
    .values({
      merchant_id: mid,
      apply_code: applyCode,
      device_code: cab.device_code,
      device_name: cab.name,
      user_id: USERS[user],
      user_phone: PHONES[user],
      app_name: appName,
      request_id: `SEED-${applyCode}`,
      status: kind === 'open' ? DOOR_ABNORMAL : DOOR_DONE,
      command_no: `C${at}${String(n).padStart(8, '0')}`,
      order_no_sub: orderNoSub,
      fail_reason: kind === 'open' ? '柜门打开超过3分钟未关闭，未收到关门识别结果' : '',
      opened_at: at + 2_000,
      closed_at: kind === 'open' ? 0 : at + 12_000,
      created_at: at,
      updated_at: at + 12_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = (type: DoorEventType, summary: string, t: number, data = '') =>
    trx.insertInto('door_event').values({ merchant_id: mid, session_id: session.id, type, summary, data, created_at: t }).execute();
  await event('requested', `${appName}：用户${USERS[user]}请求开门`, at);
  await event('command', `开门指令C${at}${String(n).padStart(8, '0')}已下发`, at + 300);
  await event('opened', '柜门已打开', at + 2_000, JSON.stringify({ applyCode }));
  const ref: SessionRef = {
    applyCode,
    deviceCode: cab.device_code,
    deviceName: cab.name,
    pointName: '',
    userId: USERS[user],
    userPhone: PHONES[user],
    openedAt: at + 2_000,
  };
  if (kind === 'open') {
    await event('timeout', '柜门打开超过3分钟未关闭，未收到关门识别结果', at + 182_000);
    await writeFlaggedOrder(trx, ctx, orderNoSub, ref, 'door-open', '柜门打开超过3分钟未关闭，未收到关门识别结果');
    await event('order', `生成异常订单${orderNoSub}（柜门未关）`, at + 182_000);
    return;
  }
  const data = { applyCode, items: picked, weight: { expectedGrams: grams, measuredGrams: kind === 'heavy' ? grams + 350 : grams } };
  await event(
    'closed',
    `柜门已关闭：${picked.map((i) => `货道${i.slotNo} SKU ${i.skuId} × ${i.quantity}（置信度${Math.round(i.confidence * 100)}%）`).join('，')}`,
    at + 12_000,
    JSON.stringify(data),
  );
  const draft = await draftOrder(trx, mid, cab.device_code, data, at + 2_000, now);
  await writeOrder(trx, ctx, orderNoSub, ref, draft);
  await event('order', draft.excepType ? `生成异常订单${orderNoSub}` : `生成订单${orderNoSub}`, at + 12_000);
  if (draft.excepType) return;
  for (const i of picked) slots.find((s) => s.slotNo === i.slotNo)!.left -= i.quantity;
  const amount = draft.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const paid = kind !== 'fail';
  const payNo = fresh(() => drawCode('PY', at));
  const payAt = at + 13_000;
  await seedSettledPayment(trx, {
    merchantId: mid,
    bizType: CABINET_PAY_BIZ,
    bizNo: orderNoSub,
    amount,
    subject: `智能柜购物 ${cab.name}`,
    at: payAt,
    paid,
    payNo,
  });
  await trx
    .updateTable('sale_order')
    .set(
      paid
        ? { status: ORDER_COMPLETED, pay_status: PAY_PAID, pay_no: payNo, paid_amount: amount, paid_at: payAt, completed_at: payAt }
        : {
            status: ORDER_ABNORMAL,
            pay_status: PAY_FAILED,
            pay_no: payNo,
            excep_type: 'pay-failed',
            excep_reason: '沙箱支付：模拟支付失败（余额不足）',
          },
    )
    .where('merchant_id', '=', mid)
    .where('order_no_sub', '=', orderNoSub)
    .execute();
  await writeHistory(trx, { ...ctx, clock: { now: () => payAt } } as SessionOpContext, {
    subject: CABINET_ORDER_SUBJECT,
    subjectId: orderNoSub,
    action: paid ? 'pay' : 'pay-failed',
    actionLabel: paid ? '支付成功' : '支付失败',
    changes: [{ field: 'status', label: '订单状态', before: '待付款', after: paid ? '已完成' : '异常' }],
    remark: paid ? `沙箱支付 ${(amount / 100).toFixed(2)}元（支付单${payNo}）` : `沙箱支付：模拟支付失败（余额不足）（支付单${payNo}）`,
  });
}
