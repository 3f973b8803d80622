import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';

vi.mock('../platform/session-load.ts', () => ({ ensureSessionRoutes: vi.fn() }));

const { buildRoutes, patchRoutesOnNavigation } = await import('./router.tsx');
const { ensureSessionRoutes } = await import('../platform/session-load.ts');
const store = await import('../platform/session-store.ts');

const homeRoute = { path: 'home', name: 'home', title: '首页', anchor: 'home', page: () => Promise.resolve({ default: () => null }) };

async function settle(router: ReturnType<typeof createMemoryRouter>) {
  for (let i = 0; i < 200 && (router.state.navigation.state !== 'idle' || !router.state.initialized); i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  return router.state.location.pathname + router.state.location.search;
}

function routerAt(path: string) {
  return createMemoryRouter(buildRoutes(), { initialEntries: [path], patchRoutesOnNavigation });
}

beforeEach(() => {
  localStorage.clear();
  store.reloadSessionFromStorage();
  vi.mocked(ensureSessionRoutes).mockReset();
});

describe('routing (spec §2)', () => {
  it('without a session: signed-in and unknown paths go to /login (no redirect loop)', async () => {
    expect(await settle(routerAt('/website/home'))).toBe('/login?redirect=%2Fwebsite%2Fhome');
    expect(await settle(routerAt('/nowhere'))).toBe('/login');
    expect(await settle(routerAt('/'))).toBe('/login');
    expect(await settle(routerAt('/register'))).toBe('/register');
  }, 20_000);

  it('with a session: / goes to /website/home, unknown paths go to the root, generated routes are added', async () => {
    store.setToken('tok');
    vi.mocked(ensureSessionRoutes).mockResolvedValue([homeRoute]);
    const r = routerAt('/');
    expect(await settle(r)).toBe('/website/home');
    expect(r.state.matches.map((m) => m.route.id)).toEqual(['root', 'website', 'home']);
    // Under /website the path stays and the fallback page says why (建设中 / 无权访问 / 不存在);
    // outside /website unknown paths still go to the root.
    await r.navigate('/website/not-built-yet');
    expect(await settle(r)).toBe('/website/not-built-yet');
    expect(r.state.matches.map((m) => m.route.id)).toEqual(['root', 'website', 'website-fallback']);
    await r.navigate('/website/home');
    expect(await settle(r)).toBe('/website/home');
    expect(r.state.matches.map((m) => m.route.id)).toEqual(['root', 'website', 'home']);
    await r.navigate('/nope');
    expect(await settle(r)).toBe('/website/home');
    await r.navigate('/website');
    expect(await settle(r)).toBe('/website/home');
    await r.navigate('/login');
    expect(await settle(r)).toBe('/website/home');
  }, 20_000);
});
