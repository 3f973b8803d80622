import { COMMAND_STATUS } from '@merchant/contracts/device/device';
import type { PriceSyncData } from '@merchant/contracts/device/device-protocol';
import { PUSH_STATUS, REPUSHABLE, type AdjustmentPush, type PushStatus } from '@merchant/contracts/price/price-adjustment';
import { CABINET_CHANNEL, PRICE_SCOPES, type PriceScope } from '@merchant/contracts/price/price-fields';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { appEnv, type GatewayDeps } from '../../platform/gateway/gateway.ts';
import { actingAsSystem, type SessionOpContext } from '../../platform/gateway/op-context.ts';
import { writeHistory } from '../../platform/record-history.ts';
import { activeDevices, commandsByNo, devicesByCodes, sendSystemCommand } from '../device/device.service.ts';
import * as repo from './price-adjustment.repo.ts';
import { resolveCabinets } from './price.resolver.ts';

// Applying an adjustment order (待生效 → 已生效): the prices of its lines become the layers' current prices, each
// change a ledger row (old → new, who, when, which order), in one transaction; then the affected cabinets get the
// new prices (同步价格) and their push rows follow the commands' acknowledgements. docs/prices.md.

export const ADJUSTMENT_SUBJECT = 'price.adjustment';
export const APPLY_QUEUE = 'price-apply';

/**
 * A context for work the system does on a merchant's behalf (the scheduled apply, the sweep): the session is the
 * account that submitted the order, named 系统（定时生效） in the history and the command records.
 */
export function systemContext(deps: GatewayDeps, merchantId: number, accountId: number, log: SessionOpContext['log']): SessionOpContext {
  return actingAsSystem(appEnv(deps, log), merchantId, { accountId, userName: '系统（定时生效）', userAgent: 'price-scheduler' });
}

/**
 * Applies a 待生效 order in `trx` (the caller's transaction): the conditional update 2 → 3 first — when it changes
 * nothing the order was cancelled or applied by someone else, and nothing is written (returns false). Prices of one
 * merchant are applied one transaction at a time (the merchant row is locked, see lockMerchantPrices), so each ledger row's old price is
 * the price it replaced.
 */
export async function applyInTransaction(trx: Transaction<Database>, ctx: SessionOpContext, order: repo.OrderRow): Promise<boolean> {
  const now = ctx.clock.now();
  await repo.lockMerchantPrices(trx, ctx.merchantId);
  const r = await repo.markApplied(trx, Number(order.id), now);
  if (Number(r.numUpdatedRows) === 0) return false;
  const lines = await repo.linesOf(trx, Number(order.id));
  const changes = [];
  for (const l of lines) {
    const existing = await repo.lockPrice(trx, ctx.merchantId, Number(l.sku_id), order.scope_type, l.scope_key);
    await repo.setPrice(trx, existing ? { id: Number(existing.id) } : undefined, {
      merchant_id: ctx.merchantId,
      sku_id: Number(l.sku_id),
      scope_type: order.scope_type,
      scope_key: l.scope_key,
      price_cents: Number(l.new_price),
      order_no: order.order_no,
      updated_at: now,
    });
    changes.push({
      merchant_id: ctx.merchantId,
      sku_id: Number(l.sku_id),
      scope_type: order.scope_type,
      scope_key: l.scope_key,
      old_price: existing ? Number(existing.price_cents) : null,
      new_price: Number(l.new_price),
      order_no: order.order_no,
      reason: order.reason,
      operator_id: Number(order.submitted_by),
      operator_name: order.submitter_name,
      effective_at: now,
    });
  }
  await repo.insertChanges(trx, changes);
  const devices = await affectedCabinets(trx, ctx, order.scope_type as PriceScope, [...new Set(lines.map((l) => l.scope_key))]);
  await repo.insertPushes(
    trx,
    devices.map((device_code) => ({
      merchant_id: ctx.merchantId,
      adjustment_id: Number(order.id),
      device_code,
      command_no: '',
      status: 0,
      message: '',
      attempts: 0,
      sent_at: null,
      updated_at: now,
    })),
  );
  await writeHistory(trx, ctx, {
    subject: ADJUSTMENT_SUBJECT,
    subjectId: order.order_no,
    action: 'apply',
    actionLabel: '生效',
    changes: [{ field: 'status', label: '状态', before: '待生效', after: '已生效' }],
    remark: `${PRICE_SCOPES[order.scope_type as PriceScope] ?? order.scope_type}${lines.length}条价格生效${devices.length ? `，推送${devices.length}台智能柜` : ''}`,
  });
  return true;
}

/**
 * The 已激活 cabinets whose prices an order on `scope` with these targets changes: the cabinets themselves; the
 * cabinets of the second channels (under 智能柜); every cabinet for the 智能柜 first channel; none for local life.
 */
async function affectedCabinets(trx: Transaction<Database>, ctx: SessionOpContext, scope: PriceScope, keys: string[]): Promise<string[]> {
  let codes: string[] = [];
  if (scope === 'cabinet') codes = keys;
  else if (scope === 'channel2') {
    const rows = await repo.devicesOfChannels(trx, ctx.merchantId, keys.map(Number));
    codes = rows.filter((r) => r.first_channel_code === CABINET_CHANNEL).map((r) => r.device_code);
  } else if (scope === 'channel1' && keys.includes(CABINET_CHANNEL)) {
    return (await activeDevices({ ...ctx, db: trx }, {})).map((d) => d.device_code);
  }
  if (codes.length === 0) return [];
  return (await devicesByCodes(trx, ctx.merchantId, [...new Set(codes)])).filter((d) => d.status === 2).map((d) => d.device_code);
}

