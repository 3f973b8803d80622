import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import type { HistoryChange } from '@merchant/contracts/core/history';
import type { Kysely, Transaction, UpdateResult } from 'kysely';
import type { Database } from '../../db/database.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { conflict, forbidden, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';

/**
 * The flow an application (申请单) goes through, the same for 激活申请 (device-activation) and 撤点申请
 * (point-withdrawal): submitted 待审核 under a generated apply code (unique per merchant), then steps of its
 * transition table — each refused unless the table allows it from the current status, each carrying the version
 * the page read, each written with a 申请状态 change in the record history; 撤回 by the applicant only, review never
 * of one's own (四眼原则), 驳回 with its reason. What differs (the rows' tables, what a step also frees or holds,
 * approval) stays with each service.
 */

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

export interface FlowTransition {
  label: string;
  from: readonly number[];
  to: number;
}

/** The columns every application row has. */
export interface FlowRow {
  id: number;
  apply_code: string;
  status: number;
  version: number | string | bigint;
  applicant_id: number;
}

export interface FlowState {
  applyCode: string;
  status: number;
  version: number;
}

export interface ApplicationFlowOptions<A extends string, R extends FlowRow> {
  /** The record-history subject, e.g. 'device.activation'. */
  subject: string;
  /** What it is called in a "not found" message, e.g. '激活申请'. */
  noun: string;
  statuses: Readonly<Record<number, string>>;
  transitions: Readonly<Record<A, FlowTransition>>;
  find: (db: Db, merchantId: number, applyCode: string) => Promise<R | undefined>;
  /** The versioned update: `… set values, version = version + 1 where id = ? and version = ?`. */
  update: (trx: Trx, id: number, version: number, values: Record<string, unknown>) => Promise<UpdateResult>;
  /** The column a 驳回 reason is kept in. */
  reasonColumn: string;
  /** Columns a step writes besides the status (e.g. what it holds or frees), from the row and the status reached. */
  stepValues?: (row: R, to: number) => Record<string, unknown>;
  /** Runs in the step's transaction after the update (e.g. free the devices the application held). */
  afterStep?: (trx: Trx, row: R, to: number) => Promise<unknown>;
}

