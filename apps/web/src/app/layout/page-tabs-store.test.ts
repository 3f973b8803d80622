import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { readJson } from '../../platform/storage.ts';
import { readTabState, writeTabState } from '../../platform/tab-state.ts';
import { dropRight, followReplaces, forgetTab, keepOnly, PAGE_TABS_KEY, pageTabsStore, rememberTab } from './page-tabs-store.ts';
import type { PageTab } from './page-tabs-model.ts';
import { HOME_PATH } from './page-tabs-model.ts';

const A = '/website/a';
const B = '/website/b?x=1';
const C = '/website/c';

describe('page tabs store: closing a tab forgets what its page kept', () => {
  afterEach(() => {
    keepOnly(HOME_PATH);
    sessionStorage.clear();
  });

  it('close, close others and close to the right drop the closed tabs’ state and scroll', () => {
    for (const path of [A, B, C]) {
      rememberTab({ path, title: path });
      writeTabState(path, 'list:x', { pageNum: 2 });
    }
    expect(pageTabsStore.getState().tabs.map((t) => t.path)).toEqual([HOME_PATH, A, B, C]);

    forgetTab(B, A);
    expect(readTabState(B, 'list:x')).toBeNull();
    expect(readTabState(A, 'list:x')).toEqual({ pageNum: 2 });

    dropRight(A);
    expect(readTabState(C, 'list:x')).toBeNull();
    expect(readTabState(A, 'list:x')).toEqual({ pageNum: 2 });

    keepOnly(HOME_PATH);
    expect(readTabState(A, 'list:x')).toBeNull();
  });
});

describe('page tabs store: a replaced address is stored as the address changes', () => {
  const ADD = '/website/device-management/location-detail/add';
  const VIEW = '/website/device-management/location-detail/7/view';
  const OTHER = '/website/device-management/location-management';
  const TITLES: Record<string, string> = { add: '新增位置', view: '查看位置' };
  const routes = [
    {
      path: '/website',
      children: [
        {
          path: 'device-management/location-detail/:id?/:handleType',
          handle: {
            name: 'location-detail',
            title: ({ params }: { params: Record<string, string | undefined> }) => TITLES[params.handleType ?? 'view'],
          },
          Component: () => null,
        },
        {
          path: 'device-management/location-management',
          handle: { name: 'location-management', title: '位置管理' },
          Component: () => null,
        },
      ],
    },
  ];
  const stored = () => readJson<{ tabs: PageTab[] }>('session', PAGE_TABS_KEY)?.tabs;

  afterEach(() => {
    keepOnly(HOME_PATH);
    sessionStorage.clear();
  });

  it('stores the new tab in place of the old one before anyone else hears of the new address (a reload then keeps one tab)', async () => {
    rememberTab({ path: OTHER, title: '位置管理' });
    rememberTab({ path: ADD, title: '新增位置' });
    const router = createMemoryRouter(routes, { initialEntries: [OTHER, ADD], initialIndex: 1 });
    const stop = followReplaces(router);
    // what a reload at the moment the address changes would read (React renders, and PageTabs' effect runs, later)
    const seen: (PageTab[] | undefined)[] = [];
    const unsubscribe = router.subscribe((s) => {
      if (s.location.pathname === VIEW) seen.push(stored());
    });
    await router.navigate(VIEW, { replace: true });
    expect(seen[0]).toEqual([
      { path: HOME_PATH, title: '首页' },
      { path: OTHER, title: '位置管理' },
      { path: VIEW, title: '查看位置' },
    ]);
    expect(pageTabsStore.getState().tabs).toEqual(seen[0]);
    unsubscribe();
    stop();
    router.dispose();
  });

  it('leaves pushes (a new tab, added by PageTabs) and addresses outside the tab bar alone', async () => {
    rememberTab({ path: ADD, title: '新增位置' });
    const router = createMemoryRouter(routes, { initialEntries: [ADD] });
    const stop = followReplaces(router);
    await router.navigate(OTHER);
    expect(stored()?.map((t) => t.path)).toEqual([HOME_PATH, ADD]);
    await router.navigate('/login', { replace: true });
    expect(stored()?.map((t) => t.path)).toEqual([HOME_PATH, ADD]);
    stop();
    router.dispose();
  });
});