/**
 * Sends the order's new prices to its cabinets (after the apply committed): for each push row (all, or the given
 * cabinets), the effective prices of the order's SKUs on that cabinet as a 同步价格 command; the row keeps the
 * command number (its status then follows the command) or 失败 with the reason when it could not be sent.
 */
export async function pushOrder(ctx: SessionOpContext, order: repo.OrderRow, only?: Set<string>): Promise<void> {
  const rows = (await repo.pushesOf(ctx.db, Number(order.id))).filter((r) => !only || only.has(r.device_code));
  if (rows.length === 0) return;
  const lines = await repo.linesOf(ctx.db, Number(order.id));
  const skuIds = [...new Set(lines.map((l) => Number(l.sku_id)))];
  const codeOf = new Map(lines.map((l) => [Number(l.sku_id), l.sku_code]));
  const devices = new Map(
    (
      await devicesByCodes(
        ctx.db,
        ctx.merchantId,
        rows.map((r) => r.device_code),
      )
    ).map((d) => [d.device_code, d]),
  );
  const prices = await resolveCabinets(
    ctx.db,
    ctx.merchantId,
    rows.map((r) => r.device_code),
    skuIds,
  );
  for (const r of rows) {
    const now = ctx.clock.now();
    const d = devices.get(r.device_code);
    const data: PriceSyncData = {
      priceVersion: 1,
      orderNo: order.order_no,
      prices: prices
        .filter((p) => p.deviceCode === r.device_code)
        .map((p) => ({ skuId: p.skuId, skuCode: codeOf.get(p.skuId) ?? '', priceCents: p.priceCents })),
    };
    try {
      if (!d) throw new Error('智能柜不存在');
      const cmd = await sendSystemCommand(ctx, d, 'price-sync', data, `调价单${order.order_no}，${data.prices.length}个SKU`);
      await repo.updatePush(ctx.db, Number(r.id), {
        command_no: cmd.commandNo,
        status: 1,
        message: '',
        attempts: Number(r.attempts) + 1,
        sent_at: now,
        updated_at: now,
      });
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 200);
      await repo.updatePush(ctx.db, Number(r.id), { status: 4, message, attempts: Number(r.attempts) + 1, sent_at: now, updated_at: now });
    }
  }
}

/** Push rows with their status: before a command, the row's own (待推送 / 失败); after, the command's. */
export async function pushView(ctx: SessionOpContext, adjustmentId: number): Promise<AdjustmentPush[]> {
  const rows = await repo.pushesOf(ctx.db, adjustmentId);
  const cmds = await commandsByNo(
    ctx,
    rows.filter((r) => r.command_no).map((r) => r.command_no),
  );
  const devices = new Map(
    (
      await devicesByCodes(
        ctx.db,
        ctx.merchantId,
        rows.map((r) => r.device_code),
      )
    ).map((d) => [d.device_code, d]),
  );
  return rows.map((r) => {
    const cmd = r.command_no ? cmds.get(r.command_no) : undefined;
    const status = (cmd ? commandPushStatus(cmd.status) : Number(r.status)) as PushStatus;
    return {
      deviceCode: r.device_code,
      deviceName: devices.get(r.device_code)?.name ?? '',
      commandNo: r.command_no,
      status,
      statusName: PUSH_STATUS[status] ?? String(status),
      message: cmd ? cmd.result || (cmd.status === 1 ? '' : (COMMAND_STATUS[cmd.status as keyof typeof COMMAND_STATUS] ?? '')) : r.message,
      sentAt: r.sent_at === null ? null : Number(r.sent_at),
      ackedAt: cmd && cmd.ackedAt > 0 ? cmd.ackedAt : null,
      attempts: Number(r.attempts),
      canRepush: REPUSHABLE.includes(status),
    };
  });
}

/** COMMAND_STATUS (1 已发送, 2 已确认, 3 超时, 4 执行失败) → PUSH_STATUS. */
const commandPushStatus = (s: number): PushStatus => (s === 2 ? 2 : s === 3 ? 3 : s === 4 ? 4 : 1);

/** Push status counts of orders (list rows): total, acknowledged, needing a re-push. */
export async function pushSummaries(ctx: SessionOpContext, ids: number[]) {
  const rows = await repo.pushCounts(ctx.db, ids);
  const cmds = await commandsByNo(
    ctx,
    rows.filter((r) => r.command_no).map((r) => r.command_no),
  );
  const out = new Map<number, { total: number; acked: number; failed: number }>();
  for (const r of rows) {
    const cmd = r.command_no ? cmds.get(r.command_no) : undefined;
    const status = cmd ? commandPushStatus(cmd.status) : Number(r.status);
    const s = out.get(Number(r.adjustment_id)) ?? { total: 0, acked: 0, failed: 0 };
    s.total++;
    if (status === 2) s.acked++;
    if ((REPUSHABLE as readonly number[]).includes(status)) s.failed++;
    out.set(Number(r.adjustment_id), s);
  }
  return out;
}
