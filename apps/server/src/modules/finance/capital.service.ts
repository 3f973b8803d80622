import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type { Paged } from '@merchant/contracts/core/paging';
import type {
  capitalListInput,
  CapitalRecord,
  capitalRecordInput,
  CapitalSummary,
  EntryDetail,
  PartyDetail,
  PartyRow,
} from '@merchant/contracts/finance/capital';
import {
  ACCOUNT_KINDS,
  ENTRY_TYPES,
  PARTY_TYPES,
  type AccountKind,
  type EntryType,
  type PartyType,
} from '@merchant/contracts/finance/finance-fields';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { maskPhone } from '@merchant/contracts/core/format';
import { historyPage } from '../../platform/record-history.ts';
import { PARTY_SUBJECT, partyByCode } from './party.ts';
import { pageByTime } from './time-page.ts';

// 资金账户 (docs/finance.md): the parties with their balances (the accounts' cached sums, which reconcile checks
// against the journal), a party's records (its journal lines) and an entry with all its lines.

const kindSum = (kind: AccountKind) =>
  sql<number>`coalesce(sum(case when a.kind = ${kind} then a.balance else 0 end), 0)`.as(kind === 'in_transit' ? 'in_transit' : kind);

function partiesQuery(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('fin_party as p')
    .leftJoin('fin_account as a', 'a.party_id', 'p.id')
    .select([
      'p.id',
      'p.party_code',
      'p.party_type',
      'p.name',
      'p.phone',
      'p.created_at',
      kindSum('available'),
      kindSum('frozen'),
      kindSum('pending'),
      kindSum('in_transit'),
      sql<number>`coalesce(max(a.updated_at), p.updated_at)`.as('updated_at'),
      (eb) =>
        eb
          .selectFrom('fin_bank_card as c')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('c.party_id', '=', 'p.id')
          .where('c.status', '=', 0)
          .as('card_count'),
    ])
    .where('p.merchant_id', '=', merchantId)
    .groupBy(['p.id', 'p.party_code', 'p.party_type', 'p.name', 'p.phone', 'p.created_at', 'p.updated_at']);
}
type PartyQueryRow = Awaited<ReturnType<ReturnType<typeof partiesQuery>['executeTakeFirstOrThrow']>>;

function partyRow(r: PartyQueryRow): PartyRow {
  const available = Number(r.available);
  const frozen = Number(r.frozen);
  const pending = Number(r.pending);
  const inTransit = Number(r.in_transit);
  return {
    partyCode: r.party_code,
    partyType: r.party_type,
    partyTypeName: PARTY_TYPES[r.party_type as PartyType] ?? r.party_type,
    name: r.name,
    phone: r.phone ? maskPhone(r.phone) : '',
    available,
    frozen,
    pending,
    inTransit,
    total: available + frozen + pending + inTransit,
    withdrawable: Math.max(0, available),
    cardCount: Number(r.card_count ?? 0),
    updatedAt: Number(r.updated_at),
  };
}

const SORT = { available: 'available', pending: 'pending', updatedAt: 'updated_at' } as const;

export function listQuery(ctx: SessionOpContext, i: Omit<z.output<typeof capitalListInput>, 'pageNum' | 'pageSize'>) {
  const dir = i.sortOrder === 'ascend' ? 'asc' : 'desc';
  return partiesQuery(ctx.db, ctx.merchantId)
    .$if(!!i.partyType, (q) => q.where('p.party_type', '=', i.partyType!))
    .$if(!!i.partyTypes?.length, (q) => q.where('p.party_type', 'in', i.partyTypes!))
    .$if(!!i.keyword, (q) =>
      q.where((eb) =>
        eb.or([contains('p.name', i.keyword!), contains('p.party_code', i.keyword!.toUpperCase()), contains('p.phone', i.keyword!)]),
      ),
    )
    .orderBy(sql.ref(SORT[i.sortField ?? 'updatedAt']), dir)
    .orderBy('p.id', dir);
}

export async function list(ctx: SessionOpContext, i: z.output<typeof capitalListInput>): Promise<Paged<PartyRow>> {
  const page = await fetchPage(ctx.db, listQuery(ctx, i), i);
  return { ...page, list: page.list.map(partyRow), pageNum: i.pageNum, pageSize: i.pageSize };
}
export const exportRows = (rows: PartyQueryRow[]) => rows.map(partyRow);

