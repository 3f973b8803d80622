import { BUSI_CODES, maskPhone, type ParsedInputOf } from '@merchant/contracts';
import type { accountOps } from '@merchant/contracts/system/account';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { revokeAccountSessions, REVOKE_REASONS } from '../../platform/auth/session.service.ts';
import { badInput, conflict, forbidden, guardUnique, notFound, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { keepPhone } from '../../platform/phone-mask.ts';
import {
  adminManagers,
  flag,
  requireOrg,
  requireRole,
  roleBlock,
  roleFacts,
  roleNote,
  scopeOf,
  scopeRootOf,
  type Scope,
} from './admin-scope.ts';
import * as repo from './account.repo.ts';

// 账号管理: the accounts the scope holds and their (organisation, role) memberships (the admin-scope rule in admin-scope.ts).

// The database's unique indexes are the last word (docs/decisions.md); the checks before them only answer early.
const USER_NAME_TAKEN: UniqueKey = {
  index: 'account_user_name_key',
  table: 'account',
  columns: ['user_name'],
  message: '账号已存在，请换一个',
};
const PHONE_TAKEN: UniqueKey = { index: 'account_phone_key', table: 'account', columns: ['phone'], message: '该手机号已被其他账号使用' };

/**
 * Creates a new merchant's first account, active, holding `membership`, inside the caller's transaction
 * (registration; the caller turns unique violations into its own messages); its id.
 */
export function createAccount(
  trx: Transaction<Database>,
  input: {
    merchantId: number;
    userName: string;
    phone: string;
    passwordHash: string;
    membership: { organizationId: number; roleId: number };
    now: number;
  },
): Promise<number> {
  return repo.addAccount(trx, {
    merchantId: input.merchantId,
    userName: input.userName,
    phone: input.phone,
    passwordHash: input.passwordHash,
    merchantAccountType: 0,
    useSite: false,
    busCode: BUSI_CODES.mall,
    memberships: [input.membership],
    now: input.now,
  });
}

/** Sets an account's password (sessions are the caller's business). */
export async function setPassword(db: Kysely<Database>, accountId: number, password: string, now: number) {
  await repo.setAccountPassword(db, accountId, await hashPassword(password), now);
}

type MembershipRow = Awaited<ReturnType<typeof repo.membershipsOf>>[number];

/** How many memberships an organisation or a role has (organisations and roles with accounts are not deleted). */
export function membershipCount(ctx: SessionOpContext, column: 'organization_id' | 'role_id', id: number) {
  return repo.membershipCount(ctx.db, column, id);
}

/** The scope holds the account: it has a membership inside (at the merchant's root: every account). */
const holdsAccount = (scope: Scope, ms: readonly MembershipRow[]) =>
  scope.atMerchantRoot || ms.some((m) => scope.ids.has(m.organizationId));

/**
 * Why the signed-in account may not act on an account with these memberships (edit, delete, enable,
 * disable, reset its password), or null: every membership must be inside the scope and every role one
 * the actor could give.
 */
async function accountNotes(ctx: SessionOpContext, ms: readonly MembershipRow[]): Promise<Map<number, string | null>> {
  const scope = await scopeOf(ctx);
  const facts = await roleFacts(
    ctx,
    ms.map((m) => ({ id: m.roleId, name: m.roleName, organizationId: m.organizationId, isAdmin: m.roleIsAdmin })),
  );
  const notes = new Map<number, string | null>();
  for (const m of ms) {
    if (notes.get(m.accountId)) continue;
    let note: string | null = null;
    switch (roleBlock(scope, facts.get(m.roleId)!)) {
      case 'outside':
        note = '该账号还属于您管理范围以外的组织';
        break;
      case 'admin':
        note = `该账号是“${m.organizationName}”的管理员，只能由${adminManagers(scope, m.organizationId)}操作`;
        break;
      case 'beyond':
        note = `该账号的角色“${m.organizationName}/${m.roleName}”含有您自己没有的菜单权限`;
        break;
    }
    notes.set(m.accountId, note);
  }
  return notes;
}

/** Memberships as shown: only those inside the scope (the rest are not the actor's to see). */
async function shownMemberships(ctx: SessionOpContext, ms: readonly MembershipRow[]) {
  const scope = await scopeOf(ctx);
  return ms.filter((m) => scope.ids.has(m.organizationId)).map(({ accountId, roleIsAdmin: _a, ...m }) => ({ accountId, ...m }));
}

/** An account the scope holds, with all its memberships; anything else is "not found". */
async function requireAccount(ctx: SessionOpContext, id: number) {
  const account = await repo.findAccount(ctx.db, ctx.merchantId, id);
  const memberships = account ? await repo.membershipsOf(ctx.db, [id]) : [];
  if (!account || !holdsAccount(await scopeOf(ctx), memberships)) throw notFound('账号');
  return { account, memberships };
}

/** Refuses (A0301, with the reason) an account the signed-in account may not act on. */
async function requireManageableAccount(ctx: SessionOpContext, id: number, ms: readonly MembershipRow[]) {
  const note = (await accountNotes(ctx, ms)).get(id);
  if (note) throw forbidden(note);
}

/**
 * Every (organisation, role) given must be inside the scope (else "not found"), the role of that
 * organisation, and a role the actor could give (else A0301 with the reason).
 */
async function checkMemberships(ctx: SessionOpContext, list: { organizationId: number; roleId: number }[]) {
  const seen = new Set<string>();
  const scope = await scopeOf(ctx);
  for (const m of list) {
    const key = `${m.organizationId}:${m.roleId}`;
    if (seen.has(key)) throw badInput('组织角色重复（字段：memberships）');
    seen.add(key);
    const org = await requireOrg(ctx, m.organizationId);
    const role = await requireRole(ctx, m.roleId);
    if (role.organizationId !== m.organizationId) throw badInput(`角色“${role.name}”不属于所选组织（字段：memberships）`);
    const note = roleNote(scope, (await roleFacts(ctx, [role])).get(role.id)!);
    if (note) throw forbidden(`不能分配“${org.name}/${role.name}”：${note}（字段：memberships）`);
  }
}

/** The account list's own query for its export (same filters, merchant and organisation scope, no paging). */
export function accountExportQuery(ctx: SessionOpContext, f: Omit<repo.AccountFilter, 'pageNum' | 'pageSize'>) {
  return repo.accountQuery(ctx.db, ctx.merchantId, scopeRootOf(ctx), f);
}

/** One export batch: phones masked as on the list, memberships (inside the scope) in words. */
export async function accountExportRows(ctx: SessionOpContext, rows: Awaited<ReturnType<ReturnType<typeof repo.accountQuery>['execute']>>) {
  const ms = await shownMemberships(
    ctx,
    await repo.membershipsOf(
      ctx.db,
      rows.map((a) => a.id),
    ),
  );
  return rows.map((a) => ({
    ...a,
    phone: maskPhone(a.phone),
    memberships: ms
      .filter((m) => m.accountId === a.id)
      .map((m) => `${m.organizationName}/${m.roleName}`)
      .join('、'),
  }));
}

export async function accountList(ctx: SessionOpContext, f: repo.AccountFilter) {
  if (f.organizationId) await requireOrg(ctx, f.organizationId);
  const { list, total } = await repo.listAccounts(ctx.db, ctx.merchantId, scopeRootOf(ctx), f);
  const all = await repo.membershipsOf(
    ctx.db,
    list.map((a) => a.id),
  );
  const [shown, notes] = await Promise.all([shownMemberships(ctx, all), accountNotes(ctx, all)]);
  return {
    list: list.map((a) => ({
      ...a,
      phone: maskPhone(a.phone),
      useSite: a.useSite === 1,
      memberships: shown.filter((m) => m.accountId === a.id).map(({ accountId: _a, ...m }) => m),
      ...flag(notes.get(a.id) ?? null),
    })),
    total,
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}

export async function accountDetail(ctx: SessionOpContext, id: number) {
  const { account: a, memberships } = await requireAccount(ctx, id);
  const [shown, notes] = await Promise.all([shownMemberships(ctx, memberships), accountNotes(ctx, memberships)]);
  // The phone masked like on the list; the full number through system.phone.reveal (audited).
  return {
    ...a,
    phone: maskPhone(a.phone),
    useSite: a.useSite === 1,
    memberships: shown.map(({ accountId: _a, ...m }) => m),
    ...flag(notes.get(id) ?? null),
  };
}

/** The full phone of an account in the actor's scope (system.phone.reveal). */
export async function accountFullPhone(ctx: SessionOpContext, id: number): Promise<string> {
  return (await requireAccount(ctx, id)).account.phone;
}

const busCodeOf = (merchantAccountType: number) => (merchantAccountType === 1 ? BUSI_CODES.containerOwner : BUSI_CODES.mall);

export async function accountAdd(ctx: SessionOpContext, input: ParsedInputOf<typeof accountOps.add>) {
  if (await repo.loginTaken(ctx.db, 'user_name', input.userName)) throw conflict('账号已存在，请换一个');
  if (await repo.loginTaken(ctx.db, 'phone', input.phone)) throw conflict('该手机号已被其他账号使用');
  await checkMemberships(ctx, input.memberships);
  const passwordHash = await hashPassword(input.password);
  const id = await guardUnique(
    () =>
      repo.insertAccount(ctx.db, {
        merchantId: ctx.merchantId,
        userName: input.userName,
        phone: input.phone,
        passwordHash,
        merchantAccountType: input.merchantAccountType,
        useSite: input.useSite,
        busCode: busCodeOf(input.merchantAccountType),
        memberships: input.memberships,
        now: ctx.clock.now(),
      }),
    USER_NAME_TAKEN,
    PHONE_TAKEN,
  );
  return { id };
}

const membershipKeys = (list: readonly { organizationId: number; roleId: number }[]) =>
  [...new Set(list.map((m) => `${m.organizationId}:${m.roleId}`))].sort().join(',');

/**
 * Edits an account. Another account: it must be one the actor may act on, and the new memberships
 * ones the actor may give. The signed-in account itself: only its phone — its organisations and roles,
 * account type and data range stay as they are (nobody raises their own rights).
 */
export async function accountEdit(ctx: SessionOpContext, raw: ParsedInputOf<typeof accountOps.edit>) {
  const { account: a, memberships } = await requireAccount(ctx, raw.id);
  const input = { ...raw, phone: keepPhone(raw.phone, a.phone, 'phone', '手机号') };
  const self = ctx.session.accountId === a.id;
  if (self) {
    const unchanged =
      membershipKeys(input.memberships) === membershipKeys(await shownMemberships(ctx, memberships)) &&
      input.merchantAccountType === a.merchantAccountType &&
      (input.useSite ? 1 : 0) === a.useSite;
    if (!unchanged) throw forbidden('不能修改当前登录账号的组织角色、账号类型或数据范围，请由其他管理员修改');
  } else {
    await requireManageableAccount(ctx, a.id, memberships);
  }
  if (await repo.loginTaken(ctx.db, 'phone', input.phone, a.id)) throw conflict('该手机号已被其他账号使用');
  if (!self) await checkMemberships(ctx, input.memberships);
  await guardUnique(
    () =>
      repo.updateAccount(
        ctx.db,
        ctx.merchantId,
        a.id,
        {
          phone: input.phone,
          merchantAccountType: input.merchantAccountType,
          useSite: input.useSite,
          busCode: busCodeOf(input.merchantAccountType),
          now: ctx.clock.now(),
        },
        self ? null : input.memberships,
      ),
    PHONE_TAKEN,
  );
  return { id: a.id };
}

function notSelf(ctx: SessionOpContext, id: number, what: string) {
  if (ctx.session.accountId === id) throw conflict(`不能${what}当前登录的账号`);
}

export async function accountDelete(ctx: SessionOpContext, id: number) {
  const { memberships } = await requireAccount(ctx, id);
  notSelf(ctx, id, '删除');
  await requireManageableAccount(ctx, id, memberships);
  await repo.deleteAccount(ctx.db, id);
  return null;
}

export async function accountSetStatus(ctx: SessionOpContext, id: number, enabled: boolean) {
  const { memberships } = await requireAccount(ctx, id);
  notSelf(ctx, id, enabled ? '启用' : '停用');
  await requireManageableAccount(ctx, id, memberships);
  const now = ctx.clock.now();
  await repo.setAccountStatus(ctx.db, id, enabled ? 1 : 0, now);
  if (!enabled) await revokeAccountSessions(ctx.db, id, REVOKE_REASONS.disabled, now);
  return null;
}

/** Sets another account's password. One's own password is changed through 忘记密码 (a code sent to the account's phone). */
export async function accountResetPassword(ctx: SessionOpContext, id: number, password: string) {
  const { memberships } = await requireAccount(ctx, id);
  if (ctx.session.accountId === id) throw conflict('不能在账号管理中重置当前登录账号的密码，请在登录页通过“忘记密码”修改');
  await requireManageableAccount(ctx, id, memberships);
  const now = ctx.clock.now();
  await setPassword(ctx.db, id, password, now);
  await revokeAccountSessions(ctx.db, id, REVOKE_REASONS.passwordChanged, now);
  return null;
}
