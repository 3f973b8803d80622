import { CONTAINER_SUBLEDGER_ANCHOR, DEVICE_INCOME_ANCHOR } from '@merchant/contracts';
import {
  PURCHASE_MALL_SUBLEDGER_ANCHOR,
  SETTLEMENT_ANCHOR,
  splitOps,
  settlementOps,
  SUBLEDGER_ANCHOR,
  WAIT_SETTLED_ANCHOR,
} from '@merchant/contracts/finance/split';
import type { UserInfo } from '@merchant/contracts/permission/session';
import { describe, expect, it } from 'vitest';
import { generateRoutes } from '../../platform/permission.ts';
import type { AppRoute } from '../../platform/route-types.ts';
import { routePathByAnchor } from '../../platform/use-menu.ts';
import { routes } from './routes.ts';
import * as paths from './settlement-paths.ts';

// Section 106's split and settlement pages: each at the path the menu catalogue gives its anchor
// (apps/server/src/modules/permission/menu-catalogue.ts: /website/finance/<anchor>, 收入明细 and 柜主分账 at their own),
// lazy, titled, in section 106 — so the menu no longer greys them 建设中 —, and hidden as spec §6 says.

const PAGES: { path: string; anchor: string; title: string }[] = [
  { path: '/website/finance/capital-subledger', anchor: SUBLEDGER_ANCHOR, title: '分账明细' },
  { path: '/website/finance/container-subledger', anchor: CONTAINER_SUBLEDGER_ANCHOR, title: '柜主分账' },
  { path: '/website/finance/capital-wait-settled-bill', anchor: WAIT_SETTLED_ANCHOR, title: '待结算账单' },
  { path: '/website/finance/project-bill-record', anchor: SETTLEMENT_ANCHOR, title: '项目账单' },
  { path: '/website/finance/capital-subledger-purchase-mall', anchor: PURCHASE_MALL_SUBLEDGER_ANCHOR, title: '商城分账明细' },
  { path: '/website/finance/device-income', anchor: DEVICE_INCOME_ANCHOR, title: '收入明细' },
];

const full = (r: AppRoute) => `/website/${r.path}`;

describe('settlement routes (section 106)', () => {
  it('registers every page lazily, with its title, its anchor as name and anchor, in section 106', () => {
    expect(routes.map(full).sort()).toEqual(PAGES.map((p) => p.path).sort());
    for (const p of PAGES) {
      const r = routes.find((x) => full(x) === p.path)!;
      expect(r, p.path).toMatchObject({ anchor: p.anchor, name: p.anchor, title: p.title, serverId: 106 });
      expect(String(r.page), p.path).toMatch(/import(__)?\(/);
      expect(r.activeMenu, p.path).toBeUndefined();
    }
  });

  it('opens each menu item at the catalogue’s path (so it is not greyed 建设中)', () => {
    const paths = routePathByAnchor(routes);
    for (const p of PAGES) expect(paths.get(p.anchor), p.anchor).toBe(p.path);
  });

  it('settlement-paths.ts repeats the split contract’s anchors exactly (plain strings, to keep the schemas out of the entry chunk)', () => {
    expect(paths.SUBLEDGER_ANCHOR).toBe(SUBLEDGER_ANCHOR);
    expect(paths.WAIT_SETTLED_ANCHOR).toBe(WAIT_SETTLED_ANCHOR);
    expect(paths.SETTLEMENT_ANCHOR).toBe(SETTLEMENT_ANCHOR);
    expect(paths.MALL_SUBLEDGER_ANCHOR).toBe(PURCHASE_MALL_SUBLEDGER_ANCHOR);
  });

  it('links a cabinet owner’s account to the finance feature’s account detail route', () => {
    expect(paths.capitalDetailPath('FP00000001')).toBe('/website/finance/capital-detail/FP00000001');
  });

  it('the pages’ operations take their anchors (the split reads, the bills, 立即结算)', () => {
    expect(splitOps.list.anchor).toEqual(
      expect.arrayContaining([SUBLEDGER_ANCHOR, WAIT_SETTLED_ANCHOR, CONTAINER_SUBLEDGER_ANCHOR, PURCHASE_MALL_SUBLEDGER_ANCHOR]),
    );
    expect(splitOps.deviceIncome.anchor).toBe(DEVICE_INCOME_ANCHOR);
    expect(settlementOps.list.anchor).toEqual(expect.arrayContaining([SETTLEMENT_ANCHOR]));
    expect(settlementOps.run.anchor).toBe(WAIT_SETTLED_ANCHOR);
  });

  describe('spec §6', () => {
    const anchors = new Set(PAGES.map((p) => p.anchor));
    const user = (over: Partial<UserInfo> = {}) => ({ userName: 'u', merchantAccountType: 0, ...over }) as UserInfo;
    const owner = user({ merchantAccountType: 1, loginOrgRole: { merchantBusCode: 'A1001002' } as UserInfo['loginOrgRole'] });
    const names = (rs: AppRoute[]) => rs.map((r) => r.name);

    it('a 柜主 role has no 收入明细; the rest stay', () => {
      const got = names(generateRoutes(routes, { anchors, roleNames: ['柜主'], user: user() }));
      expect(got).not.toContain(DEVICE_INCOME_ANCHOR);
      expect(got).toContain(CONTAINER_SUBLEDGER_ANCHOR);
      expect(got).toHaveLength(PAGES.length - 1);
    });

    it('a container owner’s account has no 柜主分账; the rest stay', () => {
      const got = names(generateRoutes(routes, { anchors, roleNames: ['运营'], user: owner }));
      expect(got).not.toContain(CONTAINER_SUBLEDGER_ANCHOR);
      expect(got).toContain(DEVICE_INCOME_ANCHOR);
      expect(got).toHaveLength(PAGES.length - 1);
    });

    it('a role without a page’s anchor has no route to it', () => {
      const got = names(generateRoutes(routes, { anchors: new Set([SUBLEDGER_ANCHOR]), roleNames: ['运营'], user: user() }));
      expect(got).toEqual([SUBLEDGER_ANCHOR]);
    });
  });
});
