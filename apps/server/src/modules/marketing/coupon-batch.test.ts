import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import { couponBatchOps, type BatchRow } from '@merchant/contracts/marketing/coupon-batch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';

// 优惠券批次 through the real client (docs/marketing.md "优惠券"): create, edit, 提交审核 → 审核通过 / 驳回, 停用 / 启用,
// 删除; every refusal in Chinese with nothing written; illegal transitions and stale versions refused; the review is
// a permission of its own; another merchant's batches are not there.

const DAY = 86_400_000;

describe.each(DIALECTS)('优惠券批次 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let operator: ApiClient;
  let owner: ApiClient;
  let other: ApiClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, operator, owner] = await Promise.all(['admin', 'operator', 'owner'].map((u) => t.signIn(u)));
    other = await registerMerchant(t, '别家营销', 'mktboss', '13700000074');
  });
  afterAll(() => t.close());

  const fields = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    name: '双十二满减券',
    couponType: 'full_reduce',
    thresholdAmount: 5_000,
    reduceAmount: 800,
    validType: 'range',
    validFrom: t.clock.now(),
    validTo: t.clock.now() + 30 * DAY,
    totalStock: 1_000,
    perUserLimit: 2,
    goodsScope: 'all',
    stackable: false,
    refundReturn: true,
    remark: '',
    ...over,
  });

  it('creates a 草稿 with its rule in words; the fields each type needs are checked, naming the field', async () => {
    const before = await rowCount(t, 'coupon_batch');
    for (const [over, msg] of [
      [{ name: '' }, '请输入批次名称（字段：name）'],
      [{ thresholdAmount: 0 }, '请输入使用门槛（字段：thresholdAmount）'],
      [{ reduceAmount: 5_000 }, '优惠金额须小于使用门槛（字段：reduceAmount）'],
      [{ couponType: 'discount', reduceAmount: 0, discountPercent: 5 }, '折扣须在1折到9.9折之间（字段：discountPercent）'],
      [{ couponType: 'no_threshold', thresholdAmount: 100, reduceAmount: 300 }, '无门槛券不设使用门槛（字段：thresholdAmount）'],
      [{ validTo: t.clock.now() - 1 }, '失效时间须晚于生效时间（字段：validTo）'],
      [{ validType: 'days', validDays: 0 }, '有效天数至少为1（字段：validDays）'],
      [{ perUserLimit: 5, totalStock: 3 }, '每人限领不能超过发行总量（字段：perUserLimit）'],
      [{ goodsScope: 'skus', skuIds: [] }, '请选择适用商品（字段：skuIds）'],
      [{ goodsScope: 'skus', skuIds: [99_999_999] }, '适用商品中有不存在的SKU（99999999）（字段：skuIds）'],
      [{ couponType: 'bogus' }, '请选择券类型（字段：couponType）'],
    ] as const)
      expect(await op(admin, couponBatchOps.create, fields(over))).toMatchObject({ code: CODES.badInput, msg });
    expect(await rowCount(t, 'coupon_batch')).toBe(before);

    const b = await call<BatchRow>(admin, couponBatchOps.create, fields());
    expect(b).toMatchObject({
      batchCode: expect.stringMatching(/^QP\d{10}$/),
      ruleText: '满50.00减8.00',
      couponTypeName: '满减券',
      status: 0,
      statusName: '草稿',
      issuedCount: 0,
      actions: ['edit', 'submit', 'delete'],
    });
    const discount = await call<BatchRow>(
      admin,
      couponBatchOps.create,
      fields({
        couponType: 'discount',
        thresholdAmount: 0,
        reduceAmount: 0,
        discountPercent: 85,
        maxDiscount: 1_000,
        validType: 'days',
        validDays: 7,
      }),
    );
    expect(discount).toMatchObject({ ruleText: '8.5折（最多减10.00）', validText: '领取后7天内有效', validFrom: null });
    // another merchant sees none of them; 柜主 has no marketing pages
    expect(await op(other, couponBatchOps.detail, { batchCode: b.batchCode })).toMatchObject({
      code: CODES.notFound,
      msg: '优惠券批次不存在',
    });
    expect((await call<Paged<BatchRow>>(other, couponBatchOps.list, {})).total).toBe(0);
    expect((await op(owner, couponBatchOps.list, {})).code).toBe(CODES.forbidden);
  });

  it('edits while 草稿 with its version; 提交审核 → the reviewer approves or rejects; illegal steps refused, nothing moves', async () => {
    const b = await call<BatchRow>(
      operator,
      couponBatchOps.create,
      fields({ name: '新客无门槛券', couponType: 'no_threshold', thresholdAmount: 0, reduceAmount: 300 }),
    );
    expect(
      await op(operator, couponBatchOps.update, { ...fields({ name: '改名' }), batchCode: b.batchCode, version: b.version + 1 }),
    ).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    const edited = await call<BatchRow>(operator, couponBatchOps.update, {
      ...fields({ name: '新客无门槛券（改）', couponType: 'no_threshold', thresholdAmount: 0, reduceAmount: 500 }),
      batchCode: b.batchCode,
      version: b.version,
    });
    expect(edited).toMatchObject({ name: '新客无门槛券（改）', ruleText: '无门槛减5.00', version: b.version + 1 });
    // 运营 submits but does not review
    const submitted = await call<BatchRow>(operator, couponBatchOps.submit, { batchCode: b.batchCode, version: edited.version });
    expect(submitted).toMatchObject({ status: 1, statusName: '待审核', actions: [] });
    expect((await op(operator, couponBatchOps.approve, { batchCode: b.batchCode, version: submitted.version })).code).toBe(CODES.forbidden);
    expect(await op(operator, couponBatchOps.update, { ...fields(), batchCode: b.batchCode, version: submitted.version })).toMatchObject({
      code: CODES.conflict,
      msg: `批次${b.batchCode}当前为待审核，不能编辑（草稿或已驳回的批次可编辑）`,
    });
    // the admin reviews: 驳回 with a reason, edited and submitted again, then 审核通过
    expect(await op(admin, couponBatchOps.reject, { batchCode: b.batchCode, version: submitted.version, reason: '' })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入原因（字段：reason）',
    });
    const rejected = await call<BatchRow>(admin, couponBatchOps.reject, {
      batchCode: b.batchCode,
      version: submitted.version,
      reason: '面额过大',
    });
    expect(rejected).toMatchObject({ status: 3, rejectReason: '面额过大', reviewerName: 'admin' });
    const again = await call<BatchRow>(operator, couponBatchOps.submit, { batchCode: b.batchCode, version: rejected.version });
    const approved = await call<BatchRow>(admin, couponBatchOps.approve, {
      batchCode: b.batchCode,
      version: again.version,
      remark: '同意',
    });
    expect(approved).toMatchObject({ status: 2, statusName: '已生效', rejectReason: '', actions: ['disable'] });
    expect(await op(admin, couponBatchOps.approve, { batchCode: b.batchCode, version: approved.version })).toMatchObject({
      code: CODES.conflict,
      msg: `批次${b.batchCode}当前为已生效，不能审核通过`,
    });
    // 已生效: not deleted; 停用 (a reason) and 启用
    expect(await op(admin, couponBatchOps.remove, { batchCode: b.batchCode, version: approved.version })).toMatchObject({
      code: CODES.conflict,
      msg: `批次${b.batchCode}当前为已生效，不能删除`,
    });
    const disabled = await call<BatchRow>(admin, couponBatchOps.disable, {
      batchCode: b.batchCode,
      version: approved.version,
      reason: '活动结束',
    });
    expect(disabled).toMatchObject({ status: 4, actions: ['enable', 'delete'] });
    const enabled = await call<BatchRow>(admin, couponBatchOps.enable, { batchCode: b.batchCode, version: disabled.version });
    expect(enabled.status).toBe(2);
    const log = await call<Paged<{ actionLabel: string }>>(admin, couponBatchOps.history, { batchCode: b.batchCode });
    expect(log.list.map((h) => h.actionLabel)).toEqual([
      '启用',
      '停用',
      '审核通过',
      '提交审核',
      '驳回',
      '提交审核',
      '编辑优惠券批次',
      '新增优惠券批次',
    ]);
  });

  it('删除 only a batch that never issued; 已过期 range cannot be approved; options list what can issue now', async () => {
    const b = await call<BatchRow>(admin, couponBatchOps.create, fields({ name: '待删除批次' }));
    expect(await op(other, couponBatchOps.remove, { batchCode: b.batchCode, version: b.version })).toMatchObject({ code: CODES.notFound });
    await call(admin, couponBatchOps.remove, { batchCode: b.batchCode, version: b.version });
    expect(await op(admin, couponBatchOps.detail, { batchCode: b.batchCode })).toMatchObject({ code: CODES.notFound });

    const late = await call<BatchRow>(admin, couponBatchOps.create, fields({ name: '即将到期', validTo: t.clock.now() + DAY }));
    const sub = await call<BatchRow>(admin, couponBatchOps.submit, { batchCode: late.batchCode, version: late.version });
    t.clock.advance(2 * DAY);
    admin = await t.signIn('admin');
    expect(await op(admin, couponBatchOps.approve, { batchCode: late.batchCode, version: sub.version })).toMatchObject({
      code: CODES.conflict,
      msg: `批次${late.batchCode}的有效期已结束，不能审核通过：请驳回后修改有效期`,
    });
    const options = await call<{ batchCode: string }[]>(admin, couponBatchOps.options, {});
    expect(options.some((o) => o.batchCode === late.batchCode)).toBe(false);
    const skus = await call<{ skuCode: string }[]>(admin, couponBatchOps.skuOptions, { keyword: 'K' });
    expect(skus.length).toBeGreaterThan(0);
    expect((await call<string[]>(admin, couponBatchOps.cityOptions, {})).length).toBeGreaterThan(0);
  });
});
