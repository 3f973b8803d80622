import { DOOR_OPENED } from '@merchant/contracts/order/door-session';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMerchantId } from '../../platform/seeds.ts';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';
import { payCtx } from '../../test/payment-kit.ts';
import { cabinetSlotLocations, postMovements } from '../stock/stock-ledger.service.ts';
import { check as stockCheck } from '../stock/stock.reconcile.ts';
import * as doors from './door-session.service.ts';
import * as afterSales from './after-sale.service.ts';
import * as exceptions from './exception-order.service.ts';
import { check as orderCheck } from './order.reconcile.ts';

// Random visits (what the cabinet saw taken, its confidence and weight, a payment that may fail) and what staff then do
// with the abnormal ones (商品核对 with any goods, 关闭), then 售后工单 on paid orders (仅退款 / 退货退款 of any share,
// completed or rejected), keep the ledgers: stock = Σ movements and never below zero, each order's 销售 movements = its
// confirmed lines, what it shows paid = its paid payments, refunds ≤ paid per line and per order, the lines' refunds =
// the completed work orders'.

type Visit = {
  items: { slot: number; quantity: number; confidence: number }[];
  heavy: boolean;
  payFails: boolean;
  then: { kind: 'correct'; picks: { slot: number; quantity: number }[]; payFails: boolean } | { kind: 'close' } | { kind: 'leave' };
  /** Then perhaps a 售后工单 on a paid order: a line, a quantity, a share of what is left to refund (above 1: too much). */
  after: { type: 'refund' | 'return'; line: number; quantity: number; share: number; finish: 'complete' | 'reject' } | null;
};

const visit: fc.Arbitrary<Visit> = fc.record({
  items: fc.array(
    fc.record({
      slot: fc.nat({ max: 5 }),
      quantity: fc.integer({ min: 1, max: 4 }),
      confidence: fc.constantFrom(0.99, 0.97, 0.95, 0.9, 0.6),
    }),
    { maxLength: 3 },
  ),
  heavy: fc.constantFrom(false, false, false, true),
  payFails: fc.boolean(),
  then: fc.oneof(
    fc.record({
      kind: fc.constant('correct' as const),
      picks: fc.uniqueArray(fc.record({ slot: fc.nat({ max: 5 }), quantity: fc.integer({ min: 1, max: 3 }) }), {
        minLength: 1,
        maxLength: 3,
        selector: (p) => p.slot,
      }),
      payFails: fc.boolean(),
    }),
    fc.constant({ kind: 'close' as const }),
    fc.constant({ kind: 'leave' as const }),
  ),
  after: fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 4,
      arbitrary: fc.record({
        type: fc.constantFrom('refund' as const, 'return' as const),
        line: fc.nat({ max: 3 }),
        quantity: fc.integer({ min: 1, max: 3 }),
        share: fc.constantFrom(0.3, 0.5, 1, 1.2),
        finish: fc.constantFrom('complete' as const, 'complete' as const, 'reject' as const),
      }),
    },
  ),
});

