import { PAYMENT_PAID, REFUND_DONE } from '@merchant/contracts/payment/payment-fields';
import { SPLIT_PENDING } from '@merchant/contracts/finance/finance-fields';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { LedgerCheck } from '../../platform/reconcile.ts';

/**
 * The money ledger (docs/finance.md "对账"): every entry's lines sum to zero and its amount is Σ of its credits; every
 * account's cached balance is Σ of its lines and its last line's balance-after; 待结算, 冻结 and 在途 are never below
 * zero; every paid payment has its 收款 entry and its split, every refund done its 退款 entry; a split's shares (the
 * consigning suppliers' too, each within its base) add up to what was captured less what was refunded, and it names
 * its payment's amount and done refunds; each party's 待结算 is Σ of its unsettled shares, its 冻结 Σ of its open
 * freezes and its 在途 Σ of its open withdrawals.
 */
export const check: LedgerCheck = {
  name: '资金账 = 凭证借贷平衡 = 余额 = 支付与退款 = 分账 (the money ledger)',
  async run(db, merchantId) {
    return [
      ...(await unbalanced(db, merchantId)),
      ...(await balances(db, merchantId)),
      ...(await payments(db, merchantId)),
      ...(await splits(db, merchantId)),
      ...(await heldAmounts(db, merchantId)),
    ];
  },
};

async function unbalanced(db: Kysely<Database>, merchantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('fin_entry as e')
    .leftJoin('fin_entry_line as l', 'l.entry_id', 'e.id')
    .select([
      'e.entry_no',
      'e.amount',
      sql<number>`coalesce(sum(l.amount), 0)`.as('sum'),
      sql<number>`coalesce(sum(case when l.amount > 0 then l.amount else 0 end), 0)`.as('credits'),
      sql<number>`count(l.id)`.as('n'),
    ])
    .where('e.merchant_id', '=', merchantId)
    .groupBy(['e.id', 'e.entry_no', 'e.amount'])
    .having((eb) =>
      eb.or([
        eb(sql`coalesce(sum(l.amount), 0)`, '<>', 0),
        eb(sql`coalesce(sum(case when l.amount > 0 then l.amount else 0 end), 0)`, '<>', eb.ref('e.amount')),
        eb(sql`count(l.id)`, '<', 2),
      ]),
    )
    .execute();
  return rows.map((r) => `凭证${r.entry_no}：${r.n}条分录合计${r.sum}分（应为0），贷方${r.credits}分，凭证金额${r.amount}分`);
}

async function balances(db: Kysely<Database>, merchantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('fin_account as a')
    .innerJoin('fin_party as p', 'p.id', 'a.party_id')
    .select([
      'p.party_code',
      'a.kind',
      'a.balance',
      'a.line_count',
      (eb) =>
        eb
          .selectFrom('fin_entry_line as l')
          .select(sql<number>`coalesce(sum(l.amount), 0)`.as('s'))
          .whereRef('l.account_id', '=', 'a.id')
          .as('sum'),
      (eb) =>
        eb
          .selectFrom('fin_entry_line as l')
          .select(sql<number>`count(*)`.as('c'))
          .whereRef('l.account_id', '=', 'a.id')
          .as('count'),
      (eb) =>
        eb
          .selectFrom('fin_entry_line as l')
          .select('l.balance_after')
          .whereRef('l.account_id', '=', 'a.id')
          .orderBy('l.id', 'desc')
          .limit(1)
          .as('last_after'),
    ])
    .where('a.merchant_id', '=', merchantId)
    .execute();
  const out: string[] = [];
  for (const r of rows) {
    const balance = Number(r.balance);
    if (balance !== Number(r.sum ?? 0) || Number(r.line_count) !== Number(r.count ?? 0))
      out.push(`账户${r.party_code}/${r.kind}：余额${balance}分，分录合计${r.sum}分（${r.count}条，记为${r.line_count}条）`);
    else if (r.last_after !== null && r.last_after !== undefined && Number(r.last_after) !== balance)
      out.push(`账户${r.party_code}/${r.kind}：余额${balance}分，最后一条分录的变动后余额${r.last_after}分`);
    if (['pending', 'frozen', 'in_transit'].includes(r.kind) && balance < 0)
      out.push(`账户${r.party_code}/${r.kind}：余额为负（${balance}分）`);
  }
  return out;
}