export async function summary(ctx: SessionOpContext): Promise<CapitalSummary> {
  const kinds = await ctx.db
    .selectFrom('fin_account')
    .select(['kind', sql<number>`coalesce(sum(balance), 0)`.as('total')])
    .where('merchant_id', '=', ctx.merchantId)
    .groupBy('kind')
    .execute();
  const of = (k: AccountKind) => Number(kinds.find((r) => r.kind === k)?.total ?? 0);
  const parties = await ctx.db
    .selectFrom('fin_party')
    .select(sql<number>`count(*)`.as('n'))
    .where('merchant_id', '=', ctx.merchantId)
    .executeTakeFirstOrThrow();
  const open = await ctx.db
    .selectFrom('fin_withdrawal')
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(amount), 0)`.as('amount')])
    .where('merchant_id', '=', ctx.merchantId)
    .where('status', 'in', [0, 1])
    .executeTakeFirstOrThrow();
  const available = of('available');
  const frozen = of('frozen');
  const pending = of('pending');
  const inTransit = of('in_transit');
  return {
    available,
    frozen,
    pending,
    inTransit,
    total: available + frozen + pending + inTransit,
    channelHeld: -of('channel'),
    partyCount: Number(parties.n),
    openWithdrawals: Number(open.n),
    openWithdrawalAmount: Number(open.amount),
  };
}

export async function detail(ctx: SessionOpContext, partyCode: string): Promise<PartyDetail> {
  const party = await partyByCode(ctx.db, ctx.merchantId, partyCode);
  const r = await partiesQuery(ctx.db, ctx.merchantId).where('p.id', '=', party.id).executeTakeFirstOrThrow();
  const share = {
    merchant: 'merchant_share',
    cabinet_owner: 'owner_share',
    point_owner: 'point_share',
    platform: 'platform_fee',
    supplier: null,
  } as const;
  const column = share[party.party_type as PartyType];
  let income = 0;
  if (column) {
    const q = ctx.db
      .selectFrom('fin_split')
      .select(sql<number>`coalesce(sum(${sql.ref(column)}), 0)`.as('s'))
      .where('merchant_id', '=', ctx.merchantId)
      .$if(party.party_type === 'cabinet_owner', (q) => q.where('owner_party_id', '=', party.id))
      .$if(party.party_type === 'point_owner', (q) => q.where('point_party_id', '=', party.id));
    income = Number((await q.executeTakeFirstOrThrow()).s);
  }
  const withdrawn = await ctx.db
    .selectFrom('fin_withdrawal')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('s'))
    .where('party_id', '=', party.id)
    .where('status', '=', 2)
    .executeTakeFirstOrThrow();
  return { ...partyRow(r), totalIncome: income, totalWithdrawn: Number(withdrawn.s), createdAt: Number(party.created_at) };
}

// ---------------------------------------------------------------- records

/** The channel of an order behind a line ('' when none): where its detail page is. */
const orderChannel = (merchantId: number) =>
  sql<string>`coalesce((select s.channel from fin_split s where s.merchant_id = ${merchantId} and s.order_no = l.order_no and l.order_no <> '' limit 1), '')`.as(
    'order_channel',
  );

function recordsQuery(ctx: SessionOpContext, i: z.output<typeof capitalRecordInput>) {
  return ctx.db
    .selectFrom('fin_entry_line as l')
    .innerJoin('fin_entry as e', 'e.id', 'l.entry_id')
    .select([
      'l.id',
      'l.kind',
      'l.amount',
      'l.balance_after',
      'l.entry_type',
      'l.ref_no',
      'l.order_no',
      'l.created_at',
      'e.entry_no',
      'e.memo',
      orderChannel(ctx.merchantId),
    ])
    .where('l.party_id', '=', (eb) =>
      eb.selectFrom('fin_party').select('id').where('merchant_id', '=', ctx.merchantId).where('party_code', '=', i.partyCode.toUpperCase()),
    )
    .$if(!!i.kind, (q) => q.where('l.kind', '=', i.kind!))
    .$if(!!i.entryType, (q) => q.where('l.entry_type', '=', i.entryType!))
    .$if(!!i.orderNo, (q) => q.where('l.order_no', '=', i.orderNo!.toUpperCase()))
    .$if(!!i.createdRange, (q) => q.where('l.created_at', '>=', i.createdRange![0]).where('l.created_at', '<=', i.createdRange![1]));
}
type RecordQueryRow = Awaited<ReturnType<ReturnType<typeof recordsQuery>['executeTakeFirstOrThrow']>>;

function recordRow(r: RecordQueryRow): CapitalRecord {
  return {
    id: r.id,
    entryNo: r.entry_no,
    entryType: r.entry_type,
    entryTypeName: ENTRY_TYPES[r.entry_type as EntryType] ?? r.entry_type,
    kind: r.kind,
    kindName: ACCOUNT_KINDS[r.kind as AccountKind] ?? r.kind,
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    refNo: r.ref_no,
    orderNo: r.order_no,
    orderChannel: r.order_channel,
    memo: r.memo,
    createdAt: Number(r.created_at),
  };
}

export async function records(ctx: SessionOpContext, i: z.output<typeof capitalRecordInput>): Promise<KeysetPage<CapitalRecord>> {
  await partyByCode(ctx.db, ctx.merchantId, i.partyCode);
  const page = await pageByTime(
    ctx,
    recordsQuery(ctx, i),
    { key: 'createdAt', column: 'l.created_at', value: (r) => Number(r.created_at), idColumn: 'l.id' },
    i,
  );
  return { ...page, list: page.list.map(recordRow) };
}

/** The records export: the same filters, newest first. */
export const recordsExportQuery = (ctx: SessionOpContext, i: z.output<typeof capitalRecordInput>) =>
  recordsQuery(ctx, i).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc');
export const recordExportRows = (rows: RecordQueryRow[]) => rows.map(recordRow);

// ---------------------------------------------------------------- entries

async function entriesWith(ctx: SessionOpContext, where: { entryNo?: string; orderNo?: string }): Promise<EntryDetail[]> {
  const entries = await ctx.db
    .selectFrom('fin_entry')
    .selectAll()
    .where('merchant_id', '=', ctx.merchantId)
    .$if(!!where.entryNo, (q) => q.where('entry_no', '=', where.entryNo!))
    .$if(!!where.orderNo, (q) => q.where('order_no', '=', where.orderNo!))
    .orderBy('id')
    .limit(200)
    .execute();
  if (!entries.length) return [];
  const lines = await ctx.db
    .selectFrom('fin_entry_line as l')
    .innerJoin('fin_party as p', 'p.id', 'l.party_id')
    .select(['l.entry_id', 'l.kind', 'l.amount', 'l.balance_after', 'p.party_code', 'p.name', 'p.party_type'])
    .where(
      'l.entry_id',
      'in',
      entries.map((e) => e.id),
    )
    .orderBy('l.id')
    .execute();
  const channels = await ctx.db
    .selectFrom('fin_split')
    .select(['order_no', 'channel'])
    .where('merchant_id', '=', ctx.merchantId)
    .where('order_no', 'in', [...new Set(entries.map((e) => e.order_no).filter(Boolean)), ''])
    .execute();
  const channelOf = new Map(channels.map((c) => [c.order_no, c.channel]));
  return entries.map((e) => ({
    entryNo: e.entry_no,
    type: e.type,
    typeName: ENTRY_TYPES[e.type as EntryType] ?? e.type,
    refType: e.ref_type,
    refNo: e.ref_no,
    orderNo: e.order_no,
    orderChannel: channelOf.get(e.order_no) ?? '',
    amount: Number(e.amount),
    memo: e.memo,
    operatorName: e.operator_name,
    createdAt: Number(e.created_at),
    lines: lines
      .filter((l) => l.entry_id === e.id)
      .map((l) => ({
        partyCode: l.party_code,
        partyName: l.name,
        partyTypeName: PARTY_TYPES[l.party_type as PartyType] ?? l.party_type,
        kind: l.kind,
        kindName: ACCOUNT_KINDS[l.kind as AccountKind] ?? l.kind,
        amount: Number(l.amount),
        balanceAfter: Number(l.balance_after),
      })),
  }));
}

export async function entry(ctx: SessionOpContext, entryNo: string): Promise<EntryDetail> {
  const [e] = await entriesWith(ctx, { entryNo: entryNo.trim().toUpperCase() });
  if (!e) throw notFound('记账凭证');
  return e;
}

export const orderEntries = (ctx: SessionOpContext, orderNo: string) => entriesWith(ctx, { orderNo: orderNo.trim().toUpperCase() });

export async function parties(ctx: SessionOpContext, keyword?: string) {
  const rows = await ctx.db
    .selectFrom('fin_party')
    .select(['party_code', 'name', 'party_type'])
    .where('merchant_id', '=', ctx.merchantId)
    .$if(!!keyword, (q) => q.where((eb) => eb.or([contains('name', keyword!), contains('party_code', keyword!.toUpperCase())])))
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    partyCode: r.party_code,
    name: r.name,
    partyTypeName: PARTY_TYPES[r.party_type as PartyType] ?? r.party_type,
  }));
}

/** A party's history: its bank cards bound, unbound and made default (bank-card.service.ts writes it). */
export async function history(ctx: SessionOpContext, i: { partyCode: string; pageNum: number; pageSize: number }) {
  const party = await partyByCode(ctx.db, ctx.merchantId, i.partyCode);
  return historyPage(ctx, PARTY_SUBJECT, party.party_code, i);
}
