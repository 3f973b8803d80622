import { MENU_IDS } from '@merchant/contracts';
import type { AppRoute } from '../../platform/route-types.ts';

/** 文件管理 (the client's own menu section 4000/4001, open to every signed-in account). Paths are relative to /website. */
export const routes: AppRoute[] = [
  {
    path: 'fileManage/export-file',
    name: 'export-file',
    title: '导出文件',
    anchor: 'export-file',
    serverId: MENU_IDS.fileSection,
    page: () => import('./pages/export-file-page.tsx'),
  },
];
