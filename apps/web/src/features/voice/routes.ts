import type { AppRoute } from '../../platform/route-types.ts';

/** Value-added services (spec section 126 增值服务): 语音提醒, a page without padding (spec §2). */
export const routes: AppRoute[] = [
  {
    serverId: 126,
    path: 'appreciation-service/voice-service',
    name: 'voice-service',
    title: '语音提醒',
    anchor: 'voice-service',
    noPadding: true,
    page: () => import('./pages/voice-service-page.tsx'),
  },
];
