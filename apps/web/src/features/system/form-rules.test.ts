import { describe, expect, it } from 'vitest';
import { accountRules, membershipsProblem, membershipsRule, orgRules, roleRules } from './form-rules.ts';

type Validator = { validator: (rule: unknown, value: unknown) => Promise<void> };
const lastRule = (rules: unknown[]) => rules[rules.length - 1] as Validator;
const messageOf = async (rules: unknown[], value: unknown) => {
  try {
    await lastRule(rules).validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

const roles = [
  { id: 10, organizationId: 1, name: '管理员' },
  { id: 11, organizationId: 1, name: '运营' },
  { id: 20, organizationId: 2, name: '财务' },
];

describe('form rules derived from the server schemas', () => {
  it('gives the server’s Chinese messages', async () => {
    expect(await messageOf(orgRules.name, '华')).toBe('组织名称至少2个字');
    expect(await messageOf(orgRules.name, '华东大区')).toBeNull();
    expect(await messageOf(roleRules.name, '一二三四五六七八九十一二三四五六七八九十一')).toBe('角色名称不能超过20个字');
    expect(await messageOf(accountRules.userName, '张三')).toBe('账号只能包含字母、数字和 _ . @ -');
    expect(await messageOf(accountRules.password, 'abcdefgh')).toBe('密码须包含数字');
    expect(await messageOf(accountRules.password, 'abc12345')).toBeNull();
    expect(await messageOf(accountRules.phone, '12345678901')).toBe('手机号格式不正确');
    expect(await messageOf(orgRules.sort, -1)).toBe('排序不能为负数');
  });
});

describe('membershipsProblem', () => {
  it('needs at least one row', () => {
    expect(membershipsProblem([])).toBe('请至少分配一个组织和角色');
    expect(membershipsProblem(undefined)).toBe('请至少分配一个组织和角色');
  });
  it('names the incomplete row', () => {
    expect(membershipsProblem([{ organizationId: 1, roleId: 10 }, { organizationId: 2 }])).toBe('第2行：请选择角色');
    expect(membershipsProblem([{}])).toBe('第1行：请选择组织');
  });
  it('refuses a role of another organisation and a repeated pair', () => {
    expect(membershipsProblem([{ organizationId: 1, roleId: 20 }], roles)).toBe('第1行：角色“财务”不属于所选组织');
    expect(
      membershipsProblem(
        [
          { organizationId: 1, roleId: 10 },
          { organizationId: 1, roleId: 10 },
        ],
        roles,
      ),
    ).toBe('第2行：与前面的组织角色重复');
  });
  it('accepts distinct complete rows', () => {
    expect(
      membershipsProblem(
        [
          { organizationId: 1, roleId: 10 },
          { organizationId: 1, roleId: 11 },
          { organizationId: 2, roleId: 20 },
        ],
        roles,
      ),
    ).toBeNull();
  });
  it('as a list rule leaves incomplete rows to their own field errors', async () => {
    const rule = membershipsRule(() => roles);
    await expect(rule.validator({}, [{ organizationId: 1 }])).resolves.toBeUndefined();
    await expect(rule.validator({}, [{ organizationId: 1, roleId: 10 }, {}, { organizationId: 1, roleId: 10 }])).rejects.toThrow(
      '第3行：与前面的组织角色重复',
    );
    await expect(rule.validator({}, [])).rejects.toThrow('请至少分配一个组织和角色');
  });
});
