import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useSession } from '../../platform/session-store.ts';
import { queryClient } from '../query-client.ts';
import { usePageTitle } from '../page-title.ts';
import { onPageSettled, pageLoading, isTabPath } from '../../platform/tab-state.ts';
import { HOME_PATH, hasRight } from './page-tabs-model.ts';
import {
  adoptOwner,
  dropRight,
  forgetTab,
  keepOnly,
  ownerOf,
  pageTabsStore,
  refreshActive,
  rememberTab,
  replaceRememberedTab,
  saveScroll,
  usePageTabs,
} from './page-tabs-store.ts';

/** How long a tab's page may take to load before its scroll is given up on. */
const RESTORE_DEADLINE_MS = 10_000;

/**
 * Scrolls back to where a tab was left once its page is tall enough: tried again until the page's lists have
 * loaded (platform/tab-state.ts's loading signal) and the window stays there, and given up when the person
 * scrolls, clicks or types first, or after RESTORE_DEADLINE_MS.
 */
function restoreScroll(y: number): () => void {
  const until = Date.now() + RESTORE_DEADLINE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settledOnce = false;
  let done = false;
  const inputs = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    unsubscribe();
    for (const e of inputs) window.removeEventListener(e, stop, true);
  };
  const attempt = () => {
    if (done) return;
    clearTimeout(timer);
    if (Math.abs(window.scrollY - y) > 2) window.scrollTo({ top: y });
    const there = Math.abs(window.scrollY - y) <= 2;
    // Done when there with nothing loading, twice in a row (a page that mounts late has not started yet).
    if (there && !pageLoading()) {
      if (settledOnce) return stop();
      settledOnce = true;
    } else settledOnce = false;
    if (Date.now() > until) return stop();
    timer = setTimeout(attempt, 100);
  };
  const unsubscribe = onPageSettled(() => requestAnimationFrame(attempt));
  for (const e of inputs) window.addEventListener(e, stop, { capture: true, passive: true });
  attempt();
  return stop;
}

/**
 * The multi-tab page bar (issue 20): every page opened is a tab titled by its route title; 首页 is pinned.
 * Close, close others, close to the right and refresh, from each tab's context menu or the 更多 button
 * (keyboard: the tab list takes arrow keys, the close buttons and 更多 take Enter). Tabs and each tab's
 * scroll survive a reload; another account, organisation or role starts afresh.
 */
export function PageTabs() {
  const location = useLocation();
  const navigate = useNavigate();
  const title = usePageTitle();
  const owner = useSession(ownerOf);
  const tabs = usePageTabs((s) => s.tabs);
  const active = location.pathname + location.search;

  useEffect(() => adoptOwner(owner), [owner]);
  // A replace (a page putting its own address right) turns the tab of the address it replaced into the new one
  // (already stored by followReplaces when the address changed; this is then a no-op that may re-title the tab).
  const navigationType = useNavigationType();
  const remembered = useRef<string | null>(null);
  useEffect(() => {
    if (!isTabPath(location.pathname)) return;
    const tab = { path: active, title: title ?? '未命名页面' };
    const from = remembered.current;
    if (navigationType === 'REPLACE' && from && from !== active) replaceRememberedTab(from, tab);
    else rememberTab(tab);
    remembered.current = active;
  }, [active, title, location.pathname, navigationType]);

  // The window's scroll per tab: followed while a tab is shown, saved when another is (or the page is reloaded),
  // restored on return (and after a reload) once the page has loaded.
  const shown = useRef<string | null>(null);
  const lastY = useRef(window.scrollY);
  useEffect(() => {
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    const onLeave = () => {
      if (shown.current) saveScroll(shown.current, window.scrollY);
    };
    // The app puts the window back itself (the browser would try before the lists have loaded).
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onLeave);
    };
  }, []);
  useLayoutEffect(() => {
    if (shown.current === active) return;
    if (shown.current !== null) saveScroll(shown.current, lastY.current);
    shown.current = active;
    const y = pageTabsStore.getState().scroll[active] ?? 0;
    lastY.current = y;
    return restoreScroll(y);
  }, [active]);

  // The tab bar may hold on to handlers of an earlier render: they read the address at the time they run.
  const here = () => window.location.pathname + window.location.search;
  const close = (path: string) => {
    const go = forgetTab(path, here());
    if (go) navigate(go);
  };
  const menuFor = (path: string): MenuProps => ({
    items: [
      { key: 'refresh', label: '刷新页面', disabled: path !== active },
      { key: 'close', label: '关闭', disabled: path === HOME_PATH },
      { key: 'others', label: '关闭其他' },
      { key: 'right', label: '关闭右侧', disabled: !hasRight(tabs, path) },
      { key: 'all', label: '关闭全部' },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') {
        refreshActive();
        void queryClient.invalidateQueries();
      } else if (key === 'close') close(path);
      else if (key === 'others') {
        keepOnly(path);
        if (path !== here()) navigate(path);
      } else if (key === 'right') {
        dropRight(path);
        if (!pageTabsStore.getState().tabs.some((t) => t.path === here())) navigate(path);
      } else if (key === 'all') {
        keepOnly(HOME_PATH);
        navigate(HOME_PATH);
      }
    },
  });

  return (
    <div className="app-tabs" role="navigation" aria-label="已打开的页面">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={active}
        // onTabClick, not onChange, and the address read at click time: the tabs keep an earlier handler and
        // their own idea of the active key, which can lag behind the route and swallow a click (seen in Chromium).
        onTabClick={(key) => {
          if (key !== here()) navigate(key);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((t) => ({
          key: t.path,
          closable: t.path !== HOME_PATH,
          label: (
            <Dropdown menu={menuFor(t.path)} trigger={['contextMenu']}>
              <span className="app-tab-label" title={t.title}>
                {t.title}
              </span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown menu={menuFor(active)} trigger={['click']}>
              <Button size="small" type="text" aria-label="页签操作">
                更多 <DownOutlined />
              </Button>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
