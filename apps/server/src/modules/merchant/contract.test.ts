import { contractOps, type ContractRow } from '@merchant/contracts/merchant/contract';
import { calendarDateOf, CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { tinyPng, upload } from '../../test/upload-kit.ts';
import { call, data, rowCount } from '../../test/calls.ts';

const DAY = 86_400_000;

describe.each(DIALECTS)('contracts (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let fileId: string;
  let id: number;
  /** The business date `days` from today (Asia/Shanghai). */
  const day = (days: number) => calendarDateOf(t.clock.now() + days * DAY, 'Asia/Shanghai');
  const valid = () => ({
    name: '徐汇滨江店场地租赁合同',
    contractType: 'lease',
    partyName: '上海滨江置业有限公司',
    amount: 36_000_000,
    signDate: day(-10),
    startDate: day(-5),
    endDate: day(360),
    fileId,
    remark: '年租金36万元，按季度支付',
  });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家合同商户', 'contractboss', '13700000022');
    fileId = (await upload(admin, '租赁合同.png', tinyPng(), 'contract')).data.file!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses bad contracts with the field named, writing nothing', async () => {
    const before = await rowCount(t, 'contract');
    for (const [patch, msg] of [
      [{ name: '' }, '请输入合同名称（字段：name）'],
      [{ contractType: 'loan' }, '合同类型不正确（字段：contractType）'],
      [{ amount: -1 }, '合同金额不能为负数（字段：amount）'],
      [{ amount: 12.5 }, '合同金额精确到分（字段：amount）'],
      [{ endDate: day(-30) }, '到期日期不能早于生效日期（字段：endDate）'],
      [{ startDate: undefined }, '请选择生效日期（字段：startDate）'],
    ] as const) {
      expect(await op(admin, contractOps.add, { ...valid(), ...patch })).toMatchObject({ code: CODES.badInput, msg });
    }
    const theirFile = (await upload(other, '合同.png', tinyPng(), 'contract')).data.file!.id;
    expect(await op(admin, contractOps.add, { ...valid(), fileId: theirFile })).toMatchObject({
      code: CODES.notFound,
      msg: '合同附件不存在',
    });
    const licence = (await upload(admin, '营业执照.png', tinyPng(), 'licence')).data.file!.id;
    expect(await op(admin, contractOps.add, { ...valid(), fileId: licence })).toMatchObject({
      code: CODES.badInput,
      msg: '“营业执照.png”是作为营业执照/证件照片上传的，不能用作合同附件，请重新上传（字段：fileId）',
    });
    expect(await rowCount(t, 'contract')).toBe(before);
  });

  it('adds a contract with a file; the status follows the dates', async () => {
    const res = await call<{ id: number; contractNo: string }>(admin, contractOps.add, valid());
    id = res.id;
    expect(res.contractNo).toMatch(/^HT\d{10}$/);
    const c = await call<ContractRow>(admin, contractOps.detail, { id });
    expect(c).toMatchObject({
      status: 'active',
      statusName: '生效中',
      fileId,
      fileName: '租赁合同.png',
      amount: 36_000_000,
      contractTypeName: '场地租赁合同',
    });
    await call(admin, contractOps.edit, { ...valid(), id, endDate: day(20) });
    expect((await call<ContractRow>(admin, contractOps.detail, { id })).statusName).toBe('即将到期');
    const pending = await call<{ id: number }>(admin, contractOps.add, {
      ...valid(),
      name: '杭州仓储服务合同',
      contractType: 'service',
      startDate: day(10),
      fileId: null,
    });
    expect((await call<ContractRow>(admin, contractOps.detail, { id: pending.id })).status).toBe('pending');
    const expiring = data<Paged<ContractRow>>(await op(admin, contractOps.list, { status: 'expiring', pageSize: 200 }));
    expect(expiring.list.map((x) => x.id)).toContain(id);
    expect(expiring.list.every((x) => x.status === 'expiring')).toBe(true);
    const pendings = data<Paged<ContractRow>>(await op(admin, contractOps.list, { status: 'pending', pageSize: 200 }));
    expect(pendings.list.every((x) => x.status === 'pending')).toBe(true);
    expect(data<Paged<ContractRow>>(await op(admin, contractOps.list, { name: '杭州仓储服务' })).total).toBe(1);
    expect((await op(admin, contractOps.list, { status: 'unknown' })).msg).toBe('合同状态不正确（字段：status）');
    // deleting: only contracts not yet in force
    expect((await op(admin, contractOps.delete, { id })).msg).toContain('只有未生效的合同可以删除');
    await call(admin, contractOps.delete, { id: pending.id });
    expect((await op(admin, contractOps.detail, { id: pending.id })).code).toBe(CODES.notFound);
  });

  it('terminates a contract with a reason; a terminated contract is not edited', async () => {
    expect(await op(admin, contractOps.terminate, { id, reason: '' })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入终止原因（字段：reason）',
    });
    await call(admin, contractOps.terminate, { id, reason: '门店搬迁，双方协商提前解约' });
    const c = await call<ContractRow>(admin, contractOps.detail, { id });
    expect(c).toMatchObject({
      status: 'terminated',
      statusName: '已终止',
      terminateReason: '门店搬迁，双方协商提前解约',
      terminatedAt: t.clock.now(),
    });
    expect((await op(admin, contractOps.edit, { ...valid(), id })).msg).toBe('已终止的合同不能修改');
    expect((await op(admin, contractOps.terminate, { id, reason: '再次终止' })).msg).toBe('合同已终止');
  });

  it('refuses roles without the anchor and other merchants’ ids', async () => {
    const operator = await t.signIn('operator');
    for (const name of [
      contractOps.list,
      contractOps.detail,
      contractOps.add,
      contractOps.edit,
      contractOps.terminate,
      contractOps.delete,
    ]) {
      expect((await op(operator, name, { ...valid(), id })).code).toBe(CODES.forbidden);
    }
    for (const [name, body] of [
      [contractOps.detail, { id }],
      [contractOps.edit, { ...valid(), id, fileId: null }],
      [contractOps.terminate, { id, reason: '别家终止' }],
      [contractOps.delete, { id }],
    ] as const) {
      expect((await op(other, name, body)).code).toBe(CODES.notFound);
    }
    expect(data<Paged<ContractRow>>(await op(other, contractOps.list)).total).toBe(0);
    const log = await t.db.db.selectFrom('operation_log').select('operation').where('operation', 'like', 'merchant.contract.%').execute();
    expect(log.map((l) => l.operation)).toEqual(
      expect.arrayContaining([contractOps.add.name, contractOps.edit.name, contractOps.terminate.name, contractOps.delete.name]),
    );
  });

  it('a 智能柜投放合同 names a cabinet model and the cabinets it covers; other types carry none', async () => {
    const before = await rowCount(t, 'contract');
    const cabinet = { ...valid(), name: '测试大厦双门冷藏柜投放合同', contractType: 'cabinet', fileId: null };
    for (const [patch, msg] of [
      [{ cabinetModelCode: null, cabinetCount: 5 }, '智能柜投放合同须选择柜型（字段：cabinetModelCode）'],
      [{ cabinetModelCode: 'XS-D2-C', cabinetCount: 0 }, '智能柜投放合同的柜数至少为1（字段：cabinetCount）'],
      [{ cabinetModelCode: 'XS-D2-C', cabinetCount: 1.5 }, '柜数须为整数（字段：cabinetCount）'],
      [{ cabinetModelCode: 'NOPE', cabinetCount: 3 }, '柜型不存在（字段：cabinetModelCode）'],
    ] as const) {
      expect(await op(admin, contractOps.add, { ...cabinet, ...patch })).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(await rowCount(t, 'contract')).toBe(before);
    const made = await call<{ id: number }>(admin, contractOps.add, { ...cabinet, cabinetModelCode: 'XS-D2-C', cabinetCount: 3 });
    expect(await call<ContractRow>(admin, contractOps.detail, { id: made.id })).toMatchObject({
      contractType: 'cabinet',
      contractTypeName: '智能柜投放合同',
      cabinetModelCode: 'XS-D2-C',
      cabinetModelName: '双门冷藏柜',
      cabinetCount: 3,
      cabinetActivated: 0,
    });
    // another type keeps no cabinet terms even when sent
    const lease = await call<{ id: number }>(admin, contractOps.add, {
      ...valid(),
      fileId: null,
      cabinetModelCode: 'XS-D2-C',
      cabinetCount: 3,
    });
    expect(await call<ContractRow>(admin, contractOps.detail, { id: lease.id })).toMatchObject({ cabinetModelCode: '', cabinetCount: 0 });
    // once cabinets are activated against it, the count cannot drop below them nor the model change
    await t.db.db.updateTable('contract').set({ cabinet_activated: 2 }).where('id', '=', made.id).execute();
    expect(await op(admin, contractOps.edit, { ...cabinet, id: made.id, cabinetModelCode: 'XS-D2-C', cabinetCount: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '合同下已激活2台设备，柜数不能少于2（字段：cabinetCount）',
    });
    expect((await op(admin, contractOps.edit, { ...cabinet, id: made.id, cabinetModelCode: 'XS-S1-N', cabinetCount: 3 })).code).toBe(
      CODES.conflict,
    );
    await call(admin, contractOps.edit, { ...cabinet, id: made.id, cabinetModelCode: 'XS-D2-C', cabinetCount: 4 });
    expect((await call<ContractRow>(admin, contractOps.detail, { id: made.id })).cabinetCount).toBe(4);
  });
});
