import { calendarDateOf } from '@merchant/contracts/core/business-time';
import type { Paged } from '@merchant/contracts/core/paging';
import type {
  batchCreateInput,
  batchListInput,
  BatchOption,
  batchReasonInput,
  BatchRow,
  batchStepInput,
  batchUpdateInput,
} from '@merchant/contracts/marketing/coupon-batch';
import {
  BATCH_ACTIVE,
  BATCH_DELETABLE,
  BATCH_EDITABLE,
  BATCH_STATUS,
  BATCH_TRANSITIONS,
  batchAllowed,
  COUPON_BATCH_ANCHOR,
  COUPON_BATCH_REVIEW_ANCHOR,
  COUPON_TYPES,
  couponRuleText,
  GOODS_SCOPES,
  VALID_TYPES,
  type BatchAction,
  type BatchRowAction,
  type BatchStatus,
  type CouponType,
} from '@merchant/contracts/marketing/coupon-fields';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { loadAccess } from '../../platform/auth/access.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { parseJsonArray } from '../../platform/field-changes.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { describeChanges, historyPage, writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { regionName } from '../device/region.ts';
import type { CouponBatchTable } from './coupon.table.ts';

// 优惠券批次 (docs/marketing.md "优惠券"): 草稿 → 待审核 → 已生效 (or 已驳回, edited and submitted again); 已生效 ⇄
// 已停用. Edited while 草稿 or 已驳回; deleted only if it never issued. Each transition is a versioned conditional
// update from the states it starts from, with its history.

export const BATCH_SUBJECT = 'marketing.coupon';
type Db = Kysely<Database> | Transaction<Database>;
type BatchDbRow = Selectable<CouponBatchTable>;
type Fields = z.output<typeof batchCreateInput>;

/** 有效期 in words, in the merchant's business time zone. */
export function validText(b: Pick<BatchDbRow, 'valid_type' | 'valid_from' | 'valid_to' | 'valid_days'>, timeZone: string): string {
  if (b.valid_type === 'days') return `领取后${b.valid_days}天内有效`;
  return `${calendarDateOf(Number(b.valid_from), timeZone)} 至 ${calendarDateOf(Number(b.valid_to), timeZone)}`;
}

export const ruleOf = (b: Pick<BatchDbRow, 'coupon_type' | 'threshold_amount' | 'reduce_amount' | 'discount_percent' | 'max_discount'>) =>
  couponRuleText({
    couponType: b.coupon_type,
    thresholdAmount: Number(b.threshold_amount),
    reduceAmount: Number(b.reduce_amount),
    discountPercent: Number(b.discount_percent),
    maxDiscount: Number(b.max_discount),
  });

const orNull = (v: number) => (Number(v) > 0 ? Number(v) : null);

/** What the session may do with a batch now: its state allows it and the role holds the permission. */
async function actionsFor(ctx: SessionOpContext): Promise<(status: number, issued: number) => BatchRowAction[]> {
  const access = await loadAccess(ctx.db, ctx.session);
  const page = access.isAdmin || access.anchors.has(COUPON_BATCH_ANCHOR);
  const review = access.isAdmin || access.anchors.has(COUPON_BATCH_REVIEW_ANCHOR);
  return (status, issued) => {
    const out: BatchRowAction[] = [];
    if (page && BATCH_EDITABLE.includes(status)) out.push('edit');
    for (const a of ['submit', 'approve', 'reject', 'disable', 'enable'] as const) {
      const needs = a === 'approve' || a === 'reject' ? review : page;
      if (needs && batchAllowed(a, status)) out.push(a);
    }
    if (page && issued === 0 && BATCH_DELETABLE.includes(status)) out.push('delete');
    return out;
  };
}

async function toRows(ctx: SessionOpContext, rows: BatchDbRow[]): Promise<BatchRow[]> {
  const allowed = await actionsFor(ctx);
  const skuIds = [...new Set(rows.flatMap((r) => parseJsonArray<number>(r.sku_ids)))];
  const skus = skuIds.length
    ? await ctx.db
        .selectFrom('goods_sku')
        .select(['id', 'sku_code', 'name'])
        .where('merchant_id', '=', ctx.merchantId)
        .where('id', 'in', skuIds)
        .execute()
    : [];
  const skuById = new Map(skus.map((s) => [Number(s.id), s]));
  return rows.map((r) => {
    const status = Number(r.status) as BatchStatus;
    const issued = Number(r.issued_count);
    return {
      batchCode: r.batch_code,
      name: r.name,
      couponType: r.coupon_type,
      couponTypeName: COUPON_TYPES[r.coupon_type as CouponType] ?? r.coupon_type,
      ruleText: ruleOf(r),
      thresholdAmount: Number(r.threshold_amount),
      reduceAmount: Number(r.reduce_amount),
      discountPercent: Number(r.discount_percent),
      maxDiscount: Number(r.max_discount),
      validType: r.valid_type,
      validFrom: r.valid_type === 'range' ? Number(r.valid_from) : null,
      validTo: r.valid_type === 'range' ? Number(r.valid_to) : null,
      validDays: r.valid_type === 'days' ? Number(r.valid_days) : null,
      validText: validText(r, ctx.config.businessTimeZone),
      totalStock: Number(r.total_stock),
      issuedCount: issued,
      usedCount: Number(r.used_count),
      perUserLimit: Number(r.per_user_limit),
      goodsScope: r.goods_scope,
      skus: parseJsonArray<number>(r.sku_ids).map((id) => {
        const s = skuById.get(Number(id));
        return { skuId: Number(id), skuCode: s?.sku_code ?? '', name: s?.name ?? '（已删除的SKU）' };
      }),
      cityNames: parseJsonArray<string>(r.city_names),
      stackable: Number(r.stackable) === 1,
      refundReturn: Number(r.refund_return) === 1,
      status,
      statusName: BATCH_STATUS[status] ?? String(status),
      remark: r.remark,
      rejectReason: r.reject_reason,
      creatorName: r.creator_name,
      reviewerName: r.reviewer_name,
      createdAt: Number(r.created_at),
      reviewedAt: orNull(r.reviewed_at),
      actions: allowed(status, issued),
      version: Number(r.version),
    };
  });
}

const SORT = { createdAt: 'created_at', issuedCount: 'issued_count', totalStock: 'total_stock' } as const;

export function listQuery(ctx: SessionOpContext, i: Omit<z.output<typeof batchListInput>, 'pageNum' | 'pageSize'>) {
  const dir = i.sortOrder === 'ascend' ? 'asc' : 'desc';
  return ctx.db
    .selectFrom('coupon_batch')
    .selectAll()
    .where('merchant_id', '=', ctx.merchantId)
    .$if(!!i.keyword, (q) => q.where((eb) => eb.or([contains('batch_code', i.keyword!.toUpperCase()), contains('name', i.keyword!)])))
    .$if(!!i.couponType, (q) => q.where('coupon_type', '=', i.couponType!))
    .$if(i.status !== undefined, (q) => q.where('status', '=', i.status!))
    .$if(!!i.createdRange, (q) => q.where('created_at', '>=', i.createdRange![0]).where('created_at', '<=', i.createdRange![1]))
    .orderBy(SORT[i.sortField ?? 'createdAt'], dir)
    .orderBy('id', dir);
}

export const exportRows = (ctx: SessionOpContext, rows: BatchDbRow[]) => toRows(ctx, rows);

export async function list(ctx: SessionOpContext, i: z.output<typeof batchListInput>): Promise<Paged<BatchRow>> {
  const page = await fetchPage(ctx.db, listQuery(ctx, i), i);
  return { ...page, list: await toRows(ctx, page.list), pageNum: i.pageNum, pageSize: i.pageSize };
}

export async function batchByCode(db: Db, merchantId: number, batchCode: string): Promise<BatchDbRow> {
  const r = await db
    .selectFrom('coupon_batch')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('batch_code', '=', batchCode.toUpperCase())
    .executeTakeFirst();
  if (!r) throw notFound('优惠券批次');
  return r;
}

export async function detail(ctx: SessionOpContext, batchCode: string): Promise<BatchRow> {
  return (await toRows(ctx, [await batchByCode(ctx.db, ctx.merchantId, batchCode)]))[0];
}

export const history = (ctx: SessionOpContext, i: { batchCode: string; pageNum: number; pageSize: number }) =>
  historyPage(ctx, BATCH_SUBJECT, i.batchCode.toUpperCase(), i);

/** The columns a batch's fields set; the SKUs must be the merchant's live ones. */
async function columnsOf(db: Db, merchantId: number, f: Fields) {
  const skuIds = f.goodsScope === 'skus' ? [...new Set(f.skuIds)] : [];
  if (skuIds.length) {
    const found = await db
      .selectFrom('goods_sku')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', skuIds)
      .where('deleted_at', 'is', null)
      .execute();
    const missing = skuIds.filter((id) => !found.some((s) => Number(s.id) === id));
    if (missing.length) throw badInput(`适用商品中有不存在的SKU（${missing.slice(0, 5).join('、')}）（字段：skuIds）`);
  }
  return {
    name: f.name,
    coupon_type: f.couponType,
    threshold_amount: f.thresholdAmount,
    reduce_amount: f.couponType === 'discount' ? 0 : f.reduceAmount,
    discount_percent: f.couponType === 'discount' ? f.discountPercent : 0,
    max_discount: f.couponType === 'discount' ? f.maxDiscount : 0,
    valid_type: f.validType,
    valid_from: f.validType === 'range' ? (f.validFrom ?? 0) : 0,
    valid_to: f.validType === 'range' ? (f.validTo ?? 0) : 0,
    valid_days: f.validType === 'days' ? (f.validDays ?? 0) : 0,
    total_stock: f.totalStock,
    per_user_limit: f.perUserLimit,
    goods_scope: f.goodsScope,
    sku_ids: JSON.stringify(skuIds),
    city_names: JSON.stringify([...new Set(f.cityNames)]),
    stackable: f.stackable ? 1 : 0,
    refund_return: f.refundReturn ? 1 : 0,
    remark: f.remark,
  };
}

const FIELD_LABELS: Record<string, string> = {
  name: '批次名称',
  rule: '优惠规则',
  valid: '有效期',
  total_stock: '发行总量',
  per_user_limit: '每人限领',
  goods_scope: '适用商品',
  sku_ids: '指定商品',
  city_names: '适用城市',
  stackable: '可叠加',
  refund_return: '全额退款退券',
  remark: '备注',
};
/** A batch's fields as a person reads them (for the history's before and after). */
const readable = (c: Awaited<ReturnType<typeof columnsOf>> | BatchDbRow, timeZone: string): Record<string, unknown> => ({
  name: c.name,
  rule: ruleOf(c),
  valid: validText(c, timeZone),
  total_stock: Number(c.total_stock),
  per_user_limit: Number(c.per_user_limit),
  goods_scope: GOODS_SCOPES[c.goods_scope as keyof typeof GOODS_SCOPES] ?? c.goods_scope,
  sku_ids: parseJsonArray<number>(c.sku_ids),
  city_names: parseJsonArray<string>(c.city_names),
  stackable: Number(c.stackable) === 1 ? '是' : '否',
  refund_return: Number(c.refund_return) === 1 ? '是' : '否',
  remark: c.remark,
});

const CODE_INDEX = { index: 'coupon_batch_code_uq', table: 'coupon_batch', columns: ['merchant_id', 'batch_code'] };

export async function create(ctx: SessionOpContext, f: Fields): Promise<BatchRow> {
  const now = ctx.clock.now();
  const code = await withGeneratedCode(
    'QP',
    now,
    async (c) =>
      !!(await ctx.db
        .selectFrom('coupon_batch')
        .select('id')
        .where('merchant_id', '=', ctx.merchantId)
        .where('batch_code', '=', c)
        .executeTakeFirst()),
    CODE_INDEX,
    (c) =>
      ctx.db.transaction().execute(async (trx) => {
        const cols = await columnsOf(trx, ctx.merchantId, f);
        await trx
          .insertInto('coupon_batch')
          .values({
            merchant_id: ctx.merchantId,
            batch_code: c,
            ...cols,
            creator_name: ctx.session.userName,
            created_by: ctx.session.accountId,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await writeHistory(trx, ctx, {
          subject: BATCH_SUBJECT,
          subjectId: c,
          action: 'create',
          actionLabel: '新增优惠券批次',
          remark: `${f.name}：${ruleOf(cols)}，${VALID_TYPES[f.validType]}，发行${f.totalStock}张`,
        });
        return c;
      }),
  );
  return detail(ctx, code);
}

export async function update(ctx: SessionOpContext, i: z.output<typeof batchUpdateInput>): Promise<BatchRow> {
  await ctx.db.transaction().execute(async (trx) => {
    const b = await batchByCode(trx, ctx.merchantId, i.batchCode);
    if (!BATCH_EDITABLE.includes(Number(b.status)))
      throw conflict(`批次${b.batch_code}当前为${BATCH_STATUS[Number(b.status) as BatchStatus]}，不能编辑（草稿或已驳回的批次可编辑）`);
    const cols = await columnsOf(trx, ctx.merchantId, i);
    assertFresh(
      await trx
        .updateTable('coupon_batch')
        .set({ ...cols, version: sql`version + 1`, updated_at: ctx.clock.now() })
        .where('id', '=', b.id)
        .where('version', '=', i.version)
        .where('status', 'in', [...BATCH_EDITABLE])
        .executeTakeFirst(),
    );
    const tz = ctx.config.businessTimeZone;
    await writeHistory(trx, ctx, {
      subject: BATCH_SUBJECT,
      subjectId: b.batch_code,
      action: 'update',
      actionLabel: '编辑优惠券批次',
      changes: describeChanges(readable(b, tz), readable(cols, tz), FIELD_LABELS),
    });
  });
  return detail(ctx, i.batchCode);
}

/** A transition: a versioned update from the states it starts from, and its history. */
async function step(
  ctx: SessionOpContext,
  action: BatchAction,
  i: { batchCode: string; version: number },
  note: string,
): Promise<BatchRow> {
  const t = BATCH_TRANSITIONS[action];
  await ctx.db.transaction().execute(async (trx) => {
    const b = await batchByCode(trx, ctx.merchantId, i.batchCode);
    const status = Number(b.status) as BatchStatus;
    if (!batchAllowed(action, status)) throw conflict(`批次${b.batch_code}当前为${BATCH_STATUS[status]}，不能${t.label}`);
    const now = ctx.clock.now();
    if (action === 'approve' && b.valid_type === 'range' && Number(b.valid_to) <= now)
      throw conflict(`批次${b.batch_code}的有效期已结束，不能审核通过：请驳回后修改有效期`);
    assertFresh(
      await trx
        .updateTable('coupon_batch')
        .set({
          status: t.to,
          version: sql`version + 1`,
          updated_at: now,
          ...(action === 'approve' || action === 'reject' ? { reviewer_name: ctx.session.userName, reviewed_at: now } : {}),
          ...(action === 'reject' ? { reject_reason: note } : {}),
          ...(action === 'submit' ? { reject_reason: '' } : {}),
        })
        .where('id', '=', b.id)
        .where('version', '=', i.version)
        .where('status', 'in', [...t.from])
        .executeTakeFirst(),
    );
    await writeHistory(trx, ctx, {
      subject: BATCH_SUBJECT,
      subjectId: b.batch_code,
      action,
      actionLabel: `${t.label}`,
      changes: [{ field: 'status', label: '批次状态', before: BATCH_STATUS[status], after: BATCH_STATUS[t.to] }],
      remark: note,
    });
  });
  return detail(ctx, i.batchCode);
}

type Step = z.output<typeof batchStepInput>;
type Reason = z.output<typeof batchReasonInput>;
export const submit = (ctx: SessionOpContext, i: Step) => step(ctx, 'submit', i, i.remark);
export const approve = (ctx: SessionOpContext, i: Step) => step(ctx, 'approve', i, i.remark);
export const reject = (ctx: SessionOpContext, i: Reason) => step(ctx, 'reject', i, i.reason);
export const disable = (ctx: SessionOpContext, i: Reason) => step(ctx, 'disable', i, i.reason);
export const enable = (ctx: SessionOpContext, i: Step) => step(ctx, 'enable', i, i.remark);

export async function remove(ctx: SessionOpContext, i: { batchCode: string; version: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const b = await batchByCode(trx, ctx.merchantId, i.batchCode);
    const status = Number(b.status) as BatchStatus;
    if (Number(b.issued_count) > 0) throw conflict(`批次${b.batch_code}已发出${b.issued_count}张券，不能删除：可停用`);
    if (!BATCH_DELETABLE.includes(status)) throw conflict(`批次${b.batch_code}当前为${BATCH_STATUS[status]}，不能删除`);
    const res = await trx
      .deleteFrom('coupon_batch')
      .where('id', '=', b.id)
      .where('version', '=', i.version)
      .where('issued_count', '=', 0)
      .where('status', 'in', [...BATCH_DELETABLE])
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw conflict('该记录已被他人修改，请刷新后重试');
    await writeHistory(trx, ctx, {
      subject: BATCH_SUBJECT,
      subjectId: b.batch_code,
      action: 'delete',
      actionLabel: '删除优惠券批次',
      remark: `${b.name}（${ruleOf(b)}）`,
    });
  });
  return null;
}

/** Batches one may issue from now: 已生效, stock left, not past their end. */
export async function options(ctx: SessionOpContext, keyword?: string): Promise<BatchOption[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .selectFrom('coupon_batch')
    .selectAll()
    .where('merchant_id', '=', ctx.merchantId)
    .where('status', '=', BATCH_ACTIVE)
    .where(sql<boolean>`issued_count < total_stock`)
    .where((eb) => eb.or([eb('valid_type', '=', 'days'), eb('valid_to', '>', now)]))
    .$if(!!keyword, (q) => q.where((eb) => eb.or([contains('batch_code', keyword!.toUpperCase()), contains('name', keyword!)])))
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    batchCode: r.batch_code,
    name: r.name,
    ruleText: ruleOf(r),
    validText: validText(r, ctx.config.businessTimeZone),
    left: Number(r.total_stock) - Number(r.issued_count),
    perUserLimit: Number(r.per_user_limit),
  }));
}

