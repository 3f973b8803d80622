import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@merchant/contracts';
import type { ChannelResponse } from '@merchant/contracts/permission/session';
import { resources, user } from '../test/fixtures.ts';

vi.mock('./session-api.ts', () => ({
  fetchResources: vi.fn(),
  fetchUserInfo: vi.fn(),
  fetchChannels: vi.fn(),
  requestLogout: vi.fn(),
}));

const api = await import('./session-api.ts');
const store = await import('./session-store.ts');
const actions = await import('./session-actions.ts');
const load = await import('./session-load.ts');
const end = await import('./session-end.ts');
const { browser, setNavigator } = await import('./browser.ts');
const { peekLoginNotice } = await import('./notify.ts');

const channelsAnswer: ChannelResponse = {
  haveFlag: true,
  selectList: [
    { code: 'C1', name: '美团' },
    { code: 'C2', name: '饿了么' },
  ],
  siteList: [{ code: 'S1', name: '一号站点' }],
};

let assign: ReturnType<typeof vi.spyOn>;
let replace: ReturnType<typeof vi.spyOn>;
let reload: ReturnType<typeof vi.spyOn>;
let navigated: string[];

beforeEach(() => {
  vi.useFakeTimers();
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  replace = vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
  reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  navigated = [];
  setNavigator((to) => navigated.push(to));
  vi.mocked(api.fetchResources).mockResolvedValue(resources);
  vi.mocked(api.fetchUserInfo).mockResolvedValue(user());
  vi.mocked(api.fetchChannels).mockResolvedValue(channelsAnswer);
  vi.mocked(api.requestLogout).mockResolvedValue(null);
  localStorage.clear();
  sessionStorage.clear();
  store.reloadSessionFromStorage();
  end.resetEndSessionForTests();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function signedIn() {
  store.startSession('tok-abc');
  await load.ensureSessionRoutes([{ path: 'home', name: 'home', anchor: 'home', page: () => Promise.resolve({ default: () => null }) }]);
}

describe('session restore (spec §4, §9 keys)', () => {
  it('token, user info and role info come back from storage', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user()));
    sessionStorage.setItem(STORAGE_KEYS.currentOrganization, JSON.stringify([1, 2]));
    sessionStorage.setItem(STORAGE_KEYS.currentRole, JSON.stringify([1]));
    sessionStorage.setItem(STORAGE_KEYS.currentRoleName, JSON.stringify(['管理员']));
    localStorage.setItem(STORAGE_KEYS.channelName, JSON.stringify([{ code: 'C1', name: '美团' }]));
    store.reloadSessionFromStorage();
    const s = store.getSession();
    expect(s.token).toBe('tok-1');
    expect(s.userInfo?.userName).toBe('admin');
    expect(store.activeOrganizationId(s)).toBe(2);
    expect(s.currentRole).toEqual([1]);
    expect(s.channelChoice).toEqual([{ code: 'C1', name: '美团' }]);
  });
  it('corrupted entries read as absent', () => {
    localStorage.setItem(STORAGE_KEYS.userInfo, '{broken');
    store.reloadSessionFromStorage();
    expect(store.getSession().userInfo).toBeNull();
  });
  it('default role id 661 when an organisation is stored without a role; nothing sent when nothing is stored', () => {
    expect(store.roleIdsForRequest({ currentOrganization: [5], currentRole: [] })).toEqual([661]);
    expect(store.roleIdsForRequest({ currentOrganization: [], currentRole: [] })).toBeUndefined();
    expect(store.roleIdsForRequest({ currentOrganization: [5], currentRole: [7] })).toEqual([7]);
  });
});

describe('route generation on navigation (spec §4)', () => {
  it('loads resources with the stored org/role, then user info and channels, and generates routes once', async () => {
    sessionStorage.setItem(STORAGE_KEYS.currentOrganization, JSON.stringify([1, 2]));
    sessionStorage.setItem(STORAGE_KEYS.currentRole, JSON.stringify([1]));
    store.reloadSessionFromStorage();
    store.setToken('tok');
    const routes = await load.ensureSessionRoutes([
      { path: 'home', name: 'home', anchor: 'home', page: () => Promise.resolve({ default: () => null }) },
    ]);
    expect(api.fetchResources).toHaveBeenCalledWith(2, [1]);
    expect(routes.map((r) => r.name)).toEqual(['home']);
    const s = store.getSession();
    expect(s.roleList?.map((r) => r.roleName)).toEqual(['管理员', '运营']);
    expect(s.currentOrganization).toEqual([1]);
    expect(s.currentRoleName).toEqual(['管理员']);
    expect(s.loginRole?.merchantId).toBe(9001);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.loginRole)!)).toMatchObject({ merchantId: 9001 });
    expect(s.channels?.haveFlag).toBe(true);
    await load.ensureSessionRoutes([]);
    expect(api.fetchResources).toHaveBeenCalledTimes(1);
  });
  it('discards a stored channel choice longer than the options', async () => {
    localStorage.setItem(STORAGE_KEYS.channelName, JSON.stringify([{ code: 'C1' }, { code: 'C2' }, { code: 'C3' }]));
    store.reloadSessionFromStorage();
    await signedIn();
    expect(store.getSession().channelChoice).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.channelName)).toBeNull();
  });
  it('a failing channel call does not block the session', async () => {
    vi.mocked(api.fetchChannels).mockRejectedValue(new Error('x'));
    await signedIn();
    expect(store.getSession().routes).not.toBeNull();
    expect(store.getSession().channels).toBeNull();
  });
  it('a failing resource call rejects (the guard then logs out)', async () => {
    vi.mocked(api.fetchResources).mockRejectedValue(new Error('boom'));
    store.setToken('tok');
    await expect(load.ensureSessionRoutes([])).rejects.toThrow('boom');
  });
});