describe.each(DIALECTS)('cabinet orders keep the ledgers under random visits and corrections (%s)', (dialect) => {
  let t: TestApp;
  let merchantId: number;
  let device: string;
  let slots: { slotNo: string; skuId: number }[];
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    merchantId = (await demoMerchantId(t.db.db))!;
    const d = await t.db.db
      .selectFrom('device_goods')
      .select('device_code')
      .where('merchant_id', '=', merchantId)
      .groupBy('device_code')
      .orderBy('device_code')
      .executeTakeFirstOrThrow();
    device = d.device_code;
    slots = (
      await t.db.db
        .selectFrom('device_goods')
        .select(['slot_no', 'sku_id'])
        .where('device_code', '=', device)
        .orderBy('layer')
        .orderBy('col')
        .limit(6)
        .execute()
    ).map((s) => ({ slotNo: s.slot_no, skuId: Number(s.sku_id) }));
    // enough in the slots that most visits sell and most corrections can be posted (a few still run the slot dry)
    await t.db.db.transaction().execute(async (trx) => {
      const locations = await cabinetSlotLocations(
        trx,
        merchantId,
        slots.map((s) => ({ deviceCode: device, slotNo: s.slotNo })),
        t.clock.now(),
      );
      await postMovements(
        trx,
        { merchantId, operatorId: 0, operatorName: '测试', now: t.clock.now() },
        slots.map((s, i) => ({
          locationId: Number(locations[i].id),
          skuId: s.skuId,
          type: 'adjust' as const,
          quantity: 60,
          docType: 'edit' as const,
          docCode: `T-PROP-${i}`,
        })),
      );
    });
  });
  afterAll(() => t.close());

  it('stock = Σ movements, ≥ 0; orders = lines = sale movements; paid = paid payments; refunded ≤ paid', async () => {
    const ctx = payCtx(t, merchantId, '系统（设备上报）');
    const seen = { normal: 0, abnormal: 0, corrected: 0, closed: 0, refused: 0, refunds: 0, refundsRefused: 0, rejected: 0 };
    /** A work order on a paid order: what is asked beyond a line's room is refused, nothing else. */
    const afterSale = async (orderNoSub: string, a: NonNullable<Visit['after']>) => {
      const room = await afterSales.orderLines(ctx, orderNoSub);
      const line = room.lines[a.line % room.lines.length];
      try {
        const w = await afterSales.create(ctx, {
          orderNoSub,
          type: a.type,
          reason: '性质测试售后',
          description: '',
          // within the line's quantity (its room may be 0); the amount a share of what is left (above 1: too much)
          lines: [
            {
              lineNo: line.lineNo,
              quantity: Math.min(a.quantity, Math.max(1, line.maxQuantity)),
              refundAmount: Math.max(1, Math.floor(line.maxRefund * a.share)),
            },
          ],
        });
        const accepted = await afterSales.accept(ctx, { workNumber: w.workNumber, version: w.version });
        if (a.finish === 'reject') {
          await afterSales.reject(ctx, { workNumber: w.workNumber, version: accepted.version, reason: '性质测试驳回' });
          seen.rejected++;
        } else {
          await afterSales.complete(ctx, { workNumber: w.workNumber, version: accepted.version, remark: '性质测试完成' });
          seen.refunds++;
        }
      } catch (err) {
        expect((err as Error).message).toMatch(/可退|可申请/);
        seen.refundsRefused++;
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(visit, { minLength: 1, maxLength: 6 }), async (visits) => {
        for (const v of visits) {
          const applyCode = `KMP${dialect === 'postgres' ? 'G' : 'S'}${String(++n).padStart(9, '0')}`;
          const now = t.clock.now();
          await t.db.db
            .insertInto('door_session')
            .values({
              merchant_id: merchantId,
              apply_code: applyCode,
              device_code: device,
              user_id: 'wx-prop',
              request_id: `PROP-${applyCode}`,
              status: DOOR_OPENED,
              opened_at: now,
              created_at: now,
              updated_at: now,
            })
            .execute();
          const items = v.items.map((i) => ({
            slotNo: slots[i.slot].slotNo,
            skuId: slots[i.slot].skuId,
            quantity: i.quantity,
            confidence: i.confidence,
          }));
          const grams = items.reduce((g, i) => g + i.quantity * 350, 0);
          t.config.payment.sandbox.failRate = v.payFails ? 1 : 0;
          await doors.onDoorClosed(ctx, device, {
            applyCode,
            items,
            weight: { expectedGrams: grams, measuredGrams: v.heavy ? grams + 400 : grams },
          });
          const o = await t.db.db.selectFrom('sale_order').selectAll().where('apply_code', '=', applyCode).executeTakeFirst();
          if (!o) continue;
          if (Number(o.status) !== 5) {
            seen.normal++;
            if (v.after && Number(o.status) === 3) await afterSale(o.order_no_sub, v.after);
            continue;
          }
          seen.abnormal++;
          try {
            if (v.then.kind === 'correct') {
              t.config.payment.sandbox.failRate = v.then.payFails ? 1 : 0;
              await exceptions.correct(ctx, {
                orderNoSub: o.order_no_sub,
                version: Number(o.version),
                lines: v.then.picks.map((p) => ({ slotNo: slots[p.slot].slotNo, quantity: p.quantity })),
                remark: '性质测试核对',
              });
              seen.corrected++;
              const corrected = await t.db.db.selectFrom('sale_order').select('status').where('id', '=', o.id).executeTakeFirstOrThrow();
              if (v.after && Number(corrected.status) === 3) await afterSale(o.order_no_sub, v.after);
            } else if (v.then.kind === 'close') {
              await exceptions.close(ctx, { orderNoSub: o.order_no_sub, version: Number(o.version), reason: '性质测试关闭' });
              seen.closed++;
            }
          } catch (err) {
            // only the ledger may refuse a correction (more than the slot holds)
            expect((err as Error).message).toMatch(/^库存不足/);
            seen.refused++;
          }
        }
        t.config.payment.sandbox.failRate = 0;
        expect(await stockCheck.run(t.db.db, merchantId)).toEqual([]);
        expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
        const negative = await t.db.db
          .selectFrom('stock_balance')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .where((eb) => eb.or([eb('on_hand', '<', 0), eb('locked', '<', 0)]))
          .execute();
        expect(negative).toEqual([]);
      }),
      { numRuns: 25 },
    );
    console.log('SEEN', JSON.stringify(seen));
    // the sequences reached what they are about
    expect(seen.normal).toBeGreaterThan(0);
    expect(seen.abnormal).toBeGreaterThan(5);
    expect(seen.corrected + seen.refused).toBeGreaterThan(0);
    expect(seen.closed).toBeGreaterThan(0);
    expect(seen.refunds).toBeGreaterThan(0);
  });
});
