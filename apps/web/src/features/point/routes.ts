import type { AppRoute } from '../../platform/route-types.ts';

/**
 * Points (点位): 位置管理 under 设备管理 (spec section 120) and 点位经营 / 点位列表 / 点位日志 (section 121), one
 * feature because they share the point and its pages.
 */
const LOCATION_LIST = '/website/device-management/location-management';
const POINT_MANAGE = '/website/point-busi/point-manage';
const HANDLE_TITLE: Record<string, string> = { add: '新增位置', edit: '编辑位置', view: '查看位置' };

export const routes: AppRoute[] = [
  {
    serverId: 120,
    path: 'device-management/location-management',
    name: 'location-management',
    title: '位置管理',
    anchor: 'location-management',
    page: () => import('./pages/location-management-page.tsx'),
  },
  {
    serverId: 120,
    // the spec's location-detail/{id?}/{handleType}: /add, /:id/edit, /:id/view
    path: 'device-management/location-detail/:id?/:handleType',
    name: 'location-detail',
    title: ({ params }) => HANDLE_TITLE[params.handleType ?? 'view'] ?? '查看位置',
    anchor: 'location-management',
    activeMenu: LOCATION_LIST,
    page: () => import('./pages/location-detail-page.tsx'),
  },
  {
    serverId: 120,
    path: 'device-management/location-devices-list/:id',
    name: 'location-devices-list',
    title: '位置设备',
    anchor: 'location-management',
    activeMenu: LOCATION_LIST,
    page: () => import('./pages/location-devices-list-page.tsx'),
  },
  {
    serverId: 120,
    path: 'device-management/bind-devices/:id',
    name: 'bind-devices',
    title: '绑定设备',
    anchor: 'location-management',
    activeMenu: LOCATION_LIST,
    page: () => import('./pages/bind-devices-page.tsx'),
  },
  {
    serverId: 121,
    path: 'point-busi/point-manage',
    name: 'point-manage',
    title: '点位经营',
    anchor: 'point-manage',
    page: () => import('./pages/point-manage-page.tsx'),
  },
  {
    serverId: 121,
    path: 'point-busi/point-detail/:id',
    name: 'point-detail',
    title: '点位详情',
    anchor: 'point-manage',
    activeMenu: POINT_MANAGE,
    page: () => import('./pages/point-detail-page.tsx'),
  },
  {
    serverId: 121,
    path: 'address/address-list',
    name: 'address-list',
    title: '点位列表',
    anchor: 'address-list',
    page: () => import('./pages/address-list-page.tsx'),
  },
  {
    serverId: 121,
    path: 'address/address-log',
    name: 'address-log',
    title: '点位日志',
    anchor: 'address-log',
    page: () => import('./pages/address-log-page.tsx'),
  },
];
