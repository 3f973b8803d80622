import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@merchant/contracts';
import type * as NotifyModule from '../platform/notify.ts';

vi.mock('../platform/session-load.ts', () => ({ ensureSessionRoutes: vi.fn() }));
vi.mock('../platform/notify.ts', async (orig) => ({ ...(await orig<typeof NotifyModule>()), notify: vi.fn() }));

const { guardMiddleware, guardRedirect } = await import('./route-guard.ts');
const { failNavigation } = await import('../platform/session-boot.ts');
const { ensureSessionRoutes } = await import('../platform/session-load.ts');
const { notify, peekLoginNotice } = await import('../platform/notify.ts');
const store = await import('../platform/session-store.ts');
const { browser } = await import('../platform/browser.ts');
const { resetEndSessionForTests } = await import('../platform/session-end.ts');
const { isPublicPath } = await import('./route-registry.ts');
const { safeRedirect } = await import('../platform/redirect.ts');

const run = (path: string) => guardRedirect(new URL(`http://app.test${path}`));

beforeEach(() => {
  vi.mocked(ensureSessionRoutes).mockReset();
  vi.mocked(notify).mockReset();
  vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
  localStorage.clear();
  sessionStorage.clear();
  store.reloadSessionFromStorage();
  resetEndSessionForTests();
});

describe('route guard (spec §2, §4)', () => {
  it('public pages need no session', async () => {
    for (const p of ['/login', '/register', '/find-password', '/auth-redirect', '/acpable-app', '/health']) {
      expect(isPublicPath(p)).toBe(true);
      expect(await run(p)).toBeNull();
    }
  });
  it('any other path without a session goes to /login, remembering where it was going', async () => {
    expect(await run('/website/system/organization-list?x=1')).toBe('/login?redirect=%2Fwebsite%2Fsystem%2Forganization-list%3Fx%3D1');
    expect(await run('/')).toBe('/login');
    expect(await run('/nowhere')).toBe('/login');
  });
  it('with a token: routes are generated before signed-in pages render', async () => {
    store.setToken('tok');
    vi.mocked(ensureSessionRoutes).mockResolvedValue([]);
    expect(await run('/website/home')).toBeNull();
    expect(ensureSessionRoutes).toHaveBeenCalledTimes(1);
  });
  it('a signed-in visitor on /login is sent on (to a safe redirect or home)', async () => {
    store.setToken('tok');
    expect(await run('/login')).toBe('/website/home');
    expect(await run('/login?redirect=%2Fwebsite%2Fhome%3Fa%3D1')).toBe('/website/home?a=1');
    expect(await run('/login?redirect=https%3A%2F%2Fevil.example')).toBe('/website/home');
  });
  it("generation failure: logs out, shows the error (or 'Has Error'), goes to /login", async () => {
    store.setToken('tok');
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    vi.mocked(ensureSessionRoutes).mockRejectedValue(new Error('菜单加载失败'));
    expect(await run('/website/home')).toBe('/login?redirect=%2Fwebsite%2Fhome');
    expect(notify).toHaveBeenCalledWith('error', '菜单加载失败');
    expect(store.getSession().token).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(peekLoginNotice()).toBe('菜单加载失败');
    resetEndSessionForTests();
    vi.mocked(notify).mockReset();
    failNavigation('not an error');
    expect(notify).toHaveBeenCalledWith('error', 'Has Error');
  });
});

describe('guard middleware', () => {
  it('throws a redirect response, or lets the navigation through', async () => {
    const err = await guardMiddleware({ request: new Request('http://app.test/website/home') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Response);
    expect((err as Response).headers.get('Location')).toBe('/login?redirect=%2Fwebsite%2Fhome');
    await expect(guardMiddleware({ request: new Request('http://app.test/register') })).resolves.toBeUndefined();
  });
});

describe('safeRedirect', () => {
  it('follows same-origin /website paths only', () => {
    expect(safeRedirect('/website/home')).toBe('/website/home');
    expect(safeRedirect('//evil.example/website')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/login')).toBeNull();
    expect(safeRedirect('/website\\@evil')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
