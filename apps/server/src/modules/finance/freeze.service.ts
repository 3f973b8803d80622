import type { Paged } from '@merchant/contracts/core/paging';
import { FREEZE_STATUS, type FreezeStatus } from '@merchant/contracts/finance/finance-fields';
import type { freezeInput, freezeListInput, FreezeRow, releaseInput } from '@merchant/contracts/finance/freeze';
import { yuan } from '@merchant/contracts/payment/payment-fields';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { generateCode, retryOnCodeCollision } from '../../platform/business-code.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { ENTRY_KEY_INDEX, InsufficientBalance, post, postContextOf } from './ledger.ts';
import { partyByCode } from './party.ts';

// 资金冻结 (docs/finance.md "冻结"): part of a party's 可用 held in 冻结 with a reason (冻结中), given back to 可用 when
// released (已解冻). Never more than 可用 — the ledger's conditional update decides under concurrency.

export const FREEZE_SUBJECT = 'finance.freeze';

function freezeQuery(db: Kysely<Database> | Transaction<Database>, merchantId: number) {
  return db
    .selectFrom('fin_freeze as f')
    .innerJoin('fin_party as p', 'p.id', 'f.party_id')
    .select([
      'f.id',
      'f.freeze_no',
      'f.amount',
      'f.reason',
      'f.status',
      'f.release_reason',
      'f.operator_name',
      'f.released_by_name',
      'f.created_at',
      'f.released_at',
      'f.version',
      'p.party_code',
      'p.name as party_name',
    ])
    .where('f.merchant_id', '=', merchantId);
}
type Row = Awaited<ReturnType<ReturnType<typeof freezeQuery>['executeTakeFirstOrThrow']>>;

function freezeRow(r: Row): FreezeRow {
  const status = Number(r.status) as FreezeStatus;
  return {
    freezeNo: r.freeze_no,
    partyCode: r.party_code,
    partyName: r.party_name,
    amount: Number(r.amount),
    reason: r.reason,
    status,
    statusName: FREEZE_STATUS[status] ?? String(status),
    releaseReason: r.release_reason,
    operatorName: r.operator_name,
    releasedByName: r.released_by_name,
    createdAt: Number(r.created_at),
    releasedAt: Number(r.released_at) > 0 ? Number(r.released_at) : null,
    canRelease: status === 0,
    version: Number(r.version),
  };
}

export async function list(ctx: SessionOpContext, i: z.output<typeof freezeListInput>): Promise<Paged<FreezeRow>> {
  const party = await partyByCode(ctx.db, ctx.merchantId, i.partyCode);
  const dir = i.sortOrder === 'ascend' ? 'asc' : 'desc';
  const q = freezeQuery(ctx.db, ctx.merchantId)
    .where('f.party_id', '=', party.id)
    .$if(i.status !== undefined, (q) => q.where('f.status', '=', i.status!))
    .orderBy('f.created_at', dir)
    .orderBy('f.id', dir);
  const page = await fetchPage(ctx.db, q, i);
  return { ...page, list: page.list.map(freezeRow), pageNum: i.pageNum, pageSize: i.pageSize };
}

async function rowOf(db: Kysely<Database> | Transaction<Database>, merchantId: number, freezeNo: string): Promise<Row> {
  const r = await freezeQuery(db, merchantId).where('f.freeze_no', '=', freezeNo).executeTakeFirst();
  if (!r) throw notFound('冻结单');
  return r;
}

export async function freeze(ctx: SessionOpContext, i: z.output<typeof freezeInput>): Promise<FreezeRow> {
  // a code drawn by two requests at once: the second's insert is refused by the code's (or its entry's) unique index,
  // and the whole application runs again with a new code
  const no = await retryOnCodeCollision(
    [{ index: 'fin_freeze_no_uq', table: 'fin_freeze', columns: ['merchant_id', 'freeze_no'] }, ENTRY_KEY_INDEX],
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const party = await partyByCode(trx, ctx.merchantId, i.partyCode);
        const now = ctx.clock.now();
        const freezeNo = await generateCode(
          'DJ',
          now,
          async (code) =>
            !!(await trx
              .selectFrom('fin_freeze')
              .select('id')
              .where('merchant_id', '=', ctx.merchantId)
              .where('freeze_no', '=', code)
              .executeTakeFirst()),
        );
        try {
          await post(trx, postContextOf(ctx), {
            type: 'freeze',
            refType: 'freeze',
            refNo: freezeNo,
            postKey: `freeze:${freezeNo}`,
            memo: `冻结：${i.reason}`,
            lines: [
              { partyId: party.id, kind: 'available', amount: -i.amount },
              { partyId: party.id, kind: 'frozen', amount: i.amount },
            ],
          });
        } catch (err) {
          if (err instanceof InsufficientBalance) throw conflict(`可用余额不足，不能冻结（可用${yuan(Math.max(0, err.balance))}元）`);
          throw err;
        }
        await trx
          .insertInto('fin_freeze')
          .values({
            merchant_id: ctx.merchantId,
            freeze_no: freezeNo,
            party_id: party.id,
            amount: i.amount,
            reason: i.reason,
            operator_name: ctx.session.userName,
            created_by: ctx.session.accountId,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await writeHistory(trx, ctx, {
          subject: FREEZE_SUBJECT,
          subjectId: freezeNo,
          action: 'freeze',
          actionLabel: '冻结资金',
          remark: `冻结${party.name}${yuan(i.amount)}元：${i.reason}`,
        });
        return freezeNo;
      }),
  );
  return freezeRow(await rowOf(ctx.db, ctx.merchantId, no));
}

export async function release(ctx: SessionOpContext, i: z.output<typeof releaseInput>): Promise<FreezeRow> {
  await ctx.db.transaction().execute(async (trx) => {
    const f = await rowOf(trx, ctx.merchantId, i.freezeNo);
    if (Number(f.status) !== 0) throw conflict(`冻结单${f.freeze_no}已解冻，不能再次解冻`);
    const now = ctx.clock.now();
    assertFresh(
      await trx
        .updateTable('fin_freeze')
        .set({
          status: 1,
          release_reason: i.reason,
          released_by_name: ctx.session.userName,
          released_at: now,
          version: sql`version + 1`,
          updated_at: now,
        })
        .where('id', '=', f.id)
        .where('version', '=', i.version)
        .where('status', '=', 0)
        .executeTakeFirst(),
    );
    const party = await partyByCode(trx, ctx.merchantId, f.party_code);
    await post(trx, postContextOf(ctx), {
      type: 'unfreeze',
      refType: 'freeze',
      refNo: f.freeze_no,
      postKey: `unfreeze:${f.freeze_no}`,
      memo: `解冻：${i.reason}`,
      lines: [
        { partyId: party.id, kind: 'frozen', amount: -Number(f.amount) },
        { partyId: party.id, kind: 'available', amount: Number(f.amount) },
      ],
    });
    await writeHistory(trx, ctx, {
      subject: FREEZE_SUBJECT,
      subjectId: f.freeze_no,
      action: 'release',
      actionLabel: '解冻资金',
      changes: [{ field: 'status', label: '冻结状态', before: FREEZE_STATUS[0], after: FREEZE_STATUS[1] }],
      remark: i.reason,
    });
  });
  return freezeRow(await rowOf(ctx.db, ctx.merchantId, i.freezeNo));
}

export const history = (ctx: SessionOpContext, i: { freezeNo: string; pageNum: number; pageSize: number }) =>
  historyPage(ctx, FREEZE_SUBJECT, i.freezeNo, i);