async function payments(db: Kysely<Database>, merchantId: number): Promise<string[]> {
  const uncaptured = await db
    .selectFrom('payment as p')
    .select('p.pay_no')
    .where('p.merchant_id', '=', merchantId)
    .where('p.status', '=', PAYMENT_PAID)
    .where((eb) =>
      eb.or([
        eb.not(
          eb.exists(
            eb
              .selectFrom('fin_entry as e')
              .select('e.id')
              .where('e.merchant_id', '=', merchantId)
              .where('e.post_key', '=', sql<string>`${'capture:'} || p.pay_no`),
          ),
        ),
        eb.not(
          eb.exists(
            eb.selectFrom('fin_split as s').select('s.id').where('s.merchant_id', '=', merchantId).whereRef('s.pay_no', '=', 'p.pay_no'),
          ),
        ),
      ]),
    )
    .limit(100)
    .execute();
  const unrefunded = await db
    .selectFrom('payment_refund as r')
    .select('r.refund_no')
    .where('r.merchant_id', '=', merchantId)
    .where('r.status', '=', REFUND_DONE)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('fin_entry as e')
            .select('e.id')
            .where('e.merchant_id', '=', merchantId)
            .where('e.post_key', '=', sql<string>`${'refund:'} || r.refund_no`),
        ),
      ),
    )
    .limit(100)
    .execute();
  return [
    ...uncaptured.map((p) => `支付单${p.pay_no}已支付，但没有收款凭证或分账`),
    ...unrefunded.map((r) => `退款单${r.refund_no}已退款，但没有退款凭证`),
  ];
}

async function splits(db: Kysely<Database>, merchantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('fin_split as s')
    .innerJoin('payment as p', (j) => j.onRef('p.pay_no', '=', 's.pay_no').onRef('p.merchant_id', '=', 's.merchant_id'))
    .select([
      's.pay_no',
      's.captured',
      's.refunded',
      's.merchant_share',
      's.owner_share',
      's.point_share',
      's.platform_fee',
      's.supplier_share',
      'p.amount',
      (eb) =>
        eb
          .selectFrom('fin_split_supply as x')
          .select(sql<number>`coalesce(sum(x.share), 0)`.as('x'))
          .whereRef('x.split_id', '=', 's.id')
          .as('supply_sum'),
      (eb) =>
        eb
          .selectFrom('fin_split_supply as x')
          .select(sql<number>`count(*)`.as('x'))
          .whereRef('x.split_id', '=', 's.id')
          .where((w) => w.or([w('x.share', '<', 0), w('x.share', '>', w.ref('x.base'))]))
          .as('supply_bad'),
      'p.status',
      (eb) =>
        eb
          .selectFrom('payment_refund as r')
          .select(sql<number>`coalesce(sum(r.amount), 0)`.as('d'))
          .whereRef('r.payment_id', '=', 'p.id')
          .where('r.status', '=', REFUND_DONE)
          .as('done'),
    ])
    .where('s.merchant_id', '=', merchantId)
    .execute();
  const out: string[] = [];
  for (const r of rows) {
    const net = Number(r.captured) - Number(r.refunded);
    const shares =
      Number(r.merchant_share) + Number(r.owner_share) + Number(r.point_share) + Number(r.supplier_share) + Number(r.platform_fee);
    if (shares !== net) out.push(`分账${r.pay_no}：各方合计${shares}分，实收减退款${net}分`);
    if ([r.merchant_share, r.owner_share, r.point_share, r.supplier_share, r.platform_fee].some((v) => Number(v) < 0))
      out.push(`分账${r.pay_no}：有负的分账金额`);
    if (Number(r.supply_sum ?? 0) !== Number(r.supplier_share))
      out.push(`分账${r.pay_no}：供应商代销合计${r.supplier_share}分，各供应商分账之和${r.supply_sum}分`);
    if (Number(r.supply_bad ?? 0) > 0) out.push(`分账${r.pay_no}：有供应商分账为负或超过其代销金额`);
    if (Number(r.captured) !== Number(r.amount) || Number(r.status) !== PAYMENT_PAID)
      out.push(`分账${r.pay_no}：实收${r.captured}分，支付单金额${r.amount}分（状态${r.status}）`);
    if (Number(r.refunded) !== Number(r.done ?? 0)) out.push(`分账${r.pay_no}：记退款${r.refunded}分，支付单已退款${r.done}分`);
  }
  return out;
}

