import { ENTRY_TYPES, type AccountKind, type EntryType, type PartyType } from '@merchant/contracts/finance/finance-fields';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { drawSerialCode, drawVolumeCode, generateCode } from '../../platform/business-code.ts';

// The money ledger (DESIGN §5a, docs/finance.md): the one writer of fin_entry, fin_entry_line and fin_account.
// Every money event is one entry whose lines sum to zero, posted in the caller's transaction (the business change and
// its money commit together or not at all). An account's balance changes only here, by a conditional update that
// refuses to take a floored account below zero — under concurrency too, on SQLite and PostgreSQL — so a balance can
// never be overdrawn by two requests at once. Accounts are updated in id order, so two postings never deadlock.

type Db = Kysely<Database> | Transaction<Database>;

/** Accounts that may never go below zero (支付通道 holds minus everyone's money: it has no floor). */
const FLOORED: Readonly<Record<AccountKind, boolean>> = {
  available: true,
  frozen: true,
  pending: true,
  in_transit: true,
  channel: false,
};

export interface PostLine {
  partyId: number;
  kind: AccountKind;
  /** Signed cents: + the party's balance grows, − it shrinks. */
  amount: number;
  /**
   * May take a floored account below zero: only a refund's reversal of shares already settled (the consumer's money
   * goes back whatever the party holds; the debt is paid from its next income).
   */
  mayOverdraw?: boolean;
}

export interface Posting {
  type: EntryType;
  refType: string;
  refNo: string;
  /** The order behind it, when there is one. */
  orderNo?: string;
  /** One posting per event (capture:<payNo>, refund:<refundNo>, …): a second post of the same key does nothing. */
  postKey: string;
  memo?: string;
  lines: PostLine[];
}

export interface PostContext {
  merchantId: number;
  now: number;
  operatorName: string;
}

/** Who posts, when, for which merchant: the operation's own session and clock. */
export const postContextOf = (ctx: SessionOpContext): PostContext => ({
  merchantId: ctx.merchantId,
  now: ctx.clock.now(),
  operatorName: ctx.session.userName,
});

/** The journal's one-entry-per-event index: a code drawn twice at once collides here as well as on its document. */
export const ENTRY_KEY_INDEX = { index: 'fin_entry_key_uq', table: 'fin_entry', columns: ['merchant_id', 'post_key'] } as const;

/** A floored account would go below zero: nothing of the posting is written (the caller's transaction rolls back). */
export class InsufficientBalance extends Error {
  constructor(
    readonly partyId: number,
    readonly kind: AccountKind,
    /** The balance the account had. */
    readonly balance: number,
  ) {
    super(`account ${partyId}/${kind} has ${balance}`);
  }
}

/** Lines of the same account merged, zero lines dropped. */
function mergeLines(lines: PostLine[]): PostLine[] {
  const byAccount = new Map<string, PostLine>();
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount)) throw new Error(`ledger: amount ${l.amount} is not an integer of cents`);
    const key = `${l.partyId}:${l.kind}`;
    const had = byAccount.get(key);
    byAccount.set(key, had ? { ...had, amount: had.amount + l.amount, mayOverdraw: had.mayOverdraw || l.mayOverdraw } : { ...l });
  }
  return [...byAccount.values()].filter((l) => l.amount !== 0);
}

/**
 * Posts one balanced entry. Returns it, or null when nothing moves (every line zero) or the event was posted before
 * (its post key exists). Throws InsufficientBalance when a floored account would go below zero.
 */
