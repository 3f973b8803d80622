import type { AppRoute } from '../../platform/route-types.ts';
import {
  applyTitle,
  COUPON_APPLY,
  COUPON_BATCH_ANCHOR,
  COUPON_DETAIL_ANCHOR,
  COUPON_PAGES,
  COUPON_PROVIDE_ANCHOR,
  COUPON_PROVIDE_RECORD_ANCHOR,
  MARKETING_SECTION,
  pathOf,
  type CouponPage,
} from './coupon-paths.ts';

/**
 * 优惠券 (section 118 营销管理, docs/marketing.md "优惠券"): 优惠券批次 (the templates, reviewed before use), 发券 (to
 * phones), 发券记录 and 券明细 — each a page at /website/marketing/<anchor>, named by its anchor — and the batch form
 * coupon-apply/:handleType/:groupCode?/:subCode? (新增 / 编辑 / 详情), which keeps 优惠券批次 active in the menu. The
 * other coupon pages link to a batch's 详情 too, so their holders may open it (the contract's detail takes their anchors).
 */
const page = (key: CouponPage, load: AppRoute['page']): AppRoute => {
  const p = COUPON_PAGES[key];
  return { serverId: MARKETING_SECTION, path: p.path, name: p.anchor, title: p.title, anchor: p.anchor, page: load };
};

export const routes: AppRoute[] = [
  page('batch', () => import('./pages/coupon-batch-list-page.tsx')),
  {
    serverId: MARKETING_SECTION,
    path: COUPON_APPLY.path,
    name: COUPON_APPLY.name,
    title: ({ params }) => applyTitle(params.handleType),
    anchor: COUPON_BATCH_ANCHOR,
    alsoAnchors: [COUPON_PROVIDE_ANCHOR, COUPON_PROVIDE_RECORD_ANCHOR, COUPON_DETAIL_ANCHOR],
    activeMenu: pathOf('batch'),
    page: () => import('./pages/coupon-apply-page.tsx'),
  },
  page('provide', () => import('./pages/coupon-provide-page.tsx')),
  page('provideRecord', () => import('./pages/coupon-provide-record-page.tsx')),
  page('detail', () => import('./pages/coupon-detail-list-page.tsx')),
];
