import type { Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import {
  maxAboveCapacity,
  type ReplenishDeviceOption,
  type ReplenishSlotRow,
  type replenishSlotBatchInput,
  type replenishSlotEditInput,
} from '@merchant/contracts/stock/replenish-slot';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { badInput, conflict, notFound, uniqueViolation } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { historyPage, writeHistory } from '../../platform/record-history.ts';
import * as repo from './replenish-slot.repo.ts';

// 规则配置 (rule-configuration-list): each cabinet slot's 补货线 / 补满量. docs/stock.md "补货".

export const REPLENISH_SLOT_SUBJECT = 'stock.container-slot';

/** A slot's 补货线 / 补满量: its own when configured, else the planogram's par level and the capacity. */
export function levelsOf(r: repo.SlotRow): { minLevel: number; maxLevel: number } {
  const capacity = Number(r.capacity);
  if (r.min_level !== null && r.max_level !== null) return { minLevel: Number(r.min_level), maxLevel: Number(r.max_level) };
  return { minLevel: Math.min(Number(r.par_level), capacity), maxLevel: capacity };
}

export function toSlotRow(r: repo.SlotRow): ReplenishSlotRow {
  const { minLevel, maxLevel } = levelsOf(r);
  const available = Number(r.available);
  return {
    deviceCode: r.device_code,
    slotNo: r.slot_no,
    skuId: Number(r.sku_id),
    skuCode: r.sku_code,
    skuName: r.sku_name,
    capacity: Number(r.capacity),
    parLevel: Number(r.par_level),
    minLevel,
    maxLevel,
    configured: r.version !== null,
    onHand: Number(r.on_hand),
    available,
    belowMin: available <= minLevel,
    version: r.version === null ? 0 : Number(r.version),
  };
}

export async function list(
  ctx: SessionOpContext,
  f: repo.SlotFilter & { pageNum: number; pageSize: number; sortOrder?: 'ascend' | 'descend' },
): Promise<Paged<ReplenishSlotRow>> {
  const { list: rows, total } = await fetchPage(ctx.db, repo.orderedSlots(repo.slotQuery(ctx.db, ctx.merchantId, f)), f);
  return { list: rows.map(toSlotRow), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
export const exportQuery = (ctx: SessionOpContext, f: repo.SlotFilter) => repo.orderedSlots(repo.slotQuery(ctx.db, ctx.merchantId, f));
export const exportRows = async (_ctx: SessionOpContext, rows: repo.SlotRow[]) => rows.map(toSlotRow);

export async function devices(ctx: SessionOpContext): Promise<ReplenishDeviceOption[]> {
  return (await repo.devices(ctx.db, ctx.merchantId)).map((d) => ({
    deviceCode: d.device_code,
    slotCount: Number(d.n),
    configuredCount: Number(d.configured ?? 0),
  }));
}

async function requireSlot(ctx: SessionOpContext, deviceCode: string, slotNo: string, db = ctx.db) {
  const rows = await repo.slotQuery(db, ctx.merchantId, { deviceCode }).where('dg.slot_no', '=', slotNo).execute();
  if (!rows[0]) throw notFound('货道');
  return rows[0];
}

/** Stores one slot's numbers at its version (0: not configured yet); the change goes to the history. */
async function store(
  trx: Transaction<Database>,
  ctx: SessionOpContext,
  slot: repo.SlotRow,
  next: { minLevel: number; maxLevel: number },
  version: number,
  remark?: string,
): Promise<void> {
  const now = ctx.clock.now();
  const current = Number(slot.version ?? 0);
  if (current !== version) throw conflict(STALE_VERSION_MESSAGE);
  if (current === 0) {
    try {
      await trx
        .insertInto('replenish_slot')
        .values({
          merchant_id: ctx.merchantId,
          device_code: slot.device_code,
          slot_no: slot.slot_no,
          min_level: next.minLevel,
          max_level: next.maxLevel,
          version: 1,
          created_by: ctx.session.accountId,
          updated_by: ctx.session.accountId,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } catch (err) {
      if (uniqueViolation(err)) throw conflict(STALE_VERSION_MESSAGE);
      throw err;
    }
  } else {
    const res = await trx
      .updateTable('replenish_slot')
      .set({
        min_level: next.minLevel,
        max_level: next.maxLevel,
        version: sql<number>`version + 1`,
        updated_by: ctx.session.accountId,
        updated_at: now,
      })
      .where('merchant_id', '=', ctx.merchantId)
      .where('device_code', '=', slot.device_code)
      .where('slot_no', '=', slot.slot_no)
      .where('version', '=', current)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw conflict(STALE_VERSION_MESSAGE);
  }
  const before = levelsOf(slot);
  await writeHistory(trx, ctx, {
    subject: REPLENISH_SLOT_SUBJECT,
    subjectId: `${slot.device_code}-${slot.slot_no}`,
    action: 'edit',
    actionLabel: '设置补货线',
    changes: [
      { field: 'minLevel', label: '补货线', before: String(before.minLevel), after: String(next.minLevel) },
      { field: 'maxLevel', label: '补满量', before: String(before.maxLevel), after: String(next.maxLevel) },
    ].filter((c) => c.before !== c.after),
    remark,
  });
}

export async function edit(ctx: SessionOpContext, i: z.output<typeof replenishSlotEditInput>): Promise<ReplenishSlotRow> {
  const slot = await requireSlot(ctx, i.deviceCode, i.slotNo);
  if (i.maxLevel > Number(slot.capacity)) throw badInput(`${maxAboveCapacity(Number(slot.capacity))}（字段：maxLevel）`);
  await ctx.db.transaction().execute((trx) => store(trx, ctx, slot, i, i.version));
  return toSlotRow(await requireSlot(ctx, i.deviceCode, i.slotNo));
}

/** 按设备批量设置: every slot of the cabinet to a percentage of its capacity (rounded down), in one transaction. */
export async function batchSet(ctx: SessionOpContext, i: z.output<typeof replenishSlotBatchInput>) {
  const slots = await repo.slotQuery(ctx.db, ctx.merchantId, { deviceCode: i.deviceCode }).execute();
  if (slots.length === 0) throw notFound('设备货道');
  await ctx.db.transaction().execute(async (trx) => {
    for (const s of slots) {
      const cap = Number(s.capacity);
      const next = { minLevel: Math.floor((cap * i.minPercent) / 100), maxLevel: Math.floor((cap * i.maxPercent) / 100) };
      await store(trx, ctx, s, next, Number(s.version ?? 0), `按设备批量设置：补货线${i.minPercent}%，补满量${i.maxPercent}%`);
    }
  });
  return { deviceCode: i.deviceCode, slotCount: slots.length };
}

export async function history(
  ctx: SessionOpContext,
  i: { deviceCode: string; slotNo: string; pageNum: number; pageSize: number },
): Promise<Paged<HistoryEntry>> {
  const slot = await requireSlot(ctx, i.deviceCode, i.slotNo);
  return historyPage(ctx, REPLENISH_SLOT_SUBJECT, `${slot.device_code}-${slot.slot_no}`, i);
}
