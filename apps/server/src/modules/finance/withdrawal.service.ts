import type { Paged } from '@merchant/contracts/core/paging';
import {
  PARTY_TYPES,
  WITHDRAWAL_ACTIONS,
  WITHDRAWAL_STATUS,
  WITHDRAWAL_TRANSITIONS,
  withdrawalAllowed,
  type PartyType,
  type WithdrawalAction,
  type WithdrawalStatus,
} from '@merchant/contracts/finance/finance-fields';
import { maskCardNo } from '@merchant/contracts/finance/bank-card';
import { yuan } from '@merchant/contracts/payment/payment-fields';
import type {
  withdrawalApplyInput,
  withdrawalListInput,
  withdrawalRejectInput,
  WithdrawalRow,
  withdrawalStepInput,
} from '@merchant/contracts/finance/withdrawal';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { generateCode, retryOnCodeCollision } from '../../platform/business-code.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { ENTRY_KEY_INDEX, InsufficientBalance, partyId, PLATFORM_PARTY, post, postContextOf } from './ledger.ts';
import { partyByCode } from './party.ts';

// 提现 (docs/finance.md "提现"): 待审核 → 待打款 → 已打款, or 已驳回 before it is paid. Applying moves the amount from
// the party's 可用 to 在途 at once, by the ledger's conditional update: two requests at once can never both take the
// same money. Paying takes it out of 在途 and out of the payment channel; rejecting gives it back to 可用.

export const WITHDRAWAL_SUBJECT = 'finance.withdrawal';

type Input<S extends z.ZodType> = z.output<S>;

function withdrawalQuery(ctx: SessionOpContext | { db: SessionOpContext['db']; merchantId: number }) {
  return ctx.db
    .selectFrom('fin_withdrawal as w')
    .innerJoin('fin_party as p', 'p.id', 'w.party_id')
    .select([
      'w.id',
      'w.withdraw_no',
      'w.amount',
      'w.card_text',
      'w.status',
      'w.remark',
      'w.reject_reason',
      'w.applicant_name',
      'w.reviewer_name',
      'w.created_at',
      'w.reviewed_at',
      'w.paid_at',
      'w.version',
      'p.party_code',
      'p.name as party_name',
      'p.party_type',
    ])
    .where('w.merchant_id', '=', ctx.merchantId);
}
type Row = Awaited<ReturnType<ReturnType<typeof withdrawalQuery>['executeTakeFirstOrThrow']>>;

const orNull = (v: number) => (Number(v) > 0 ? Number(v) : null);

export function withdrawalRow(r: Row): WithdrawalRow {
  const status = Number(r.status) as WithdrawalStatus;
  return {
    withdrawNo: r.withdraw_no,
    partyCode: r.party_code,
    partyName: r.party_name,
    partyTypeName: PARTY_TYPES[r.party_type as PartyType] ?? r.party_type,
    amount: Number(r.amount),
    cardText: r.card_text,
    status,
    statusName: WITHDRAWAL_STATUS[status] ?? String(status),
    remark: r.remark,
    rejectReason: r.reject_reason,
    applicantName: r.applicant_name,
    reviewerName: r.reviewer_name,
    createdAt: Number(r.created_at),
    reviewedAt: orNull(r.reviewed_at),
    paidAt: orNull(r.paid_at),
    actions: WITHDRAWAL_ACTIONS.filter((a) => withdrawalAllowed(a, status)),
    version: Number(r.version),
  };
}

const SORT = { createdAt: 'w.created_at', amount: 'w.amount' } as const;

