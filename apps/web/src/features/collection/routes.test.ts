import { AGREEMENT_ANCHOR, COLLECTION_ANCHOR, COLLECTION_STATUS_ANCHOR, collectionOps } from '@merchant/contracts/finance/collection';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../platform/route-types.ts';
import { routePathByAnchor } from '../../platform/use-menu.ts';
import * as paths from './collection-paths.ts';
import { routes } from './routes.ts';

// 收款设置 (section 106): each page at /website/finance/<anchor>, lazy, titled, in section 106, named by its anchor; the
// paths file repeats the contract's anchors as plain strings (to keep the schemas out of the entry chunk).

const PAGES = [
  { path: '/website/finance/collection-setting', anchor: COLLECTION_ANCHOR, title: '收款设置' },
  { path: '/website/finance/collection-setting-agreement', anchor: AGREEMENT_ANCHOR, title: '分账协议' },
  { path: '/website/finance/collection-setting-status', anchor: COLLECTION_STATUS_ANCHOR, title: '开通状态' },
];
const full = (r: AppRoute) => `/website/${r.path}`;

describe('collection routes (section 106)', () => {
  it('registers the three pages lazily, with their titles, their anchors as name and anchor, in section 106', () => {
    expect(routes.map(full).sort()).toEqual(PAGES.map((p) => p.path).sort());
    for (const p of PAGES) {
      const r = routes.find((x) => full(x) === p.path)!;
      expect(r, p.path).toMatchObject({ anchor: p.anchor, name: p.anchor, title: p.title, serverId: 106 });
      expect(String(r.page), p.path).toMatch(/import(__)?\(/);
    }
    const byAnchor = routePathByAnchor(routes);
    for (const p of PAGES) expect(byAnchor.get(p.anchor), p.anchor).toBe(p.path);
  });

  it('collection-paths.ts repeats the contract’s anchors exactly', () => {
    expect(paths.COLLECTION_ANCHOR).toBe(COLLECTION_ANCHOR);
    expect(paths.AGREEMENT_ANCHOR).toBe(AGREEMENT_ANCHOR);
    expect(paths.COLLECTION_STATUS_ANCHOR).toBe(COLLECTION_STATUS_ANCHOR);
    expect(paths.pathOf('agreement')).toBe('/website/finance/collection-setting-agreement');
  });

  it('links to the finance and device features’ pages by their addresses', () => {
    expect(paths.capitalDetailPath('FP00000001')).toBe('/website/finance/capital-detail/FP00000001');
    expect(paths.capitalCardPath('FP00000001')).toBe('/website/finance/capital-card/FP00000001');
    expect(paths.deviceDetailPath('D2611000001')).toBe('/website/device-management/device-detail/D2611000001');
  });

  it('the pages’ operations take their anchors (调整费率 the setting’s, the agreement changes the agreement page’s)', () => {
    expect(collectionOps.get.anchor).toEqual(expect.arrayContaining([COLLECTION_ANCHOR, COLLECTION_STATUS_ANCHOR]));
    expect(collectionOps.agreements.anchor).toEqual(expect.arrayContaining([AGREEMENT_ANCHOR]));
    expect(collectionOps.setFee.anchor).toBe(COLLECTION_ANCHOR);
    expect(collectionOps.saveAgreement.anchor).toBe(AGREEMENT_ANCHOR);
    expect(collectionOps.removeAgreement.anchor).toBe(AGREEMENT_ANCHOR);
    expect(collectionOps.createOwner.anchor).toBe(AGREEMENT_ANCHOR);
  });
});
