import type { FormRule } from 'antd';
import { accountAddInput, accountEditInput, membershipSchema } from '@merchant/contracts/system/account';
import { orgAddInput } from '@merchant/contracts/system/organization';
import { roleAddInput } from '@merchant/contracts/system/role';
import { zodRule } from '../../shared/ui/zod-rule.ts';

/**
 * Form rules of user management, derived from the zod schemas the server checks (DESIGN §8):
 * a field shows the same Chinese message the server would answer with.
 */
export const orgRules = {
  parentId: [{ required: true, message: '请选择上级组织' }] as FormRule[],
  name: [{ required: true, message: '请输入组织名称' }, zodRule(orgAddInput.shape.name)] as FormRule[],
  sort: [zodRule(orgAddInput.shape.sort)] as FormRule[],
};

export const roleRules = {
  organizationId: [{ required: true, message: '请选择所属组织' }] as FormRule[],
  name: [{ required: true, message: '请输入角色名称' }, zodRule(roleAddInput.shape.name)] as FormRule[],
  packageName: [zodRule(roleAddInput.shape.packageName)] as FormRule[],
};

export const accountRules = {
  userName: [{ required: true, message: '请输入账号' }, zodRule(accountAddInput.shape.userName)] as FormRule[],
  password: [{ required: true, message: '请输入密码' }, zodRule(accountAddInput.shape.password)] as FormRule[],
  phone: [{ required: true, message: '请输入手机号' }, zodRule(accountAddInput.shape.phone)] as FormRule[],
  /** An edit: the masked number the form came with is accepted (the server keeps the stored one). */
  editPhone: [{ required: true, message: '请输入手机号' }, zodRule(accountEditInput.shape.phone)] as FormRule[],
};

export interface MembershipDraft {
  organizationId?: number;
  roleId?: number;
}

/** The roles a membership row may pick from: those of its organisation. */
export interface RoleOfOrg {
  id: number;
  organizationId: number;
  name: string;
}

/**
 * Checks the organisation × role rows before sending: at least one, each complete, the role
 * belongs to the chosen organisation, no pair twice. Returns the first problem, or null.
 */
export function membershipsProblem(
  rows: MembershipDraft[] | undefined,
  roles?: RoleOfOrg[],
  opts: { ignoreIncomplete?: boolean } = {},
): string | null {
  const all = rows ?? [];
  if (all.length === 0) {
    const whole = accountAddInput.shape.memberships.safeParse([]);
    return whole.success ? null : (whole.error.issues[0]?.message ?? '请至少分配一个组织和角色');
  }
  const seen = new Set<string>();
  for (const [i, r] of all.entries()) {
    const n = i + 1;
    // Incomplete rows show their own field errors; the list-level rule can skip them.
    if (!r.organizationId || !r.roleId) {
      if (opts.ignoreIncomplete) continue;
      return `第${n}行：${r.organizationId ? '请选择角色' : '请选择组织'}`;
    }
    const one = membershipSchema.safeParse(r);
    if (!one.success) return `第${n}行：${one.error.issues[0]?.message ?? '组织角色不正确'}`;
    const role = roles?.find((x) => x.id === r.roleId);
    if (role && role.organizationId !== r.organizationId) return `第${n}行：角色“${role.name}”不属于所选组织`;
    const key = `${r.organizationId}:${r.roleId}`;
    if (seen.has(key)) return `第${n}行：与前面的组织角色重复`;
    seen.add(key);
  }
  const complete = all.filter((r) => r.organizationId && r.roleId);
  if (complete.length === 0) return null; // only incomplete rows, each with its own field error
  const whole = accountAddInput.shape.memberships.safeParse(complete);
  return whole.success ? null : (whole.error.issues[0]?.message ?? '组织角色不正确');
}

/** A form rule running membershipsProblem (for a Form.List). */
export function membershipsRule(roles: () => RoleOfOrg[] | undefined) {
  return {
    validator: async (_rule: unknown, value: MembershipDraft[] | undefined) => {
      const problem = membershipsProblem(value, roles(), { ignoreIncomplete: true });
      if (problem) throw new Error(problem);
    },
  };
}
