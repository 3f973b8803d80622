import { CODES, type ManageFlag, type OrgNode, SYSTEM_OPS } from '@merchant/contracts';
import type { MenuNode } from '@merchant/contracts/permission/session';

export type { ManageFlag, OrgNode };
import { http } from '../../platform/http-client.ts';
import type { CallOptions } from '../../platform/http-core.ts';
import type { PageParams, PageResult } from '../../shared/ui/list/list-columns.ts';

/**
 * Gateway operations of user management (spec section 115), typed for the pages. Rows carry the
 * server's `manageable` / `manageNote` (the admin-scope rule): pages disable what the account may not do.
 */

export interface OrgRow {
  id: number;
  parentId: number | null;
  name: string;
  structureType: number;
  sort: number;
  createdAt: number;
}

export interface RoleRow extends ManageFlag {
  id: number;
  name: string;
  packageName: string;
  isAdmin: boolean;
  organizationId: number;
  organizationName: string;
  accountCount: number;
  createdAt: number;
}

export interface OrgDetail extends OrgRow, ManageFlag {
  parentName: string | null;
  path: string[];
  accountCount: number;
  childCount: number;
  roles: RoleRow[];
}

export interface RoleDetail extends RoleRow {
  menuIds: number[];
}

export interface Membership {
  organizationId: number;
  organizationName: string;
  roleId: number;
  roleName: string;
}

export interface AccountRow extends ManageFlag {
  id: number;
  userName: string;
  phone: string;
  status: number;
  merchantAccountType: number;
  useSite: boolean;
  createdAt: number;
  updatedAt: number;
  memberships: Membership[];
}

export type AccountDetail = AccountRow;

export interface AccountFilter {
  userName?: string;
  phone?: string;
  status?: number;
  organizationId?: number;
}

export interface MembershipInput {
  organizationId: number;
  roleId: number;
}

export interface AccountSave {
  phone: string;
  memberships: MembershipInput[];
  merchantAccountType: number;
  useSite: boolean;
}

const call = <T>(name: string, body: unknown = {}, opts?: CallOptions) => http.gateway<T>({ name, body }, opts);

/** A detail page shows 不存在 itself (no toast on top). */
const DETAIL = { shownByCaller: [CODES.notFound] } as const;
/** A form shows a refusal under its field, or once as a toast of its own (never both). */
export const FORM_SAVE = { shownByCaller: [CODES.conflict, CODES.badInput] } as const;

/** Query-cache keys: invalidate a prefix after a change to reload every list that shows it. */
export const systemKeys = {
  all: ['system'] as const,
  orgTree: ['system', 'org', 'tree'] as const,
  orgDetail: (id: number) => ['system', 'org', 'detail', id] as const,
  orgChildren: (id: number) => ['system', 'org', 'children', id] as const,
  roles: ['system', 'role'] as const,
  roleList: ['system', 'role', 'list'] as const,
  roleDetail: (id: number) => ['system', 'role', 'detail', id] as const,
  grantableMenus: ['system', 'role', 'grantable-menus'] as const,
  accounts: ['system', 'account'] as const,
  accountList: ['system', 'account', 'list'] as const,
  accountDetail: (id: number) => ['system', 'account', 'detail', id] as const,
};

export const orgApi = {
  tree: () => call<OrgNode[]>(SYSTEM_OPS.orgTree),
  detail: (id: number) => call<OrgDetail>(SYSTEM_OPS.orgDetail, { id }),
  children: (id: number) => call<OrgRow[]>(SYSTEM_OPS.orgChildren, { id }),
  parents: (id: number) => call<OrgRow[]>(SYSTEM_OPS.orgParents, { id }),
  add: (body: { parentId: number; name: string; structureType?: number; sort: number }) => call<{ id: number }>(SYSTEM_OPS.orgAdd, body, FORM_SAVE),
  edit: (body: { id: number; name: string; sort: number }) => call<{ id: number }>(SYSTEM_OPS.orgEdit, body, FORM_SAVE),
  remove: (id: number) => call<null>(SYSTEM_OPS.orgDelete, { id }),
};

export const roleApi = {
  list: (filter: { organizationId?: number; name?: string } = {}) => call<RoleRow[]>(SYSTEM_OPS.roleList, filter),
  detail: (id: number) => call<RoleDetail>(SYSTEM_OPS.roleDetail, { id }, DETAIL),
  grantableMenus: () => call<MenuNode[]>(SYSTEM_OPS.roleGrantableMenus),
  add: (body: { organizationId: number; name: string; packageName: string; menuIds: number[] }) => call<{ id: number }>(SYSTEM_OPS.roleAdd, body, FORM_SAVE),
  edit: (body: { id: number; name: string; packageName: string; menuIds: number[] }) => call<{ id: number }>(SYSTEM_OPS.roleEdit, body, FORM_SAVE),
  remove: (id: number) => call<null>(SYSTEM_OPS.roleDelete, { id }),
};

export const accountApi = {
  list: (params: AccountFilter & PageParams) =>
    call<PageResult<AccountRow> & { pageNum: number; pageSize: number }>(SYSTEM_OPS.accountList, params),
  detail: (id: number) => call<AccountDetail>(SYSTEM_OPS.accountDetail, { id }, DETAIL),
  add: (body: AccountSave & { userName: string; password: string }) => call<{ id: number }>(SYSTEM_OPS.accountAdd, body, FORM_SAVE),
  edit: (body: AccountSave & { id: number }) => call<{ id: number }>(SYSTEM_OPS.accountEdit, body, FORM_SAVE),
  remove: (id: number) => call<null>(SYSTEM_OPS.accountDelete, { id }),
  enable: (id: number) => call<null>(SYSTEM_OPS.accountEnable, { id }),
  disable: (id: number) => call<null>(SYSTEM_OPS.accountDisable, { id }),
  resetPassword: (id: number, password: string) => call<null>(SYSTEM_OPS.accountResetPassword, { id, password }),
  /** The full phone behind the masked one (system.phone.reveal; the server logs every call). */
  revealPhone: (id: number) => call<{ phone: string }>(SYSTEM_OPS.phoneReveal, { kind: 'account', id }).then((r) => r.phone),
};