export function listQuery(ctx: SessionOpContext, i: Omit<Input<typeof withdrawalListInput>, 'pageNum' | 'pageSize'>) {
  const dir = i.sortOrder === 'ascend' ? 'asc' : 'desc';
  return withdrawalQuery(ctx)
    .$if(!!i.partyCode, (q) => q.where('p.party_code', '=', i.partyCode!))
    .$if(!!i.withdrawNo, (q) => q.where(contains('w.withdraw_no', i.withdrawNo!.toUpperCase())))
    .$if(i.status !== undefined, (q) => q.where('w.status', '=', i.status!))
    .$if(!!i.createdRange, (q) => q.where('w.created_at', '>=', i.createdRange![0]).where('w.created_at', '<=', i.createdRange![1]))
    .orderBy(SORT[i.sortField ?? 'createdAt'], dir)
    .orderBy('w.id', dir);
}

export async function list(ctx: SessionOpContext, i: Input<typeof withdrawalListInput>): Promise<Paged<WithdrawalRow>> {
  const page = await fetchPage(ctx.db, listQuery(ctx, i), i);
  return { ...page, list: page.list.map(withdrawalRow), pageNum: i.pageNum, pageSize: i.pageSize };
}

async function rowOf(db: SessionOpContext['db'] | Transaction<Database>, merchantId: number, withdrawNo: string): Promise<Row> {
  const r = await withdrawalQuery({ db, merchantId }).where('w.withdraw_no', '=', withdrawNo).executeTakeFirst();
  if (!r) throw notFound('提现单');
  return r;
}

export const history = (ctx: SessionOpContext, i: { withdrawNo: string; pageNum: number; pageSize: number }) =>
  historyPage(ctx, WITHDRAWAL_SUBJECT, i.withdrawNo, i);

export async function apply(ctx: SessionOpContext, i: Input<typeof withdrawalApplyInput>): Promise<WithdrawalRow> {
  // a code drawn by two requests at once: the second's insert is refused by the code's (or its entry's) unique index,
  // and the whole application runs again with a new code
  const no = await retryOnCodeCollision(
    [{ index: 'fin_withdrawal_no_uq', table: 'fin_withdrawal', columns: ['merchant_id', 'withdraw_no'] }, ENTRY_KEY_INDEX],
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const party = await partyByCode(trx, ctx.merchantId, i.partyCode);
        if (party.status !== 0) throw conflict('该资金账户已停用，不能提现');
        if (party.party_type === 'platform') throw conflict('平台账户不能提现');
        const card = await trx
          .selectFrom('fin_bank_card')
          .select(['id', 'bank_name', 'card_no'])
          .where('merchant_id', '=', ctx.merchantId)
          .where('party_id', '=', party.id)
          .where('id', '=', i.cardId)
          .where('status', '=', 0)
          .executeTakeFirst();
        if (!card) throw notFound('银行卡');
        const now = ctx.clock.now();
        const withdrawNo = await generateCode(
          'TX',
          now,
          async (code) =>
            !!(await trx
              .selectFrom('fin_withdrawal')
              .select('id')
              .where('merchant_id', '=', ctx.merchantId)
              .where('withdraw_no', '=', code)
              .executeTakeFirst()),
        );
        try {
          await post(trx, postContextOf(ctx), {
            type: 'withdraw_apply',
            refType: 'withdrawal',
            refNo: withdrawNo,
            postKey: `withdraw-apply:${withdrawNo}`,
            memo: `申请提现到${card.bank_name}（${card.card_no.slice(-4)}）`,
            lines: [
              { partyId: party.id, kind: 'available', amount: -i.amount },
              { partyId: party.id, kind: 'in_transit', amount: i.amount },
            ],
          });
        } catch (err) {
          if (err instanceof InsufficientBalance) throw conflict(`可提现余额不足（可用${yuan(Math.max(0, err.balance))}元）`);
          throw err;
        }
        await trx
          .insertInto('fin_withdrawal')
          .values({
            merchant_id: ctx.merchantId,
            withdraw_no: withdrawNo,
            party_id: party.id,
            amount: i.amount,
            card_id: card.id,
            card_text: `${card.bank_name} ${maskCardNo(card.card_no)}`,
            remark: i.remark,
            applicant_name: ctx.session.userName,
            created_by: ctx.session.accountId,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await writeHistory(trx, ctx, {
          subject: WITHDRAWAL_SUBJECT,
          subjectId: withdrawNo,
          action: 'apply',
          actionLabel: '申请提现',
          remark: `${party.name}申请提现${yuan(i.amount)}元到${card.bank_name}（尾号${card.card_no.slice(-4)}）${i.remark ? `：${i.remark}` : ''}`,
        });
        return withdrawNo;
      }),
  );
  return withdrawalRow(await rowOf(ctx.db, ctx.merchantId, no));
}