/** 待结算 = unsettled shares, 冻结 = open freezes, 在途 = open withdrawals, per party. */
async function heldAmounts(db: Kysely<Database>, merchantId: number): Promise<string[]> {
  const accounts = await db
    .selectFrom('fin_account as a')
    .innerJoin('fin_party as p', 'p.id', 'a.party_id')
    .select(['a.party_id', 'a.kind', 'a.balance', 'p.party_code', 'p.party_type'])
    .where('a.merchant_id', '=', merchantId)
    .where('a.kind', 'in', ['pending', 'frozen', 'in_transit'])
    .execute();
  const pending = await db
    .selectFrom('fin_split')
    .select([sql<number>`coalesce(sum(merchant_share), 0)`.as('merchant'), sql<number>`coalesce(sum(platform_fee), 0)`.as('fee')])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', SPLIT_PENDING)
    .executeTakeFirstOrThrow();
  const owners = await db
    .selectFrom('fin_split')
    .select(['owner_party_id as party', sql<number>`sum(owner_share)`.as('s')])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', SPLIT_PENDING)
    .groupBy('owner_party_id')
    .execute();
  const points = await db
    .selectFrom('fin_split')
    .select(['point_party_id as party', sql<number>`sum(point_share)`.as('s')])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', SPLIT_PENDING)
    .groupBy('point_party_id')
    .execute();
  const suppliers = await db
    .selectFrom('fin_split_supply as x')
    .innerJoin('fin_split as s', 's.id', 'x.split_id')
    .select(['x.party_id as party', sql<number>`sum(x.share)`.as('s')])
    .where('s.merchant_id', '=', merchantId)
    .where('s.status', '=', SPLIT_PENDING)
    .groupBy('x.party_id')
    .execute();
  const frozen = await db
    .selectFrom('fin_freeze')
    .select(['party_id as party', sql<number>`sum(amount)`.as('s')])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 0)
    .groupBy('party_id')
    .execute();
  const transit = await db
    .selectFrom('fin_withdrawal')
    .select(['party_id as party', sql<number>`sum(amount)`.as('s')])
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', [0, 1])
    .groupBy('party_id')
    .execute();
  const byParty = (rows: { party: number; s: number }[]) => new Map(rows.map((r) => [r.party, Number(r.s)]));
  const owner = byParty(owners);
  const point = byParty(points);
  const supplier = byParty(suppliers);
  const frozenOf = byParty(frozen);
  const transitOf = byParty(transit);
  const out: string[] = [];
  const partyIds = new Set(accounts.map((a) => a.party_id));
  for (const id of partyIds) {
    const of = (kind: string) => Number(accounts.find((a) => a.party_id === id && a.kind === kind)?.balance ?? 0);
    const a = accounts.find((x) => x.party_id === id)!;
    const expectPending =
      (a.party_type === 'merchant' ? Number(pending.merchant) : 0) +
      (a.party_type === 'platform' ? Number(pending.fee) : 0) +
      (owner.get(id) ?? 0) +
      (point.get(id) ?? 0) +
      (supplier.get(id) ?? 0);
    if (of('pending') !== expectPending) out.push(`账户${a.party_code}：待结算${of('pending')}分，未结算分账合计${expectPending}分`);
    if (of('frozen') !== (frozenOf.get(id) ?? 0))
      out.push(`账户${a.party_code}：冻结${of('frozen')}分，冻结中的冻结单合计${frozenOf.get(id) ?? 0}分`);
    if (of('in_transit') !== (transitOf.get(id) ?? 0))
      out.push(`账户${a.party_code}：在途${of('in_transit')}分，未完成提现合计${transitOf.get(id) ?? 0}分`);
  }
  return out;
}
