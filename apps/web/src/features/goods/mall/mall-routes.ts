import type { AppRoute } from '../../../platform/route-types.ts';

/** Wholesale mall (spec section 107 批发商城), under /website/mall like the server menu's route paths. */
const SECTION = 107;
const page = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SECTION, ...r });
const GOODS_LIST = '/website/mall/mall-standard-product-list';
const SKU_LIST = '/website/mall/mall-sku-list';
const APPLY_LIST = '/website/mall/mall-add-new-product';
const HANDLE: Record<string, string> = { add: '新增', edit: '编辑', view: '查看' };

export const mallRoutes: AppRoute[] = [
  page({
    path: 'mall/mall-standard-product-list',
    name: 'mall-standard-product-list',
    title: '标准商品',
    anchor: 'mall-standard-product-list',
    page: () => import('./pages/mall-goods-list-page.tsx'),
  }),
  page({
    // the spec's "standard product list with edit/{spuId}"
    path: 'mall/edit/:spuId',
    name: 'mall-edit',
    title: '编辑商城商品',
    anchor: 'mall-standard-product-list',
    activeMenu: GOODS_LIST,
    page: () => import('./pages/mall-goods-edit-page.tsx'),
  }),
  page({
    path: 'mall/mall-salesmanagement-list',
    name: 'mall-salesmanagement-list',
    title: '销售管理',
    anchor: 'mall-salesmanagement-list',
    page: () => import('./pages/mall-sales-list-page.tsx'),
  }),
  page({
    path: 'mall/mall-sku-list',
    name: 'mall-sku-list',
    title: 'SKU管理',
    anchor: 'mall-sku-list',
    page: () => import('./pages/mall-sku-list-page.tsx'),
  }),
  page({
    // add a SKU to the mall SPU spuId (goodsId: a SKU to view)
    path: 'mall/mall-add-sku/:handleType/:spuId/:goodsId?',
    name: 'mall-add-sku',
    anchor: 'mall-sku-list',
    activeMenu: SKU_LIST,
    title: ({ params }) => `${HANDLE[params.handleType ?? 'add'] ?? '查看'}商城SKU`,
    page: () => import('./pages/mall-sku-form-page.tsx'),
  }),
  page({
    // a SKU's wholesale breaks: edit / view skuId (add: under spuId)
    path: 'mall/wholesale-add-sku/:handleType/:spuId?/:goodsId?/:skuId?',
    name: 'wholesale-add-sku',
    anchor: 'mall-sku-list',
    activeMenu: SKU_LIST,
    title: ({ params }) => `${HANDLE[params.handleType ?? 'view'] ?? '查看'}批发价`,
    page: () => import('./pages/mall-sku-form-page.tsx'),
  }),
  page({
    path: 'mall/mall-add-new-product',
    name: 'mall-add-new-product',
    title: '新品申请',
    anchor: 'mall-add-new-product',
    page: () => import('./pages/mall-apply-list-page.tsx'),
  }),
  page({
    path: 'mall/mall-apply-detail/:approvalCode?/:detail?',
    name: 'mall-apply-detail',
    anchor: 'mall-add-new-product',
    activeMenu: APPLY_LIST,
    title: ({ params }) => (!params.approvalCode ? '商城新品申请' : params.detail ? '申请详情' : '编辑申请'),
    page: () => import('./pages/mall-apply-detail-page.tsx'),
  }),
  page({
    path: 'mall/mall-apply-sku',
    name: 'mall-apply-sku',
    title: '商城SKU申请',
    anchor: 'mall-add-new-product',
    activeMenu: APPLY_LIST,
    page: () => import('./pages/mall-apply-sku-page.tsx'),
  }),
  page({
    path: 'mall/mall-apply-detail-pdf',
    name: 'mall-apply-detail-pdf',
    title: '申请单PDF',
    anchor: 'mall-add-new-product',
    activeMenu: APPLY_LIST,
    page: () => import('./pages/mall-apply-pdf-page.tsx'),
  }),
];
