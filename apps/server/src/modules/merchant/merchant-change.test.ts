import { creditCodeCheckChar } from '@merchant/contracts/merchant/certificate';
import { type ChangeRequest, merchantChangeOps } from '@merchant/contracts/merchant/merchant-change';
import { type MerchantInfo, merchantInfoOps } from '@merchant/contracts/merchant/merchant-info';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { tinyPng, upload } from '../../test/upload-kit.ts';
import { call, data, rowCount } from '../../test/calls.ts';

const NEW_CREDIT = `91310115MA1K4LRT2${creditCodeCheckChar('91310115MA1K4LRT2')}`;

describe.each(DIALECTS)('merchant change requests (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let info: MerchantInfo;
  let changeId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家变更商户', 'changeboss', '13700000033');
    info = (await call<{ info: MerchantInfo }>(admin, merchantChangeOps.form)).info;
    // the demo data has one request waiting for review: withdraw it to start clean
    const pending = data<Paged<ChangeRequest>>(await op(admin, merchantChangeOps.list, { status: 1 }));
    for (const c of pending.list) await call(admin, merchantChangeOps.withdraw, { id: c.id });
    info = (await call<{ info: MerchantInfo }>(admin, merchantChangeOps.form)).info;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses bad or empty change requests, writing nothing', async () => {
    const before = await rowCount(t, 'merchant_change');
    const base = { merchantName: info.merchantName, merchantType: info.merchantType, reason: '工商变更' };
    expect(await op(admin, merchantChangeOps.submit, base)).toMatchObject({ code: CODES.badInput, msg: '没有需要变更的内容' });
    expect(await op(admin, merchantChangeOps.submit, { ...base, merchantName: '鲜' })).toMatchObject({
      code: CODES.badInput,
      msg: '商户名称至少2个字（字段：merchantName）',
    });
    expect(await op(admin, merchantChangeOps.submit, { ...base, merchantType: 'bank' })).toMatchObject({
      code: CODES.badInput,
      msg: '商户类型不正确（字段：merchantType）',
    });
    expect(await op(admin, merchantChangeOps.submit, { ...base, merchantName: '鲜速达新零售有限公司', reason: '' })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入变更原因（字段：reason）',
    });
    expect(await op(admin, merchantChangeOps.submit, { ...base, certNo: '91310115MA1K4LRT20' })).toMatchObject({
      code: CODES.badInput,
      msg: '统一社会信用代码格式不正确（18位，末位校验码需正确）（字段：certNo）',
    });
    const theirFile = (await upload(other, '执照.png', tinyPng())).data.file!.id;
    expect(await op(admin, merchantChangeOps.submit, { ...base, certFileId: theirFile })).toMatchObject({
      code: CODES.notFound,
      msg: '证件照片不存在',
    });
    // a merchant that has not settled changes its subject through a settle application
    const theirs = (await call<{ info: MerchantInfo }>(other, merchantChangeOps.form)).info;
    expect(
      (
        await op(other, merchantChangeOps.submit, {
          merchantName: theirs.merchantName,
          merchantType: 'retail',
          legalPerson: '李四',
          reason: '补充',
        })
      ).msg,
    ).toContain('尚未完成入驻');
    expect(await rowCount(t, 'merchant_change')).toBe(before);
  });

  it('submits a change; one pending at a time; the information is unchanged until review', async () => {
    const res = await call<{ id: number; changeCode: string; changes: { field: string }[] }>(admin, merchantChangeOps.submit, {
      merchantName: '鲜速达新零售科技有限公司',
      merchantType: 'brand',
      subjectName: '',
      certNo: NEW_CREDIT.toLowerCase(),
      reason: '公司更名并迁址，已完成工商变更',
    });
    changeId = res.id;
    expect(res.changeCode).toMatch(/^BG\d{10}$/);
    expect(res.changes.map((c) => c.field)).toEqual(['merchantName', 'merchantType', 'certNo']);
    expect((await op(admin, merchantChangeOps.submit, { merchantName: '又一个名字', merchantType: 'brand', reason: '再改' })).msg).toBe(
      `已有待审核的变更申请 ${res.changeCode}，请等待审核或撤回后再提交`,
    );
    const now = await call<MerchantInfo>(admin, merchantInfoOps.detail);
    expect(now).toMatchObject({ merchantName: info.merchantName, pendingChange: { id: changeId, changeCode: res.changeCode } });
    const detail = await call<ChangeRequest>(admin, merchantChangeOps.detail, { id: changeId });
    expect(detail).toMatchObject({ status: 1, statusName: '待审核', submitterName: 'admin' });
    expect(detail.changes[0]).toEqual({
      field: 'merchantName',
      label: '商户名称',
      before: info.merchantName,
      after: '鲜速达新零售科技有限公司',
    });
  });

  it('refuses roles without the anchor, reviews by non-administrators, and other merchants’ ids', async () => {
    const operator = await t.signIn('operator');
    for (const name of [
      merchantChangeOps.form,
      merchantChangeOps.list,
      merchantChangeOps.detail,
      merchantChangeOps.submit,
      merchantChangeOps.withdraw,
      merchantChangeOps.approve,
      merchantChangeOps.reject,
    ]) {
      expect((await op(operator, name, { id: changeId, reason: '原因' })).code).toBe(CODES.forbidden);
    }
    const role = await t.db.db.selectFrom('role').select('id').where('name', '=', '运营').orderBy('id').executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('role_menu')
      .values([
        { role_id: role.id, menu_id: 100 },
        { role_id: role.id, menu_id: 10003 },
      ])
      .execute();
    expect(await op(operator, merchantChangeOps.approve, { id: changeId })).toMatchObject({
      code: CODES.forbidden,
      msg: '只有管理员可以审核变更申请',
    });
    await t.db.db.deleteFrom('role_menu').where('role_id', '=', role.id).where('menu_id', 'in', [100, 10003]).execute();
    for (const [name, body] of [
      [merchantChangeOps.detail, { id: changeId }],
      [merchantChangeOps.approve, { id: changeId }],
      [merchantChangeOps.reject, { id: changeId, reason: '别家驳回' }],
      [merchantChangeOps.withdraw, { id: changeId }],
    ] as const) {
      expect((await op(other, name, body)).code).toBe(CODES.notFound);
    }
    expect(data<Paged<ChangeRequest>>(await op(other, merchantChangeOps.list)).total).toBe(0);
    expect((await call<ChangeRequest>(admin, merchantChangeOps.detail, { id: changeId })).status).toBe(1);
  });

  it('approval applies the change; the history keeps every request', async () => {
    expect(await op(admin, merchantChangeOps.reject, { id: changeId, reason: '' })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入驳回原因（字段：reason）',
    });
    const approved = await call<ChangeRequest>(admin, merchantChangeOps.approve, { id: changeId, remark: '工商变更材料已核验' });
    expect(approved).toMatchObject({ status: 2, statusName: '已通过', reviewerName: 'admin', reviewRemark: '工商变更材料已核验' });
    const now = await call<MerchantInfo>(admin, merchantInfoOps.detail);
    expect(now).toMatchObject({
      merchantName: '鲜速达新零售科技有限公司',
      merchantType: 'brand',
      merchantTypeName: '品牌商',
      certNo: NEW_CREDIT,
      pendingChange: null,
    });
    expect((await op(admin, merchantChangeOps.approve, { id: changeId })).msg).toBe('只有待审核的变更申请可以审核');

    const second = await call<{ id: number }>(admin, merchantChangeOps.submit, {
      merchantName: '鲜速达新零售科技有限公司',
      merchantType: 'operator',
      reason: '类型填写有误',
    });
    const rejected = await call<ChangeRequest>(admin, merchantChangeOps.reject, { id: second.id, reason: '商户类型与经营范围不符' });
    expect(rejected).toMatchObject({ statusName: '已驳回', rejectReason: '商户类型与经营范围不符' });
    const third = await call<{ id: number }>(admin, merchantChangeOps.submit, {
      merchantName: '鲜速达新零售科技有限公司',
      merchantType: 'retail',
      reason: '调整类型',
    });
    await call(admin, merchantChangeOps.withdraw, { id: third.id });
    expect((await op(admin, merchantChangeOps.withdraw, { id: third.id })).msg).toBe('只有待审核的变更申请可以撤回');
    expect((await call<MerchantInfo>(admin, merchantInfoOps.detail)).merchantType).toBe('brand');
    const history = data<Paged<ChangeRequest>>(await op(admin, merchantChangeOps.list, { pageSize: 200 }));
    const mine = history.list.filter((c) => [changeId, second.id, third.id].includes(c.id));
    expect(mine.map((c) => c.statusName)).toEqual(['已撤回', '已驳回', '已通过']);
    expect(data<Paged<ChangeRequest>>(await op(admin, merchantChangeOps.list, { status: 3 })).list.every((c) => c.status === 3)).toBe(true);
  });

  it('a new certificate image travels by its public id and lands on the profile when approved', async () => {
    const base = { merchantName: '鲜速达新零售科技有限公司', merchantType: 'brand', reason: '更换营业执照照片' };
    const contractFile = (await upload(admin, '合同.png', tinyPng(), 'contract')).data.file!.id;
    expect(await op(admin, merchantChangeOps.submit, { ...base, certFileId: contractFile })).toMatchObject({
      code: CODES.badInput,
      msg: '“合同.png”是作为合同附件上传的，不能用作证件照片，请重新上传（字段：certFileId）',
    });
    const licence = (await upload(admin, '新营业执照.png', tinyPng())).data.file!.id;
    expect(licence).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const before = (await call<MerchantInfo>(admin, merchantInfoOps.detail)).certFileId;
    const { id } = await call<{ id: number }>(admin, merchantChangeOps.submit, { ...base, certFileId: licence });
    expect((await call<ChangeRequest>(admin, merchantChangeOps.detail, { id })).changes).toEqual([
      { field: 'certFileId', label: '证件照片', before, after: licence },
    ]);
    await call(admin, merchantChangeOps.approve, { id, remark: '照片清晰' });
    expect((await call<MerchantInfo>(admin, merchantInfoOps.detail)).certFileId).toBe(licence);
    const profile = await t.db.db
      .selectFrom('merchant_profile')
      .select('cert_file_id')
      .where('merchant_id', '=', info.merchantId)
      .executeTakeFirstOrThrow();
    const row = await t.db.db.selectFrom('file').select(['id', 'public_id']).where('public_id', '=', licence).executeTakeFirstOrThrow();
    expect(profile.cert_file_id).toBe(row.id);
  });
});
