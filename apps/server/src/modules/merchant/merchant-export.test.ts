import { type StoreChangeRecord, storeOps, type StoreRow } from '@merchant/contracts/merchant/store';
import { contractOps, type ContractRow } from '@merchant/contracts/merchant/contract';
import { type ChangeRequest, merchantChangeOps } from '@merchant/contracts/merchant/merchant-change';
import { type SettleApply, settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { staffOps, type StaffRow } from '@merchant/contracts/merchant/staff';
import { CODES, type ApiClient, type OperationContract, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterSummary } from '../../platform/export/filter-summary.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { contractList } from './contract.ops.ts';
import { call } from '../../test/calls.ts';
import { storeList } from './store.ops.ts';

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MASKED_PHONE = /^\d{3}\*{4}\d{4}$/;

/** The list's rows for these filters (every page: the demo lists are below 200 rows). */
const listAll = <T>(c: ApiClient, name: OperationContract | string, body: object = {}) =>
  call<Paged<T>>(c, name, { ...body, pageSize: 200 });

async function exported(c: ApiClient, name: OperationContract | string, body: object, exportName: string): Promise<unknown[][]> {
  const res = await exportList(c, name, body, { exportName });
  if (res.kind !== 'file') throw new Error(JSON.stringify(res.envelope));
  expect(res.fileName).toMatch(new RegExp(`^${exportName}_\\d{14}\\.xlsx$`));
  return sheetRows(res.workbook);
}

/** The file has as many rows as the list's total, in the list's order (by the first column). */
async function sameAsList<T>(c: ApiClient, name: OperationContract | string, body: object, exportName: string, key: (row: T) => unknown) {
  const listed = await listAll<T>(c, name, body);
  const rows = await exported(c, name, body, exportName);
  expect(rows.length - 1).toBe(listed.total);
  expect(listed.total).toBeLessThanOrEqual(200);
  expect(rows.slice(1).map((r) => r[0])).toEqual(listed.list.map(key));
  return { listed, rows };
}

describe.each(DIALECTS)('merchant list exports (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家导出门店', 'exportshop', '13700000066');
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores: the list’s columns and order, phones masked, filters narrowing', async () => {
    const { listed, rows } = await sameAsList<StoreRow>(admin, storeOps.list, {}, '门店列表', (s) => s.storeCode);
    expect(rows[0]).toEqual([
      '门店编号',
      '门店名称',
      '状态',
      '门店分类',
      '标签',
      '所在地区',
      '详细地址',
      '营业时间',
      '联系人',
      '联系电话',
      '员工数',
      '创建时间',
    ]);
    const first = listed.list[0];
    expect(rows[1]).toEqual([
      first.storeCode,
      first.name,
      first.statusName,
      first.categoryName,
      first.tagNames.join('、'),
      `${first.city} ${first.district}`,
      first.address,
      first.businessHours,
      first.contactName,
      first.contactPhone,
      first.staffCount,
      expect.stringMatching(TIME),
    ]);
    expect(rows.slice(1).every((r) => MASKED_PHONE.test(String(r[9])))).toBe(true);

    const paused = await sameAsList<StoreRow>(admin, storeOps.list, { status: 2 }, '门店列表', (s) => s.storeCode);
    expect(paused.listed.total).toBeLessThan(listed.total);
    expect(paused.rows.slice(1).every((r) => r[2] === '暂停营业')).toBe(true);
    const filtered = await sameAsList<StoreRow>(
      admin,
      storeOps.list,
      { categoryCode: 'retail', tagCode: '24h', city: '深圳' },
      '门店列表',
      (s) => s.storeCode,
    );
    expect(filtered.listed.total).toBeGreaterThan(0);
    expect(filtered.rows.slice(1).every((r) => String(r[3]).startsWith('零售门店/') && String(r[4]).includes('24小时营业'))).toBe(true);
    await sameAsList<StoreRow>(admin, storeOps.list, { sortField: 'name', sortOrder: 'ascend' }, '门店列表', (s) => s.storeCode);
    expect(filterSummary({ status: 1, categoryCode: 'retail', tagCode: '24h', city: '上海' }, storeList.export)).toBe(
      '状态：营业中；门店分类：零售门店；标签：24小时营业；城市：上海',
    );

    // Another merchant's file has none of these stores.
    expect(await exported(other, storeOps.list, {}, '门店列表')).toEqual([rows[0]]);
  });

  it('store change records: one store’s records with their changes in words', async () => {
    const store = (await listAll<StoreRow>(admin, storeOps.list, { name: '中山公园' })).list[0];
    const records = await call<Paged<StoreChangeRecord>>(admin, storeOps.changeRecords, { storeCode: store.storeCode, pageSize: 200 });
    const rows = await exported(admin, storeOps.changeRecords, { storeCode: store.storeCode }, '门店变更记录');
    expect(rows[0]).toEqual(['门店编号', '门店名称', '时间', '类型', '变更内容', '操作人']);
    expect(rows.length - 1).toBe(records.total);
    expect(rows.slice(1).map((r) => r[3])).toEqual(records.list.map((r) => r.changeTypeName));
    expect(rows[1]).toEqual([store.storeCode, store.name, expect.stringMatching(TIME), '状态变更', '门店状态：营业中 → 暂停营业', 'admin']);
    expect(rows.at(-1)!.slice(3, 5)).toEqual(['新建门店', expect.stringMatching(/^创建门店（\d+项信息）$/)]);
    // The store code narrows: all the merchant's records are many more than this store's.
    const all = await t.db.db
      .selectFrom('store_change_record')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(rows.length - 1).toBeLessThan(Number(all.n));
    // Another merchant's code (and an unknown one) finds nothing, as the list refuses it.
    expect((await op(other, storeOps.changeRecords, { storeCode: store.storeCode })).code).toBe(CODES.notFound);
    expect(await exported(other, storeOps.changeRecords, { storeCode: store.storeCode }, '门店变更记录')).toEqual([rows[0]]);
  });

  it('settle applications: statuses and subject types in words, certificate number and phone masked', async () => {
    const { listed, rows } = await sameAsList<SettleApply>(admin, settleApplyOps.list, {}, '入驻申请记录', (a) => a.applyCode);
    expect(rows[0]).toEqual([
      '申请编号',
      '主体名称',
      '状态',
      '主体类型',
      '证件号码',
      '联系人',
      '联系电话',
      '业务线',
      '提交时间',
      '审核人',
      '审核时间',
      '创建时间',
    ]);
    const first = listed.list[0];
    expect(rows[1].slice(0, 8)).toEqual([
      first.applyCode,
      first.subjectName,
      first.statusName,
      '企业',
      first.certNo,
      first.contactName,
      first.contactPhone,
      first.businessLineNames.join('、'),
    ]);
    expect(String(rows[1][4])).toContain('****');
    expect(String(rows[1][6])).toMatch(MASKED_PHONE);
    expect([rows[1][8], rows[1][11]].every((v) => TIME.test(String(v)))).toBe(true);

    const rejected = await sameAsList<SettleApply>(admin, settleApplyOps.list, { status: 3 }, '入驻申请记录', (a) => a.applyCode);
    expect(rejected.listed.total).toBeLessThan(listed.total);
    expect(rejected.rows.slice(1).every((r) => r[2] === '已驳回' && TIME.test(String(r[10])))).toBe(true);
    const now = t.clock.now();
    const recent = await sameAsList<SettleApply>(
      admin,
      settleApplyOps.list,
      { createdRange: [now - 150 * 86_400_000, now] },
      '入驻申请记录',
      (a) => a.applyCode,
    );
    expect(recent.listed.total).toBeLessThan(listed.total);
    expect(await exported(other, settleApplyOps.list, {}, '入驻申请记录')).toEqual([rows[0]]);
  });

  it('change requests: the changes, status and review opinion in words', async () => {
    const { listed, rows } = await sameAsList<ChangeRequest>(admin, merchantChangeOps.list, {}, '信息变更记录', (c) => c.changeCode);
    expect(rows[0]).toEqual(['变更编号', '变更内容', '状态', '变更原因', '提交人', '提交时间', '审核人', '审核时间', '审核意见']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(listed.list.map((c) => c.statusName));
    const typeChange = rows.find((r) => r[3] === '业务转型为智能柜点位运营')!;
    expect(typeChange.slice(1, 3)).toEqual(['商户类型：零售商 → 点位运营商', '已通过']);
    expect(typeChange[8]).toBe('经营范围已核验');

    const rejected = await sameAsList<ChangeRequest>(admin, merchantChangeOps.list, { status: 3 }, '信息变更记录', (c) => c.changeCode);
    expect(rejected.listed.total).toBeLessThan(listed.total);
    for (const r of rejected.rows.slice(1)) {
      expect(r[2]).toBe('已驳回');
      expect(r[8]).toBe(rejected.listed.list.find((c) => c.changeCode === r[0])!.rejectReason);
      expect(String(r[5])).toMatch(TIME);
      expect(String(r[7])).toMatch(TIME);
    }
    expect(await exported(other, merchantChangeOps.list, {}, '信息变更记录')).toEqual([rows[0]]);
  });

  it('contracts: status from the dates, type in words, amount in 元, dates as dates', async () => {
    const { listed, rows } = await sameAsList<ContractRow>(admin, contractOps.list, {}, '合同列表', (c) => c.contractNo);
    expect(rows[0]).toEqual([
      '合同编号',
      '合同名称',
      '状态',
      '合同类型',
      '签约方',
      '合同金额（元）',
      '签订日期',
      '有效期',
      '到期日期',
      '附件',
      '柜型',
      '柜数',
      '已激活',
    ]);
    expect(rows.slice(1).map((r) => [r[2], r[3], r[5]])).toEqual(
      listed.list.map((c) => [c.statusName, c.contractTypeName, c.amount / 100]),
    );
    const lease = rows.find((r) => r[1] === '徐汇滨江店场地租赁合同')!;
    expect(lease[5]).toBe(360_000);
    expect(String(lease[6])).toMatch(DATE);
    expect(String(lease[7])).toMatch(/^\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}$/);
    expect(String(lease[7]).endsWith(String(lease[8]))).toBe(true);

    for (const status of ['terminated', 'pending', 'expiring'] as const) {
      const part = await sameAsList<ContractRow>(admin, contractOps.list, { status }, '合同列表', (c) => c.contractNo);
      expect(part.listed.total).toBeLessThan(listed.total);
      expect(part.rows.slice(1).every((r) => r[2] === part.listed.list[0].statusName)).toBe(true);
    }
    await sameAsList<ContractRow>(
      admin,
      contractOps.list,
      { sortField: 'amount', sortOrder: 'ascend', contractType: 'lease' },
      '合同列表',
      (c) => c.contractNo,
    );
    expect(filterSummary({ status: 'expiring', contractType: 'lease' }, contractList.export)).toBe(
      '状态：即将到期；合同类型：场地租赁合同',
    );
    expect(await exported(other, contractOps.list, {}, '合同列表')).toEqual([rows[0]]);
  });

  it('store staff: positions and statuses in words, phones masked, stores by name', async () => {
    const { listed, rows } = await sameAsList<StaffRow>(admin, staffOps.list, {}, '门店员工', (s) => s.staffNo);
    expect(rows[0]).toEqual(['工号', '姓名', '手机号', '岗位', '状态', '关联门店', '入职日期', '创建时间']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[5]])).toEqual(
      listed.list.map((s) => [s.name, s.phone, s.positionName, s.statusName, s.stores.map((x) => x.name).join('、')]),
    );
    expect(rows.slice(1).every((r) => MASKED_PHONE.test(String(r[2])) && DATE.test(String(r[6])) && TIME.test(String(r[7])))).toBe(true);

    const disabled = await sameAsList<StaffRow>(admin, staffOps.list, { status: 0 }, '门店员工', (s) => s.staffNo);
    expect(disabled.listed.total).toBeLessThan(listed.total);
    expect(disabled.rows.slice(1).every((r) => r[4] === '停用')).toBe(true);
    const storeId = listed.list[0].stores[0].id;
    const atStore = await sameAsList<StaffRow>(
      admin,
      staffOps.list,
      { storeId, position: listed.list[0].position },
      '门店员工',
      (s) => s.staffNo,
    );
    expect(atStore.listed.total).toBeGreaterThan(0);
    expect(atStore.listed.total).toBeLessThan(listed.total);
    expect(await exported(other, staffOps.list, {}, '门店员工')).toEqual([rows[0]]);
  });

  it('refuses an account without the pages (A0301)', async () => {
    const operator = await t.signIn('operator');
    for (const name of [
      storeOps.list,
      storeOps.changeRecords,
      settleApplyOps.list,
      merchantChangeOps.list,
      contractOps.list,
      staffOps.list,
    ]) {
      const res = await exportList(operator, name, { storeCode: 'MD2611210001' });
      expect(res.kind === 'json' && res.envelope.code).toBe(CODES.forbidden);
    }
  });
});