export async function post(trx: Transaction<Database>, ctx: PostContext, p: Posting): Promise<{ id: number; entryNo: string } | null> {
  const lines = mergeLines(p.lines);
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  if (sum !== 0) throw new Error(`ledger: entry ${p.postKey} does not balance (${sum})`);
  if (lines.length === 0) return null;
  const posted = await trx
    .selectFrom('fin_entry')
    .select('id')
    .where('merchant_id', '=', ctx.merchantId)
    .where('post_key', '=', p.postKey)
    .executeTakeFirst();
  if (posted) return null;

  const accounts = await accountsOf(trx, ctx, lines);
  const entryNo = await generateCode(
    'JZ',
    ctx.now,
    async (code) =>
      !!(await trx
        .selectFrom('fin_entry')
        .select('id')
        .where('merchant_id', '=', ctx.merchantId)
        .where('entry_no', '=', code)
        .executeTakeFirst()),
    () => drawVolumeCode('JZ', ctx.now),
  );
  const gross = lines.reduce((s, l) => s + Math.max(0, l.amount), 0);
  const { id } = await trx
    .insertInto('fin_entry')
    .values({
      merchant_id: ctx.merchantId,
      entry_no: entryNo,
      type: p.type,
      ref_type: p.refType,
      ref_no: p.refNo,
      order_no: p.orderNo ?? '',
      post_key: p.postKey,
      amount: gross,
      memo: (p.memo ?? ENTRY_TYPES[p.type]).slice(0, 200),
      operator_name: ctx.operatorName.slice(0, 64),
      created_at: ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const ordered = lines
    .map((l) => ({ line: l, accountId: accounts.get(`${l.partyId}:${l.kind}`)! }))
    .sort((a, b) => a.accountId - b.accountId);
  for (const { line, accountId } of ordered) {
    const guard = FLOORED[line.kind] && !line.mayOverdraw && line.amount < 0;
    const after = await trx
      .updateTable('fin_account')
      .set({
        balance: sql`balance + ${line.amount}`,
        line_count: sql`line_count + 1`,
        version: sql`version + 1`,
        updated_at: ctx.now,
      })
      .where('id', '=', accountId)
      .$if(guard, (q) => q.where(sql<number>`balance + ${line.amount}`, '>=', 0))
      .returning('balance')
      .executeTakeFirst();
    if (!after) {
      const had = await trx.selectFrom('fin_account').select('balance').where('id', '=', accountId).executeTakeFirstOrThrow();
      throw new InsufficientBalance(line.partyId, line.kind, Number(had.balance));
    }
    await trx
      .insertInto('fin_entry_line')
      .values({
        merchant_id: ctx.merchantId,
        entry_id: id,
        account_id: accountId,
        party_id: line.partyId,
        kind: line.kind,
        amount: line.amount,
        balance_after: Number(after.balance),
        entry_type: p.type,
        ref_no: p.refNo,
        order_no: p.orderNo ?? '',
        created_at: ctx.now,
      })
      .execute();
  }
  return { id, entryNo };
}

/**
 * Takes the accounts a transaction will post to, in id order, before it posts several entries (收款 then 分账, 分账退回
 * then 退款): each entry alone updates its accounts in id order, but two entries in a row could lock one account before
 * another that a concurrent transaction's entries take the other way round — a deadlock on PostgreSQL. Opens missing
 * accounts. SQLite runs one writer at a time: opening them is all.
 */
export async function lockAccounts(
  trx: Transaction<Database>,
  ctx: PostContext,
  accounts: { partyId: number; kind: AccountKind }[],
): Promise<void> {
  const wanted = accounts.filter((a) => a.partyId > 0).map((a) => ({ ...a, amount: 0 }));
  if (!wanted.length) return;
  const ids = [...new Set((await accountsOf(trx, ctx, wanted)).values())].sort((a, b) => a - b);
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await trx.selectFrom('fin_account').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/** The accounts of the lines by `party:kind`, opened when a party has none of that kind yet. */
async function accountsOf(trx: Transaction<Database>, ctx: PostContext, lines: PostLine[]): Promise<Map<string, number>> {
  const partyIds = [...new Set(lines.map((l) => l.partyId))];
  const find = () => trx.selectFrom('fin_account').select(['id', 'party_id', 'kind']).where('party_id', 'in', partyIds).execute();
  let rows = await find();
  const key = (partyId: number, kind: string) => `${partyId}:${kind}`;
  const have = new Set(rows.map((r) => key(r.party_id, r.kind)));
  const missing = lines.filter((l) => !have.has(key(l.partyId, l.kind)));
  if (missing.length) {
    await trx
      .insertInto('fin_account')
      .values(
        missing.map((l) => ({ merchant_id: ctx.merchantId, party_id: l.partyId, kind: l.kind, created_at: ctx.now, updated_at: ctx.now })),
      )
      .onConflict((oc) => oc.columns(['party_id', 'kind']).doNothing())
      .execute();
    rows = await find();
  }
  return new Map(rows.map((r) => [key(r.party_id, r.kind), r.id]));
}

// ---------------------------------------------------------------- parties

export interface PartyRef {
  type: PartyType;
  /** 'merchant', 'platform', 'point:<id>', 'supplier:<id>', 'owner:<phone>'. */
  refKey: string;
  name: string;
  phone?: string;
}

export const MERCHANT_PARTY: Omit<PartyRef, 'name'> = { type: 'merchant', refKey: 'merchant' };
export const PLATFORM_PARTY: PartyRef = { type: 'platform', refKey: 'platform', name: '平台' };

/** The party's id, the party opened (with an FP code) when the merchant has none for `refKey` yet. */
export async function partyId(trx: Transaction<Database>, ctx: Pick<PostContext, 'merchantId' | 'now'>, ref: PartyRef): Promise<number> {
  const find = () =>
    trx.selectFrom('fin_party').select('id').where('merchant_id', '=', ctx.merchantId).where('ref_key', '=', ref.refKey).executeTakeFirst();
  const had = await find();
  if (had) return had.id;
  const code = await generateCode(
    'FP',
    0,
    async (c) =>
      !!(await trx
        .selectFrom('fin_party')
        .select('id')
        .where('merchant_id', '=', ctx.merchantId)
        .where('party_code', '=', c)
        .executeTakeFirst()),
    () => drawSerialCode('FP'),
  );
  await trx
    .insertInto('fin_party')
    .values({
      merchant_id: ctx.merchantId,
      party_code: code,
      party_type: ref.type,
      ref_key: ref.refKey,
      name: ref.name.slice(0, 64),
      phone: ref.phone ?? '',
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'ref_key']).doNothing())
    .execute();
  return (await find())!.id;
}

/** The merchant's own party (named after the merchant). */
export async function merchantPartyId(trx: Transaction<Database>, ctx: Pick<PostContext, 'merchantId' | 'now'>): Promise<number> {
  const m = await trx.selectFrom('merchant').select('name').where('id', '=', ctx.merchantId).executeTakeFirstOrThrow();
  return partyId(trx, ctx, { ...MERCHANT_PARTY, name: m.name });
}

/** A party's balances by kind (0 for a kind it has no account of). */
export async function balancesOf(db: Db, partyIds: number[]): Promise<Map<number, Record<AccountKind, number>>> {
  const out = new Map<number, Record<AccountKind, number>>();
  if (!partyIds.length) return out;
  const rows = await db.selectFrom('fin_account').select(['party_id', 'kind', 'balance']).where('party_id', 'in', partyIds).execute();
  for (const id of partyIds) out.set(id, { available: 0, frozen: 0, pending: 0, in_transit: 0, channel: 0 });
  for (const r of rows) out.get(r.party_id)![r.kind as AccountKind] = Number(r.balance);
  return out;
}
