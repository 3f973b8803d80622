import { type MerchantInfo, type MerchantInfoCheck, merchantInfoOps } from '@merchant/contracts/merchant/merchant-info';
import { CODES, type ApiClient } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { data, rest } from '../../test/calls.ts';

const valid = {
  shortName: '鲜速达',
  mainTags: ['fresh', 'drink'],
  contactName: '王建国',
  contactPhone: '13912345678',
  servicePhone: '400-820-1234',
  email: 'service@xiansuda.cn',
  province: '上海市',
  city: '上海市',
  district: '徐汇区',
  address: '漕河泾开发区桂平路391号',
  intro: '社区智能零售运营商',
};

describe.each(DIALECTS)('merchant information (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家便利店', 'infoboss', '13700000066');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the merchant information through the REST alias and the option lists', async () => {
    const info = data<MerchantInfo>(await rest(admin, merchantInfoOps.detail));
    expect(info).toMatchObject({ merchantCode: 'M20261101DEMO01', merchantName: '鲜速达智能零售有限公司' });
    const tags = data<{ code: string; name: string }[]>(await rest(admin, merchantInfoOps.mainTags));
    expect(tags).toContainEqual({ code: 'fresh', name: '生鲜果蔬' });
    const types = data<{ code: string; name: string }[]>(await rest(admin, merchantInfoOps.types));
    expect(types.map((x) => x.name)).toContain('点位运营商');
    const settings = data<{ info: MerchantInfo; mainTags: unknown[]; merchantTypes: unknown[] }>(await op(admin, merchantInfoOps.settings));
    expect(settings.mainTags).toHaveLength(10);
    expect(settings.info.merchantName).toBe('鲜速达智能零售有限公司');
  });

  it('checks an update without writing: direct fields and the ones needing review', async () => {
    const before = data<MerchantInfo>(await rest(admin, merchantInfoOps.detail));
    const check = data<MerchantInfoCheck>(
      await rest(admin, merchantInfoOps.updateCheck, { ...valid, merchantName: '鲜速达新零售有限公司' }),
    );
    expect(check.needReview).toEqual(['商户名称']);
    expect(check.changes.find((c) => c.field === 'merchantName')).toMatchObject({
      before: '鲜速达智能零售有限公司',
      after: '鲜速达新零售有限公司',
    });
    const after = data<MerchantInfo>(await rest(admin, merchantInfoOps.detail));
    expect(after).toEqual(before);
    const bad = await rest(admin, merchantInfoOps.updateCheck, { mainTags: ['nope'] });
    expect(bad).toMatchObject({ code: CODES.badInput, msg: '主营标签不正确（字段：mainTags.0）' });
  });

  it('updates the direct fields; bad input names the field and writes nothing', async () => {
    const before = data<MerchantInfo>(await rest(admin, merchantInfoOps.detail));
    for (const [patch, msg] of [
      [{ contactPhone: '1391234' }, '手机号格式不正确（字段：contactPhone）'],
      [{ contactName: '' }, '请输入联系人（字段：contactName）'],
      [{ email: 'not-an-email' }, '邮箱格式不正确（字段：email）'],
      [{ servicePhone: '12345' }, '客服电话格式不正确（手机号、座机或400电话）（字段：servicePhone）'],
      [{ mainTags: ['fresh', 'snack', 'drink', 'dairy', 'grain', 'daily'] }, '主营标签最多选5个（字段：mainTags）'],
      [{ address: '短' }, '详细地址至少5个字（字段：address）'],
    ] as const) {
      const res = await rest(admin, merchantInfoOps.update, { ...valid, ...patch });
      expect(res).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(data<MerchantInfo>(await rest(admin, merchantInfoOps.detail))).toEqual(before);

    t.clock.advance(1000);
    const res = data<{ changes: { field: string }[] }>(await rest(admin, merchantInfoOps.update, { ...valid, merchantName: '偷改名字' }));
    expect(res.changes.map((c) => c.field)).not.toContain('merchantName');
    const info = data<MerchantInfo>(await rest(admin, merchantInfoOps.detail));
    expect(info).toMatchObject({
      ...valid,
      contactPhone: '139****5678',
      servicePhone: '400*****1234',
      merchantName: '鲜速达智能零售有限公司',
      mainTagNames: ['生鲜果蔬', '酒水饮料'],
    });
    expect(info.updatedAt).toBe(t.clock.now());
    const log = await t.db.db
      .selectFrom('operation_log')
      .select(['operation', 'result_code'])
      .where('operation', '=', merchantInfoOps.update.name)
      .execute();
    expect(log.some((l) => l.result_code === '200')).toBe(true);
  });

  it('refuses roles without the anchors', async () => {
    const operator = await t.signIn('operator');
    for (const o of Object.values(merchantInfoOps).filter((o) => o.rest)) {
      expect((await rest(operator, o, valid)).code).toBe(CODES.forbidden);
    }
    for (const name of [
      merchantInfoOps.detail,
      merchantInfoOps.settings,
      merchantInfoOps.update,
      merchantInfoOps.updateCheck,
      merchantInfoOps.mainTags,
      merchantInfoOps.types,
    ]) {
      expect((await op(operator, name, valid)).code).toBe(CODES.forbidden);
    }
  });

  it('keeps merchants apart: another merchant sees and edits only its own information', async () => {
    const theirs = data<MerchantInfo>(await rest(other, merchantInfoOps.detail));
    expect(theirs).toMatchObject({ merchantName: '别家便利店', contactName: '', settleStatusName: '未入驻' });
    const mine = data<MerchantInfo>(await rest(admin, merchantInfoOps.detail));
    expect((await rest(other, merchantInfoOps.update, { ...valid, merchantId: mine.merchantId, contactName: '别家老板' })).code).toBe(
      CODES.forbidden,
    );
    data(await rest(other, merchantInfoOps.update, { ...valid, contactName: '别家老板' }));
    expect(data<MerchantInfo>(await rest(admin, merchantInfoOps.detail)).contactName).toBe(mine.contactName);
    expect(data<MerchantInfo>(await rest(other, merchantInfoOps.detail)).contactName).toBe('别家老板');
  });
});