/** The merchant's SKUs for a batch's 指定商品 (code, name or barcode). */
export async function skuOptions(ctx: SessionOpContext, keyword?: string) {
  const rows = await ctx.db
    .selectFrom('goods_sku')
    .select(['id', 'sku_code', 'name'])
    .where('merchant_id', '=', ctx.merchantId)
    .where('deleted_at', 'is', null)
    .$if(!!keyword, (q) =>
      q.where((eb) => eb.or([contains('sku_code', keyword!.toUpperCase()), contains('name', keyword!), contains('barcode', keyword!)])),
    )
    .orderBy('sku_code')
    .limit(50)
    .execute();
  return rows.map((r) => ({ skuId: Number(r.id), skuCode: r.sku_code, name: r.name }));
}

/** The cities of the merchant's points and stores (a batch's 适用城市). */
export async function cityOptions(ctx: SessionOpContext): Promise<string[]> {
  const points = await ctx.db.selectFrom('point').select('city_code').distinct().where('merchant_id', '=', ctx.merchantId).execute();
  const stores = await ctx.db.selectFrom('store').select('city').distinct().where('merchant_id', '=', ctx.merchantId).execute();
  const names = [...points.map((p) => regionName(p.city_code)), ...stores.map((s) => s.city)].filter((c) => !!c);
  return [...new Set(names)].sort((a, b) => a.localeCompare(b, 'zh-CN'));
}
