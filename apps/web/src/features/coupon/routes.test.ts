import {
  COUPON_BATCH_ANCHOR,
  COUPON_DETAIL_ANCHOR,
  COUPON_PROVIDE_ANCHOR,
  COUPON_PROVIDE_RECORD_ANCHOR,
} from '@merchant/contracts/marketing/coupon-fields';
import { couponBatchOps } from '@merchant/contracts/marketing/coupon-batch';
import { couponOps } from '@merchant/contracts/marketing/coupon';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { resolveTitle, type AppRoute } from '../../platform/route-types.ts';
import { routePathByAnchor } from '../../platform/use-menu.ts';
import * as paths from './coupon-paths.ts';
import { routes } from './routes.ts';

// 优惠券 (section 118 营销管理): the four menu pages at /website/marketing/<anchor>, lazy, titled, named by their anchor;
// the batch form titled by its handleType, keeping 优惠券批次 active; the paths file repeats the contract's anchors as
// plain strings (to keep the schemas out of the entry chunk).

const PAGES = [
  { path: '/website/marketing/coupon-batch-list', anchor: COUPON_BATCH_ANCHOR, title: '优惠券批次' },
  { path: '/website/marketing/coupon-provide', anchor: COUPON_PROVIDE_ANCHOR, title: '发券' },
  { path: '/website/marketing/coupon-provide-record', anchor: COUPON_PROVIDE_RECORD_ANCHOR, title: '发券记录' },
  { path: '/website/marketing/coupon-detail-list', anchor: COUPON_DETAIL_ANCHOR, title: '券明细' },
];
const APPLY = '/website/marketing/coupon-apply/:handleType/:groupCode?/:subCode?';
const full = (r: AppRoute) => `/website/${r.path}`;
const apply = () => routes.find((r) => full(r) === APPLY)!;
const titleAt = (url: string) => {
  const m = matchPath(APPLY, url);
  expect(m, url).not.toBeNull();
  return resolveTitle(apply().title, { params: m!.params, search: new URLSearchParams() });
};

describe('coupon routes (section 118)', () => {
  it('registers the four pages and the batch form lazily, in section 118, the pages named by their anchors', () => {
    expect(routes.map(full).sort()).toEqual([...PAGES.map((p) => p.path), APPLY].sort());
    for (const r of routes) {
      expect(r.serverId, r.path).toBe(118);
      expect(String(r.page), r.path).toMatch(/import(__)?\(/);
    }
    for (const p of PAGES) {
      const r = routes.find((x) => full(x) === p.path)!;
      expect(r, p.path).toMatchObject({ anchor: p.anchor, name: p.anchor, title: p.title });
      expect(r.activeMenu, p.path).toBeUndefined();
    }
    // the menu opens each anchor's list, not the form that shares the batch list's anchor
    const byAnchor = routePathByAnchor(routes);
    for (const p of PAGES) expect(byAnchor.get(p.anchor), p.anchor).toBe(p.path);
  });

  it('the batch form: coupon-apply/:handleType/:groupCode?/:subCode?, titled by its handleType, 优惠券批次 active', () => {
    expect(apply()).toMatchObject({
      name: 'coupon-apply',
      anchor: COUPON_BATCH_ANCHOR,
      activeMenu: '/website/marketing/coupon-batch-list',
    });
    expect(titleAt('/website/marketing/coupon-apply/add')).toBe('新增优惠券');
    expect(titleAt('/website/marketing/coupon-apply/edit/QP2611010001')).toBe('编辑优惠券');
    expect(titleAt('/website/marketing/coupon-apply/view/QP2611010001')).toBe('优惠券详情');
    expect(titleAt('/website/marketing/coupon-apply/view/QP2611010001/x')).toBe('优惠券详情');
    expect(titleAt('/website/marketing/coupon-apply/other')).toBe('优惠券详情');
    // a batch's 详情 is linked from the other coupon pages: their holders may open it, as the contract's detail allows
    expect([COUPON_BATCH_ANCHOR, ...(apply().alsoAnchors ?? [])].sort()).toEqual([...(couponBatchOps.detail.anchor as string[])].sort());
  });

  it('coupon-paths.ts repeats the contract’s anchors exactly and builds the pages’ addresses', () => {
    expect(paths.COUPON_BATCH_ANCHOR).toBe(COUPON_BATCH_ANCHOR);
    expect(paths.COUPON_PROVIDE_ANCHOR).toBe(COUPON_PROVIDE_ANCHOR);
    expect(paths.COUPON_PROVIDE_RECORD_ANCHOR).toBe(COUPON_PROVIDE_RECORD_ANCHOR);
    expect(paths.COUPON_DETAIL_ANCHOR).toBe(COUPON_DETAIL_ANCHOR);
    expect(paths.pathOf('batch')).toBe('/website/marketing/coupon-batch-list');
    expect(paths.applyPath('add')).toBe('/website/marketing/coupon-apply/add');
    expect(paths.applyPath('view', 'QP2611010001')).toBe('/website/marketing/coupon-apply/view/QP2611010001');
    expect(paths.providePath('QP2611010001')).toBe('/website/marketing/coupon-provide?batchCode=QP2611010001');
    expect(paths.providePath()).toBe('/website/marketing/coupon-provide');
    expect(paths.couponListPath({ provideNo: 'FQ2611010001' })).toBe('/website/marketing/coupon-detail-list?provideNo=FQ2611010001');
    expect(paths.provideRecordPath({ provideNo: 'FQ2611010001' })).toBe('/website/marketing/coupon-provide-record?provideNo=FQ2611010001');
  });

  it('the pages’ operations take their anchors', () => {
    expect(couponBatchOps.list.anchor).toBe(COUPON_BATCH_ANCHOR);
    expect(couponBatchOps.options.anchor).toEqual(expect.arrayContaining([COUPON_PROVIDE_ANCHOR]));
    expect(couponOps.provide.anchor).toBe(COUPON_PROVIDE_ANCHOR);
    expect(couponOps.provideRecords.anchor).toEqual(expect.arrayContaining([COUPON_PROVIDE_RECORD_ANCHOR]));
    expect(couponOps.list.anchor).toEqual(expect.arrayContaining([COUPON_DETAIL_ANCHOR]));
    expect(couponOps.void.anchor).toBe(COUPON_DETAIL_ANCHOR);
  });
});
