import { maskPhone } from '@merchant/contracts/core/format';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import type {
  couponListInput,
  CouponRow,
  Consumer,
  ProvideAnswer,
  provideInput,
  provideListInput,
  ProvideRow,
} from '@merchant/contracts/marketing/coupon';
import {
  BATCH_ACTIVE,
  BATCH_STATUS,
  COUPON_DETAIL_ANCHOR,
  COUPON_EXPIRED,
  COUPON_STATUS,
  COUPON_TYPES,
  COUPON_UNUSED,
  COUPON_USED,
  COUPON_VOID,
  type BatchStatus,
  type CouponStatus,
  type CouponType,
} from '@merchant/contracts/marketing/coupon-fields';
import { PAY_PAID, PAY_PART_REFUNDED, PAY_REFUNDED } from '@merchant/contracts/order/order-fields';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { loadAccess } from '../../platform/auth/access.ts';
import { drawVolumeCode, generateCode, retryOnCodeCollision } from '../../platform/business-code.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import { writeHistory } from '../../platform/record-history.ts';
import { BATCH_SUBJECT, batchByCode, ruleOf } from './coupon-batch.service.ts';

// 发券 and the coupons issued (docs/marketing.md "发券"). One 发券单 gives each phone one coupon, in one transaction:
// the holder's n-th coupon of the batch is unique (coupon_holder_uq), so the per-user limit holds under concurrent
// issuing, and the batch's stock moves only by `issued_count = issued_count + 1 where issued_count < total_stock`, so
// the stock is never passed. A coupon is 未使用 until an order uses it (已使用) or staff void it (已作废); past its
// end it reads 已过期.

const DAY = 86_400_000;
type Db = Kysely<Database> | Transaction<Database>;

export async function provide(
  ctx: SessionOpContext,
  i: z.output<typeof provideInput>,
  method: 'manual' | 'file' = 'manual',
): Promise<ProvideAnswer> {
  const phones = [...new Set(i.phones.map((p) => p.trim()))];
  const now = ctx.clock.now();
  const provideId = await retryOnCodeCollision(
    [
      { index: 'coupon_provide_no_uq', table: 'coupon_provide', columns: ['merchant_id', 'provide_no'] },
      { index: 'coupon_no_uq', table: 'coupon', columns: ['merchant_id', 'coupon_no'] },
    ],
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const b = await batchByCode(trx, ctx.merchantId, i.batchCode);
        const status = Number(b.status) as BatchStatus;
        if (status !== BATCH_ACTIVE)
          throw conflict(`批次${b.batch_code}当前为${BATCH_STATUS[status]}，不能发券（审核通过且未停用的批次可发券）`);
        if (b.valid_type === 'range' && Number(b.valid_to) <= now) throw conflict(`批次${b.batch_code}的有效期已结束，不能发券`);
        const provideNo = await generateCode(
          'FQ',
          now,
          async (c) => !!(await codeTaken(trx, 'coupon_provide', 'provide_no', ctx.merchantId, c)),
        );
        const { id } = await trx
          .insertInto('coupon_provide')
          .values({
            merchant_id: ctx.merchantId,
            provide_no: provideNo,
            batch_id: b.id,
            method,
            requested: phones.length,
            remark: i.remark,
            operator_name: ctx.session.userName,
            created_by: ctx.session.accountId,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const validFrom = b.valid_type === 'range' ? Number(b.valid_from) : now;
        const validTo = b.valid_type === 'range' ? Number(b.valid_to) : now + Number(b.valid_days) * DAY;
        const limit = Number(b.per_user_limit);
        let issued = 0;
        let soldOut = false;
        for (const phone of phones) {
          if (soldOut) break;
          const held = await trx
            .selectFrom('coupon')
            .select(sql<number>`count(*)`.as('n'))
            .where('batch_id', '=', b.id)
            .where('user_phone', '=', phone)
            .executeTakeFirstOrThrow();
          // the next free place among the holder's 1 … limit (a concurrent issue to the same phone takes one first)
          let placed = '';
          for (let seq = Number(held.n) + 1; seq <= limit && !placed; seq++) {
            const couponNo = await generateCode(
              'CP',
              now,
              async (c) => !!(await codeTaken(trx, 'coupon', 'coupon_no', ctx.merchantId, c)),
              () => drawVolumeCode('CP', now),
            );
            const res = await trx
              .insertInto('coupon')
              .values({
                merchant_id: ctx.merchantId,
                coupon_no: couponNo,
                batch_id: b.id,
                provide_id: id,
                user_phone: phone,
                seq,
                valid_from: validFrom,
                valid_to: validTo,
                received_at: now,
                updated_at: now,
              })
              .onConflict((oc) => oc.columns(['batch_id', 'user_phone', 'seq']).doNothing())
              .executeTakeFirst();
            if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) placed = couponNo;
          }
          if (!placed) continue;
          const took = await trx
            .updateTable('coupon_batch')
            .set({ issued_count: sql`issued_count + 1`, updated_at: now })
            .where('id', '=', b.id)
            .where('status', '=', BATCH_ACTIVE)
            .where(sql<boolean>`issued_count < total_stock`)
            .executeTakeFirst();
          if (Number(took.numUpdatedRows) === 0) {
            await trx.deleteFrom('coupon').where('merchant_id', '=', ctx.merchantId).where('coupon_no', '=', placed).execute();
            soldOut = true;
            continue;
          }
          issued++;
        }
        await trx
          .updateTable('coupon_provide')
          .set({ issued, failed: phones.length - issued })
          .where('id', '=', id)
          .execute();
        await writeHistory(trx, ctx, {
          subject: BATCH_SUBJECT,
          subjectId: b.batch_code,
          action: 'provide',
          actionLabel: '发券',
          remark: `发券单${provideNo}：${phones.length}个手机号，成功${issued}张${i.remark ? `；${i.remark}` : ''}`,
        });
        return id;
      }),
  );
  return answerOf(ctx, provideId, phones);
}

