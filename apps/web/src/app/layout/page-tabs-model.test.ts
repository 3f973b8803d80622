import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  closeOthers,
  closeRight,
  closeTab,
  hasRight,
  HOME_PATH,
  HOME_TAB,
  MAX_TABS,
  openTab,
  replaceTab,
  type PageTab,
} from './page-tabs-model.ts';

const tab = (n: number | string): PageTab => ({ path: `/website/p/${n}`, title: `页面${n}` });

describe('page tabs', () => {
  it('opens new tabs at the end, keeps 首页 first, re-titles an open one', () => {
    let tabs = openTab([], tab(1));
    tabs = openTab(tabs, tab(2));
    expect(tabs.map((t) => t.path)).toEqual([HOME_PATH, tab(1).path, tab(2).path]);
    tabs = openTab(tabs, { path: tab(1).path, title: '编辑门店' });
    expect(tabs[1]).toEqual({ path: tab(1).path, title: '编辑门店' });
    expect(openTab(tabs, { path: HOME_PATH, title: '别的' })[0]).toEqual(HOME_TAB);
  });

  it('closes a tab; the active one hands over to its right neighbour, else its left one; 首页 stays', () => {
    const tabs = [HOME_TAB, tab(1), tab(2), tab(3)];
    expect(closeTab(tabs, tab(2).path, tab(2).path)).toEqual({ tabs: [HOME_TAB, tab(1), tab(3)], go: tab(3).path });
    expect(closeTab(tabs, tab(3).path, tab(3).path)).toEqual({ tabs: [HOME_TAB, tab(1), tab(2)], go: tab(2).path });
    expect(closeTab(tabs, tab(1).path, tab(3).path)).toEqual({ tabs: [HOME_TAB, tab(2), tab(3)] });
    expect(closeTab(tabs, HOME_PATH, HOME_PATH)).toEqual({ tabs });
  });

  it('a page replacing its address keeps one tab: the old one becomes the new one in place', () => {
    const tabs = [HOME_TAB, tab(1), tab('stale'), tab(3)];
    expect(replaceTab(tabs, tab('stale').path, tab('own'))).toEqual([HOME_TAB, tab(1), tab('own'), tab(3)]);
    // the new address already open elsewhere: the old tab closes, the open one stays where it is
    expect(replaceTab(tabs, tab('stale').path, { path: tab(3).path, title: '公告详情' })).toEqual([
      HOME_TAB,
      tab(1),
      { path: tab(3).path, title: '公告详情' },
    ]);
    // the old address not open (or the same one): an ordinary open; 首页 is never replaced
    expect(replaceTab(tabs, tab(9).path, tab('own'))).toEqual([...tabs, tab('own')]);
    expect(replaceTab(tabs, tab(1).path, { path: tab(1).path, title: '新标题' })[1]).toEqual({ path: tab(1).path, title: '新标题' });
    expect(replaceTab(tabs, HOME_PATH, tab('own'))).toEqual([...tabs, tab('own')]);
  });

  it('closes the others and those to the right', () => {
    const tabs = [HOME_TAB, tab(1), tab(2), tab(3)];
    expect(closeOthers(tabs, tab(2).path)).toEqual([HOME_TAB, tab(2)]);
    expect(closeRight(tabs, tab(1).path)).toEqual([HOME_TAB, tab(1)]);
    expect(hasRight(tabs, tab(3).path)).toBe(false);
    expect(hasRight(tabs, tab(1).path)).toBe(true);
  });

  it('never holds more than the cap, never a duplicate, always 首页 first', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 120 }), (opened) => {
        let tabs: PageTab[] = [HOME_TAB];
        for (const n of opened) tabs = openTab(tabs, tab(n));
        expect(tabs.length).toBeLessThanOrEqual(MAX_TABS);
        expect(tabs[0]).toEqual(HOME_TAB);
        expect(new Set(tabs.map((t) => t.path)).size).toBe(tabs.length);
        if (opened.length) expect(tabs.some((t) => t.path === tab(opened.at(-1)!).path)).toBe(true);
      }),
    );
  });
});
