import { MENU_IDS } from '@merchant/contracts';
import type { AppRoute } from '../../platform/route-types.ts';

export const routes: AppRoute[] = [
  {
    path: 'home',
    name: 'home',
    title: '首页',
    icon: 'HomeOutlined',
    anchor: 'home',
    serverId: MENU_IDS.home,
    page: () => import('./pages/home-page.tsx'),
  },
];
