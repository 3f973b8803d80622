import type { AppRoute } from '../../platform/route-types.ts';

/** Goods (spec section 102), under /website/goods like the server menu's route paths. */
const SECTION = 102;
const page = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SECTION, ...r });

// ---- merchant goods and SKUs (goods-spu) — the library's routes (goods-lib) are merged beside this block ----
const GOODS_LIST = '/website/goods/goods-management-list';
const SKU_LIST = '/website/goods/sku-list';
const HANDLE_TITLE: Record<string, string> = { add: '新增', edit: '编辑', view: '查看' };

const goodsSpuRoutes: AppRoute[] = [
  page({
    path: 'goods/goods-management-list',
    name: 'goods-management-list',
    title: '商品列表',
    anchor: 'goods-management-list',
    page: () => import('./pages/goods-management-list-page.tsx'),
  }),
  page({
    path: 'goods/add-goods/:goodsId/:handleType?',
    name: 'add-goods',
    anchor: 'goods-management-list',
    activeMenu: GOODS_LIST,
    title: ({ params }) => `${HANDLE_TITLE[params.handleType ?? 'view'] ?? '查看'}商品`,
    page: () => import('./pages/add-goods-page.tsx'),
  }),
  page({
    path: 'goods/sku-list',
    name: 'sku-list',
    title: 'SKU管理',
    anchor: 'sku-list',
    page: () => import('./pages/sku-list-page.tsx'),
  }),
  page({
    path: 'goods/add-sku/:handleType/:skuId?',
    name: 'add-sku',
    anchor: 'sku-list',
    activeMenu: SKU_LIST,
    title: ({ params }) => `${HANDLE_TITLE[params.handleType ?? 'view'] ?? '查看'}SKU`,
    page: () => import('./pages/add-sku-page.tsx'),
  }),
];
// ---- end of merchant goods and SKUs ----

export const routes: AppRoute[] = [...goodsSpuRoutes];
