import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { collectionOps, type AgreementRow, type CollectionSetting } from '@merchant/contracts/finance/collection';
import { splitOps, type SplitRow } from '@merchant/contracts/finance/split';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { merchantOf, payCtx } from '../../test/payment-kit.ts';
import { charge } from '../payment/payment.service.ts';
import { onSplitSource } from './split.ts';

// 收款设置 through the real client (docs/finance.md "收款设置"): the fee rate, the 分账协议 per device, the 柜主 parties
// and the 开通状态 checklist; refusals in Chinese with nothing written; only later payments take a new rate or share.

const BIZ = 'collection-test';
let seq = 0;

describe.each(DIALECTS)('收款设置 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let owner: ApiClient;
  let other: ApiClient;
  let merchantId: number;
  let device = '';

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    owner = await t.signIn('owner');
    other = await registerMerchant(t, '别家收款', 'colboss', '13700000072');
    merchantId = await merchantOf(t, 'admin');
    onSplitSource(BIZ, async (_trx, _m, no) => ({ orderNo: no, channel: 'container', deviceCode: device }));
  });
  afterAll(() => t.close());

  const pay = () =>
    charge(payCtx(t, merchantId), {
      bizType: BIZ,
      bizNo: `C${Date.now().toString(36)}${++seq}`.toUpperCase(),
      amount: 10_000,
      subject: '收款设置测试',
    });
  const splitOf = async (orderNo: string) => (await call<KeysetPage<SplitRow>>(admin, splitOps.list, { orderNo })).list[0];

  it('shows the channel, the merchant account, the rate and the checklist', async () => {
    const s = await call<CollectionSetting>(admin, collectionOps.get);
    expect(s).toMatchObject({
      providerLabel: '沙箱支付',
      sandbox: true,
      feeBp: 60,
      statusName: '已开通',
      merchantName: '鲜速达智能零售有限公司',
    });
    expect(s.checks.map((c) => [c.key, c.done])).toEqual([
      ['provider', true],
      ['party', true],
      ['card', true],
      ['fee', true],
      ['agreement', true],
    ]);
    expect(s.agreementCount).toBeGreaterThan(0);
    // 柜主 does not configure the merchant's collection; another merchant starts from nothing
    expect((await op(owner, collectionOps.get, {})).code).toBe(CODES.forbidden);
    const theirs = await call<CollectionSetting>(other, collectionOps.get);
    expect(theirs).toMatchObject({ statusName: '待完善', agreementCount: 0, defaultCard: '' });
  });

  it('the fee rate: bad input and a stale version refused; a new rate splits only later payments', async () => {
    const s = await call<CollectionSetting>(admin, collectionOps.get);
    const before = await rowCount(t, 'record_history');
    const base: Record<string, unknown> = { feeBp: 100, version: s.version, reason: '渠道费率上调' };
    for (const [patch, msg] of [
      [{ feeBp: 2_500 }, '平台手续费率不能超过20%（字段：feeBp）'],
      [{ feeBp: 1.5 }, '平台手续费率须精确到0.01%（字段：feeBp）'],
      [{ reason: '' }, '请输入调整原因（字段：reason）'],
    ] as const)
      expect(await op(admin, collectionOps.setFee, { ...base, ...patch })).toMatchObject({
        code: CODES.badInput,
        msg,
      });
    expect(await op(admin, collectionOps.setFee, { feeBp: 100, version: s.version + 3, reason: '渠道费率上调' })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    expect(await rowCount(t, 'record_history')).toBe(before);
    const old = await pay();
    const after = await call<CollectionSetting>(admin, collectionOps.setFee, { feeBp: 100, version: s.version, reason: '渠道费率上调' });
    expect(after).toMatchObject({ feeBp: 100, version: s.version + 1 });
    const fresh = await pay();
    expect((await splitOf(old.bizNo)).feeBp).toBe(60);
    expect(await splitOf(fresh.bizNo)).toMatchObject({ feeBp: 100, platformFee: 100 });
    const log = await call<Paged<{ actionLabel: string; changes: { before: string; after: string }[] }>>(admin, collectionOps.history, {});
    expect(log.list[0]).toMatchObject({ actionLabel: '调整平台手续费率', changes: [{ before: '0.60%', after: '1.00%' }] });
  });

  it('分账协议: a device, its 柜主 and share; refusals named; only later payments take it; 解除', async () => {
    const o = await call<{ partyCode: string; name: string }>(admin, collectionOps.createOwner, { name: '吴志远', phone: '13912349999' });
    expect(o.partyCode).toMatch(/^FP\d{8}$/);
    expect(await op(admin, collectionOps.createOwner, { name: '吴志远', phone: '13912349999' })).toMatchObject({
      code: CODES.conflict,
      msg: `手机号139****9999的柜主已存在（${o.partyCode}）`,
    });
    // a cabinet without an agreement (the demo leaves every fifth one without)
    const free = await t.db.db
      .selectFrom('device as d')
      .select('d.device_code')
      .where('d.merchant_id', '=', merchantId)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('fin_split_rule as r').select('r.id').whereRef('r.device_code', '=', 'd.device_code'))))
      .executeTakeFirstOrThrow();
    device = free.device_code;
    const before = await rowCount(t, 'fin_split_rule');
    const save = (patch: Record<string, unknown>) =>
      op(admin, collectionOps.saveAgreement, { deviceCode: device, ownerPartyCode: o.partyCode, ownerBp: 2_500, remark: '', ...patch });
    expect(await save({ ownerBp: 0 })).toMatchObject({ code: CODES.badInput, msg: '柜主分成比例必须大于0（字段：ownerBp）' });
    expect(await save({ ownerBp: 10_001 })).toMatchObject({ code: CODES.badInput, msg: '柜主分成比例不能超过100%（字段：ownerBp）' });
    expect(await save({ deviceCode: 'D9999999999' })).toMatchObject({ code: CODES.notFound, msg: '设备不存在' });
    expect(await save({ ownerBp: 9_990 })).toMatchObject({ code: CODES.conflict, msg: expect.stringContaining('合计超过100%') });
    const merchantCode = (await call<CollectionSetting>(admin, collectionOps.get)).merchantPartyCode;
    expect(await save({ ownerPartyCode: merchantCode })).toMatchObject({ code: CODES.conflict, msg: '请选择柜主的资金账户' });
    expect((await op(other, collectionOps.saveAgreement, { deviceCode: device, ownerPartyCode: o.partyCode, ownerBp: 100 })).code).toBe(
      CODES.notFound,
    );
    expect(await rowCount(t, 'fin_split_rule')).toBe(before);

    const before2 = await pay();
    const a = (await save({})) as { code: string; data: AgreementRow };
    expect(a.data).toMatchObject({ deviceCode: device, ownerName: '吴志远', ownerBp: 2_500, ownerPhone: '139****9999' });
    expect(await save({})).toMatchObject({ code: CODES.conflict, msg: `设备${device}已有分账协议，请编辑原协议` });
    const later = await pay();
    expect((await splitOf(before2.bizNo)).ownerShare).toBe(0);
    expect(await splitOf(later.bizNo)).toMatchObject({ ownerName: '吴志远', ownerBp: 2_500, ownerPartyCode: o.partyCode });

    expect(await save({ id: a.data.id, ownerBp: 3_000, version: a.data.version + 1 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    const edited = await call<AgreementRow>(admin, collectionOps.saveAgreement, {
      id: a.data.id,
      deviceCode: device,
      ownerPartyCode: o.partyCode,
      ownerBp: 3_000,
      version: a.data.version,
    });
    expect(edited.ownerBp).toBe(3_000);
    const listed = await call<Paged<AgreementRow>>(admin, collectionOps.agreements, { ownerPartyCode: o.partyCode });
    expect(listed.list.map((r) => r.deviceCode)).toEqual([device]);
    expect((await call<Paged<AgreementRow>>(other, collectionOps.agreements, {})).total).toBe(0);
    await call(admin, collectionOps.removeAgreement, { id: edited.id, version: edited.version });
    expect(await op(admin, collectionOps.removeAgreement, { id: edited.id, version: edited.version })).toMatchObject({
      code: CODES.notFound,
      msg: '分账协议不存在',
    });
    const log = await call<Paged<{ actionLabel: string }>>(admin, collectionOps.history, {});
    expect(log.list.slice(0, 4).map((h) => h.actionLabel)).toEqual(['解除分账协议', '修改分账协议', '新增分账协议', '新增柜主']);
  });
});
