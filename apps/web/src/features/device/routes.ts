import type { AppRoute } from '../../platform/route-types.ts';

/** Devices (spec section 120 设备管理), under /website/device-management like the server menu's route paths. */
const SECTION = 120;
const page = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SECTION, ...r });
export const DEVICE_LIST = '/website/device-management/device-list';
export const ACTIVATION_LIST = '/website/device-management/device-active-application';
export const ACTIVATION_ADD = '/website/device-management/application-add';
export const activationDetailPath = (applyCode: string) => `/website/device-management/application-detail/${applyCode}`;

export const routes: AppRoute[] = [
  page({
    path: 'device-management/device-list',
    name: 'device-list',
    title: '设备列表',
    anchor: 'device-list',
    page: () => import('./pages/device-list-page.tsx'),
  }),
  page({
    path: 'device-management/device-detail/:deviceCode',
    name: 'device-detail',
    title: '设备详情',
    anchor: 'device-list',
    activeMenu: DEVICE_LIST,
    page: () => import('./pages/device-detail-page.tsx'),
  }),
  page({
    path: 'device-management/device-active-application',
    name: 'device-active-application',
    title: '激活申请',
    anchor: 'device-active-application',
    page: () => import('./pages/activation-list-page.tsx'),
  }),
  page({
    path: 'device-management/application-add',
    name: 'application-add',
    title: '新增激活申请',
    anchor: 'device-active-application',
    activeMenu: ACTIVATION_LIST,
    page: () => import('./pages/activation-add-page.tsx'),
  }),
  page({
    path: 'device-management/application-detail/:applyCode',
    name: 'application-detail',
    title: '激活申请详情',
    anchor: 'device-active-application',
    activeMenu: ACTIVATION_LIST,
    page: () => import('./pages/activation-detail-page.tsx'),
  }),
];
