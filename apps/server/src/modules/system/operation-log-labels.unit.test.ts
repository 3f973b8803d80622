import { loginLogOps } from '@merchant/contracts/system/login-log';
import { settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { roleOps } from '@merchant/contracts/system/role';
import { accountOps } from '@merchant/contracts/system/account';
import { storeOps } from '@merchant/contracts/merchant/store';
import { exportTaskOps } from '@merchant/contracts/file/export-task';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  describeTargets,
  logLabel,
  loggedOperationNames,
  OPERATION_LOG_LABELS,
  operationLogLabel,
  operationsNamed,
  parseTargets,
  targetField,
  targetIds,
  targetKeys,
  targetLookups,
  type TargetKind,
} from '../../platform/audit.ts';
import { anchorsOf, discoverOperations, OperationRegistry, type Operation } from '../../platform/gateway/registry.ts';
import { catalogueRows } from '../permission/menu-catalogue.ts';

/** A name a person reads as an action: Chinese only, short, no notes in parentheses, no codes. */
/** Chinese words (an upper-case term such as SKU may stand in them), 2–12 characters. */
const ACTION_NAME = /^[\u4e00-\u9fa5A-Z]{2,12}$/;

describe('operation log words come from the operations themselves', () => {
  const registry = new OperationRegistry();
  let logged: Operation[];

  beforeAll(async () => {
    await discoverOperations(registry);
    logged = registry.list().filter((o) => o.writes || o.export);
  });

  it('gives every changing operation and every exportable list a short Chinese name of its own', () => {
    expect(logged.length).toBeGreaterThan(40);
    const bad = logged.filter((o) => !ACTION_NAME.test(logLabel(o))).map((o) => `${o.name}: ${logLabel(o)}`);
    expect(bad, 'give these operations a `label` (2–12 Chinese characters) in their definition').toEqual([]);
    // One name, one operation: two operations the log cannot tell apart would be no better than codes.
    const byLabel = new Map<string, string[]>();
    for (const o of logged) byLabel.set(logLabel(o), [...(byLabel.get(logLabel(o)) ?? []), o.name]);
    expect([...byLabel].filter(([, names]) => names.length > 1)).toEqual([]);
  });

  it('names each entry from the definition: exports read 导出（<list>）, unknown names stay as they are', () => {
    expect(operationLogLabel(accountOps.disable.name)).toBe('停用账号');
    expect(operationLogLabel(roleOps.edit.name)).toBe('编辑角色');
    expect(operationLogLabel(settleApplyOps.submit.name)).toBe('提交入驻申请');
    expect(operationLogLabel(signInOps.logout.name)).toBe('退出登录');
    expect(operationLogLabel(exportTaskOps.retry.name)).toBe('重试导出');
    expect(operationLogLabel(`${accountOps.list.name}#export`)).toBe('导出（账号列表）');
    expect(operationLogLabel(`${loginLogOps.list.name}#export`)).toBe('导出（登录日志列表）');
    expect(operationLogLabel('something.else')).toBe('something.else');
    expect(operationLogLabel('something.else#export')).toBe('something.else#export');
    // Every name the log can hold reads in Chinese.
    for (const name of loggedOperationNames()) expect(operationLogLabel(name), name).toMatch(/^[\u4e00-\u9fa5A-Z（）]+$/);
    // The export's enum lookup (filter summary) reads the same words.
    expect(OPERATION_LOG_LABELS[signInOps.logout.name]).toBe('退出登录');
    expect(OPERATION_LOG_LABELS['something.else']).toBeUndefined();
  });

  it('finds operations by their Chinese name (the 操作 filter)', () => {
    expect(operationsNamed('角色')).toEqual(
      expect.arrayContaining([roleOps.add.name, roleOps.edit.name, roleOps.delete.name, `${roleOps.list.name}#export`]),
    );
    expect(operationsNamed('角色').every((n) => operationLogLabel(n).includes('角色'))).toBe(true);
    expect(operationsNamed('  ')).toEqual([]);
    expect(operationsNamed('导出（账号列表）')).toEqual([`${accountOps.list.name}#export`]);
  });

  it('has words for every target an operation can log, and pages for every anchor', () => {
    const pages = new Set(
      catalogueRows()
        .filter((r) => r.menu_type === 2)
        .map((r) => r.anchor),
    );
    const missing: string[] = [];
    for (const o of logged) {
      const schema = z.toJSONSchema(o.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
      for (const key of targetKeys(Object.keys(schema.properties ?? {}))) {
        const name = o.writes ? o.name : `${o.name}#export`;
        if (!targetField(name, key)) missing.push(`${name}: ${key}`);
      }
      for (const a of anchorsOf(o)) if (!pages.has(a)) missing.push(`${o.name}: page ${a}`);
    }
    expect(
      missing,
      "name the field in the operation group's `targets` (contracts), or add a field every area shares to TARGET_FIELDS in platform/audit.ts",
    ).toEqual([]);
  });
});

describe('operation log targets', () => {
  it('keeps ids, codes and the name given, never secrets, searchable as stored', () => {
    expect(targetIds({ id: 7, name: '运营', packageName: 'x', menuIds: [1, 2, 3] })).toBe('id=7;name=运营;menuIds=1,2,3');
    expect(targetIds({ merchantName: '新商户', userName: 'boss', phone: '13800000000', code: '123456', password: 'Secret123' })).toBe(
      'userName=boss',
    );
    expect(targetIds({ id: 3, certNo: '310104198806151234', certFileId: 9, contactPhone: '13621987654' })).toBe('id=3;certFileId=9');
    expect(targetIds({ bankCardNo: '6222020000000000000', idCardNumber: '310104198806151234', smsCode: '1234', orderNo: 'DD1' })).toBe(
      'orderNo=DD1',
    );
    expect(targetIds({ name: 'a;b,c\nd' })).toBe('name=a b c d');
    expect(targetIds({ id: 1, memberships: [{ organizationId: 1 }], filter: { a: 1 } })).toBe('id=1');
    expect(targetIds(null)).toBe('');
    // A list too long for the column is kept as its count; the other targets stay whole.
    const many = Array.from({ length: 200 }, (_, i) => 10000 + i);
    const stored = targetIds({ id: 5, menuIds: many, name: '运营' });
    expect(stored).toBe('id=5;menuIds=#200;name=运营');
    expect(parseTargets(stored)).toEqual([
      { key: 'id', values: ['5'], count: 1 },
      { key: 'menuIds', values: [], count: 200 },
      { key: 'name', values: ['运营'], count: 1 },
    ]);
  });

  it('puts targets in words: names looked up, lists counted, no field names', () => {
    const names = new Map<TargetKind, Map<string, string>>([
      ['organization', new Map([['4', '华东大区']])],
      [
        'role',
        new Map([
          ['7', '运营'],
          ['8', '财务'],
        ]),
      ],
      ['storeCode', new Map([['S0001', '旗舰店']])],
      ['settleApply', new Map([['3', 'RZ20260101001']])],
    ]);
    expect(describeTargets(roleOps.add.name, 'organizationId=4;name=商品专员;menuIds=1,2,3,4,5,6,7,8,9,10,11,12', names)).toBe(
      '组织：华东大区；名称：商品专员；菜单权限：12项',
    );
    expect(describeTargets(roleOps.edit.name, 'id=7;name=运营;menuIds=#120', names)).toBe('角色：运营；名称：运营；菜单权限：120项');
    // Gone since (or never this merchant's): the id, in words.
    expect(describeTargets(roleOps.delete.name, 'id=99', names)).toBe('角色ID 99');
    expect(describeTargets(accountOps.edit.name, 'id=1;roleIds=7,8,9', names)).toBe('账号ID 1；角色：运营、财务、ID 9');
    expect(describeTargets(storeOps.setStatus.name, 'storeCode=S0001', names)).toBe('门店：旗舰店（S0001）');
    expect(describeTargets(storeOps.setStatus.name, 'storeCode=S0404', names)).toBe('门店：S0404');
    expect(describeTargets(settleApplyOps.submit.name, 'id=3', names)).toBe('入驻申请：RZ20260101001');
    expect(describeTargets(`${storeOps.list.name}#export`, 'storeCode=S0001;categoryCode=C01', names)).toBe(
      '门店：旗舰店（S0001）；门店分类：C01',
    );
    // Entries written before secrets were left out do not show them.
    expect(describeTargets(signInOps.register.name, 'code=123456;userName=boss', names)).toBe('账号：boss');
    expect(describeTargets(roleOps.edit.name, '', names)).toBe('');
  });

  it('looks up only what it will show', () => {
    const wanted = targetLookups([
      { operation: roleOps.edit.name, targetIds: 'id=7;menuIds=1,2,3' },
      { operation: roleOps.add.name, targetIds: 'organizationId=4;name=x' },
      { operation: accountOps.edit.name, targetIds: 'id=1;roleIds=1,2,3,4' },
      { operation: storeOps.update.name, targetIds: 'storeCode=S0001;categoryCode=C01' },
    ]);
    expect(Object.fromEntries([...wanted].map(([k, v]) => [k, [...v]]))).toEqual({
      role: ['7'],
      organization: ['4'],
      account: ['1'],
      storeCode: ['S0001'],
    });
  });
});
