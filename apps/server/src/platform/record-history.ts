import type { HistoryChange, HistoryEntry } from '@merchant/contracts/core/history';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { SessionOpContext } from './gateway/op-context.ts';
import { fetchPage } from './page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One change of a business record, as its service describes it. */
export interface HistoryWrite {
  /** `<area>.<resource>`, e.g. goods.standard-product. */
  subject: string;
  subjectId: string | number;
  action: string;
  actionLabel: string;
  changes?: HistoryChange[];
  remark?: string;
}

/**
 * Writes one history row in the caller's transaction (the record's change and its history commit together).
 * The only writer of `record_history`.
 */
export async function writeHistory(db: Db, ctx: SessionOpContext, e: HistoryWrite): Promise<void> {
  await db
    .insertInto('record_history')
    .values({
      merchant_id: ctx.merchantId,
      subject: e.subject,
      subject_id: String(e.subjectId),
      action: e.action,
      action_label: e.actionLabel,
      changes: JSON.stringify(e.changes ?? []),
      remark: e.remark ?? '',
      operator_id: ctx.session.accountId,
      operator_name: ctx.session.userName,
      created_at: ctx.clock.now(),
    })
    .execute();
}

/** A record's history, newest first, within the merchant. */
export function historyQuery(db: Db, merchantId: number, subject: string, subjectId: string | number) {
  return db
    .selectFrom('record_history')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('subject', '=', subject)
    .where('subject_id', '=', String(subjectId))
    .orderBy('id', 'desc');
}

export function toHistoryEntry(r: {
  id: number;
  action: string;
  action_label: string;
  changes: string;
  remark: string;
  operator_name: string;
  created_at: number | string;
}): HistoryEntry {
  let changes: HistoryChange[] = [];
  try {
    const v = JSON.parse(r.changes) as unknown;
    if (Array.isArray(v)) changes = v as HistoryChange[];
  } catch {
    /* a row written by hand: no changes to show */
  }
  return {
    id: Number(r.id),
    action: r.action,
    actionLabel: r.action_label,
    changes,
    remark: r.remark,
    operatorName: r.operator_name,
    createdAt: Number(r.created_at),
  };
}

/** One page of a record's history (the detail pages' 操作记录). */
export async function historyPage(
  ctx: SessionOpContext,
  subject: string,
  subjectId: string | number,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: HistoryEntry[]; total: number; pageNum: number; pageSize: number }> {
  const { list, total } = await fetchPage(ctx.db, historyQuery(ctx.db, ctx.merchantId, subject, subjectId), page);
  return { list: list.map(toHistoryEntry), total, pageNum: page.pageNum, pageSize: page.pageSize };
}

/**
 * The changed fields between two value sets as history text: only fields named in `labels`, present in
 * `after`, and different. `text` turns a value into what a person reads (codes into names, cents into 元).
 */
export function describeChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  labels: Record<string, string>,
  text: (field: string, value: unknown) => string = defaultText,
): HistoryChange[] {
  const out: HistoryChange[] = [];
  for (const [field, label] of Object.entries(labels)) {
    if (!(field in after) || after[field] === undefined) continue;
    const a = JSON.stringify(before[field] ?? null);
    const b = JSON.stringify(after[field] ?? null);
    if (a !== b) out.push({ field, label, before: text(field, before[field]), after: text(field, after[field]) });
  }
  return out;
}

function defaultText(_field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '（空）';
  if (Array.isArray(v)) return v.length ? v.map(String).join('、') : '（空）';
  return String(v);
}

/**
 * The demo seeds' writer of a seeded row's history (its 创建 and the like), in the seed's transaction, as the
 * admin account (or 系统 where the merchant has none) — the seeds' stand-in for writeHistory, which needs a session.
 */
export const seedHistory =
  (trx: Transaction<Database> | Kysely<Database>, merchantId: number, by: { id: number; user_name: string } | undefined) =>
  (subject: string, subjectId: number | string, action: string, actionLabel: string, remark: string, at: number) =>
    trx
      .insertInto('record_history')
      .values({
        merchant_id: merchantId,
        subject,
        subject_id: String(subjectId),
        action,
        action_label: actionLabel,
        changes: '[]',
        remark,
        operator_id: by?.id ?? 0,
        operator_name: by?.user_name ?? '系统',
        created_at: at,
      })
      .execute();
