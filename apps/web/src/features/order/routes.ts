import type { ChannelOrderKind } from '@merchant/contracts/order/channel-order';
import type { AppRoute } from '../../platform/route-types.ts';
import {
  AFTER_SALE_ANCHOR,
  AFTER_SALE_LIST_PATH,
  CHANNEL_ORDER_PAGES,
  channelOrderListPath,
  EXCEPTION_ANCHOR,
  EXCEPTION_LIST_PATH,
  ORDER_LIST_ANCHOR,
  ORDER_LIST_PATH,
} from './order-paths.ts';

/**
 * 智能柜订单 (section 110, docs/orders.md): 销售订单, its detail and the 开门记录 behind an order; 异常订单 and its
 * 商品核对 (commodityDetail?orderNoSub=).
 */
const SECTION = 110;
const BASE = 'container-order';
const section = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SECTION, ...r });

/**
 * 渠道订单 (section 104, docs/orders.md "渠道订单"): 线上零售订单, 批发订单 and 本地生活订单 — the orders a channel's app
 * sends through the open API —, each a list and a detail (…/:orderNoSub) under its own menu anchor.
 */
const CHANNEL_SECTION = 104;
const CHANNEL_BASE = 'order';
const section104 = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: CHANNEL_SECTION, ...r });

const channelPagesOf = (kind: ChannelOrderKind, list: AppRoute['page'], detail: AppRoute['page']): AppRoute[] => {
  const p = CHANNEL_ORDER_PAGES[kind];
  return [
    section104({ path: `${CHANNEL_BASE}/${p.list}`, name: p.list, title: p.title, anchor: p.list, page: list }),
    section104({
      path: `${CHANNEL_BASE}/${p.detail}/:orderNoSub`,
      name: p.detail,
      // the code in the title: two orders open side by side are two tabs one can tell apart
      title: ({ params }) => `订单详情-${params.orderNoSub ?? ''}`,
      anchor: p.list,
      // a 售后工单 opens its order (order.<channel>.detail and .history take its anchor too)
      alsoAnchors: [AFTER_SALE_ANCHOR],
      activeMenu: channelOrderListPath(kind),
      page: detail,
    }),
  ];
};

export const routes: AppRoute[] = [
  section({
    path: `${BASE}/salesOrder-list`,
    name: 'salesOrder-list',
    title: '销售订单',
    anchor: ORDER_LIST_ANCHOR,
    page: () => import('./pages/sales-order-list-page.tsx'),
  }),
  section({
    path: `${BASE}/salesOrder-list-detail/:orderNoSub`,
    name: 'salesOrder-list-detail',
    // the code in the title: two orders open side by side are two tabs one can tell apart
    title: ({ params }) => `订单详情-${params.orderNoSub ?? ''}`,
    anchor: ORDER_LIST_ANCHOR,
    // an abnormal order's and a 售后工单's order (order.cabinet.detail and .history take their anchors too)
    alsoAnchors: [EXCEPTION_ANCHOR, AFTER_SALE_ANCHOR],
    activeMenu: ORDER_LIST_PATH,
    page: () => import('./pages/sales-order-detail-page.tsx'),
  }),
  section({
    path: `${BASE}/open-record-list-detail/:applyCode`,
    name: 'open-record-list-detail',
    title: ({ params }) => `开门记录-${params.applyCode ?? ''}`,
    anchor: ORDER_LIST_ANCHOR,
    // an abnormal order's door session (its operations take 异常订单's anchor too)
    alsoAnchors: [EXCEPTION_ANCHOR],
    activeMenu: ORDER_LIST_PATH,
    page: () => import('./pages/open-record-detail-page.tsx'),
  }),
  section({
    path: `${BASE}/excepOrder-list`,
    name: 'excepOrder-list',
    title: '异常订单',
    anchor: EXCEPTION_ANCHOR,
    page: () => import('./pages/exception-order-list-page.tsx'),
  }),
  section({
    path: `${BASE}/commodityDetail`,
    name: 'commodityDetail',
    // the code in the title, as 订单详情: two orders checked side by side are two tabs one can tell apart
    title: ({ search }) => (search.get('orderNoSub') ? `商品核对-${search.get('orderNoSub')}` : '商品核对'),
    anchor: EXCEPTION_ANCHOR,
    activeMenu: EXCEPTION_LIST_PATH,
    page: () => import('./pages/commodity-detail-page.tsx'),
  }),
  ...channelPagesOf(
    'online',
    () => import('./pages/online-order-list-page.tsx'),
    () => import('./pages/online-order-detail-page.tsx'),
  ),
  ...channelPagesOf(
    'mall',
    () => import('./pages/mall-order-list-page.tsx'),
    () => import('./pages/mall-order-detail-page.tsx'),
  ),
  ...channelPagesOf(
    'locallife',
    () => import('./pages/locallife-order-list-page.tsx'),
    () => import('./pages/locallife-order-detail-page.tsx'),
  ),
  // 售后 (section 122) checks abnormal orders' goods too: 商品核对 under its own address (abnormalOrderDetail?orderNoSub=)
  {
    serverId: 122,
    path: 'afterSale/abnormalOrderDetail',
    name: 'abnormalOrderDetail',
    title: ({ search }) => (search.get('orderNoSub') ? `异常订单核对-${search.get('orderNoSub')}` : '异常订单核对'),
    anchor: 'after-sale-order',
    activeMenu: AFTER_SALE_LIST_PATH,
    page: () => import('./pages/commodity-detail-page.tsx'),
  },
  // 售后工单 (section 122): the work orders about any channel's order — 仅退款, 退货退款, 换货, 投诉 — and one's detail;
  // 新建 is a modal of the list, also opened by after-sale-order?orderNoSub= (an order's detail links there)
  {
    serverId: 122,
    path: 'afterSale/after-sale-order',
    name: 'after-sale-order',
    title: '售后工单',
    anchor: 'after-sale-order',
    page: () => import('./pages/after-sale-list-page.tsx'),
  },
  {
    serverId: 122,
    path: 'afterSale/afterSalesOrderDetail/:workNumber',
    name: 'afterSalesOrderDetail',
    // the code in the title: two work orders open side by side are two tabs one can tell apart
    title: ({ params }) => `售后工单-${params.workNumber ?? ''}`,
    anchor: 'after-sale-order',
    activeMenu: AFTER_SALE_LIST_PATH,
    page: () => import('./pages/after-sale-detail-page.tsx'),
  },
];
