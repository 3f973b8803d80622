import { storeOps } from '@merchant/contracts/merchant/store';
import { creditCodeCheckChar, idCardCheckDigit } from '@merchant/contracts/merchant/certificate';
import { type ChangeRequest, merchantChangeOps } from '@merchant/contracts/merchant/merchant-change';
import { type MerchantInfo } from '@merchant/contracts/merchant/merchant-info';
import { settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { staffOps } from '@merchant/contracts/merchant/staff';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { expectWinners, race } from '../../test/race.ts';
import { tinyPng, upload } from '../../test/upload-kit.ts';
import { withGeneratedCode } from '../../platform/business-code.ts';
import { call, data, rest } from '../../test/calls.ts';
import { validStore } from '../../test/store-data.ts';

const N = 30;
const ID_NO = `31010419880615123${idCardCheckDigit('31010419880615123')}`;
const NEW_CREDIT = `91310115MA1K4LRT2${creditCodeCheckChar('91310115MA1K4LRT2')}`;

/** Uniqueness and one-at-a-time rules of 商户基础设置 under concurrent identical requests (issue 10 item 4). */
describe.each(DIALECTS)('merchant basic settings under concurrency (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  const count = async (
    table: 'store' | 'settle_apply' | 'merchant_change' | 'store_staff',
    where: [string, string | number | number[]][],
  ) => {
    let q = t.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    for (const [col, value] of where)
      q = Array.isArray(value) ? q.where(col as never, 'in', value as never) : q.where(col as never, '=', value as never);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes one store of a name; the others hear the name is taken', async () => {
    const answers = await race(N, () => rest(admin, storeOps.create, { ...validStore, name: '并发测试便利店' }));
    expectWinners(answers, { code: CODES.conflict, msg: '已有同名门店，请换一个名称（字段：name）' });
    expect(await count('store', [['name', '并发测试便利店']])).toBe(1);
  });

  it('renames several stores to one name at once: one wins', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 8; i++)
      codes.push(data<{ storeCode: string }>(await rest(admin, storeOps.create, { ...validStore, name: `改名门店${i}` })).storeCode);
    const answers = await race(codes.length, (i) =>
      rest(admin, storeOps.update, { ...validStore, storeCode: codes[i], name: '改名后门店' }),
    );
    expectWinners(answers, { code: CODES.conflict, msg: '已有同名门店，请换一个名称（字段：name）' });
    expect(await count('store', [['name', '改名后门店']])).toBe(1);
  });

  it('gives concurrent stores of different names different codes (a code taken meanwhile is drawn again)', async () => {
    const answers = await race(N, (i) => rest(admin, storeOps.create, { ...validStore, name: `编号门店${i}` }));
    expectWinners(answers, { code: CODES.conflict, msg: '' }, { winners: N });
    const codes = answers.map((a) => (a.data as { storeCode: string }).storeCode);
    expect(new Set(codes).size).toBe(N);
  });

  it('draws a new code when the checked one was taken before the insert', async () => {
    const mid = (await t.db.db.selectFrom('store').select('merchant_id').executeTakeFirstOrThrow()).merchant_id;
    const row = (code: string, name: string) => ({
      merchant_id: mid,
      store_code: code,
      name,
      category_code: 'retail-cvs',
      tag_codes: '',
      contact_name: '张三',
      contact_phone: '13800000000',
      province: '上海市',
      city: '上海市',
      district: '',
      address: '测试路1号',
      lng: 121.4,
      lat: 31.2,
      open_time: '08:00',
      close_time: '20:00',
      business_days: '1',
      status: 1,
      remark: '',
      created_by: 1,
      created_at: 0,
      updated_at: 0,
    });
    await t.db.db.insertInto('store').values(row('MD0000000001', '先占编号门店')).execute();
    const drawn = ['MD0000000001', 'MD0000000002'];
    let writes = 0;
    const code = await withGeneratedCode(
      'MD',
      0,
      async () => false,
      { index: 'store_code_uq', table: 'store', columns: ['merchant_id', 'store_code'] },
      async (c) => {
        writes++;
        await t.db.db
          .insertInto('store')
          .values(row(c, `后到编号门店${writes}`))
          .execute();
        return c;
      },
      () => drawn.shift()!,
    );
    expect({ code, writes }).toEqual({ code: 'MD0000000002', writes: 2 });
  });

  it('keeps one open settle application per merchant', async () => {
    const fresh = await registerMerchant(t, '并发入驻商户', 'raceboss', '13700000066');
    const licence = (await upload(fresh, '身份证人像面.png', tinyPng())).data.file!.id;
    const subject = {
      subjectType: 'person',
      subjectName: '张丽华',
      certNo: ID_NO,
      contactName: '张丽华',
      contactPhone: '13621987654',
      province: '上海市',
      city: '上海市',
      district: '闵行区',
      address: '莘松路380号2单元501',
      certFileId: licence,
    };
    const answers = await race(N, () => op(fresh, settleApplyOps.saveSubject, subject));
    const [won] = expectWinners(answers, { code: CODES.conflict, msg: /^已有进行中的入驻申请 RZ\d{10}，请继续该申请$/ });
    const { applyCode } = won.data as { applyCode: string };
    expect(answers.filter((a) => a.code === CODES.conflict).every((a) => a.msg.includes(applyCode))).toBe(true);
    const mid = (await t.db.db.selectFrom('merchant').select('id').where('name', '=', '并发入驻商户').executeTakeFirstOrThrow()).id;
    expect(
      await count('settle_apply', [
        ['merchant_id', mid],
        ['status', [0, 1]],
      ]),
    ).toBe(1);
  });

  it('keeps one pending change request per merchant', async () => {
    const pending = data<Paged<ChangeRequest>>(await op(admin, merchantChangeOps.list, { status: 1 }));
    for (const c of pending.list) await call(admin, merchantChangeOps.withdraw, { id: c.id });
    const info = (await call<{ info: MerchantInfo }>(admin, merchantChangeOps.form)).info;
    const body = { merchantName: '鲜速达并发测试有限公司', merchantType: info.merchantType, certNo: NEW_CREDIT, reason: '并发提交' };
    const answers = await race(N, () => op(admin, merchantChangeOps.submit, body));
    expectWinners(answers, { code: CODES.conflict, msg: /^已有待审核的变更申请 BG\d{10}，请等待审核或撤回后再提交$/ });
    const mid = (await t.db.db.selectFrom('account').select('merchant_id').where('user_name', '=', 'admin').executeTakeFirstOrThrow())
      .merchant_id;
    expect(
      await count('merchant_change', [
        ['merchant_id', mid],
        ['status', 1],
      ]),
    ).toBe(1);
  });

  it('gives one staff member a phone', async () => {
    const staff = { name: '并发员工', phone: '15921870001', position: 'manager', remark: '' };
    const answers = await race(N, () => rest(admin, staffOps.create, staff));
    expectWinners(answers, { code: CODES.conflict, msg: '该手机号已被其他员工使用（字段：phone）' });
    expect(await count('store_staff', [['phone', '15921870001']])).toBe(1);
  });
});
