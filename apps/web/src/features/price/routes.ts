import type { AppRoute } from '../../platform/route-types.ts';
import { PRICE_ADJUSTMENT_LIST } from './components/price-paths.ts';

/** Prices (spec section 102 商品管理, issue 14), under /website/goods like the server menu's route paths. */
const SECTION = 102;
const page = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SECTION, ...r });

const DETAIL_TITLE: Record<string, string> = { add: '新建调价单', edit: '编辑调价单', view: '调价单详情' };

export const routes: AppRoute[] = [
  page({
    path: 'goods/price-adjustment',
    name: 'price-adjustment',
    title: '价格调整',
    anchor: 'price-adjustment',
    page: () => import('./pages/price-adjustment-page.tsx'),
  }),
  page({
    // ?orderNo=… (view; with handleType=edit: edit a draft); no orderNo: a new order (prefilled by ?scopeType=&scopeKeys=&skuIds=)
    path: 'goods/price-adjustment-detail',
    name: 'price-adjustment-detail',
    anchor: 'price-adjustment',
    activeMenu: PRICE_ADJUSTMENT_LIST,
    title: ({ search }) => DETAIL_TITLE[search.get('orderNo') ? (search.get('handleType') === 'edit' ? 'edit' : 'view') : 'add'],
    page: () => import('./pages/price-adjustment-detail-page.tsx'),
  }),
  page({
    path: 'goods/price-adjustment-h/:firstChannelName/:secondChannelId/:secondChannelName?',
    name: 'price-adjustment-h',
    anchor: 'price-adjustment',
    activeMenu: PRICE_ADJUSTMENT_LIST,
    title: ({ params }) =>
      `渠道价格${params.secondChannelName ? `-${params.secondChannelName}` : params.firstChannelName ? `-${params.firstChannelName}` : ''}`,
    page: () => import('./pages/price-adjustment-h-page.tsx'),
  }),
  page({
    path: 'goods/containerPrice-single',
    name: 'containerPrice-single',
    title: '单柜价格',
    anchor: 'containerPrice-single',
    page: () => import('./pages/container-price-single-page.tsx'),
  }),
  page({
    path: 'goods/containerPrice-local-life-price',
    name: 'containerPrice-local-life-price',
    title: '本地生活价格',
    anchor: 'containerPrice-local-life-price',
    page: () => import('./pages/local-life-price-page.tsx'),
  }),
  page({
    path: 'goods/price-detail-h',
    name: 'price-detail-h',
    title: '价格记录',
    anchor: 'price-detail-h',
    page: () => import('./pages/price-detail-h-page.tsx'),
  }),
];
