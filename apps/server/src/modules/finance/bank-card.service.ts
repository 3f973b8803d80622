import { BANKS, maskCardNo, type BankCard, type bankCardAddInput, type BankCode } from '@merchant/contracts/finance/bank-card';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { PARTY_SUBJECT, partyByCode } from './party.ts';

// 银行卡 (docs/finance.md "银行卡"): the cards a party withdraws to; one of them is its default. The whole number is
// kept for paying out, and every answer masks it. A card with a withdrawal under way cannot be unbound.

const ACTIVE = 0;
const UNBOUND = 1;

type Db = Kysely<Database> | Transaction<Database>;

function cardView(r: {
  id: number;
  bank_code: string;
  bank_name: string;
  holder_name: string;
  card_no: string;
  is_default: number;
  created_at: number;
  version: number;
}): BankCard {
  return {
    id: r.id,
    bankCode: r.bank_code,
    bankName: r.bank_name,
    holderName: r.holder_name,
    cardNo: maskCardNo(r.card_no),
    isDefault: Number(r.is_default) === 1,
    createdAt: Number(r.created_at),
    version: Number(r.version),
  };
}

const activeCards = (db: Db, merchantId: number, partyId: number) =>
  db
    .selectFrom('fin_bank_card')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('party_id', '=', partyId)
    .where('status', '=', ACTIVE)
    .orderBy('is_default', 'desc')
    .orderBy('id');

export async function list(ctx: SessionOpContext, partyCode: string): Promise<BankCard[]> {
  const party = await partyByCode(ctx.db, ctx.merchantId, partyCode);
  return (await activeCards(ctx.db, ctx.merchantId, party.id).execute()).map(cardView);
}

export const banks = () => Object.entries(BANKS).map(([code, name]) => ({ code, name }));

async function cardOf(db: Db, merchantId: number, id: number) {
  const c = await db
    .selectFrom('fin_bank_card as c')
    .innerJoin('fin_party as p', 'p.id', 'c.party_id')
    .selectAll('c')
    .select(['p.party_code', 'p.name as party_name'])
    .where('c.merchant_id', '=', merchantId)
    .where('c.id', '=', id)
    .where('c.status', '=', ACTIVE)
    .executeTakeFirst();
  if (!c) throw notFound('银行卡');
  return c;
}

export async function add(ctx: SessionOpContext, i: z.output<typeof bankCardAddInput>): Promise<BankCard> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const party = await partyByCode(trx, ctx.merchantId, i.partyCode);
    if (party.party_type === 'platform') throw conflict('平台账户不能绑定银行卡');
    const cards = await activeCards(trx, ctx.merchantId, party.id).execute();
    if (cards.some((c) => c.card_no === i.cardNo)) throw conflict('该银行卡已绑定在此账户');
    if (cards.length >= 10) throw conflict('每个资金账户最多绑定10张银行卡');
    const isDefault = i.isDefault || cards.length === 0;
    const now = ctx.clock.now();
    if (isDefault)
      await trx
        .updateTable('fin_bank_card')
        .set({ is_default: 0, version: sql`version + 1`, updated_at: now })
        .where('party_id', '=', party.id)
        .where('is_default', '=', 1)
        .execute();
    const { id } = await trx
      .insertInto('fin_bank_card')
      .values({
        merchant_id: ctx.merchantId,
        party_id: party.id,
        bank_code: i.bankCode,
        bank_name: BANKS[i.bankCode as BankCode],
        holder_name: i.holderName,
        card_no: i.cardNo,
        is_default: isDefault ? 1 : 0,
        created_by: ctx.session.accountId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeHistory(trx, ctx, {
      subject: PARTY_SUBJECT,
      subjectId: party.party_code,
      action: 'card-add',
      actionLabel: '绑定银行卡',
      remark: `${BANKS[i.bankCode as BankCode]} ${maskCardNo(i.cardNo)}（${i.holderName}）${isDefault ? '，设为默认' : ''}`,
    });
    return id;
  });
  return cardView(await cardOf(ctx.db, ctx.merchantId, id));
}

export async function setDefault(ctx: SessionOpContext, i: { id: number; version: number }): Promise<BankCard> {
  await ctx.db.transaction().execute(async (trx) => {
    const c = await cardOf(trx, ctx.merchantId, i.id);
    const now = ctx.clock.now();
    await trx
      .updateTable('fin_bank_card')
      .set({ is_default: 0, version: sql`version + 1`, updated_at: now })
      .where('party_id', '=', c.party_id)
      .where('is_default', '=', 1)
      .where('id', '<>', c.id)
      .execute();
    assertFresh(
      await trx
        .updateTable('fin_bank_card')
        .set({ is_default: 1, version: sql`version + 1`, updated_at: now })
        .where('id', '=', c.id)
        .where('version', '=', i.version)
        .executeTakeFirst(),
    );
    await writeHistory(trx, ctx, {
      subject: PARTY_SUBJECT,
      subjectId: c.party_code,
      action: 'card-default',
      actionLabel: '设为默认银行卡',
      remark: `${c.bank_name} ${maskCardNo(c.card_no)}`,
    });
  });
  return cardView(await cardOf(ctx.db, ctx.merchantId, i.id));
}

export async function remove(ctx: SessionOpContext, i: { id: number; version: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const c = await cardOf(trx, ctx.merchantId, i.id);
    const open = await trx
      .selectFrom('fin_withdrawal')
      .select('withdraw_no')
      .where('card_id', '=', c.id)
      .where('status', 'in', [0, 1])
      .executeTakeFirst();
    if (open) throw conflict(`该银行卡有未完成的提现（${open.withdraw_no}），不能解绑`);
    const now = ctx.clock.now();
    assertFresh(
      await trx
        .updateTable('fin_bank_card')
        .set({ status: UNBOUND, is_default: 0, version: sql`version + 1`, updated_at: now })
        .where('id', '=', c.id)
        .where('version', '=', i.version)
        .executeTakeFirst(),
    );
    // the default went with it: the oldest card left takes its place
    if (Number(c.is_default) === 1) {
      const next = await activeCards(trx, ctx.merchantId, c.party_id).executeTakeFirst();
      if (next)
        await trx
          .updateTable('fin_bank_card')
          .set({ is_default: 1, version: sql`version + 1`, updated_at: now })
          .where('id', '=', next.id)
          .execute();
    }
    await writeHistory(trx, ctx, {
      subject: PARTY_SUBJECT,
      subjectId: c.party_code,
      action: 'card-remove',
      actionLabel: '解绑银行卡',
      remark: `${c.bank_name} ${maskCardNo(c.card_no)}`,
    });
  });
  return null;
}
