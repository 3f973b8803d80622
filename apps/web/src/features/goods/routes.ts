import type { AppRoute } from '../../platform/route-types.ts';

/** Goods (spec section 102), under /website/goods like the server menu's route paths. */
const SECTION = 102;
const page = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SECTION, ...r });

export const STANDARD_PRODUCT_LIST = '/website/goods/standard-product-list';

const libraryRoutes: AppRoute[] = [
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

// ---- merchant goods and SKUs ----
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

// ---- goods bank, store goods, sales channels (docs/goods.md "Where goods are sold") ----
export const GOODS_BANK_LIST = '/website/goods/goods-bank-list';
export const GOODS_SHOP_LIST = '/website/goods/goods-shop-list';

const goodsChannelRoutes: AppRoute[] = [
  page({
    path: 'goods/goods-bank-list',
    name: 'goods-bank-list',
    title: '商品库',
    anchor: 'goods-bank-list',
    page: () => import('./pages/goods-bank-list-page.tsx'),
  }),
  page({
    path: 'goods/add-goods-bank/:handleType?/:goodsId?',
    name: 'add-goods-bank',
    anchor: 'goods-bank-list',
    activeMenu: GOODS_BANK_LIST,
    title: ({ params }) =>
      params.handleType === 'edit' ? '编辑商品库商品' : params.handleType === 'view' ? '查看商品库商品' : '加入商品库',
    page: () => import('./pages/add-goods-bank-page.tsx'),
  }),
  page({
    path: 'goods/goods-shop-list',
    name: 'goods-shop-list',
    title: '门店商品',
    anchor: 'goods-shop-list',
    page: () => import('./pages/goods-shop-list-page.tsx'),
  }),
  page({
    // the spec's optional path parameters, in its order ('-' stands for one left empty before a later one)
    path: 'goods/add-goods-shop/:handleType?/:skuId?/:merchantCode?/:merchantName?/:storeId?/:storeName?/:skuName?',
    name: 'add-goods-shop',
    anchor: 'goods-shop-list',
    activeMenu: GOODS_SHOP_LIST,
    title: ({ params }) => (params.handleType === 'edit' ? '修改门店价' : params.handleType === 'view' ? '查看门店商品' : '门店铺货'),
    page: () => import('./pages/add-goods-shop-page.tsx'),
  }),
  page({
    path: 'goods/salesmanagement-list',
    name: 'salesmanagement-list',
    title: '销售管理',
    anchor: 'salesmanagement-list',
    page: () => import('./pages/salesmanagement-list-page.tsx'),
  }),
];

export const routes: AppRoute[] = [...libraryRoutes, ...goodsSpuRoutes, ...goodsChannelRoutes];
