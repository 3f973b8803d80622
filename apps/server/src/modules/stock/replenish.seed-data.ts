import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import { seedHistory } from '../../platform/record-history.ts';
import { REPLENISH_ORDER_SUBJECT, needOf } from './replenish-order.service.ts';
import { REPLENISH_RULE_SUBJECT } from './replenish-rule.service.ts';
import * as slots from './replenish-slot.repo.ts';
import { ensureLocations, hubLocation, postMovements, type StockActor, type StockMove } from './stock-ledger.service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CANCEL_REASONS = ['点位临时封闭，改日补货', '库存中心缺货，合并到下次补货', '重复生成', '设备离线，待恢复后再补'];

type Line = { slot: slots.SlotRow; quantity: number };

/**
 * The demo's 智能柜补货 (cheap: a few rows): slot settings stay at their defaults (par level / capacity); two rules
 * (库存中心 enabled, a 前置仓 one disabled); five orders on the first five cabinets — 已完成 ×2 (one slot one short:
 * its 盘点差异 posted), 配送中, 已生成, 已取消 — each quantity through the ledger at its time, as the service posts it.
 */
export async function seedReplenishment(
  db: Kysely<Database>,
  merchantId: number,
  admin: { id: number; user_name: string } | undefined,
  now: number,
): Promise<void> {
  const rows = await slots.orderedSlots(slots.slotQuery(db, merchantId, {})).execute();
  const allDevices = [...new Set(rows.map((r) => r.device_code))];
  const devices = allDevices.slice(0, 5);
  if (devices.length === 0) return;
  const actorAt = (at: number): StockActor => ({
    merchantId,
    operatorId: admin?.id ?? 0,
    operatorName: admin?.user_name ?? '系统',
    now: at,
  });
  await db.transaction().execute(async (trx) => {
    const history = seedHistory(trx, merchantId, admin);
    const hub = await hubLocation(trx, merchantId, now - 59 * DAY);
    const front = await trx
      .selectFrom('front_warehouse')
      .select(['location_id'])
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    const ruleAt = now - 59 * DAY;
    const ruleRows = [
      {
        name: '日常补货（库存中心）',
        trigger_mode: 'min',
        trigger_percent: 0,
        fill_to: 'max',
        min_lot: 2,
        source_kind: 'hub',
        source_location_id: Number(hub.id),
        status: 1,
      },
      ...(front
        ? [
            {
              name: '前置仓补货（容量30%）',
              trigger_mode: 'percent',
              trigger_percent: 30,
              fill_to: 'capacity',
              min_lot: 3,
              source_kind: 'front',
              source_location_id: Number(front.location_id),
              status: 0,
            },
          ]
        : []),
    ];
    for (const r of ruleRows) {
      const made = await trx
        .insertInto('replenish_rule')
        .values({ merchant_id: merchantId, ...r, version: 1, created_by: admin?.id ?? 0, created_at: ruleAt, updated_at: ruleAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      await history(REPLENISH_RULE_SUBJECT, Number(made.id), 'create', '新增', r.name, ruleAt);
    }
    // what the hub can still reserve (可用)
    const balances = new Map(
      (
        await trx.selectFrom('stock_balance').select(['sku_id', 'on_hand', 'locked']).where('location_id', '=', Number(hub.id)).execute()
      ).map((b) => [Number(b.sku_id), Number(b.on_hand) - Number(b.locked)]),
    );
    /** Every order reserves at the hub: its lines trimmed to what the hub can still reserve (a cancelled order's comes back). */
    const reserve = (lines: Line[], status: number): Line[] => {
      for (const l of lines) {
        const have = balances.get(Number(l.slot.sku_id)) ?? 0;
        l.quantity = Math.min(l.quantity, have);
        if (status !== 3) balances.set(Number(l.slot.sku_id), have - l.quantity);
      }
      return lines.filter((l) => l.quantity > 0);
    };
    /** One 补货单 as the service leaves it in its state: its lines, the dispatch and completion through the ledger, its history. */
    async function seedOrder(
      trx: Transaction<Database>,
      o: {
        code: string;
        device: string;
        status: number;
        at: number;
        kept: Line[];
        shortFirst: boolean;
        ruleName: string;
        cancelReason: string;
      },
    ) {
      const { code, device, status, at, kept, shortFirst, ruleName, cancelReason } = o;
      const locations = await ensureLocations(
        trx,
        merchantId,
        kept.map(({ slot }) => ({
          kind: 'cabinet' as const,
          code: `${device}-${slot.slot_no}`,
          name: `${device} 货道${slot.slot_no}`,
          deviceCode: device,
          slotNo: slot.slot_no,
        })),
        at,
      );
      const sent = kept.reduce((s, l) => s + l.quantity, 0);
      const loaded = kept.map((l, i) => (shortFirst && i === 0 ? l.quantity - 1 : l.quantity));
      const totalLoaded = status === 2 ? loaded.reduce((s, q) => s + q, 0) : 0;
      const dispatchedAt = status === 1 || status === 2 ? at + 2 * HOUR : 0;
      const completedAt = status === 2 ? at + 5 * HOUR : 0;
      const order = await trx
        .insertInto('replenish_order')
        .values({
          merchant_id: merchantId,
          order_code: code,
          device_code: device,
          rule_id: 0,
          rule_name: ruleName,
          source_location_id: Number(hub.id),
          status,
          line_count: kept.length,
          total_sent: sent,
          total_loaded: totalLoaded,
          creator_name: admin?.user_name ?? '系统',
          dispatched_at: dispatchedAt,
          completed_at: completedAt,
          cancel_reason: status === 3 ? cancelReason : '',
          version: status === 0 ? 1 : status === 2 ? 3 : 2,
          created_by: admin?.id ?? 0,
          created_at: at,
          updated_at: completedAt || dispatchedAt || at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('replenish_order_line')
        .values(
          kept.map((l, i) => ({
            merchant_id: merchantId,
            order_id: Number(order.id),
            slot_no: l.slot.slot_no,
            location_id: Number(locations[i]!.id),
            sku_id: Number(l.slot.sku_id),
            on_hand: Number(l.slot.on_hand),
            quantity: l.quantity,
            loaded: status === 2 ? loaded[i]! : -1,
          })),
        )
        .execute();
      await history(REPLENISH_ORDER_SUBJECT, code, 'create', '生成', `生成：设备${device}，${kept.length}个货道，共${sent}件`, at);
      const base = { docType: 'replenish' as const, docCode: code };
      const bySku = new Map<number, number>();
      for (const l of kept) bySku.set(Number(l.slot.sku_id), (bySku.get(Number(l.slot.sku_id)) ?? 0) + l.quantity);
      /** One movement per SKU at the hub (as replenish-order.service.ts: 生成 locks, 派送 takes on hand and the lock, 取消 unlocks). */
      const atHub = (type: 'lock' | 'unlock' | 'replenish', sign: { onHand: number; lock: number }, reason: string) =>
        [...bySku].map(([skuId, q]) => ({
          ...base,
          locationId: Number(hub.id),
          skuId,
          type,
          quantity: sign.onHand * q,
          lockDelta: sign.lock * q,
          reason,
        }));
      await postMovements(trx, actorAt(at), atHub('lock', { onHand: 0, lock: 1 }, `补货锁定：送往设备${device}`));
      if (dispatchedAt) {
        await postMovements(trx, actorAt(dispatchedAt), atHub('replenish', { onHand: -1, lock: -1 }, `补货出库：送往设备${device}`));
        await history(REPLENISH_ORDER_SUBJECT, code, 'dispatch', '派送', `从库存中心出库${kept.length}行，共${sent}件`, dispatchedAt);
      }
      if (completedAt) {
        await postMovements(
          trx,
          actorAt(completedAt),
          kept.flatMap((l, i) => {
            const m = { ...base, locationId: Number(locations[i]!.id), skuId: Number(l.slot.sku_id) };
            const moves: StockMove[] = [{ ...m, type: 'replenish', quantity: l.quantity, reason: '补货入柜：来自库存中心' }];
            if (loaded[i]! < l.quantity)
              moves.push({
                ...m,
                type: 'stocktake' as const,
                quantity: loaded[i]! - l.quantity,
                reason: `补货少装：发出${l.quantity}，实装${loaded[i]}`,
              });
            return moves;
          }),
        );
        await history(
          REPLENISH_ORDER_SUBJECT,
          code,
          'complete',
          '完成',
          `实装${totalLoaded}件${sent > totalLoaded ? `，少装${sent - totalLoaded}件记为盘点差异` : ''}`,
          completedAt,
        );
      }
      if (status === 3) {
        await postMovements(trx, actorAt(at + HOUR), atHub('unlock', { onHand: 0, lock: -1 }, `补货取消：${cancelReason}`));
        await history(REPLENISH_ORDER_SUBJECT, code, 'cancel', '取消', cancelReason, at + HOUR);
      }
    }

    // the other cabinets' history: three small top-ups each, 54, 40 and 26 days ago (a few cancelled, a few one short),
    // every one finished so that those cabinets stay free for new 补货单
    const onHand = new Map(rows.map((r) => [`${r.device_code}-${r.slot_no}`, Number(r.on_hand)]));
    let k = 0;
    for (const [c, device] of allDevices.slice(5).entries())
      for (const [round, daysAgo] of [54, 40, 26].entries()) {
        k++;
        const at = now - daysAgo * DAY + (c % 8) * HOUR;
        const status = k % 9 === 4 ? 3 : 2;
        const lines: Line[] = rows
          .filter((r) => r.device_code === device)
          .map((slot, i) => ({
            slot,
            quantity: Math.min(Number(slot.capacity) - onHand.get(`${device}-${slot.slot_no}`)!, 1 + ((i + round) % 3)),
          }))
          .filter((l, i) => l.quantity > 0 && (i + round + c) % 3 === 0)
          .slice(0, 5);
        const kept = reserve(lines, status);
        if (kept.length === 0) continue;
        const shortFirst = status === 2 && k % 7 === 2;
        if (status === 2)
          kept.forEach((l, i) => {
            const key = `${device}-${l.slot.slot_no}`;
            onHand.set(key, onHand.get(key)! + l.quantity - (shortFirst && i === 0 ? 1 : 0));
          });
        await seedOrder(trx, {
          code: `BH${cstDate(at)}${String(8000 + k).padStart(4, '0')}`,
          device,
          status,
          at,
          kept,
          shortFirst,
          ruleName: ruleRows[0]!.name,
          cancelReason: CANCEL_REASONS[k % CANCEL_REASONS.length]!,
        });
      }

    // status per cabinet: 已完成 (one short), 已完成, 配送中, 已生成, 已取消
    const plan = [2, 2, 1, 0, 3];
    for (const [n, device] of devices.entries()) {
      const status = plan[n]!;
      const at = now - (5 - n) * DAY;
      const lines = rows
        .filter((r) => r.device_code === device)
        .map((slot) => ({ slot, quantity: needOf(slot, { triggerMode: 'below-max', triggerPercent: 0, fillTo: 'max', minLot: 1 }) }))
        .filter((l) => l.quantity > 0)
        .slice(0, 6);
      const kept = reserve(lines, status);
      if (kept.length === 0) continue;
      const code = `BH${cstDate(at)}${String(9000 + n).padStart(4, '0')}`;
      await seedOrder(trx, {
        code,
        device,
        status,
        at,
        kept,
        shortFirst: n === 0,
        ruleName: n < 3 ? ruleRows[0]!.name : '',
        cancelReason: '设备停机检修，改日补货',
      });
    }
  });
}
