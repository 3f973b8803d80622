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
// device's agreement), the point's owner (点位方, by the point's commission), the suppliers who consign its SKUs
// (供应商代销, units × their settlement price) and the platform (its fee). Each share is rounded down; the merchant
// takes what is left, so the shares always add up to exactly what was captured less what was refunded: no cent is lost
// or made. A refund splits the smaller amount again and takes the differences back — from 待结算 while the split waits
// for its settlement, from 可用 once settled.

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
  /** Each consigning supplier's share, in the order of the bases given. */
  suppliers: number[];
}
/** What the suppliers were owed when the whole amount was paid (Σ units × price, one per supplier). */
export interface SupplyBases {
  captured: number;
  bases: readonly number[];
}
const NO_SUPPLY: SupplyBases = { captured: 0, bases: [] };

/**
 * The shares of `net` cents: the platform's fee, the point's commission and the owner's share each rounded down (in
 * that order, each at most what is left), then each supplier's base scaled to net / captured and rounded down (at most
 * what is left), the merchant the rest. Σ shares = net, every share ≥ 0.
 */
export function splitShares(net: number, r: SplitRates, supply: SupplyBases = NO_SUPPLY): Shares {
  if (!Number.isSafeInteger(net) || net < 0) throw new Error(`split: ${net} is not a non-negative integer of cents`);
  const cut = (bp: number, left: number) => Math.min(left, Math.floor((net * Math.max(0, bp)) / 10_000));
  const fee = cut(r.feeBp, net);
  const point = cut(r.pointBp, net - fee);
  const owner = cut(r.ownerBp, net - fee - point);
  let left = net - fee - point - owner;
  const suppliers = supply.bases.map((base) => {
    // base × net can pass 2^53: scaled in bigint, so the rounding is exact
    const scaled = supply.captured > 0 ? Number((BigInt(Math.max(0, base)) * BigInt(net)) / BigInt(supply.captured)) : 0;
    const share = Math.min(left, scaled);
    left -= share;
    return share;
  });
  return { merchant: left, owner, point, fee, suppliers };
}

/** The platform's fee when the merchant has no rate of its own (0.60 %, a payment channel's usual rate). */
export const DEFAULT_FEE_BP = 60;

