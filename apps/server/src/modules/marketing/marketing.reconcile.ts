import { COUPON_USED } from '@merchant/contracts/marketing/coupon-fields';
import { sql } from 'kysely';
import type { LedgerCheck } from '../../platform/reconcile.ts';

/**
 * The coupons (docs/marketing.md "对账"): every batch's issued count is the number of its coupons and never more than
 * its stock; its used count is the number of its coupons 已使用; no holder has more of a batch than its per-user limit;
 * every 发券单's counts add up (成功 + 失败 = 发放数, 成功 = its coupons still there or voided).
 */
export const check: LedgerCheck = {
  name: '优惠券 = 批次已发 / 已用 = 券 ≤ 库存 / 每人限领 (the coupons)',
  async run(db, merchantId) {
    const batches = await db
      .selectFrom('coupon_batch as b')
      .select([
        'b.batch_code',
        'b.total_stock',
        'b.issued_count',
        'b.used_count',
        (eb) =>
          eb
            .selectFrom('coupon as c')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('c.batch_id', '=', 'b.id')
            .as('coupons'),
        (eb) =>
          eb
            .selectFrom('coupon as c')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('c.batch_id', '=', 'b.id')
            .where('c.status', '=', COUPON_USED)
            .as('used'),
      ])
      .where('b.merchant_id', '=', merchantId)
      .execute();
    const out: string[] = [];
    for (const b of batches) {
      if (Number(b.issued_count) !== Number(b.coupons ?? 0)) out.push(`批次${b.batch_code}：记已发${b.issued_count}张，券${b.coupons}张`);
      if (Number(b.issued_count) > Number(b.total_stock))
        out.push(`批次${b.batch_code}：已发${b.issued_count}张，超过发行总量${b.total_stock}`);
      if (Number(b.used_count) !== Number(b.used ?? 0)) out.push(`批次${b.batch_code}：记已用${b.used_count}张，已使用的券${b.used}张`);
    }
    const over = await db
      .selectFrom('coupon as c')
      .innerJoin('coupon_batch as b', 'b.id', 'c.batch_id')
      .select(['b.batch_code', 'c.user_phone', 'b.per_user_limit', sql<number>`count(*)`.as('n')])
      .where('c.merchant_id', '=', merchantId)
      .groupBy(['b.batch_code', 'c.user_phone', 'b.per_user_limit'])
      .having(sql<number>`count(*)`, '>', sql<number>`b.per_user_limit`)
      .limit(100)
      .execute();
    for (const o of over) out.push(`批次${o.batch_code}：手机号${o.user_phone.slice(-4)}持有${o.n}张，超过每人限领${o.per_user_limit}`);
    const provides = await db
      .selectFrom('coupon_provide as p')
      .select([
        'p.provide_no',
        'p.requested',
        'p.issued',
        'p.failed',
        (eb) =>
          eb
            .selectFrom('coupon as c')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('c.provide_id', '=', 'p.id')
            .as('coupons'),
      ])
      .where('p.merchant_id', '=', merchantId)
      .execute();
    for (const p of provides) {
      if (Number(p.issued) + Number(p.failed) !== Number(p.requested))
        out.push(`发券单${p.provide_no}：成功${p.issued} + 失败${p.failed} ≠ 发放数${p.requested}`);
      if (Number(p.issued) !== Number(p.coupons ?? 0)) out.push(`发券单${p.provide_no}：记成功${p.issued}张，券${p.coupons}张`);
    }
    return out;
  },
};
