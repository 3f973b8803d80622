import type { AppRoute } from '../../platform/route-types.ts';

export const routes: AppRoute[] = [
  { path: '/health', name: 'health', title: '检测', public: true, page: () => import('./pages/health-page.tsx') },
];
