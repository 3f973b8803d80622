// 优惠券 (section 118 营销管理, docs/marketing.md "优惠券"): the pages' addresses, titles and anchors, apart from their
// components so that routes.ts loads no UI code. The anchors repeat the contract's
// (@merchant/contracts/marketing/coupon-fields: COUPON_BATCH_ANCHOR, COUPON_PROVIDE_ANCHOR, COUPON_PROVIDE_RECORD_ANCHOR,
// COUPON_DETAIL_ANCHOR) as plain strings: routes.ts is loaded eagerly, and importing any value from the contract puts
// its zod schemas into the entry chunk. routes.test.ts checks each against the contract.

export const MARKETING_SECTION = 118;
const BASE = '/website/marketing';

/** 优惠券批次: the coupon templates, their review and state. */
export const COUPON_BATCH_ANCHOR = 'coupon-batch-list';
/** 发券: coupons of an active batch given to phones. */
export const COUPON_PROVIDE_ANCHOR = 'coupon-provide';
/** 发券记录: every 发券单. */
export const COUPON_PROVIDE_RECORD_ANCHOR = 'coupon-provide-record';
/** 券明细: every coupon issued. */
export const COUPON_DETAIL_ANCHOR = 'coupon-detail-list';

/** Each menu page: its anchor (also the route name), its path under /website and its title. */
export const COUPON_PAGES = {
  batch: { anchor: COUPON_BATCH_ANCHOR, path: 'marketing/coupon-batch-list', title: '优惠券批次' },
  provide: { anchor: COUPON_PROVIDE_ANCHOR, path: 'marketing/coupon-provide', title: '发券' },
  provideRecord: { anchor: COUPON_PROVIDE_RECORD_ANCHOR, path: 'marketing/coupon-provide-record', title: '发券记录' },
  detail: { anchor: COUPON_DETAIL_ANCHOR, path: 'marketing/coupon-detail-list', title: '券明细' },
} as const;
export type CouponPage = keyof typeof COUPON_PAGES;

/** A menu page's full address: /website/marketing/coupon-batch-list… */
export const pathOf = (page: CouponPage) => `/website/${COUPON_PAGES[page].path}`;

/** The batch form: coupon-apply/:handleType/:groupCode?/:subCode? (groupCode: the 批次号; subCode unused). */
export const COUPON_APPLY = { name: 'coupon-apply', path: 'marketing/coupon-apply/:handleType/:groupCode?/:subCode?' } as const;
export const HANDLE_TYPES = ['add', 'edit', 'view'] as const;
export type HandleType = (typeof HANDLE_TYPES)[number];
export const isHandleType = (v: string | undefined): v is HandleType => (HANDLE_TYPES as readonly string[]).includes(v ?? '');
export const APPLY_TITLES: Record<HandleType, string> = { add: '新增优惠券', edit: '编辑优惠券', view: '优惠券详情' };
/** The form's title by its handleType (优惠券详情 for anything else). */
export const applyTitle = (handleType: string | undefined) => (isHandleType(handleType) ? APPLY_TITLES[handleType] : '优惠券详情');

/** The batch form's address: add, or a batch's edit / view page. */
export function applyPath(handleType: HandleType, batchCode?: string): string {
  return `${BASE}/coupon-apply/${handleType}${batchCode ? `/${encodeURIComponent(batchCode)}` : ''}`;
}

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

/** 发券, the batch picked when given. */
export const providePath = (batchCode?: string) => withQuery(pathOf('provide'), { batchCode });
/** 发券记录, filtered by a batch or a 发券单 when given. */
export const provideRecordPath = (filters: { batchCode?: string; provideNo?: string } = {}) => withQuery(pathOf('provideRecord'), filters);
/** 券明细, filtered by a batch or a 发券单 when given. */
export const couponListPath = (filters: { batchCode?: string; provideNo?: string } = {}) => withQuery(pathOf('detail'), filters);
