import { calendarDateOf } from '@merchant/contracts/core/business-time';
import type { Paged } from '@merchant/contracts/core/paging';
import { SPLIT_PENDING, SPLIT_SETTLED } from '@merchant/contracts/finance/finance-fields';
import type { settlementListInput, SettlementRow } from '@merchant/contracts/finance/split';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { generateCode } from '../../platform/business-code.ts';
import type { AppEnv, SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { contains } from '../../platform/like.ts';
import { merchantPartyId, partyId, PLATFORM_PARTY, post, type PostLine } from './ledger.ts';

// 结算 (docs/finance.md "结算"): T+1 — a split's shares wait in each party's 待结算 until the business day after its
// payment, then a settlement moves them to 可用 in one entry per bill (each party's lines summed) and writes the bill
// (结算单, 项目账单). A bill takes at most SETTLE_BATCH splits, each taken by a conditional update from 待结算, so a
// split is settled once however many servers sweep at the same time, and a refund racing it either comes first (the
// bill settles what is left) or after (it takes the difference back from 可用).

export const SETTLE_BATCH = 500;

/** Settles the merchant's splits due by `now`; returns how many and the bills written. */
export async function settleDue(
  env: AppEnv,
  merchantId: number,
  operatorName: string,
  now = env.clock.now(),
): Promise<{ settled: number; bills: string[] }> {
  const out = { settled: 0, bills: [] as string[] };
  for (;;) {
    const due = await env.db
      .selectFrom('fin_split')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('status', '=', SPLIT_PENDING)
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .orderBy('id')
      .limit(SETTLE_BATCH)
      .execute();
    if (due.length === 0) return out;
    const bill = await env.db.transaction().execute((trx) =>
      settleBatch(
        trx,
        merchantId,
        due.map((d) => d.id),
        operatorName,
        now,
        env.config.businessTimeZone,
      ),
    );
    if (bill) {
      out.settled += bill.count;
      out.bills.push(bill.settleNo);
    }
    if (due.length < SETTLE_BATCH) return out;
  }
}

async function settleBatch(
  trx: Transaction<Database>,
  merchantId: number,
  ids: number[],
  operatorName: string,
  now: number,
  timeZone: string,
): Promise<{ settleNo: string; count: number } | null> {
  const settleNo = await generateCode(
    'JS',
    now,
    async (code) =>
      !!(await trx
        .selectFrom('fin_settlement')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('settle_no', '=', code)
        .executeTakeFirst()),
  );
  const { id } = await trx
    .insertInto('fin_settlement')
    .values({ merchant_id: merchantId, settle_no: settleNo, business_day: '', operator_name: operatorName, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // taken from 待结算 by this update only (another sweep's bill took the rest)
  const rows = await trx
    .updateTable('fin_split')
    .set({ status: SPLIT_SETTLED, settlement_id: id, settled_at: now, version: sql`version + 1`, updated_at: now })
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .where('status', '=', SPLIT_PENDING)
    .returning(['id', 'merchant_share', 'owner_share', 'point_share', 'platform_fee', 'owner_party_id', 'point_party_id', 'due_at'])
    .execute();
  if (rows.length === 0) {
    await trx.deleteFrom('fin_settlement').where('id', '=', id).execute();
    return null;
  }
  const ctx = { merchantId, now, operatorName };
  const merchant = await merchantPartyId(trx, ctx);
  const platform = await partyId(trx, ctx, PLATFORM_PARTY);
  const byParty = new Map<number, number>();
  const add = (party: number, amount: number) => {
    if (party > 0 && amount) byParty.set(party, (byParty.get(party) ?? 0) + Number(amount));
  };
  const sums = { merchant: 0, owner: 0, point: 0, fee: 0, supplier: 0 };
  let lastDue = 0;
  for (const r of rows) {
    add(merchant, r.merchant_share);
    add(r.owner_party_id, r.owner_share);
    add(r.point_party_id, r.point_share);
    add(platform, r.platform_fee);
    sums.merchant += Number(r.merchant_share);
    sums.owner += Number(r.owner_share);
    sums.point += Number(r.point_share);
    sums.fee += Number(r.platform_fee);
    lastDue = Math.max(lastDue, Number(r.due_at));
  }
  // the consigning suppliers' shares of the same splits (in batches: a bill takes up to SETTLE_BATCH splits)
  for (let n = 0; n < rows.length; n += 250) {
    const supply = await trx
      .selectFrom('fin_split_supply')
      .select(['party_id', 'share'])
      .where(
        'split_id',
        'in',
        rows.slice(n, n + 250).map((r) => r.id),
      )
      .execute();
    for (const x of supply) {
      add(x.party_id, x.share);
      sums.supplier += Number(x.share);
    }
  }
  const lines: PostLine[] = [...byParty].flatMap(([party, amount]) => [
    { partyId: party, kind: 'pending' as const, amount: -amount },
    { partyId: party, kind: 'available' as const, amount },
  ]);
  await post(trx, ctx, {
    type: 'settle',
    refType: 'settlement',
    refNo: settleNo,
    postKey: `settle:${settleNo}`,
    memo: `结算${rows.length}笔分账（T+1）`,
    lines,
  });
  // the business day settled: the day before the last split's due day (its payment's day)
  await trx
    .updateTable('fin_settlement')
    .set({
      business_day: calendarDateOf(lastDue - 1, timeZone),
      split_count: rows.length,
      amount: sums.merchant + sums.owner + sums.point + sums.supplier + sums.fee,
      merchant_amount: sums.merchant,
      owner_amount: sums.owner,
      point_amount: sums.point,
      supplier_amount: sums.supplier,
      fee_amount: sums.fee,
    })
    .where('id', '=', id)
    .execute();
  return { settleNo, count: rows.length };
}

/** 立即结算: what is due now, as the person who asked. */
export const runNow = (ctx: SessionOpContext) => settleDue(ctx, ctx.merchantId, ctx.session.userName);

/** The merchants with splits due by `now` (the sweep's work list). */
export async function merchantsDue(db: Kysely<Database>, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('fin_split')
    .select('merchant_id')
    .distinct()
    .where('status', '=', SPLIT_PENDING)
    .where('due_at', '<=', now)
    .execute();
  return rows.map((r) => r.merchant_id);
}

const SETTLEMENT_SORT = { createdAt: 'created_at', amount: 'amount' } as const;

export function settlementQuery(ctx: SessionOpContext, i: Omit<z.output<typeof settlementListInput>, 'pageNum' | 'pageSize'>) {
  return ctx.db
    .selectFrom('fin_settlement')
    .selectAll()
    .where('merchant_id', '=', ctx.merchantId)
    .$if(!!i.settleNo, (q) => q.where(contains('settle_no', i.settleNo!.toUpperCase())))
    .$if(!!i.createdRange, (q) => q.where('created_at', '>=', i.createdRange![0]).where('created_at', '<=', i.createdRange![1]))
    .orderBy(SETTLEMENT_SORT[i.sortField ?? 'createdAt'], i.sortOrder === 'ascend' ? 'asc' : 'desc')
    .orderBy('id', i.sortOrder === 'ascend' ? 'asc' : 'desc');
}

export const settlementRow = (r: {
  settle_no: string;
  business_day: string;
  split_count: number;
  amount: number;
  merchant_amount: number;
  owner_amount: number;
  point_amount: number;
  supplier_amount: number;
  fee_amount: number;
  operator_name: string;
  created_at: number;
}): SettlementRow => ({
  settleNo: r.settle_no,
  businessDay: r.business_day,
  splitCount: Number(r.split_count),
  amount: Number(r.amount),
  merchantAmount: Number(r.merchant_amount),
  ownerAmount: Number(r.owner_amount),
  pointAmount: Number(r.point_amount),
  supplierAmount: Number(r.supplier_amount),
  feeAmount: Number(r.fee_amount),
  operatorName: r.operator_name,
  createdAt: Number(r.created_at),
});

export async function listSettlements(ctx: SessionOpContext, i: z.output<typeof settlementListInput>): Promise<Paged<SettlementRow>> {
  const page = await fetchPage(ctx.db, settlementQuery(ctx, i), i);
  return { ...page, list: page.list.map(settlementRow), pageNum: i.pageNum, pageSize: i.pageSize };
}
