import { calendarDateOf, addDays, zonedTimeToMs, CALENDAR_DATE_RE } from '@merchant/contracts/core/business-time';
import { SPLIT_PENDING, type AccountKind } from '@merchant/contracts/finance/finance-fields';
import type { Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import type { PaymentChange } from '../payment/payment.service.ts';
import { pointDealOfDevice } from '../device/device.service.ts';
import type { FinSplitTable } from './finance.table.ts';
import { lockAccounts, merchantPartyId, partyId, PLATFORM_PARTY, post, postContextOf, type PostLine } from './ledger.ts';

// 分账 (docs/finance.md "分账"): every paid payment is split between the merchant, the cabinet's owner (柜主, by the
// device's agreement), the point's owner (点位方, by the point's commission) and the platform (its fee), in basis
// points. Each share is rounded down; the merchant takes what is left, so the shares always add up to exactly what was
// captured less what was refunded: no cent is lost or made. A refund splits the smaller amount again and takes the
// differences back — from 待结算 while the split waits for its settlement, from 可用 once settled.

/** The rates a payment is split by (basis points of the amount). */
export interface SplitRates {
  ownerBp: number;
  pointBp: number;
  feeBp: number;
}
export interface Shares {
  merchant: number;
  owner: number;
  point: number;
  fee: number;
}

/**
 * The shares of `net` cents: the platform's fee, the point's commission and the owner's share each rounded down (in
 * that order, each at most what is left), the merchant the rest. Σ shares = net, every share ≥ 0.
 */
export function splitShares(net: number, r: SplitRates): Shares {
  if (!Number.isSafeInteger(net) || net < 0) throw new Error(`split: ${net} is not a non-negative integer of cents`);
  const cut = (bp: number, left: number) => Math.min(left, Math.floor((net * Math.max(0, bp)) / 10_000));
  const fee = cut(r.feeBp, net);
  const point = cut(r.pointBp, net - fee);
  const owner = cut(r.ownerBp, net - fee - point);
  return { merchant: net - fee - point - owner, owner, point, fee };
}

/** The platform's fee when the merchant has no rate of its own (0.60 %, a payment channel's usual rate). */
export const DEFAULT_FEE_BP = 60;

/** What a payment's business document tells the split: its order, channel and cabinet. */
export interface SplitSource {
  orderNo: string;
  channel: string;
  /** The cabinet it was sold from ('' when none). */
  deviceCode: string;
}
type SplitSourceFn = (trx: Transaction<Database>, merchantId: number, bizNo: string) => Promise<SplitSource | undefined>;
const sources = new Map<string, SplitSourceFn>();

/** A business module names the order behind its payments (registered at start-up, one per biz type). */
export function onSplitSource(bizType: string, fn: SplitSourceFn): void {
  sources.set(bizType, fn);
}

/** T+1: the start of the business day after `paidAt`. */
export function settleDueAt(paidAt: number, timeZone: string): number {
  const next = addDays(calendarDateOf(paidAt, timeZone), 1);
  const [, y, m, d] = CALENDAR_DATE_RE.exec(next)!;
  return zonedTimeToMs(timeZone, Number(y), Number(m), Number(d));
}

/** The lines that move each party's share `delta` (signed) in `kind`, the merchant's balancing the rest. */
function shareLines(
  parties: { merchant: number; owner: number; point: number; platform: number },
  delta: Shares,
  kind: AccountKind,
  mayOverdraw = false,
): PostLine[] {
  return [
    { partyId: parties.merchant, kind, amount: delta.merchant, mayOverdraw },
    { partyId: parties.owner, kind, amount: delta.owner, mayOverdraw },
    { partyId: parties.point, kind, amount: delta.point, mayOverdraw },
    { partyId: parties.platform, kind, amount: delta.fee, mayOverdraw },
  ].filter((l) => l.partyId > 0 && l.amount !== 0);
}

/**
 * The payment adapter's observer: a payment captured posts 收款 (支付通道 → the merchant's 待结算) and 分账 (the
 * merchant's 待结算 → each party's 待结算) and records the split; a refund done posts 分账退回 and 退款. In the
 * transaction of the payment's change.
 */
export async function postPaymentChange(trx: Transaction<Database>, change: PaymentChange, ctx: SessionOpContext): Promise<void> {
  if (change.event === 'paid') await capture(trx, change, ctx);
  else if (change.event === 'refunded' && change.refund) await refund(trx, change, ctx);
}

async function capture(trx: Transaction<Database>, change: PaymentChange, ctx: SessionOpContext): Promise<void> {
  const p = change.payment;
  const pc = postContextOf(ctx);
  const paidAt = p.paidAt ?? pc.now;
  const source = (await sources.get(p.bizType)?.(trx, ctx.merchantId, p.bizNo)) ?? { orderNo: p.bizNo, channel: '', deviceCode: '' };
  const merchant = await merchantPartyId(trx, pc);
  const platform = await partyId(trx, pc, PLATFORM_PARTY);
  const rule = await ruleOf(trx, ctx.merchantId, source.deviceCode);
  const deal = source.deviceCode ? await pointDealOfDevice(trx, ctx.merchantId, source.deviceCode) : undefined;
  const point = deal && deal.commissionBp > 0 ? await partyId(trx, pc, pointParty(deal)) : 0;
  // 收款 and 分账 touch these accounts: taken in one order first (ledger.ts lockAccounts)
  await lockAccounts(trx, pc, [
    { partyId: platform, kind: 'channel' },
    ...[merchant, rule.ownerPartyId, point, platform].map((partyId) => ({ partyId, kind: 'pending' as const })),
  ]);
  const captured = await post(trx, pc, {
    type: 'capture',
    refType: 'payment',
    refNo: p.payNo,
    orderNo: source.orderNo,
    postKey: `capture:${p.payNo}`,
    memo: `订单${source.orderNo}收款（${p.providerLabel}）`,
    lines: [
      { partyId: platform, kind: 'channel', amount: -p.amount },
      { partyId: merchant, kind: 'pending', amount: p.amount },
    ],
  });
  if (!captured) return; // posted before: its split too

  const rates: SplitRates = { ownerBp: rule.ownerPartyId ? rule.ownerBp : 0, pointBp: point ? deal!.commissionBp : 0, feeBp: rule.feeBp };
  const shares = splitShares(p.amount, rates);
  const parties = { merchant, owner: rule.ownerPartyId, point, platform };
  await trx
    .insertInto('fin_split')
    .values({
      merchant_id: ctx.merchantId,
      pay_no: p.payNo,
      biz_type: p.bizType,
      order_no: source.orderNo,
      channel: source.channel,
      device_code: source.deviceCode,
      point_id: deal?.pointId ?? 0,
      point_name: deal?.pointName ?? '',
      owner_party_id: rule.ownerPartyId,
      point_party_id: point,
      owner_bp: rates.ownerBp,
      point_bp: rates.pointBp,
      fee_bp: rates.feeBp,
      captured: p.amount,
      merchant_share: shares.merchant,
      owner_share: shares.owner,
      point_share: shares.point,
      platform_fee: shares.fee,
      status: SPLIT_PENDING,
      paid_at: paidAt,
      due_at: settleDueAt(paidAt, ctx.config.businessTimeZone),
      created_at: pc.now,
      updated_at: pc.now,
    })
    .execute();
  await post(trx, pc, {
    type: 'split',
    refType: 'split',
    refNo: p.payNo,
    orderNo: source.orderNo,
    postKey: `split:${p.payNo}`,
    memo: `订单${source.orderNo}分账`,
    lines: shareLines(parties, { ...shares, merchant: shares.merchant - p.amount }, 'pending'),
  });
}

async function refund(trx: Transaction<Database>, change: PaymentChange, ctx: SessionOpContext): Promise<void> {
  const r = change.refund!;
  const pc = postContextOf(ctx);
  const done = await trx
    .selectFrom('fin_entry')
    .select('id')
    .where('merchant_id', '=', ctx.merchantId)
    .where('post_key', '=', `refund:${r.refundNo}`)
    .executeTakeFirst();
  if (done) return;
  // the split row is locked by this update (a settlement of it waits, then settles what is left)
  const s = await trx
    .updateTable('fin_split')
    .set({ refunded: sql`refunded + ${r.amount}`, version: sql`version + 1`, updated_at: pc.now })
    .where('merchant_id', '=', ctx.merchantId)
    .where('pay_no', '=', r.payNo)
    .returningAll()
    .executeTakeFirst();
  if (!s) throw new Error(`finance: refund ${r.refundNo} of payment ${r.payNo}, which has no split`);
  const before: Shares = { merchant: s.merchant_share, owner: s.owner_share, point: s.point_share, fee: s.platform_fee };
  const after = splitShares(Number(s.captured) - Number(s.refunded), { ownerBp: s.owner_bp, pointBp: s.point_bp, feeBp: s.fee_bp });
  await trx
    .updateTable('fin_split')
    .set({ merchant_share: after.merchant, owner_share: after.owner, point_share: after.point, platform_fee: after.fee })
    .where('id', '=', s.id)
    .execute();
  const settled = s.status !== SPLIT_PENDING;
  const kind: AccountKind = settled ? 'available' : 'pending';
  const merchant = await merchantPartyId(trx, pc);
  const platform = await partyId(trx, pc, PLATFORM_PARTY);
  const parties = { merchant, owner: s.owner_party_id, point: s.point_party_id, platform };
  // 分账退回 and 退款 touch these accounts: taken in one order first (ledger.ts lockAccounts)
  await lockAccounts(trx, pc, [
    { partyId: platform, kind: 'channel' },
    ...[merchant, s.owner_party_id, s.point_party_id, platform].map((partyId) => ({ partyId, kind })),
  ]);
  // the others' shares come back to the merchant, which then pays the refund
  const back = { owner: after.owner - before.owner, point: after.point - before.point, fee: after.fee - before.fee };
  const toMerchant = -(back.owner + back.point + back.fee);
  await post(trx, pc, {
    type: 'split_reversal',
    refType: 'refund',
    refNo: r.refundNo,
    orderNo: s.order_no,
    postKey: `split-back:${r.refundNo}`,
    memo: `订单${s.order_no}退款，分账按退款后金额重算`,
    lines: shareLines(parties, { merchant: toMerchant, ...back }, kind, settled),
  });
  await post(trx, pc, {
    type: 'refund',
    refType: 'refund',
    refNo: r.refundNo,
    orderNo: s.order_no,
    postKey: `refund:${r.refundNo}`,
    memo: `订单${s.order_no}退款（${r.providerLabel}，退款单${r.refundNo}）`,
    lines: [
      { partyId: merchant, kind, amount: -r.amount, mayOverdraw: settled },
      { partyId: platform, kind: 'channel', amount: r.amount },
    ],
  });
}

interface Rule {
  ownerPartyId: number;
  ownerBp: number;
  feeBp: number;
}

/** The device's agreement (its owner and share) and the merchant's fee rate (its '' row, else DEFAULT_FEE_BP). */
async function ruleOf(trx: Transaction<Database>, merchantId: number, deviceCode: string): Promise<Rule> {
  const rows: Selectable<Database['fin_split_rule']>[] = await trx
    .selectFrom('fin_split_rule')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('device_code', 'in', deviceCode ? ['', deviceCode] : [''])
    .execute();
  const base = rows.find((r) => r.device_code === '');
  const own = deviceCode ? rows.find((r) => r.device_code === deviceCode) : undefined;
  return {
    ownerPartyId: own?.owner_party_id ?? 0,
    ownerBp: own?.owner_bp ?? 0,
    feeBp: base ? base.fee_bp : DEFAULT_FEE_BP,
  };
}

/** The party of a point's owner: the point's contact, named with the point. */
export const pointParty = (deal: { pointId: number; pointName: string; contactName: string; contactPhone: string }) => ({
  type: 'point_owner' as const,
  refKey: `point:${deal.pointId}`,
  name: `${deal.contactName}（${deal.pointName}）`,
  phone: deal.contactPhone,
});

export type SplitRow = Selectable<FinSplitTable>;
