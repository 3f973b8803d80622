import { organizationOps } from '@merchant/contracts/system/organization';
import { roleOps } from '@merchant/contracts/system/role';
import { accountOps } from '@merchant/contracts/system/account';
import { type StoreChangeRecord, storeOps, type StoreRow } from '@merchant/contracts/merchant/store';
import { merchantChangeOps } from '@merchant/contracts/merchant/merchant-change';
import { type MerchantInfo, type MerchantInfoCheck, merchantInfoOps } from '@merchant/contracts/merchant/merchant-info';
import { phoneRevealOps } from '@merchant/contracts/merchant/phone-reveal';
import { type SettleApply, settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { staffOps, type StaffRow } from '@merchant/contracts/merchant/staff';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { tinyPng, upload } from '../../test/upload-kit.ts';
import { call, data } from '../../test/calls.ts';
import { validStore } from '../../test/store-data.ts';

// Issue 10 item 12 (decision "the masking rule"): every phone a merchant page receives is masked;
// an edit that sends the masked value back keeps the stored number; the full number comes only from
// merchant.phone.reveal, for holders of the page that edits it, and every attempt is logged.

const MASKED = /^\d{3}\*+\d{4}$/;

describe.each(DIALECTS)('phones are masked; revealing is explicit and audited (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let shopOnly: ApiClient;
  let infoOnly: ApiClient;
  let merchantId: number;
  let store: StoreRow;
  let staffId: number;

  const raw = {
    profile: () =>
      t.db.db
        .selectFrom('merchant_profile')
        .select(['contact_phone', 'service_phone'])
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow(),
    store: (id: number) =>
      t.db.db
        .selectFrom('store')
        .select('contact_phone')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
        .then((r) => r.contact_phone),
    staff: (id: number) =>
      t.db.db
        .selectFrom('store_staff')
        .select('phone')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
        .then((r) => r.phone),
    settle: (id: number) =>
      t.db.db
        .selectFrom('settle_apply')
        .select('contact_phone')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
        .then((r) => r.contact_phone),
  };
  const revealLog = () =>
    t.db.db
      .selectFrom('operation_log')
      .select(['user_name', 'target_ids', 'result_code'])
      .where('operation', '=', phoneRevealOps.reveal.name)
      .orderBy('id')
      .execute();

  /** An account whose only role grants these page anchors. */
  async function accountWith(userName: string, phone: string, anchors: string[]): Promise<ApiClient> {
    const menus = await t.db.db.selectFrom('menu').select('id').where('anchor', 'in', anchors).execute();
    const hq = data<{ id: number }[]>(await op(admin, organizationOps.tree))[0];
    const role = data<{ id: number }>(
      await op(admin, roleOps.add, { organizationId: hq.id, name: `仅${userName}`, menuIds: [1999, ...menus.map((m) => m.id)] }),
    );
    data(
      await op(admin, accountOps.add, {
        userName,
        password: 'Phone1234',
        phone,
        memberships: [{ organizationId: hq.id, roleId: role.id }],
      }),
    );
    return t.signIn(userName, 'Phone1234');
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家号码商户', 'phoneboss', '13700000088');
    shopOnly = await accountWith('shopclerk', '13600001001', ['shop-management-list']);
    infoOnly = await accountWith('infoviewer', '13600001002', ['information-detail']);
    merchantId = (await call<MerchantInfo>(admin, merchantInfoOps.detail)).merchantId;
    store = (await call<Paged<StoreRow>>(admin, storeOps.list, { pageSize: 1 })).list[0];
    staffId = (await call<Paged<StaffRow>>(admin, staffOps.list, { pageSize: 1 })).list[0].id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('masks the phones of every detail, form and change record', async () => {
    const profile = await raw.profile();
    const info = await call<MerchantInfo>(admin, merchantInfoOps.detail);
    expect(info).toMatchObject({ contactPhone: '139****2451', servicePhone: '400*****6688' });
    expect(profile).toEqual({ contact_phone: '13916882451', service_phone: '400-820-6688' });
    expect((await call<{ info: MerchantInfo }>(admin, merchantInfoOps.settings)).info.contactPhone).toBe('139****2451');
    expect((await call<{ info: MerchantInfo }>(admin, merchantChangeOps.form)).info.servicePhone).toBe('400*****6688');

    const detail = await call<StoreRow>(admin, storeOps.detail, { storeCode: store.storeCode });
    expect(detail.contactPhone).toMatch(MASKED);
    expect(detail.contactPhone).not.toBe(await raw.store(store.id));
    const staff = await call<StaffRow>(admin, staffOps.detail, { id: staffId });
    expect(staff.phone).toMatch(MASKED);

    const current = await call<{ apply: SettleApply }>(admin, settleApplyOps.current);
    expect(current.apply.contactPhone).toMatch(MASKED);
    expect((await call<SettleApply>(admin, settleApplyOps.detail, { id: current.apply.id })).contactPhone).toMatch(MASKED);

    // a dry run and the change records show the numbers masked too
    const check = await call<MerchantInfoCheck>(admin, merchantInfoOps.updateCheck, { contactPhone: '13811112222' });
    expect(check.changes.find((c) => c.field === 'contactPhone')).toEqual({
      field: 'contactPhone',
      label: '联系电话',
      before: '139****2451',
      after: '138****2222',
    });
    const seeded = await call<Paged<StoreChangeRecord>>(admin, storeOps.changeRecords, { storeCode: store.storeCode, pageSize: 200 });
    const phones = seeded.list.flatMap((r) => r.changes.filter((c) => c.field === 'contactPhone').flatMap((c) => [c.before, c.after]));
    expect(phones.every((p) => typeof p !== 'string' || p === '' || MASKED.test(p))).toBe(true);
  });

  it('an edit that sends the masked value back keeps the real number', async () => {
    // merchant information: both phones as the form shows them
    const info = await call<MerchantInfo>(admin, merchantInfoOps.settings).then((s) => (s as unknown as { info: MerchantInfo }).info);
    const form = {
      shortName: info.shortName,
      mainTags: info.mainTags,
      contactName: info.contactName,
      contactPhone: info.contactPhone,
      servicePhone: info.servicePhone,
      email: info.email,
      province: info.province,
      city: info.city,
      district: info.district,
      address: info.address,
      intro: '只改简介',
    };
    const res = await call<{ changes: { field: string }[] }>(admin, merchantInfoOps.update, form);
    expect(res.changes.map((c) => c.field)).toEqual(['intro']);
    expect(await raw.profile()).toEqual({ contact_phone: '13916882451', service_phone: '400-820-6688' });

    // a store edit without touching the phone: the number stays and no phone change is recorded
    const before = await raw.store(store.id);
    const s = await call<StoreRow>(admin, storeOps.detail, { storeCode: store.storeCode });
    const {
      id: _id,
      categoryName: _c,
      tagNames: _t,
      businessHours: _b,
      statusName: _s,
      staffCount: _n,
      createdAt: _ca,
      updatedAt: _u,
      ...fields
    } = s;
    const upd = await call<{ changes: { field: string }[] }>(admin, storeOps.update, { ...fields, remark: '只改备注' });
    expect(upd.changes.map((c) => c.field)).toEqual(['remark']);
    expect(await raw.store(store.id)).toBe(before);

    // an employee
    const staffBefore = await raw.staff(staffId);
    const st = await call<StaffRow>(admin, staffOps.detail, { id: staffId });
    await call(admin, staffOps.update, {
      id: staffId,
      name: st.name,
      phone: st.phone,
      position: st.position,
      entryDate: st.entryDate,
      remark: '只改备注',
    });
    expect(await raw.staff(staffId)).toBe(staffBefore);

    // account information in user management
    const { list } = await call<Paged<{ id: number; userName: string; phone: string }>>(admin, accountOps.list.name, {
      userName: 'shopclerk',
    });
    const acct = await call<{ phone: string; memberships: { organizationId: number; roleId: number }[] }>(admin, accountOps.detail.name, {
      id: list[0].id,
    });
    expect(acct.phone).toBe('136****1001');
    await call(admin, accountOps.edit.name, {
      id: list[0].id,
      phone: acct.phone,
      memberships: acct.memberships.map((m) => ({ organizationId: m.organizationId, roleId: m.roleId })),
    });
    expect((await t.db.db.selectFrom('account').select('phone').where('id', '=', list[0].id).executeTakeFirstOrThrow()).phone).toBe(
      '13600001001',
    );
  });

  it('a settle draft keeps its number when saved with the masked value; a new one prefilled from the last application too', async () => {
    const latest = (await call<{ apply: SettleApply }>(admin, settleApplyOps.current)).apply;
    const latestPhone = await raw.settle(latest.id);
    const certFileId = (await upload(admin, '执照.png', tinyPng(), 'licence')).data.file!.id;
    const subject = {
      subjectType: latest.subjectType,
      subjectName: latest.subjectName,
      certNo: latest.certNo,
      legalPerson: latest.legalPerson,
      contactName: latest.contactName,
      contactPhone: latest.contactPhone,
      province: latest.province,
      city: latest.city,
      district: latest.district,
      address: latest.address,
      certFileId,
    };
    const draft = await call<{ id: number }>(admin, settleApplyOps.saveSubject, subject);
    expect(await raw.settle(draft.id)).toBe(latestPhone);
    await call(admin, settleApplyOps.saveSubject, { ...subject, id: draft.id, contactPhone: '13822223333' });
    expect(await raw.settle(draft.id)).toBe('13822223333');
    await call(admin, settleApplyOps.saveSubject, { ...subject, id: draft.id, contactPhone: '138****3333' });
    expect(await raw.settle(draft.id)).toBe('13822223333');
    expect(await op(admin, settleApplyOps.saveSubject, { ...subject, id: draft.id, contactPhone: '139****3333' })).toMatchObject({
      code: CODES.badInput,
      msg: '联系电话不完整：修改联系电话时请输入完整的号码（字段：contactPhone）',
    });
    expect(await raw.settle(draft.id)).toBe('13822223333');
  });

  it('a masked value that is not the stored number is refused, naming the field, changing nothing', async () => {
    const profile = await raw.profile();
    const info = (await call<{ info: MerchantInfo }>(admin, merchantInfoOps.settings)).info;
    const form = { ...info, mainTags: info.mainTags, contactPhone: '139****0000' };
    expect(await op(admin, merchantInfoOps.update, form)).toMatchObject({
      code: CODES.badInput,
      msg: '联系电话不完整：修改联系电话时请输入完整的号码（字段：contactPhone）',
    });
    expect(await raw.profile()).toEqual(profile);
    const before = await raw.store(store.id);
    expect(
      await op(admin, storeOps.update, { ...validStore, storeCode: store.storeCode, name: store.name, contactPhone: '021*****0000' }),
    ).toMatchObject({
      code: CODES.badInput,
      msg: '联系电话不完整：修改联系电话时请输入完整的号码（字段：contactPhone）',
    });
    expect(await raw.store(store.id)).toBe(before);
    expect(
      await op(admin, staffOps.update, { id: staffId, name: '陈思远', phone: '159****0000', position: 'clerk', remark: '' }),
    ).toMatchObject({
      code: CODES.badInput,
      msg: '手机号不完整：修改手机号时请输入完整的号码（字段：phone）',
    });
    // a masked value is never accepted where a number is created
    expect(await op(admin, storeOps.create, { ...validStore, name: '打码门店', contactPhone: '138****5678' })).toMatchObject({
      code: CODES.badInput,
    });
    expect(await op(admin, staffOps.create, { name: '打码员工', phone: '138****5678', position: 'clerk', remark: '' })).toMatchObject({
      code: CODES.badInput,
    });
  });

  it('a new number is stored in full and its change record is answered masked', async () => {
    const s = await call<StoreRow>(admin, storeOps.detail, { storeCode: store.storeCode });
    const {
      id: _id,
      categoryName: _c,
      tagNames: _t,
      businessHours: _b,
      statusName: _s,
      staffCount: _n,
      createdAt: _ca,
      updatedAt: _u,
      ...fields
    } = s;
    const upd = await call<{ changes: { field: string; before: unknown; after: unknown }[] }>(admin, storeOps.update, {
      ...fields,
      contactPhone: '13755556666',
    });
    expect(upd.changes).toEqual([{ field: 'contactPhone', label: '联系电话', before: s.contactPhone, after: '137****6666' }]);
    expect(await raw.store(store.id)).toBe('13755556666');
    const records = await call<Paged<StoreChangeRecord>>(admin, storeOps.changeRecords, { storeCode: store.storeCode });
    expect(records.list[0].changes).toEqual([{ field: 'contactPhone', label: '联系电话', before: s.contactPhone, after: '137****6666' }]);
  });

  it('reveals the full number to the page’s editors, and logs every reveal', async () => {
    const before = (await revealLog()).length;
    const settleId = (await call<{ apply: SettleApply }>(admin, settleApplyOps.current)).apply.id;
    for (const [kind, id, full] of [
      ['merchantContact', merchantId, '13916882451'],
      ['merchantService', merchantId, '400-820-6688'],
      ['store', store.id, '13755556666'],
      ['staff', staffId, await raw.staff(staffId)],
      ['settle', settleId, await raw.settle(settleId)],
    ] as const) {
      expect(await call<{ phone: string }>(admin, phoneRevealOps.reveal, { kind, id })).toEqual({ phone: full });
    }
    const log = (await revealLog()).slice(before);
    expect(log).toEqual([
      { user_name: 'admin', target_ids: `kind=merchantContact;id=${merchantId}`, result_code: '200' },
      { user_name: 'admin', target_ids: `kind=merchantService;id=${merchantId}`, result_code: '200' },
      { user_name: 'admin', target_ids: `kind=store;id=${store.id}`, result_code: '200' },
      { user_name: 'admin', target_ids: `kind=staff;id=${staffId}`, result_code: '200' },
      { user_name: 'admin', target_ids: `kind=settle;id=${settleId}`, result_code: '200' },
    ]);
    // a store clerk (门店管理 only) sees its stores' numbers
    expect(await call<{ phone: string }>(shopOnly, phoneRevealOps.reveal, { kind: 'store', id: store.id })).toEqual({
      phone: '13755556666',
    });
  });

  it('refuses roles without the editing page, and logs the refusal', async () => {
    const before = (await revealLog()).length;
    // 门店管理 does not open the employees' or the merchant's numbers
    expect(await op(shopOnly, phoneRevealOps.reveal, { kind: 'staff', id: staffId })).toMatchObject({
      code: CODES.forbidden,
      msg: '没有查看完整员工手机号的权限',
      data: null,
    });
    expect(await op(shopOnly, phoneRevealOps.reveal, { kind: 'merchantContact', id: merchantId })).toMatchObject({
      code: CODES.forbidden,
      data: null,
    });
    // 商户信息 (read only) shows the masked numbers but cannot reveal them
    expect(await op(infoOnly, phoneRevealOps.reveal, { kind: 'merchantContact', id: merchantId })).toMatchObject({
      code: CODES.forbidden,
      data: null,
    });
    expect((await call<MerchantInfo>(infoOnly, merchantInfoOps.detail)).contactPhone).toBe('139****2451');
    const operator = await t.signIn('operator');
    expect((await op(operator, phoneRevealOps.reveal, { kind: 'store', id: store.id })).code).toBe(CODES.forbidden);
    const log = (await revealLog()).slice(before);
    expect(log.map((l) => [l.user_name, l.result_code])).toEqual([
      ['shopclerk', CODES.forbidden],
      ['shopclerk', CODES.forbidden],
      ['infoviewer', CODES.forbidden],
      ['operator', CODES.forbidden],
    ]);
    expect(await op(admin, phoneRevealOps.reveal, { kind: 'boss', id: 1 })).toMatchObject({
      code: CODES.badInput,
      msg: '号码类型不正确（字段：kind）',
    });
  });

  it('refuses another merchant’s ids as not found, revealing nothing', async () => {
    const settleId = (await call<{ apply: SettleApply }>(admin, settleApplyOps.current)).apply.id;
    for (const [kind, id, msg] of [
      ['merchantContact', merchantId, '商户不存在'],
      ['merchantService', merchantId, '商户不存在'],
      ['store', store.id, '门店不存在'],
      ['staff', staffId, '员工不存在'],
      ['settle', settleId, '入驻申请不存在'],
    ] as const) {
      expect(await op(other, phoneRevealOps.reveal, { kind, id })).toMatchObject({ code: CODES.notFound, msg, data: null });
    }
    const theirs = await call<MerchantInfo>(other, merchantInfoOps.detail);
    expect(await op(admin, phoneRevealOps.reveal, { kind: 'merchantContact', id: theirs.merchantId })).toMatchObject({
      code: CODES.notFound,
      data: null,
    });
  });
});