export function applicationFlow<A extends string, R extends FlowRow>(o: ApplicationFlowOptions<A, R>) {
  const statusName = (s: number) => o.statuses[s] ?? String(s);

  async function requireRow(ctx: SessionOpContext, applyCode: string, db: Db = ctx.db): Promise<R> {
    const row = await o.find(db, ctx.merchantId, applyCode);
    if (!row) throw notFound(o.noun);
    return row;
  }

  function refuse(action: A, status: number): never {
    const t = o.transitions[action];
    const allowed = t.from.map((s) => statusName(s)).join('、');
    throw conflict(`申请当前为「${statusName(status)}」，不能${t.label}（仅${allowed}的申请可以）`);
  }

  /** The row a step starts from, read in the step's transaction: the version the page read, a status the table allows. */
  async function stepRow(ctx: SessionOpContext, trx: Trx, applyCode: string, version: number, action: A): Promise<R> {
    const row = await requireRow(ctx, applyCode, trx);
    if (Number(row.version) !== version) throw conflict(STALE_VERSION_MESSAGE);
    if (!o.transitions[action].from.includes(row.status)) refuse(action, row.status);
    return row;
  }

  /** Moves the row along the table (a conditional, versioned update) and writes the history entry. */
  async function step(
    ctx: SessionOpContext,
    trx: Trx,
    row: R,
    action: A,
    values: Record<string, unknown>,
    remark = '',
  ): Promise<FlowState> {
    const t = o.transitions[action];
    assertFresh(
      await o.update(trx, row.id, Number(row.version), {
        ...values,
        ...o.stepValues?.(row, t.to),
        status: t.to,
        updated_at: ctx.clock.now(),
      }),
    );
    await o.afterStep?.(trx, row, t.to);
    await writeHistory(trx, ctx, {
      subject: o.subject,
      subjectId: row.apply_code,
      action,
      actionLabel: t.label,
      changes: [{ field: 'status', label: '申请状态', before: statusName(row.status), after: statusName(t.to) }],
      remark,
    });
    return { applyCode: row.apply_code, status: t.to, version: Number(row.version) + 1 };
  }

  function notOwn(ctx: SessionOpContext, row: R) {
    if (row.applicant_id === ctx.session.accountId) throw forbidden('不能审核自己提交的申请');
  }

  const reviewer = (ctx: SessionOpContext) => ({
    reviewer_id: ctx.session.accountId,
    reviewer_name: ctx.session.userName,
    reviewed_at: ctx.clock.now(),
  });

  return {
    statusName,
    requireRow,
    stepRow,
    step,
    notOwn,
    reviewer,

    /**
     * Submits a new application 待审核 under a generated code: `insert` writes its rows in one transaction with
     * the 提交申请 history entry; `unique` turns a race on the application's own unique key into its message.
     */
    submit(
      ctx: SessionOpContext,
      s: {
        prefix: string;
        codeIndex: { index: string; table: string; columns: string[] };
        taken: (applyCode: string) => Promise<boolean>;
        unique: UniqueKey;
        insert: (trx: Trx, applyCode: string, now: number) => Promise<unknown>;
        changes: HistoryChange[];
        remark: string;
      },
    ): Promise<FlowState> {
      const now = ctx.clock.now();
      return guardUnique(
        () =>
          withGeneratedCode(s.prefix, now, s.taken, s.codeIndex, (applyCode) =>
            ctx.db.transaction().execute(async (trx) => {
              await s.insert(trx, applyCode, now);
              await writeHistory(trx, ctx, {
                subject: o.subject,
                subjectId: applyCode,
                action: 'create',
                actionLabel: '提交申请',
                changes: [...s.changes, { field: 'status', label: '申请状态', before: '（空）', after: statusName(1) }],
                remark: s.remark,
              });
              return { applyCode, status: 1, version: 0 };
            }),
          ),
        s.unique,
      );
    },

    /** The columns a new application starts with: 待审核, by the session's account, not reviewed, version 0. */
    newRow(ctx: SessionOpContext, now: number) {
      return {
        merchant_id: ctx.merchantId,
        status: 1,
        applicant_id: ctx.session.accountId,
        applicant_name: ctx.session.userName,
        reviewer_id: null,
        reviewer_name: '',
        reviewed_at: null,
        version: 0,
        created_by: ctx.session.accountId,
        created_at: now,
        updated_at: now,
      };
    },

    /** 撤回申请: by the applicant only. */
    withdraw(ctx: SessionOpContext, i: { applyCode: string; version: number }, action: A) {
      return ctx.db.transaction().execute(async (trx) => {
        const row = await stepRow(ctx, trx, i.applyCode, i.version, action);
        if (row.applicant_id !== ctx.session.accountId) throw forbidden('只有申请人可以撤回申请');
        return step(ctx, trx, row, action, {});
      });
    },

    /** 审核驳回: not one's own, the reason kept on the row and in the history. */
    reject(ctx: SessionOpContext, i: { applyCode: string; version: number; reason: string }, action: A) {
      return ctx.db.transaction().execute(async (trx) => {
        const row = await stepRow(ctx, trx, i.applyCode, i.version, action);
        notOwn(ctx, row);
        return step(ctx, trx, row, action, { [o.reasonColumn]: i.reason, ...reviewer(ctx) }, i.reason);
      });
    },
  };
}

/**
 * Demo seeds of applications: the demo merchant (the first) with the operator who applies and the admin who
 * reviews (the operator falls back to the admin); undefined when the demo has no such accounts.
 */
export async function demoApplicants(db: Kysely<Database>) {
  const merchant = await db.selectFrom('merchant').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!merchant) return undefined;
  const people = await db
    .selectFrom('account')
    .select(['id', 'user_name'])
    .where('merchant_id', '=', merchant.id)
    .where('user_name', 'in', ['operator', 'admin'])
    .execute();
  const admin = people.find((p) => p.user_name === 'admin');
  const operator = people.find((p) => p.user_name === 'operator') ?? admin;
  return admin && operator ? { mid: merchant.id, admin, operator } : undefined;
}
