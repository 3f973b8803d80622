import type { ChannelOption } from '@merchant/contracts/permission/session';
import {
  clearLoginRole,
  clearPickerChoices,
  clearSession,
  getSession,
  setChannelChoice,
  setRoleInfo,
  setSiteChoice,
} from './session-store.ts';
import { findOrg } from './session-load.ts';
import { requestLogout } from './session-api.ts';
import { browser, goRootThenReload } from './browser.ts';
import { confirmedCodes, sameChoice } from './picker.ts';

/**
 * Spec §4 changing organisation: stores the new organisation and its role, clears the stored
 * login org-role and the channel and site choices, then fully reloads to /website/home.
 * Returns false (and changes nothing) when the organisation offers no role.
 */
export function switchOrganization(orgPath: number[]): boolean {
  const s = getSession();
  const orgId = orgPath[orgPath.length - 1];
  const found = orgId === undefined ? null : findOrg(s.selectTree, orgId);
  const roles = found?.node.roleList ?? s.selectList.find((x) => x.organizationId === orgId)?.roleList ?? [];
  if (!found || roles.length === 0) return false;
  const keep = roles.find((r) => s.currentRole.includes(r.roleId));
  const role = keep ?? roles[0];
  setRoleInfo(found.path, [role.roleId], [role.roleName]);
  clearLoginRole();
  clearPickerChoices();
  browser.assign('/website/home');
  return true;
}

/** Spec §4 changing role: clears the channel and site choices, goes to /, reloads after 300 ms. */
export function switchRole(roleId: number): boolean {
  const s = getSession();
  const role = (s.roleList ?? []).find((r) => r.roleId === roleId);
  if (!role || (s.currentRole.length === 1 && s.currentRole[0] === roleId)) return false;
  setRoleInfo(s.currentOrganization, [role.roleId], [role.roleName]);
  clearPickerChoices();
  goRootThenReload();
  return true;
}

export type ConfirmResult = 'changed' | 'unchanged';

/**
 * Spec §4 confirming a channel choice: when it differs from the last confirmed one it is stored
 * and the app goes to / and reloads after 300 ms; an identical choice just closes.
 */
export function confirmChannels(codes: string[], options: ChannelOption[]): ConfirmResult {
  const last = confirmedCodes(getSession().channelChoice, options);
  if (sameChoice(last, codes)) return 'unchanged';
  setChannelChoice(options.filter((o) => codes.includes(o.code)));
  goRootThenReload();
  return 'changed';
}

/** Sites the same way; an empty list is stored when none is chosen. */
export function confirmSites(codes: string[], options: ChannelOption[]): ConfirmResult {
  const last = confirmedCodes(getSession().siteChoice, options);
  if (sameChoice(last, codes)) return 'unchanged';
  setSiteChoice(codes.length === 0 ? [] : options.filter((o) => codes.includes(o.code)));
  goRootThenReload();
  return 'changed';
}

/** Logout from the menu, after the user confirmed: clear the session, call logout, go to /login. */
export async function logout(): Promise<void> {
  const token = getSession().token;
  clearSession();
  if (token) await requestLogout(token).catch(() => undefined);
  browser.replace('/login');
}
