import { DEFAULT_BUSINESS_TIME_ZONE } from '@merchant/contracts/core/business-time';
import { batchCreateInput } from '@merchant/contracts/marketing/coupon-batch';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { seedContext } from '../order/channel-order.seed.ts';
import * as batches from './coupon-batch.service.ts';
import * as coupons from './coupon.service.ts';

const DAY = 86_400_000;

/**
 * The demo's coupons (after the orders and after-sales, 65–67): batches in every state — 已生效 ones issued to the
 * demo's consumers (the phones of its orders, and members who have not bought yet), one 待审核, one 草稿, one 已驳回, one 已停用 — and a weekly 满减 campaign
 * over the past 45 weeks (each approved, issued to a few consumers and 停用 after its week), so the lists page; a few
 * coupons 作废. Through the services, as the admin, so every row has its history.
 */
export const seed: Seed = {
  order: 68,
  isEmpty: async (db) => !(await db.selectFrom('coupon_batch').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedCoupons(db, now),
};

export async function seedCoupons(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const admin = await demoAccount(db, mid, 'admin');
  if (!admin) return;
  const member = await db
    .selectFrom('membership')
    .select(['organization_id', 'role_id'])
    .where('account_id', '=', admin.id)
    .orderBy('organization_id')
    .executeTakeFirst();
  if (!member) return;
  const at = { now: now - 320 * DAY };
  const base = seedContext(db, mid, admin.id, admin.user_name, at);
  const ctx = {
    ...base,
    session: { ...base.session, organizationId: member.organization_id, roleIds: [member.role_id] },
    config: { businessTimeZone: DEFAULT_BUSINESS_TIME_ZONE } as SessionOpContext['config'],
  } as SessionOpContext;

  const ordered = (
    await db
      .selectFrom('sale_order')
      .select('user_phone')
      .distinct()
      .where('merchant_id', '=', mid)
      .where('user_phone', '<>', '')
      .orderBy('user_phone')
      .limit(60)
      .execute()
  ).map((r) => r.user_phone);
  // the consumers who bought, and members who have not bought yet (deterministic mobile numbers)
  const prefixes = ['138', '139', '150', '151', '158', '186', '187', '136'];
  const members = Array.from({ length: 60 }, (_, n) => `${prefixes[n % prefixes.length]}${String(20_261_000 + n * 7_919).slice(-8)}`);
  const phones = [...new Set([...ordered, ...members])].slice(0, 60);
  const skus = await db
    .selectFrom('goods_sku')
    .select('id')
    .where('merchant_id', '=', mid)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(6)
    .execute();

  const make = async (f: Record<string, unknown>, fate: 'draft' | 'pending' | 'rejected' | 'active' | 'disabled', give: string[] = []) => {
    let b = await batches.create(ctx, batchCreateInput.parse(f));
    if (fate === 'draft') return b;
    b = await batches.submit(ctx, { batchCode: b.batchCode, version: b.version, remark: '' });
    if (fate === 'pending') return b;
    if (fate === 'rejected')
      return batches.reject(ctx, { batchCode: b.batchCode, version: b.version, reason: '面额过大，请调整为满100减20以内' });
    b = await batches.approve(ctx, { batchCode: b.batchCode, version: b.version, remark: '同意' });
    for (let n = 0; n < give.length; n += 50)
      await coupons.provide(ctx, { batchCode: b.batchCode, phones: give.slice(n, n + 50), remark: '' });
    if (fate === 'disabled')
      b = await batches.disable(ctx, {
        batchCode: b.batchCode,
        version: (await batches.detail(ctx, b.batchCode)).version,
        reason: '活动结束',
      });
    return b;
  };
  const weekly = (n: number) => ({
    name: `第${n}期周末满减券`,
    couponType: 'full_reduce',
    thresholdAmount: 2_000 + (n % 4) * 1_000,
    reduceAmount: 300 + (n % 4) * 100,
    validType: 'range',
    validFrom: at.now,
    validTo: at.now + 7 * DAY,
    totalStock: 200,
    perUserLimit: 1,
    goodsScope: 'all',
    cityNames: [],
    stackable: false,
    refundReturn: true,
    remark: '每周例行活动',
  });

  // the weekly campaign, week by week
  for (let w = 1; w <= 45; w++) {
    at.now = now - (46 - w) * 7 * DAY;
    await make(weekly(w), 'disabled', [phones[w % phones.length], phones[(w * 7) % phones.length]]);
  }

  at.now = now - 12 * DAY;
  await make(
    {
      name: '新客无门槛立减5元',
      couponType: 'no_threshold',
      reduceAmount: 500,
      validType: 'days',
      validDays: 30,
      totalStock: 500,
      perUserLimit: 1,
      goodsScope: 'all',
      refundReturn: true,
      remark: '新用户首单',
    },
    'active',
    phones.slice(0, 40),
  );
  at.now = now - 10 * DAY;
  await make(
    {
      name: '满30减5到柜券',
      couponType: 'full_reduce',
      thresholdAmount: 3_000,
      reduceAmount: 500,
      validType: 'range',
      validFrom: now - 10 * DAY,
      validTo: now + 20 * DAY,
      totalStock: 1_000,
      perUserLimit: 2,
      goodsScope: 'all',
      remark: '',
    },
    'active',
    phones.slice(10, 50),
  );
  at.now = now - 6 * DAY;
  await make(
    {
      name: '指定饮品8.5折',
      couponType: 'discount',
      discountPercent: 85,
      maxDiscount: 1_000,
      validType: 'days',
      validDays: 14,
      totalStock: 300,
      perUserLimit: 1,
      goodsScope: skus.length ? 'skus' : 'all',
      skuIds: skus.map((s) => Number(s.id)),
      stackable: true,
      remark: '饮品专区',
    },
    'active',
    phones.slice(20, 45),
  );
  at.now = now - 2 * DAY;
  await make(
    {
      name: '周末满50减10',
      couponType: 'full_reduce',
      thresholdAmount: 5_000,
      reduceAmount: 1_000,
      validType: 'range',
      validFrom: now + DAY,
      validTo: now + 15 * DAY,
      totalStock: 800,
      perUserLimit: 1,
      goodsScope: 'all',
    },
    'pending',
  );
  await make(
    {
      name: '会员日9折券',
      couponType: 'discount',
      discountPercent: 90,
      validType: 'days',
      validDays: 7,
      totalStock: 2_000,
      perUserLimit: 1,
      goodsScope: 'all',
    },
    'draft',
  );
  await make(
    {
      name: '大额满100减50',
      couponType: 'full_reduce',
      thresholdAmount: 10_000,
      reduceAmount: 5_000,
      validType: 'days',
      validDays: 10,
      totalStock: 100,
      perUserLimit: 1,
      goodsScope: 'all',
    },
    'rejected',
  );

  // two coupons voided (issued by mistake)
  at.now = now - DAY;
  const wrong = await db
    .selectFrom('coupon')
    .select('coupon_no')
    .where('merchant_id', '=', mid)
    .where('status', '=', 0)
    .where('valid_to', '>', now)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  for (const c of wrong) await coupons.voidCoupon(ctx, { couponNo: c.coupon_no, reason: '误发，已与顾客确认' });
}
