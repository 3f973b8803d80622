import type { AppRoute } from '../../platform/route-types.ts';

/** Merchant basic settings (spec section 100), under /website/basic like the server menu's route paths. */
const SECTION = 100;
const page = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SECTION, ...r });

const SHOP_LIST = '/website/basic/shop-management-list';

const SETTLE = '/website/basic/settle-apply';
const settleStep = (path: string, title: string, load: AppRoute['page']): AppRoute =>
  page({ path: `basic/${path}`, name: path, title, anchor: 'settle-apply', activeMenu: SETTLE, page: load });

export const routes: AppRoute[] = [
  page({
    path: 'basic/settle-apply',
    name: 'settle-apply',
    title: '入驻申请',
    anchor: 'settle-apply',
    page: () => import('./pages/settle-apply-page.tsx'),
  }),
  settleStep('settle-apply-person-bus', '主体信息', () => import('./pages/settle-apply-person-bus-page.tsx')),
  settleStep('bus-line', '业务线', () => import('./pages/bus-line-page.tsx')),
  settleStep('submit-apply', '提交申请', () => import('./pages/submit-apply-page.tsx')),
  settleStep('apply-result', '审核结果', () => import('./pages/apply-result-page.tsx')),
  page({
    path: 'basic/apply-record',
    name: 'apply-record',
    title: '申请记录',
    anchor: 'apply-record',
    page: () => import('./pages/apply-record-page.tsx'),
  }),
  page({
    path: 'basic/shop-management-list',
    name: 'shop-management-list',
    title: '门店管理',
    anchor: 'shop-management-list',
    page: () => import('./pages/shop-management-list-page.tsx'),
  }),
  page({
    path: 'basic/shop-management-add/:type/:storeCode?',
    name: 'shop-management-add',
    anchor: 'shop-management-list',
    activeMenu: SHOP_LIST,
    title: ({ params }) => (params.type === 'edit' ? '编辑门店' : '新增门店'),
    page: () => import('./pages/shop-management-add-page.tsx'),
  }),
  page({
    path: 'basic/shop-management-edit/:storeCode?',
    name: 'shop-management-edit',
    title: '门店详情',
    anchor: 'shop-management-list',
    activeMenu: SHOP_LIST,
    page: () => import('./pages/shop-management-edit-page.tsx'),
  }),
  page({
    path: 'basic/change-view',
    name: 'change-view',
    title: '信息变更',
    anchor: 'change-view',
    page: () => import('./pages/change-view-page.tsx'),
  }),
  page({
    path: 'basic/change-business/:merchantId',
    name: 'change-business',
    title: '申请变更',
    anchor: 'change-view',
    activeMenu: '/website/basic/change-view',
    page: () => import('./pages/change-business-page.tsx'),
  }),
  page({
    path: 'basic/contract-list',
    name: 'contract-list',
    title: '合同管理',
    anchor: 'contract-list',
    page: () => import('./pages/contract-list-page.tsx'),
  }),
  page({
    path: 'basic/account-setting',
    name: 'account-setting',
    title: '账户设置',
    anchor: 'account-setting',
    page: () => import('./pages/account-setting-page.tsx'),
  }),
  page({
    path: 'basic/information-detail',
    name: 'information-detail',
    title: '商户信息',
    anchor: 'information-detail',
    page: () => import('./pages/information-detail-page.tsx'),
  }),
  page({
    path: 'basic/user-list',
    name: 'user-list',
    title: '门店员工',
    anchor: 'user-list',
    page: () => import('./pages/user-list-page.tsx'),
  }),
];
