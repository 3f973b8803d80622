import { creditCodeCheckChar, idCardCheckDigit } from '@merchant/contracts/merchant/certificate';
import { type MerchantInfo, merchantInfoOps } from '@merchant/contracts/merchant/merchant-info';
import { type SettleApply, settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { tinyPng, upload } from '../../test/upload-kit.ts';
import { call, data, rowCount } from '../../test/calls.ts';

const ID_NO = `31010419880615123${idCardCheckDigit('31010419880615123')}`;
const CREDIT = `91310104MA1FR7YK3${creditCodeCheckChar('91310104MA1FR7YK3')}`;
const person = (certFileId: string) => ({
  subjectType: 'person',
  subjectName: '张丽华',
  certNo: ID_NO,
  contactName: '张丽华',
  contactPhone: '13621987654',
  province: '上海市',
  city: '上海市',
  district: '闵行区',
  address: '莘松路380号2单元501',
  certFileId,
});

describe.each(DIALECTS)('settle applications (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let licence: string;
  let theirLicence: string;
  let firstId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家入驻商户', 'settleboss', '13700000044');
    licence = (await upload(admin, '身份证人像面.png', tinyPng())).data.file!.id;
    theirLicence = (await upload(other, '营业执照.png', tinyPng())).data.file!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the business lines and the current state', async () => {
    const lines = await call<{ code: string; name: string }[]>(admin, settleApplyOps.businessLines);
    expect(lines.map((l) => l.name)).toEqual(['智能柜零售', '批发商城', '线上零售', '本地生活', '社区团购', '前置仓']);
    const cur = await call<{ apply: SettleApply | null; settled: boolean }>(other, settleApplyOps.current);
    expect(cur).toEqual({ apply: null, settled: false });
  });

  it('refuses a bad subject with the field named, writing nothing', async () => {
    const before = await rowCount(t, 'settle_apply');
    const badId = `${ID_NO.slice(0, 17)}${ID_NO[17] === '0' ? '1' : '0'}`;
    for (const [patch, msg] of [
      [{ certNo: badId }, '身份证号码格式不正确（18位，末位校验码需正确）（字段：certNo）'],
      [{ subjectType: 'business', certNo: CREDIT, legalPerson: '' }, '请输入法定代表人（字段：legalPerson）'],
      [
        { subjectType: 'business', certNo: `${CREDIT.slice(0, 17)}0`, legalPerson: '张丽华' },
        '统一社会信用代码格式不正确（18位，末位校验码需正确）（字段：certNo）',
      ],
      [{ subjectType: 'company' }, '主体类型不正确（字段：subjectType）'],
      [{ contactPhone: '23621987654' }, '手机号格式不正确（字段：contactPhone）'],
      [{ subjectName: '张' }, '主体名称至少2个字（字段：subjectName）'],
      [{ certFileId: undefined }, '请上传证件照片（字段：certFileId）'],
    ] as const) {
      expect(await op(admin, settleApplyOps.saveSubject, { ...person(licence), ...patch })).toMatchObject({ code: CODES.badInput, msg });
    }
    // another merchant's file is not found; a file uploaded for another purpose is not a licence
    expect(await op(admin, settleApplyOps.saveSubject, person(theirLicence))).toMatchObject({
      code: CODES.notFound,
      msg: '证件照片不存在',
    });
    const contractFile = (await upload(admin, '采购合同.png', tinyPng(), 'contract')).data.file!.id;
    expect(await op(admin, settleApplyOps.saveSubject, person(contractFile))).toMatchObject({
      code: CODES.badInput,
      msg: '“采购合同.png”是作为合同附件上传的，不能用作证件照片，请重新上传（字段：certFileId）',
    });
    expect(await rowCount(t, 'settle_apply')).toBe(before);
  });

  it('runs the flow: subject, business lines, submit; one open application at a time', async () => {
    const { id, applyCode } = await call<{ id: number; applyCode: string }>(admin, settleApplyOps.saveSubject, person(licence));
    firstId = id;
    expect(applyCode).toMatch(/^RZ\d{10}$/);
    expect(await op(admin, settleApplyOps.saveSubject, person(licence))).toMatchObject({
      code: CODES.conflict,
      msg: `已有进行中的入驻申请 ${applyCode}，请继续该申请`,
    });
    await call(admin, settleApplyOps.saveSubject, { ...person(licence), id, address: '莘松路380号2单元502' });
    expect(await op(admin, settleApplyOps.submit, { id })).toMatchObject({
      code: CODES.badInput,
      msg: '请先选择业务线（字段：businessLines）',
    });
    expect(await op(admin, settleApplyOps.saveLines, { id, businessLines: [] })).toMatchObject({
      code: CODES.badInput,
      msg: '请至少选择一条业务线（字段：businessLines）',
    });
    expect((await op(admin, settleApplyOps.saveLines, { id, businessLines: ['vip'] })).msg).toBe('业务线不正确（字段：businessLines.0）');
    await call(admin, settleApplyOps.saveLines, { id, businessLines: ['group', 'entrepot'], remark: '计划在闵行区开设社区团购自提点' });
    const submitted = await call<SettleApply>(admin, settleApplyOps.submit, { id });
    expect(submitted).toMatchObject({
      status: 1,
      statusName: '待审核',
      address: '莘松路380号2单元502',
      businessLineNames: ['社区团购', '前置仓'],
      submittedAt: t.clock.now(),
    });
    expect(await op(admin, settleApplyOps.submit, { id })).toMatchObject({ code: CODES.conflict });
    expect((await op(admin, settleApplyOps.saveLines, { id, businessLines: ['mall'] })).msg).toContain('只有草稿可以修改或提交');
    const cur = await call<{ apply: SettleApply }>(admin, settleApplyOps.current);
    expect(cur.apply.id).toBe(id);
  });

  it('refuses roles without the anchors, and reviews by a non-administrator', async () => {
    const operator = await t.signIn('operator');
    for (const name of [
      settleApplyOps.current,
      settleApplyOps.businessLines,
      settleApplyOps.saveSubject,
      settleApplyOps.saveLines,
      settleApplyOps.submit,
      settleApplyOps.withdraw,
      settleApplyOps.list,
      settleApplyOps.detail,
      settleApplyOps.approve,
      settleApplyOps.reject,
    ]) {
      expect((await op(operator, name, { id: firstId, reason: '资料不全' })).code).toBe(CODES.forbidden);
    }
    // give 运营 the apply-record page: it may read the records but not review
    const role = await t.db.db.selectFrom('role').select('id').where('name', '=', '运营').orderBy('id').executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('role_menu')
      .values([
        { role_id: role.id, menu_id: 100 },
        { role_id: role.id, menu_id: 10002 },
      ])
      .execute();
    expect((await op(operator, settleApplyOps.list)).code).toBe('200');
    expect(await op(operator, settleApplyOps.approve, { id: firstId })).toMatchObject({
      code: CODES.forbidden,
      msg: '只有管理员可以审核入驻申请',
    });
    await t.db.db.deleteFrom('role_menu').where('role_id', '=', role.id).where('menu_id', 'in', [100, 10002]).execute();
  });

  it('treats another merchant’s application as not found and changes nothing', async () => {
    for (const [name, body] of [
      [settleApplyOps.detail, { id: firstId }],
      [settleApplyOps.approve, { id: firstId }],
      [settleApplyOps.reject, { id: firstId, reason: '别家驳回' }],
      [settleApplyOps.withdraw, { id: firstId }],
      [settleApplyOps.submit, { id: firstId }],
      [settleApplyOps.saveLines, { id: firstId, businessLines: ['mall'] }],
      [settleApplyOps.saveSubject, { ...person(theirLicence), id: firstId }],
    ] as const) {
      expect((await op(other, name, body)).code).toBe(CODES.notFound);
    }
    expect(data<Paged<SettleApply>>(await op(other, settleApplyOps.list)).total).toBe(0);
    expect((await call<SettleApply>(admin, settleApplyOps.detail, { id: firstId })).status).toBe(1);
  });

  it('rejects with a reason; a new application is approved and settles the merchant', async () => {
    expect(await op(admin, settleApplyOps.reject, { id: firstId, reason: '' })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入驳回原因（字段：reason）',
    });
    const rejected = await call<SettleApply>(admin, settleApplyOps.reject, { id: firstId, reason: '证件照片模糊，请重新拍摄上传' });
    expect(rejected).toMatchObject({
      status: 3,
      statusName: '已驳回',
      rejectReason: '证件照片模糊，请重新拍摄上传',
      reviewerName: 'admin',
    });
    expect((await op(admin, settleApplyOps.approve, { id: firstId })).msg).toBe('只有待审核的申请可以审核');

    const { id } = await call<{ id: number }>(admin, settleApplyOps.saveSubject, {
      ...person(licence),
      subjectType: 'business',
      subjectName: '上海鲜速达社区零售有限公司',
      certNo: CREDIT.toLowerCase(),
      legalPerson: '王建国',
    });
    await call(admin, settleApplyOps.saveLines, { id, businessLines: ['group'] });
    await call(admin, settleApplyOps.submit, { id });
    t.clock.advance(60_000);
    const approved = await call<SettleApply>(admin, settleApplyOps.approve, { id, remark: '资料齐全' });
    expect(approved).toMatchObject({
      status: 2,
      statusName: '已通过',
      reviewRemark: '资料齐全',
      reviewedAt: t.clock.now(),
      certNo: CREDIT,
    });
    const info = await call<MerchantInfo>(admin, merchantInfoOps.detail);
    expect(info).toMatchObject({
      subjectType: 'business',
      subjectName: '上海鲜速达社区零售有限公司',
      legalPerson: '王建国',
      certNo: CREDIT,
      settleStatusName: '已入驻',
      certFileId: licence,
    });
    expect(info.businessLines).toContain('group');

    const records = data<Paged<SettleApply>>(await op(admin, settleApplyOps.list, { pageSize: 200 }));
    const mine = records.list.filter((r) => r.id === id || r.id === firstId);
    expect(mine.map((r) => r.statusName).sort()).toEqual(['已通过', '已驳回']);
    expect(mine[0].contactPhone).toBe('136****7654');
    expect(mine[0].certNo).toMatch(/^\w{4}\*+\w{4}$/);
    expect(data<Paged<SettleApply>>(await op(admin, settleApplyOps.list, { status: 3, applyCode: rejected.applyCode })).total).toBe(1);
    // the other merchant settles on its own
    expect((await call<MerchantInfo>(other, merchantInfoOps.detail)).settleStatusName).toBe('未入驻');
  });

  it('withdraws a pending application', async () => {
    const { id } = await call<{ id: number }>(admin, settleApplyOps.saveSubject, person(licence));
    await call(admin, settleApplyOps.saveLines, { id, businessLines: ['entrepot'] });
    await call(admin, settleApplyOps.submit, { id });
    await call(admin, settleApplyOps.withdraw, { id });
    expect((await call<SettleApply>(admin, settleApplyOps.detail, { id })).statusName).toBe('已撤回');
    expect((await op(admin, settleApplyOps.withdraw, { id })).msg).toBe('只有待审核的申请可以撤回');
    const log = await t.db.db.selectFrom('operation_log').select('operation').where('operation', 'like', 'merchant.settle.%').execute();
    expect(log.map((l) => l.operation)).toEqual(
      expect.arrayContaining([
        settleApplyOps.saveSubject.name,
        settleApplyOps.submit.name,
        settleApplyOps.approve.name,
        settleApplyOps.reject.name,
        settleApplyOps.withdraw.name,
      ]),
    );
  });

  it('refuses a business line the merchant already has (step 2 and submit), naming it; the list marks them', async () => {
    type Line = { code: string; name: string; opened: boolean };
    // The demo merchant runs four lines; 社区团购 was opened by the approval above.
    const lines = await call<Line[]>(admin, settleApplyOps.businessLines);
    expect(lines.filter((l) => l.opened).map((l) => l.code)).toEqual(['container', 'mall', 'online', 'locallife', 'group']);
    expect((await call<Line[]>(other, settleApplyOps.businessLines)).some((l) => l.opened)).toBe(false);

    const { id } = await call<{ id: number }>(admin, settleApplyOps.saveSubject, person(licence));
    const stored = () =>
      t.db.db.selectFrom('settle_apply').select(['business_lines', 'remark', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await op(admin, settleApplyOps.saveLines, { id, businessLines: ['mall', 'entrepot'], remark: '再开批发' })).toMatchObject({
      code: CODES.badInput,
      msg: '业务线“批发商城”已开通，无需重复申请，请选择尚未开通的业务线（字段：businessLines）',
    });
    expect((await op(admin, settleApplyOps.saveLines, { id, businessLines: ['container', 'group'] })).msg).toBe(
      '业务线“智能柜零售”、“社区团购”已开通，无需重复申请，请选择尚未开通的业务线（字段：businessLines）',
    );
    // Nothing written.
    expect(await stored()).toEqual({ business_lines: '', remark: '', status: 0 });

    // A line not opened yet is accepted; if it gets opened before the submit, the submit refuses it too.
    await call(admin, settleApplyOps.saveLines, { id, businessLines: ['entrepot'] });
    const mid = (await t.db.db.selectFrom('settle_apply').select('merchant_id').where('id', '=', id).executeTakeFirstOrThrow()).merchant_id;
    const profile = await t.db.db
      .selectFrom('merchant_profile')
      .select('business_lines')
      .where('merchant_id', '=', mid)
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('merchant_profile')
      .set({ business_lines: `${profile.business_lines},entrepot` })
      .where('merchant_id', '=', mid)
      .execute();
    expect(await op(admin, settleApplyOps.submit, { id })).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining('业务线“前置仓”已开通'),
    });
    expect((await stored()).status).toBe(0);
    await t.db.db.updateTable('merchant_profile').set({ business_lines: profile.business_lines }).where('merchant_id', '=', mid).execute();
    expect((await call<SettleApply>(admin, settleApplyOps.submit, { id })).statusName).toBe('待审核');
    await call(admin, settleApplyOps.withdraw, { id });
  });
});