/** What a payment's business document tells the split: its order, channel, cabinet and SKUs. */
export interface SplitSource {
  orderNo: string;
  channel: string;
  /** The cabinet it was sold from ('' when none). */
  deviceCode: string;
  /** The merchant's SKUs (goods_sku) and the units of each sold: a consigned SKU pays its supplier. */
  lines?: readonly { skuId: number; quantity: number }[];
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

interface SplitParties {
  merchant: number;
  owner: number;
  point: number;
  platform: number;
  /** The suppliers' parties, in the order of Shares.suppliers. */
  suppliers: readonly number[];
}

/** The lines that move each party's share `delta` (signed) in `kind`, the merchant's balancing the rest. */
function shareLines(parties: SplitParties, delta: Shares, kind: AccountKind, mayOverdraw = false): PostLine[] {
  return [
    { partyId: parties.merchant, kind, amount: delta.merchant, mayOverdraw },
    { partyId: parties.owner, kind, amount: delta.owner, mayOverdraw },
    { partyId: parties.point, kind, amount: delta.point, mayOverdraw },
    { partyId: parties.platform, kind, amount: delta.fee, mayOverdraw },
    ...parties.suppliers.map((partyId, n) => ({ partyId, kind, amount: delta.suppliers[n] ?? 0, mayOverdraw })),
  ].filter((l) => l.partyId > 0 && l.amount !== 0);
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

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
  const supply = await supplyOf(trx, pc, source.lines ?? []);
  // 收款 and 分账 touch these accounts: taken in one order first (ledger.ts lockAccounts)
  await lockAccounts(trx, pc, [
    { partyId: platform, kind: 'channel' },
    ...[merchant, rule.ownerPartyId, point, platform, ...supply.map((x) => x.partyId)].map((partyId) => ({
      partyId,
      kind: 'pending' as const,
    })),
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
  const shares = splitShares(p.amount, rates, { captured: p.amount, bases: supply.map((x) => x.base) });
  const parties: SplitParties = { merchant, owner: rule.ownerPartyId, point, platform, suppliers: supply.map((x) => x.partyId) };
  const { id: splitId } = await trx
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
      supplier_share: sum(shares.suppliers),
      status: SPLIT_PENDING,
      paid_at: paidAt,
      due_at: settleDueAt(paidAt, ctx.config.businessTimeZone),
      created_at: pc.now,
      updated_at: pc.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (supply.length)
    await trx
      .insertInto('fin_split_supply')
      .values(
        supply.map((x, n) => ({
          merchant_id: ctx.merchantId,
          split_id: splitId,
          party_id: x.partyId,
          base: x.base,
          share: shares.suppliers[n],
        })),
      )
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
  const supply = await trx
    .selectFrom('fin_split_supply')
    .select(['id', 'party_id', 'base', 'share'])
    .where('split_id', '=', s.id)
    .orderBy('id')
    .execute();
  const before: Shares = {
    merchant: Number(s.merchant_share),
    owner: Number(s.owner_share),
    point: Number(s.point_share),
    fee: Number(s.platform_fee),
    suppliers: supply.map((x) => Number(x.share)),
  };
  const after = splitShares(
    Number(s.captured) - Number(s.refunded),
    { ownerBp: s.owner_bp, pointBp: s.point_bp, feeBp: s.fee_bp },
    { captured: Number(s.captured), bases: supply.map((x) => Number(x.base)) },
  );
  await trx
    .updateTable('fin_split')
    .set({
      merchant_share: after.merchant,
      owner_share: after.owner,
      point_share: after.point,
      platform_fee: after.fee,
      supplier_share: sum(after.suppliers),
    })
    .where('id', '=', s.id)
    .execute();
  for (const [n, x] of supply.entries())
    if (after.suppliers[n] !== before.suppliers[n])
      await trx.updateTable('fin_split_supply').set({ share: after.suppliers[n] }).where('id', '=', x.id).execute();
  const settled = s.status !== SPLIT_PENDING;
  const kind: AccountKind = settled ? 'available' : 'pending';
  const merchant = await merchantPartyId(trx, pc);
  const platform = await partyId(trx, pc, PLATFORM_PARTY);
  const parties: SplitParties = {
    merchant,
    owner: s.owner_party_id,
    point: s.point_party_id,
    platform,
    suppliers: supply.map((x) => x.party_id),
  };
  // 分账退回 and 退款 touch these accounts: taken in one order first (ledger.ts lockAccounts)
  await lockAccounts(trx, pc, [
    { partyId: platform, kind: 'channel' },
    ...[merchant, s.owner_party_id, s.point_party_id, platform, ...parties.suppliers].map((partyId) => ({ partyId, kind })),
  ]);
  // the others' shares come back to the merchant, which then pays the refund
  const back = {
    owner: after.owner - before.owner,
    point: after.point - before.point,
    fee: after.fee - before.fee,
    suppliers: after.suppliers.map((x, n) => x - before.suppliers[n]),
  };
  const toMerchant = -(back.owner + back.point + back.fee + sum(back.suppliers));
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

/**
 * The consigning suppliers of the sold units (fin_supply_rule, 代销协议): per supplier, its party (opened at its first
 * share) and Σ units × its settlement price, in supplier order.
 */
async function supplyOf(
  trx: Transaction<Database>,
  pc: { merchantId: number; now: number },
  lines: readonly { skuId: number; quantity: number }[],
): Promise<{ partyId: number; base: number }[]> {
  const skuIds = [...new Set(lines.map((l) => Number(l.skuId)))];
  if (skuIds.length === 0) return [];
  const rules = await trx
    .selectFrom('fin_supply_rule as r')
    .innerJoin('supplier as s', 's.id', 'r.supplier_id')
    .select(['r.sku_id', 'r.unit_price', 's.id as supplier_id', 's.name', 's.phone'])
    .where('r.merchant_id', '=', pc.merchantId)
    .where('r.sku_id', 'in', skuIds)
    .execute();
  if (rules.length === 0) return [];
  const bySupplier = new Map<number, { name: string; phone: string; base: number }>();
  for (const l of lines) {
    const r = rules.find((x) => Number(x.sku_id) === Number(l.skuId));
    if (!r || l.quantity <= 0) continue;
    const had = bySupplier.get(Number(r.supplier_id)) ?? { name: r.name, phone: r.phone, base: 0 };
    had.base += Number(l.quantity) * Number(r.unit_price);
    bySupplier.set(Number(r.supplier_id), had);
  }
  const out: { partyId: number; base: number }[] = [];
  for (const [supplierId, x] of [...bySupplier].sort((a, b) => a[0] - b[0]))
    if (x.base > 0)
      out.push({ partyId: await partyId(trx, pc, supplierParty({ id: supplierId, name: x.name, phone: x.phone })), base: x.base });
  return out;
}

/** The party of a supplier (供应商资金): its account opens at the first share a 代销协议 gives it. */
export const supplierParty = (s: { id: number; name: string; phone: string }) => ({
  type: 'supplier' as const,
  refKey: `supplier:${s.id}`,
  name: s.name,
  phone: s.phone,
});

/** The party of a point's owner: the point's contact, named with the point. */
export const pointParty = (deal: { pointId: number; pointName: string; contactName: string; contactPhone: string }) => ({
  type: 'point_owner' as const,
  refKey: `point:${deal.pointId}`,
  name: `${deal.contactName}（${deal.pointName}）`,
  phone: deal.contactPhone,
});

export type SplitRow = Selectable<FinSplitTable>;
