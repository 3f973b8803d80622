import type { AppRoute } from '../../platform/route-types.ts';

/** Logs under user management (section 115). Paths are relative to /website. */
export const routes: AppRoute[] = [
  {
    path: 'system/operation-log',
    name: 'operation-log',
    title: '操作日志',
    anchor: 'operation-log',
    serverId: 115,
    page: () => import('./pages/operation-log-page.tsx'),
  },
  {
    path: 'system/login-log',
    name: 'login-log',
    title: '登录日志',
    anchor: 'login-log',
    serverId: 115,
    page: () => import('./pages/login-log-page.tsx'),
  },
];