async function codeTaken(
  trx: Transaction<Database>,
  table: 'coupon' | 'coupon_provide',
  column: 'coupon_no' | 'provide_no',
  merchantId: number,
  code: string,
) {
  return trx.selectFrom(table).select('id').where('merchant_id', '=', merchantId).where(column, '=', code).executeTakeFirst();
}

/** The 发券单 with each phone's result, the reasons read off what the phones hold now. */
async function answerOf(ctx: SessionOpContext, provideId: number, phones: string[]): Promise<ProvideAnswer> {
  const row = await provideQuery(ctx.db, ctx.merchantId).where('p.id', '=', provideId).executeTakeFirstOrThrow();
  const mine = await ctx.db.selectFrom('coupon').select(['user_phone', 'coupon_no']).where('provide_id', '=', provideId).execute();
  const byPhone = new Map(mine.map((c) => [c.user_phone, c.coupon_no]));
  const batch = await ctx.db
    .selectFrom('coupon_batch')
    .select(['id', 'per_user_limit', 'issued_count', 'total_stock'])
    .where('batch_code', '=', row.batch_code)
    .where('merchant_id', '=', ctx.merchantId)
    .executeTakeFirstOrThrow();
  const held = phones.length
    ? await ctx.db
        .selectFrom('coupon')
        .select(['user_phone', sql<number>`count(*)`.as('n')])
        .where('batch_id', '=', batch.id)
        .where('user_phone', 'in', phones)
        .groupBy('user_phone')
        .execute()
    : [];
  const heldOf = new Map(held.map((h) => [h.user_phone, Number(h.n)]));
  const limit = Number(batch.per_user_limit);
  return {
    ...provideRow(row),
    results: phones.map((phone) => {
      const couponNo = byPhone.get(phone) ?? '';
      const message = couponNo ? '' : (heldOf.get(phone) ?? 0) >= limit ? `已达每人限领（${limit}张）` : '批次库存不足';
      return { phone: maskPhone(phone), ok: !!couponNo, couponNo, message };
    }),
  };
}

function provideQuery(db: Db, merchantId: number) {
  return db
    .selectFrom('coupon_provide as p')
    .innerJoin('coupon_batch as b', 'b.id', 'p.batch_id')
    .select([
      'p.id',
      'p.provide_no',
      'p.method',
      'p.requested',
      'p.issued',
      'p.failed',
      'p.remark',
      'p.operator_name',
      'p.created_at',
      'b.batch_code',
      'b.name as batch_name',
    ])
    .where('p.merchant_id', '=', merchantId);
}
type ProvideDbRow = Awaited<ReturnType<ReturnType<typeof provideQuery>['executeTakeFirstOrThrow']>>;

export const provideRow = (r: ProvideDbRow): ProvideRow => ({
  provideNo: r.provide_no,
  batchCode: r.batch_code,
  batchName: r.batch_name,
  methodName: r.method === 'file' ? '文件导入' : '手工录入',
  requested: Number(r.requested),
  issued: Number(r.issued),
  failed: Number(r.failed),
  remark: r.remark,
  operatorName: r.operator_name,
  createdAt: Number(r.created_at),
});

