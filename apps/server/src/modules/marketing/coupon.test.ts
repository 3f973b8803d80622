import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { couponOps, type Consumer, type CouponRow, type ProvideAnswer, type ProvideRow } from '@merchant/contracts/marketing/coupon';
import { couponBatchOps, type BatchRow } from '@merchant/contracts/marketing/coupon-batch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { merchantOf } from '../../test/payment-kit.ts';
import { check } from './marketing.reconcile.ts';

// 发券 and 券明细 through the real client (docs/marketing.md "发券"): one coupon per phone, never past the batch's
// stock or the per-user limit — also when many issue at once (the race: 500 issues from a batch of 100 give exactly
// 100); only an active batch issues; 作废; 用户查询; another merchant sees and touches nothing.

const DAY = 86_400_000;
const phoneOf = (n: number) => `139${String(10_000_000 + n).slice(-8)}`;

describe.each(DIALECTS)('发券 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let owner: ApiClient;
  let other: ApiClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, owner] = await Promise.all(['admin', 'owner'].map((u) => t.signIn(u)));
    other = await registerMerchant(t, '别家发券', 'cpnboss', '13700000075');
  });
  afterAll(() => t.close());

  /** A batch taken through review to 已生效. */
  async function activeBatch(over: Record<string, unknown> = {}): Promise<BatchRow> {
    const b = await call<BatchRow>(admin, couponBatchOps.create, {
      name: '到店满减券',
      couponType: 'full_reduce',
      thresholdAmount: 3_000,
      reduceAmount: 500,
      validType: 'days',
      validDays: 7,
      totalStock: 10,
      perUserLimit: 2,
      goodsScope: 'all',
      ...over,
    });
    const s = await call<BatchRow>(admin, couponBatchOps.submit, { batchCode: b.batchCode, version: b.version });
    return call<BatchRow>(admin, couponBatchOps.approve, { batchCode: b.batchCode, version: s.version });
  }

  it('issues one coupon per phone with its own code and validity; the limit and the stock refuse the rest, named', async () => {
    const b = await activeBatch({ totalStock: 5, perUserLimit: 2 });
    const a = await call<ProvideAnswer>(admin, couponOps.provide, {
      batchCode: b.batchCode,
      phones: [phoneOf(1), phoneOf(2), phoneOf(1), phoneOf(3)],
      remark: '门店活动',
    });
    // the repeated phone counts once
    expect(a).toMatchObject({ provideNo: expect.stringMatching(/^FQ\d{10}$/), requested: 3, issued: 3, failed: 0, methodName: '手工录入' });
    expect(a.results.map((r) => r.phone)).toEqual(['139****0001', '139****0002', '139****0003']);
    for (const r of a.results) expect(r.couponNo).toMatch(/^CP\d{14}$/);
    // phone 1 again: its 2nd (the limit); then a 3rd is refused; the stock (5) runs out for the last
    const b2 = await call<ProvideAnswer>(admin, couponOps.provide, { batchCode: b.batchCode, phones: [phoneOf(1)] });
    expect(b2.issued).toBe(1);
    const c = await call<ProvideAnswer>(admin, couponOps.provide, { batchCode: b.batchCode, phones: [phoneOf(1), phoneOf(4), phoneOf(5)] });
    expect(c.results).toEqual([
      { phone: '139****0001', ok: false, couponNo: '', message: '已达每人限领（2张）' },
      { phone: '139****0004', ok: true, couponNo: expect.stringMatching(/^CP/), message: '' },
      { phone: '139****0005', ok: false, couponNo: '', message: '批次库存不足' },
    ]);
    const after = await call<BatchRow>(admin, couponBatchOps.detail, { batchCode: b.batchCode });
    expect(after.issuedCount).toBe(5);
    const coupons = await call<KeysetPage<CouponRow>>(admin, couponOps.list, { batchCode: b.batchCode, pageSize: 50 });
    expect(coupons.list).toHaveLength(5);
    const one = coupons.list[0];
    expect(one).toMatchObject({ status: 0, statusName: '未使用', ruleText: '满30.00减5.00', canVoid: true });
    expect(one.validTo - one.validFrom).toBe(7 * DAY);
    const records = await call<KeysetPage<ProvideRow>>(admin, couponOps.provideRecords, { batchCode: b.batchCode });
    expect(records.list.map((r) => [r.issued, r.failed])).toEqual([
      [1, 2],
      [1, 0],
      [3, 0],
    ]);
    expect((await call<KeysetPage<CouponRow>>(admin, couponOps.list, { provideNo: a.provideNo })).list).toHaveLength(3);
  });

  it('refuses bad phones and batches that may not issue, writing nothing', async () => {
    const before = await rowCount(t, 'coupon');
    const draft = await call<BatchRow>(admin, couponBatchOps.create, {
      name: '未审核批次',
      couponType: 'no_threshold',
      reduceAmount: 200,
      validType: 'days',
      validDays: 3,
      totalStock: 10,
      perUserLimit: 1,
      goodsScope: 'all',
    });
    expect(await op(admin, couponOps.provide, { batchCode: draft.batchCode, phones: [phoneOf(9)] })).toMatchObject({
      code: CODES.conflict,
      msg: `批次${draft.batchCode}当前为草稿，不能发券（审核通过且未停用的批次可发券）`,
    });
    const b = await activeBatch();
    expect(await op(admin, couponOps.provide, { batchCode: b.batchCode, phones: [phoneOf(9), '12345'] })).toMatchObject({
      code: CODES.badInput,
      msg: '第2个手机号格式不正确：12345（字段：phones）',
    });
    expect(await op(admin, couponOps.provide, { batchCode: b.batchCode, phones: [] })).toMatchObject({ code: CODES.badInput });
    expect(await op(other, couponOps.provide, { batchCode: b.batchCode, phones: [phoneOf(9)] })).toMatchObject({
      code: CODES.notFound,
      msg: '优惠券批次不存在',
    });
    expect((await op(owner, couponOps.provide, { batchCode: b.batchCode, phones: [phoneOf(9)] })).code).toBe(CODES.forbidden);
    const off = await call<BatchRow>(admin, couponBatchOps.disable, { batchCode: b.batchCode, version: b.version, reason: '暂停发放' });
    expect((await op(admin, couponOps.provide, { batchCode: b.batchCode, phones: [phoneOf(9)] })).code).toBe(CODES.conflict);
    expect(off.status).toBe(4);
    expect(await rowCount(t, 'coupon')).toBe(before);
  });

  it('500 issues at once from a batch of 100 give exactly 100; 50 issues at once to one phone give its limit', async () => {
    const b = await activeBatch({ totalStock: 100, perUserLimit: 1 });
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, n) => op(admin, couponOps.provide, { batchCode: b.batchCode, phones: [phoneOf(1_000 + n)] })),
    );
    const issued = answers.filter((a) => a.code === '200' && (a.data as ProvideAnswer).issued === 1);
    expect(issued).toHaveLength(100);
    for (const a of answers) expect(a.code).toBe('200');
    expect((await call<BatchRow>(admin, couponBatchOps.detail, { batchCode: b.batchCode })).issuedCount).toBe(100);
    const n = await t.db.db
      .selectFrom('coupon as c')
      .innerJoin('coupon_batch as b', 'b.id', 'c.batch_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('b.batch_code', '=', b.batchCode)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(100);

    const one = await activeBatch({ totalStock: 100, perUserLimit: 3 });
    await Promise.all(Array.from({ length: 50 }, () => op(admin, couponOps.provide, { batchCode: one.batchCode, phones: [phoneOf(7)] })));
    const held = await call<KeysetPage<CouponRow>>(admin, couponOps.list, { batchCode: one.batchCode, phone: phoneOf(7) });
    expect(held.list).toHaveLength(3);
    expect((await call<BatchRow>(admin, couponBatchOps.detail, { batchCode: one.batchCode })).issuedCount).toBe(3);
    expect((await check.run(t.db.db, await merchantOf(t, 'admin'))).join('\n')).toBe('');
  }, 120_000);

  it('作废 an unused coupon with a reason; not twice; 已过期 past its end; 用户查询 counts them', async () => {
    const b = await activeBatch({ validType: 'days', validDays: 1, totalStock: 10, perUserLimit: 3 });
    const a = await call<ProvideAnswer>(admin, couponOps.provide, { batchCode: b.batchCode, phones: [phoneOf(20)] });
    const a2 = await call<ProvideAnswer>(admin, couponOps.provide, { batchCode: b.batchCode, phones: [phoneOf(20)] });
    const couponNo = a.results[0].couponNo;
    expect(await op(admin, couponOps.void, { couponNo, reason: '' })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入作废原因（字段：reason）',
    });
    expect(await op(other, couponOps.void, { couponNo, reason: '误发' })).toMatchObject({ code: CODES.notFound, msg: '优惠券不存在' });
    const voided = await call<CouponRow>(admin, couponOps.void, { couponNo, reason: '误发' });
    expect(voided).toMatchObject({ status: 3, statusName: '已作废', voidReason: '误发', canVoid: false });
    expect(await op(admin, couponOps.void, { couponNo, reason: '误发' })).toMatchObject({
      code: CODES.conflict,
      msg: `优惠券${couponNo}当前为已作废，不能作废`,
    });
    let who = await call<Consumer>(admin, couponOps.consumer, { phone: phoneOf(20) });
    expect(who).toMatchObject({ phone: '139****0020', unused: 1, used: 0, expired: 0 });
    expect((await call<KeysetPage<CouponRow>>(other, couponOps.list, {})).list).toEqual([]);
    expect((await call<Paged<unknown>>(other, couponBatchOps.list, {})).total).toBe(0);
    t.clock.advance(2 * DAY);
    admin = await t.signIn('admin');
    const expired = await call<KeysetPage<CouponRow>>(admin, couponOps.list, { phone: phoneOf(20), status: 2 });
    expect(expired.list.map((c) => c.couponNo)).toEqual([a2.results[0].couponNo]);
    expect(expired.list[0]).toMatchObject({ statusName: '已过期', canVoid: false });
    who = await call<Consumer>(admin, couponOps.consumer, { phone: phoneOf(20) });
    expect(who).toMatchObject({ unused: 0, expired: 1 });
    expect(await op(admin, couponOps.consumer, { phone: '123' })).toMatchObject({
      code: CODES.badInput,
      msg: '手机号格式不正确（字段：phone）',
    });
  });
});
