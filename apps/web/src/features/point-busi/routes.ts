import type { AppRoute } from '../../platform/route-types.ts';

/** 点位公告 and 撤点管理 (spec section 121 点位管理), beside the point pages of features/point. */
const SECTION = 121;
const page = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SECTION, ...r });
export const BULLETIN_LIST = '/website/point-busi/point-manage-bulletin';
export const WITHDRAWAL_LIST = '/website/point-busi/back-point-management';
export const WITHDRAWAL_ADD = '/website/point-busi/back-point-add';
export const withdrawalDetailPath = (applyCode: string) => `/website/point-busi/back-point-detail/${applyCode}`;

export const routes: AppRoute[] = [
  page({
    path: 'point-busi/point-manage-bulletin',
    name: 'point-manage-bulletin',
    title: '点位公告',
    anchor: 'point-manage-bulletin',
    page: () => import('./pages/bulletin-list-page.tsx'),
  }),
  page({
    // the spec's bulletin-detail/{id}/{type}/{start}/{end?}
    path: 'point-busi/bulletin-detail/:id/:type/:start/:end?',
    name: 'bulletin-detail',
    title: '公告详情',
    anchor: 'point-manage-bulletin',
    activeMenu: BULLETIN_LIST,
    page: () => import('./pages/bulletin-detail-page.tsx'),
  }),
  page({
    path: 'point-busi/back-point-management',
    name: 'back-point-management',
    title: '撤点管理',
    anchor: 'back-point-management',
    page: () => import('./pages/withdrawal-list-page.tsx'),
  }),
  page({
    path: 'point-busi/back-point-add',
    name: 'back-point-add',
    title: '新增撤点申请',
    anchor: 'back-point-management',
    activeMenu: WITHDRAWAL_LIST,
    page: () => import('./pages/withdrawal-add-page.tsx'),
  }),
  page({
    path: 'point-busi/back-point-detail/:applyCode',
    name: 'back-point-detail',
    title: '撤点申请详情',
    anchor: 'back-point-management',
    activeMenu: WITHDRAWAL_LIST,
    page: () => import('./pages/withdrawal-detail-page.tsx'),
  }),
];
