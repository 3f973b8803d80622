import type { AppRoute } from '../../platform/route-types.ts';

/** Goods management (spec section 102), under /website/goods like the server menu's route paths. */
const SECTION = 102;
const page = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SECTION, ...r });

export const STANDARD_PRODUCT_LIST = '/website/goods/standard-product-list';

export const routes: AppRoute[] = [
  page({
    path: 'goods/standard-product-list',
    name: 'standard-product-list',
    title: '标准商品库',
    anchor: 'standard-product-list',
    page: () => import('./pages/standard-product-list-page.tsx'),
  }),
  page({
    // the spec's spelling (standerd-edit)
    path: 'goods/standerd-edit/:goodsNo',
    name: 'standerd-edit',
    title: '编辑标准商品',
    anchor: 'standard-product-list',
    activeMenu: STANDARD_PRODUCT_LIST,
    page: () => import('./pages/standerd-edit-page.tsx'),
  }),
];