/** A transition: a versioned update from the states it starts from, its money, its history. */
async function step(
  ctx: SessionOpContext,
  action: WithdrawalAction,
  i: { withdrawNo: string; version: number },
  note: string,
): Promise<WithdrawalRow> {
  const t = WITHDRAWAL_TRANSITIONS[action];
  await ctx.db.transaction().execute(async (trx) => {
    const w = await rowOf(trx, ctx.merchantId, i.withdrawNo);
    if (!withdrawalAllowed(action, Number(w.status)))
      throw conflict(`提现单${w.withdraw_no}当前为${WITHDRAWAL_STATUS[Number(w.status) as WithdrawalStatus]}，不能${t.label}`);
    const now = ctx.clock.now();
    assertFresh(
      await trx
        .updateTable('fin_withdrawal')
        .set({
          status: t.to,
          version: sql`version + 1`,
          updated_at: now,
          reviewer_name: ctx.session.userName,
          ...(action === 'approve' ? { reviewed_at: now } : {}),
          ...(action === 'pay' ? { paid_at: now } : {}),
          ...(action === 'reject' ? { reject_reason: note, reviewed_at: now } : {}),
        })
        .where('id', '=', w.id)
        .where('version', '=', i.version)
        .where('status', 'in', [...t.from])
        .executeTakeFirst(),
    );
    const party = await partyByCode(trx, ctx.merchantId, w.party_code);
    const amount = Number(w.amount);
    if (action === 'pay') {
      const platform = await partyId(trx, postContextOf(ctx), PLATFORM_PARTY);
      await post(trx, postContextOf(ctx), {
        type: 'withdraw_pay',
        refType: 'withdrawal',
        refNo: w.withdraw_no,
        postKey: `withdraw-pay:${w.withdraw_no}`,
        memo: `提现打款：${w.card_text}`,
        lines: [
          { partyId: party.id, kind: 'in_transit', amount: -amount },
          { partyId: platform, kind: 'channel', amount },
        ],
      });
    } else if (action === 'reject') {
      await post(trx, postContextOf(ctx), {
        type: 'withdraw_reject',
        refType: 'withdrawal',
        refNo: w.withdraw_no,
        postKey: `withdraw-reject:${w.withdraw_no}`,
        memo: `提现驳回：${note}`,
        lines: [
          { partyId: party.id, kind: 'in_transit', amount: -amount },
          { partyId: party.id, kind: 'available', amount },
        ],
      });
    }
    await writeHistory(trx, ctx, {
      subject: WITHDRAWAL_SUBJECT,
      subjectId: w.withdraw_no,
      action,
      actionLabel: t.label,
      changes: [
        {
          field: 'status',
          label: '提现状态',
          before: WITHDRAWAL_STATUS[Number(w.status) as WithdrawalStatus],
          after: WITHDRAWAL_STATUS[t.to],
        },
      ],
      remark: note,
    });
  });
  return withdrawalRow(await rowOf(ctx.db, ctx.merchantId, i.withdrawNo));
}

export const approve = (ctx: SessionOpContext, i: Input<typeof withdrawalStepInput>) => step(ctx, 'approve', i, i.remark);
export const pay = (ctx: SessionOpContext, i: Input<typeof withdrawalStepInput>) => step(ctx, 'pay', i, i.remark);
export const reject = (ctx: SessionOpContext, i: Input<typeof withdrawalRejectInput>) => step(ctx, 'reject', i, i.reason);