describe('switching (spec §4)', () => {
  it('organisation: stores org + role, clears login org-role and channel/site choices, full reload to /website/home', async () => {
    await signedIn();
    store.setChannelChoice([{ code: 'C1', name: '美团' }]);
    store.setSiteChoice([]);
    expect(actions.switchOrganization([1, 2])).toBe(true);
    const s = store.getSession();
    expect(s.currentOrganization).toEqual([1, 2]);
    expect(s.currentRole).toEqual([1]);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.currentOrganization)!)).toEqual([1, 2]);
    expect(localStorage.getItem(STORAGE_KEYS.loginRole)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.channelName)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.siteCheckList)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/website/home');
  });
  it('organisation without roles changes nothing', async () => {
    await signedIn();
    expect(actions.switchOrganization([1, 3])).toBe(false);
    expect(store.getSession().currentOrganization).toEqual([1]);
    expect(assign).not.toHaveBeenCalled();
  });
  it('role: clears channel/site choices, goes to / and reloads after 300 ms', async () => {
    await signedIn();
    store.setChannelChoice([{ code: 'C1', name: '美团' }]);
    expect(actions.switchRole(2)).toBe(true);
    expect(store.getSession().currentRole).toEqual([2]);
    expect(store.getSession().currentRoleName).toEqual(['运营']);
    expect(localStorage.getItem(STORAGE_KEYS.channelName)).toBeNull();
    expect(navigated).toEqual(['/']);
    vi.advanceTimersByTime(299);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
  it('channels: a changed choice is stored, then / and reload after 300 ms; an identical one just closes', async () => {
    await signedIn();
    const options = channelsAnswer.selectList;
    expect(actions.confirmChannels(['C1', 'C2'], options)).toBe('unchanged');
    expect(navigated).toEqual([]);
    expect(actions.confirmChannels(['C2'], options)).toBe('changed');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.channelName)!)).toEqual([{ code: 'C2', name: '饿了么' }]);
    expect(navigated).toEqual(['/']);
    vi.advanceTimersByTime(300);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(actions.confirmChannels(['C2'], options)).toBe('unchanged');
  });
  it('sites: an empty list is stored when none is chosen', async () => {
    await signedIn();
    const options = channelsAnswer.siteList;
    expect(actions.confirmSites([], options)).toBe('changed');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.siteCheckList)!)).toEqual([]);
    expect(actions.confirmSites([], options)).toBe('unchanged');
  });
});

describe('logout (spec §4)', () => {
  it('from the menu: clears the session, calls logout with the old token, goes to /login', async () => {
    await signedIn();
    await actions.logout();
    expect(api.requestLogout).toHaveBeenCalledWith('tok-abc');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.currentRole)).toBeNull();
    expect(store.getSession().token).toBeNull();
    expect(replace).toHaveBeenCalledWith('/login');
  });
  it('a failing logout call still ends on /login', async () => {
    await signedIn();
    vi.mocked(api.requestLogout).mockRejectedValue(new Error('offline'));
    await actions.logout();
    expect(replace).toHaveBeenCalledWith('/login');
  });
  it('forced (error codes): clears, keeps the reason for the login page, comes back after sign-in', async () => {
    await signedIn();
    window.history.replaceState(null, '', '/website/home?tab=1');
    end.endSession('登录状态已过期');
    end.endSession('second call ignored');
    expect(store.getSession().token).toBeNull();
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith('/login?redirect=%2Fwebsite%2Fhome%3Ftab%3D1');
    expect(peekLoginNotice()).toBe('登录状态已过期');
    // kept through the login page's renders, cleared by the next sign-in
    expect(peekLoginNotice()).toBe('登录状态已过期');
    store.startSession('tok-next');
    expect(peekLoginNotice()).toBeNull();
    expect(end.loginUrlFor('/login')).toBe('/login');
  });
});
