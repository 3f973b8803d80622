import type { AppRoute } from '../../platform/route-types.ts';
import { mallRoutes } from './mall/mall-routes.ts';

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

// ---- supply-chain goods (section 113 供应链商品, under /website/supply like the server menu's route paths) ----
const SUPPLY_SECTION = 113;
const supplyPage = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SUPPLY_SECTION, ...r });
const SUPPLY_SKU_TITLE: Record<string, string> = { add: '创建Sku', edit: '编辑Sku', view: '查看Sku' };

const supplyRoutes: AppRoute[] = [
  supplyPage({
    path: 'supply/supply-goods-list',
    name: 'supply-goods-list',
    title: '供应链商品',
    anchor: 'supply-goods-list',
    page: () => import('./pages/supply-goods-list-page.tsx'),
  }),
  supplyPage({
    path: 'supply/supply-goods-edit/:spuId?',
    name: 'supply-goods-edit',
    anchor: 'supply-goods-list',
    activeMenu: '/website/supply/supply-goods-list',
    title: ({ params }) => (params.spuId ? '编辑供应链商品' : '新增供应链商品'),
    page: () => import('./pages/supply-goods-edit-page.tsx'),
  }),
  supplyPage({
    path: 'supply/supply-sku-list',
    name: 'supply-sku-list',
    title: '供应链SKU',
    anchor: 'supply-sku-list',
    page: () => import('./pages/supply-sku-list-page.tsx'),
  }),
  supplyPage({
    // spec §2: supply-sku-add/{handleType?}/{skuId?}/{spuId?}, titled by handleType
    path: 'supply/supply-sku-add/:handleType?/:skuId?/:spuId?',
    name: 'supply-sku-add',
    anchor: 'supply-sku-list',
    activeMenu: '/website/supply/supply-sku-list',
    title: ({ params }) => SUPPLY_SKU_TITLE[params.handleType ?? 'add'] ?? '查看Sku',
    page: () => import('./pages/supply-sku-add-page.tsx'),
  }),
];

// ---- goods-apply: 新品申请 / SKU申请 (section 102) and 审核记录 (section 129) ----

const NEW_PRODUCTS_LIST = '/website/goods/new-products-list';
const MARCHANT_APPLY_LIST = '/website/merchant-goods-management/marchant-add-new-product';
const apply = (r: Omit<AppRoute, 'serverId' | 'anchor' | 'activeMenu'>): AppRoute => ({
  serverId: SECTION,
  anchor: 'new-products-list',
  activeMenu: NEW_PRODUCTS_LIST,
  ...r,
});
const HANDLE_TITLES: Record<string, string> = { add: '新增申请', edit: '编辑申请', view: '申请详情', review: '审核申请' };

const approvalRoutes: AppRoute[] = [
  {
    path: 'goods/new-products-list',
    name: 'new-products-list',
    title: '新品申请',
    anchor: 'new-products-list',
    serverId: SECTION,
    page: () => import('./pages/new-products-list-page.tsx'),
  },
  apply({
    path: 'goods/add-new-products/:handleType?/:approvalCode?/:approveStatus?',
    name: 'add-new-products',
    title: ({ params }) => HANDLE_TITLES[params.handleType ?? 'add'] ?? '新品申请',
    page: () => import('./pages/new-products-add-page.tsx'),
  }),
  apply({
    path: 'goods/apply-goods/:handleType?',
    name: 'apply-goods',
    title: '申请新品',
    page: () => import('./pages/approval-apply-goods-page.tsx'),
  }),
  apply({ path: 'goods/apply-sku', name: 'apply-sku', title: 'SKU申请', page: () => import('./pages/approval-apply-sku-page.tsx') }),
  // 商户商品 (section 129) 新品申请: the same application pages, rendered with that section's addresses
  {
    path: 'merchant-goods-management/marchant-add-new-product',
    name: 'marchant-add-new-product',
    title: '新品申请',
    anchor: 'marchant-add-new-product',
    serverId: 129,
    page: () => import('./pages/marchant-add-new-product-page.tsx'),
  },
  {
    path: 'merchant-goods-management/marchant-apply-detail/:approvalCode?/:detail?',
    name: 'marchant-apply-detail',
    title: ({ params }) => (!params.approvalCode ? '新增申请' : params.detail ? '申请详情' : '编辑申请'),
    anchor: 'marchant-add-new-product',
    serverId: 129,
    activeMenu: MARCHANT_APPLY_LIST,
    page: () => import('./pages/marchant-apply-detail-page.tsx'),
  },
  {
    path: 'merchant-goods-management/marchant-apply-detail-pdf',
    name: 'marchant-apply-detail-pdf',
    title: '申请单',
    anchor: 'marchant-add-new-product',
    serverId: 129,
    activeMenu: MARCHANT_APPLY_LIST,
    page: () => import('./pages/marchant-apply-detail-pdf-page.tsx'),
  },
  {
    path: 'merchant-goods-management/public-goods-list',
    name: 'public-goods-list',
    title: '公共商品库',
    anchor: 'public-goods-list',
    serverId: 129,
    page: () => import('./pages/public-goods-list-page.tsx'),
  },
  {
    path: 'merchant-goods-management/record-list',
    name: 'record-list',
    title: '审核记录',
    anchor: 'record-list',
    serverId: 129,
    page: () => import('./pages/record-list-page.tsx'),
  },
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

export const routes: AppRoute[] = [
  ...libraryRoutes,
  ...goodsSpuRoutes,
  ...goodsChannelRoutes,
  ...approvalRoutes,
  ...supplyRoutes,
  // the wholesale mall (section 107): its pages reuse the goods pages' components (mall/)
  ...mallRoutes,
];
