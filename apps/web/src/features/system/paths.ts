/** Full paths of the user-management pages (the route table's paths are relative to /website). */
export const SYSTEM_PATHS = {
  organizationList: '/website/system/organization-list',
  roleList: '/website/system/role-management',
  accountList: '/website/system/account-list',
  stockAccount: '/website/stock-management/account',
};

export type HandleType = 'add' | 'edit' | 'view';

export function isHandleType(v: string | undefined): v is HandleType {
  return v === 'add' || v === 'edit' || v === 'view';
}

const seg = (v: string | number) => encodeURIComponent(String(v));

/**
 * role-management-add/{type}/{id?}/{organizationName?}: for add, `id` is the organisation to
 * create the role in (preselected); for edit and view it is the role id.
 */
export function roleHandlePath(type: HandleType, id?: number, organizationName?: string): string {
  let p = `/website/system/role-management-add/${type}`;
  if (id !== undefined) {
    p += `/${seg(id)}`;
    if (organizationName) p += `/${seg(organizationName)}`;
  }
  return p;
}

/**
 * account-handle/{type?}/{roleId?}/{managerId?}: `roleId` preselects the first membership's role
 * when adding (0 = none), `managerId` is the account id for edit and view.
 */
export function accountHandlePath(type: HandleType, roleId?: number, managerId?: number): string {
  let p = `/website/system/account-handle/${type}`;
  if (roleId !== undefined || managerId !== undefined) p += `/${seg(roleId ?? 0)}`;
  if (managerId !== undefined) p += `/${seg(managerId)}`;
  return p;
}

/** A positive integer route parameter, or undefined. */
export function idParam(v: string | undefined): number | undefined {
  if (!v || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
}
