import type { AppRoute } from '../../platform/route-types.ts';

/** Pages that need no login (spec §2). */
export const routes: AppRoute[] = [
  { path: '/login', name: 'login', title: '登录', public: true, page: () => import('./pages/login-page.tsx') },
  { path: '/register', name: 'register', title: '商户注册', public: true, page: () => import('./pages/register-page.tsx') },
  { path: '/find-password', name: 'find-password', title: '找回密码', public: true, page: () => import('./pages/find-password-page.tsx') },
  { path: '/auth-redirect', name: 'auth-redirect', title: '登录跳转', public: true, page: () => import('./pages/auth-redirect-page.tsx') },
  { path: '/acpable-app', name: 'acpable-app', title: '支持的应用', public: true, page: () => import('./pages/acpable-app-page.tsx') },
];
