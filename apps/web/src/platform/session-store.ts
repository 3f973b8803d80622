import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { DEFAULT_ROLE_ID, STORAGE_KEYS } from '@merchant/contracts';
import type {
  ChannelOption,
  ChannelResponse,
  LoginOrgRole,
  MenuNode,
  OrgTreeNode,
  RoleOption,
  SelectedOrgRole,
  SelectListItem,
  UserInfo,
} from '@merchant/contracts/permission/session';
import { readJson, readString, remove, writeJson, writeString } from './storage.ts';
import { setBusinessTimeZone } from '../shared/format/business-zone.ts';
import { clearLoginNotice } from './notify.ts';
import type { AppRoute } from './route-types.ts';

/** Session data of spec §3, restored from browser storage (§4) under the keys of §9. */
export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  /** The stored login organisation role (merchant id for injected requests). */
  loginRole: LoginOrgRole | null;
  /** Organisation id path; the last id is the active organisation. */
  currentOrganization: number[];
  currentRole: number[];
  currentRoleName: string[];
  menuTree: MenuNode[];
  selectList: SelectListItem[];
  selectTree: OrgTreeNode[];
  selected: SelectedOrgRole | null;
  /** Roles of the active organisation; null until resources are loaded for this page. */
  roleList: RoleOption[] | null;
  /** Routes generated from the roles and the menu for this page; null until generated. */
  routes: AppRoute[] | null;
  channels: ChannelResponse | null;
  /** Confirmed channel choice (CHANNEL-NAME); null when never confirmed. */
  channelChoice: ChannelOption[] | null;
  /** Confirmed site choice (SITE_CHECK_LIST); null when never confirmed. */
  siteChoice: ChannelOption[] | null;
  collapsed: boolean;
  /** Anchor of the page on screen; the http client adds it to requests. */
  currentAnchor: string | null;
}

const COLLAPSED_KEY = 'sidebarCollapsed';

function restore(): SessionState {
  const userInfo = readJson<UserInfo>('local', STORAGE_KEYS.userInfo);
  // Times are shown on the business clock the server named (decision "the business time zone").
  setBusinessTimeZone(userInfo?.timeZone);
  return {
    token: readString('local', STORAGE_KEYS.token),
    userInfo,
    loginRole: readJson<LoginOrgRole>('local', STORAGE_KEYS.loginRole),
    currentOrganization: readJson<number[]>('session', STORAGE_KEYS.currentOrganization) ?? [],
    currentRole: readJson<number[]>('session', STORAGE_KEYS.currentRole) ?? [],
    currentRoleName: readJson<string[]>('session', STORAGE_KEYS.currentRoleName) ?? [],
    menuTree: [],
    selectList: [],
    selectTree: [],
    selected: null,
    roleList: null,
    routes: null,
    channels: readJson<ChannelResponse>('session', STORAGE_KEYS.channelData),
    channelChoice: readJson<ChannelOption[]>('local', STORAGE_KEYS.channelName),
    siteChoice: readJson<ChannelOption[]>('local', STORAGE_KEYS.siteCheckList),
    collapsed: readJson<boolean>('local', COLLAPSED_KEY) ?? false,
    currentAnchor: null,
  };
}

export const sessionStore = createStore<SessionState>(() => restore());

export function useSession<T>(selector: (s: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export const getSession = (): SessionState => sessionStore.getState();

/** Re-reads storage (tests; another tab signing out). */
export function reloadSessionFromStorage(): void {
  sessionStore.setState(restore(), true);
}

export function setToken(token: string): void {
  writeString('local', STORAGE_KEYS.token, token);
  sessionStore.setState({ token });
}

export function setUserInfo(userInfo: UserInfo): void {
  setBusinessTimeZone(userInfo.timeZone);
  writeJson('local', STORAGE_KEYS.userInfo, userInfo);
  writeJson('local', STORAGE_KEYS.loginRole, userInfo.loginOrgRole);
  sessionStore.setState({ userInfo, loginRole: userInfo.loginOrgRole });
}

/** Stores the organisation path and role choice (sessionStorage, spec §9). */
export function setRoleInfo(orgPath: number[], roleIds: number[], roleNames: string[]): void {
  writeJson('session', STORAGE_KEYS.currentOrganization, orgPath);
  writeJson('session', STORAGE_KEYS.currentRole, roleIds);
  writeJson('session', STORAGE_KEYS.currentRoleName, roleNames);
  sessionStore.setState({ currentOrganization: orgPath, currentRole: roleIds, currentRoleName: roleNames });
}

export function clearLoginRole(): void {
  remove('local', STORAGE_KEYS.loginRole);
  sessionStore.setState({ loginRole: null });
}

export function setChannels(channels: ChannelResponse | null): void {
  if (channels) writeJson('session', STORAGE_KEYS.channelData, channels);
  else remove('session', STORAGE_KEYS.channelData);
  sessionStore.setState({ channels });
}

export function setChannelChoice(choice: ChannelOption[] | null): void {
  if (choice) writeJson('local', STORAGE_KEYS.channelName, choice);
  else remove('local', STORAGE_KEYS.channelName);
  sessionStore.setState({ channelChoice: choice });
}

export function setSiteChoice(choice: ChannelOption[] | null): void {
  if (choice) writeJson('local', STORAGE_KEYS.siteCheckList, choice);
  else remove('local', STORAGE_KEYS.siteCheckList);
  sessionStore.setState({ siteChoice: choice });
}

/** Clears the channel and site choices (organisation and role changes). */
export function clearPickerChoices(): void {
  setChannelChoice(null);
  setSiteChoice(null);
  setChannels(null);
}

export function setCollapsed(collapsed: boolean): void {
  writeJson('local', COLLAPSED_KEY, collapsed);
  sessionStore.setState({ collapsed });
}

export function setCurrentAnchor(anchor: string | null): void {
  if (sessionStore.getState().currentAnchor !== anchor) sessionStore.setState({ currentAnchor: anchor });
}

/**
 * Role ids to send when fetching resources. The spec's default role id (661) applies when an
 * organisation is stored without a role; with nothing stored nothing is sent and the server
 * answers with the session's current (or first) organisation and role.
 */
export function roleIdsForRequest(s: Pick<SessionState, 'currentOrganization' | 'currentRole'>): number[] | undefined {
  if (s.currentRole.length > 0) return s.currentRole;
  return s.currentOrganization.length > 0 ? [DEFAULT_ROLE_ID] : undefined;
}

export function activeOrganizationId(s: Pick<SessionState, 'currentOrganization'>): number | undefined {
  return s.currentOrganization.length > 0 ? s.currentOrganization[s.currentOrganization.length - 1] : undefined;
}

/** Logout (§4): clears token, user info, role info and home info. Channel choices stay (§4 lists them apart). */
export function clearSession(): void {
  remove('local', STORAGE_KEYS.token, STORAGE_KEYS.userInfo, STORAGE_KEYS.loginRole);
  remove(
    'session',
    STORAGE_KEYS.currentOrganization,
    STORAGE_KEYS.currentRole,
    STORAGE_KEYS.currentRoleName,
    STORAGE_KEYS.channelData,
    STORAGE_KEYS.rowData,
  );
  sessionStore.setState({
    token: null,
    userInfo: null,
    loginRole: null,
    currentOrganization: [],
    currentRole: [],
    currentRoleName: [],
    menuTree: [],
    selectList: [],
    selectTree: [],
    selected: null,
    roleList: null,
    channels: null,
  });
}

/** After sign-in: a fresh session holding only the new token (no other account's role info). */
export function startSession(token: string): void {
  clearSession();
  clearLoginNotice();
  setToken(token);
}
