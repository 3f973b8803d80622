import type { AppRoute } from '../../platform/route-types.ts';
import { accountHandleTitle, roleHandleTitle } from './role-helpers.ts';

/** User management (spec section 115), its logs included. Paths are relative to /website. */
const USER_MANAGEMENT = 115;

export const routes: AppRoute[] = [
  {
    path: 'system/organization-list',
    name: 'organization-list',
    title: '组织管理',
    anchor: 'organization-list',
    serverId: USER_MANAGEMENT,
    page: () => import('./pages/organization-list-page.tsx'),
  },
  {
    path: 'system/role-management',
    name: 'role-management',
    title: '角色管理',
    anchor: 'role-management',
    serverId: USER_MANAGEMENT,
    page: () => import('./pages/role-list-page.tsx'),
  },
  {
    path: 'system/role-management-add/:type/:id?/:organizationName?',
    name: 'role-management-add',
    title: ({ params }) => roleHandleTitle(params.type),
    anchor: 'role-management',
    serverId: USER_MANAGEMENT,
    activeMenu: '/website/system/role-management',
    page: () => import('./pages/role-handle-page.tsx'),
  },
  {
    path: 'system/account-list',
    name: 'account-list',
    title: '账号管理',
    anchor: 'account-list',
    serverId: USER_MANAGEMENT,
    page: () => import('./pages/account-list-page.tsx'),
  },
  {
    path: 'system/account-handle/:type?/:roleId?/:managerId?',
    name: 'account-handle',
    title: ({ params }) => accountHandleTitle(params.type),
    anchor: 'account-list',
    serverId: USER_MANAGEMENT,
    activeMenu: '/website/system/account-list',
    page: () => import('./pages/account-handle-page.tsx'),
  },
  {
    path: 'stock-management/account',
    name: 'stock-management-account',
    title: '用户账号',
    anchor: 'stock-management-account',
    serverId: USER_MANAGEMENT,
    page: () => import('./pages/stock-account-page.tsx'),
  },
  // The logs of user management.
  {
    path: 'system/operation-log',
    name: 'operation-log',
    title: '操作日志',
    anchor: 'operation-log',
    serverId: USER_MANAGEMENT,
    page: () => import('./pages/operation-log-page.tsx'),
  },
  {
    path: 'system/login-log',
    name: 'login-log',
    title: '登录日志',
    anchor: 'login-log',
    serverId: USER_MANAGEMENT,
    page: () => import('./pages/login-log-page.tsx'),
  },
];