export function provideListQuery(
  ctx: SessionOpContext,
  i: Omit<z.output<typeof provideListInput>, 'cursor' | 'pageSize' | 'sortField' | 'sortOrder'>,
) {
  return provideQuery(ctx.db, ctx.merchantId)
    .$if(!!i.batchCode, (q) => q.where('b.batch_code', '=', i.batchCode!.toUpperCase()))
    .$if(!!i.provideNo, (q) => q.where('p.provide_no', '=', i.provideNo!.toUpperCase()))
    .$if(!!i.createdRange, (q) => q.where('p.created_at', '>=', i.createdRange![0]).where('p.created_at', '<=', i.createdRange![1]));
}

export async function provideRecords(ctx: SessionOpContext, i: z.output<typeof provideListInput>): Promise<KeysetPage<ProvideRow>> {
  const page = await fetchKeysetPage(ctx.db, provideListQuery(ctx, i), {
    sort: { key: 'createdAt', column: 'p.created_at', value: (r) => Number(r.created_at) },
    id: { column: 'p.id', value: (r) => Number(r.id) },
    order: i.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: i.cursor,
    pageSize: i.pageSize,
    count: i.cursor ? false : { upTo: 10_000 },
    scope: ctx.merchantId,
  });
  return { ...page, list: page.list.map(provideRow) };
}

// ---------------------------------------------------------------- 券明细

function couponQuery(db: Db, merchantId: number) {
  return db
    .selectFrom('coupon as c')
    .innerJoin('coupon_batch as b', 'b.id', 'c.batch_id')
    .leftJoin('coupon_provide as p', 'p.id', 'c.provide_id')
    .select([
      'c.id',
      'c.coupon_no',
      'c.user_phone',
      'c.status',
      'c.valid_from',
      'c.valid_to',
      'c.received_at',
      'c.used_at',
      'c.order_no',
      'c.discount_amount',
      'c.void_reason',
      'b.batch_code',
      'b.name as batch_name',
      'b.coupon_type',
      'b.threshold_amount',
      'b.reduce_amount',
      'b.discount_percent',
      'b.max_discount',
      'p.provide_no',
    ])
    .where('c.merchant_id', '=', merchantId);
}
type CouponDbRow = Awaited<ReturnType<ReturnType<typeof couponQuery>['executeTakeFirstOrThrow']>>;

/** A coupon's state now: 未使用 past its end reads 已过期. */
export const couponStatusOf = (status: number, validTo: number, now: number): CouponStatus =>
  (status === COUPON_UNUSED && validTo < now ? COUPON_EXPIRED : status) as CouponStatus;

const couponRow =
  (now: number, mayVoid: boolean) =>
  (r: CouponDbRow): CouponRow => {
    const status = couponStatusOf(Number(r.status), Number(r.valid_to), now);
    return {
      couponNo: r.coupon_no,
      batchCode: r.batch_code,
      batchName: r.batch_name,
      couponTypeName: COUPON_TYPES[r.coupon_type as CouponType] ?? r.coupon_type,
      ruleText: ruleOf(r),
      phone: maskPhone(r.user_phone),
      status,
      statusName: COUPON_STATUS[status],
      validFrom: Number(r.valid_from),
      validTo: Number(r.valid_to),
      receivedAt: Number(r.received_at),
      usedAt: Number(r.used_at) > 0 ? Number(r.used_at) : null,
      orderNo: r.order_no,
      discountAmount: Number(r.discount_amount),
      provideNo: r.provide_no ?? '',
      voidReason: r.void_reason,
      canVoid: mayVoid && status === COUPON_UNUSED,
    };
  };

export function couponListQuery(
  ctx: SessionOpContext,
  i: Omit<z.output<typeof couponListInput>, 'cursor' | 'pageSize' | 'sortField' | 'sortOrder'>,
) {
  const now = ctx.clock.now();
  return couponQuery(ctx.db, ctx.merchantId)
    .$if(!!i.couponNo, (q) => q.where('c.coupon_no', '=', i.couponNo!.toUpperCase()))
    .$if(!!i.batchCode, (q) => q.where('b.batch_code', '=', i.batchCode!.toUpperCase()))
    .$if(!!i.phone, (q) => q.where('c.user_phone', '=', i.phone!))
    .$if(!!i.provideNo, (q) => q.where('p.provide_no', '=', i.provideNo!.toUpperCase()))
    .$if(i.status === COUPON_UNUSED, (q) => q.where('c.status', '=', COUPON_UNUSED).where('c.valid_to', '>=', now))
    .$if(i.status === COUPON_EXPIRED, (q) => q.where('c.status', '=', COUPON_UNUSED).where('c.valid_to', '<', now))
    .$if(i.status === COUPON_USED || i.status === COUPON_VOID, (q) => q.where('c.status', '=', i.status!))
    .$if(!!i.receivedRange, (q) => q.where('c.received_at', '>=', i.receivedRange![0]).where('c.received_at', '<=', i.receivedRange![1]));
}

async function mayVoid(ctx: SessionOpContext): Promise<boolean> {
  const access = await loadAccess(ctx.db, ctx.session);
  return access.isAdmin || access.anchors.has(COUPON_DETAIL_ANCHOR);
}

export async function exportRows(ctx: SessionOpContext, rows: CouponDbRow[]): Promise<CouponRow[]> {
  return rows.map(couponRow(ctx.clock.now(), false));
}

export async function list(ctx: SessionOpContext, i: z.output<typeof couponListInput>): Promise<KeysetPage<CouponRow>> {
  const page = await fetchKeysetPage(ctx.db, couponListQuery(ctx, i), {
    sort: { key: 'receivedAt', column: 'c.received_at', value: (r) => Number(r.received_at) },
    id: { column: 'c.id', value: (r) => Number(r.id) },
    order: i.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: i.cursor,
    pageSize: i.pageSize,
    count: i.cursor ? false : { upTo: 10_000 },
    scope: ctx.merchantId,
  });
  return { ...page, list: page.list.map(couponRow(ctx.clock.now(), await mayVoid(ctx))) };
}

export async function voidCoupon(ctx: SessionOpContext, i: { couponNo: string; reason: string }): Promise<CouponRow> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const c = await couponQuery(trx, ctx.merchantId).where('c.coupon_no', '=', i.couponNo).executeTakeFirst();
    if (!c) throw notFound('优惠券');
    const status = couponStatusOf(Number(c.status), Number(c.valid_to), now);
    if (status !== COUPON_UNUSED) throw conflict(`优惠券${c.coupon_no}当前为${COUPON_STATUS[status]}，不能作废`);
    const res = await trx
      .updateTable('coupon')
      .set({ status: COUPON_VOID, void_reason: i.reason, version: sql`version + 1`, updated_at: now })
      .where('id', '=', c.id)
      .where('status', '=', COUPON_UNUSED)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw conflict('该优惠券刚被使用或作废，请刷新后重试');
    await writeHistory(trx, ctx, {
      subject: BATCH_SUBJECT,
      subjectId: c.batch_code,
      action: 'void',
      actionLabel: '作废优惠券',
      remark: `${c.coupon_no}（${maskPhone(c.user_phone)}）：${i.reason}`,
    });
  });
  const row = await couponQuery(ctx.db, ctx.merchantId).where('c.coupon_no', '=', i.couponNo).executeTakeFirstOrThrow();
  return couponRow(now, await mayVoid(ctx))(row);
}

/** 用户查询: a consumer's orders and coupons with the merchant. */
export async function consumer(ctx: SessionOpContext, phone: string): Promise<Consumer> {
  const now = ctx.clock.now();
  const orders = await ctx.db
    .selectFrom('sale_order')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(paid_amount - refunded_amount), 0)`.as('paid'),
      sql<number>`max(created_at)`.as('last'),
    ])
    .where('merchant_id', '=', ctx.merchantId)
    .where('user_phone', '=', phone)
    .where('pay_status', 'in', [PAY_PAID, PAY_PART_REFUNDED, PAY_REFUNDED])
    .executeTakeFirstOrThrow();
  const coupons = await ctx.db
    .selectFrom('coupon')
    .select([
      sql<number>`coalesce(sum(case when status = ${COUPON_UNUSED} and valid_to >= ${now} then 1 else 0 end), 0)`.as('unused'),
      sql<number>`coalesce(sum(case when status = ${COUPON_USED} then 1 else 0 end), 0)`.as('used'),
      sql<number>`coalesce(sum(case when status = ${COUPON_UNUSED} and valid_to < ${now} then 1 else 0 end), 0)`.as('expired'),
    ])
    .where('merchant_id', '=', ctx.merchantId)
    .where('user_phone', '=', phone)
    .executeTakeFirstOrThrow();
  return {
    phone: maskPhone(phone),
    orderCount: Number(orders.n),
    paidAmount: Number(orders.paid),
    lastOrderAt: orders.last === null || orders.last === undefined ? null : Number(orders.last),
    unused: Number(coupons.unused),
    used: Number(coupons.used),
    expired: Number(coupons.expired),
  };
}
