import type { AppRoute } from '../../platform/route-types.ts';
import { COLLECTION_PAGES, FINANCE_SECTION, type CollectionPage } from './collection-paths.ts';

/**
 * 收款设置 (section 106, docs/finance.md "收款设置"): how the merchant collects (收款设置), the 分账协议 that give a cabinet's
 * owner a share of its sales or a consigning supplier its price per unit sold, and whether collecting is fully set up
 * (开通状态) — each a page at /website/finance/<anchor>, named by its anchor.
 */
const page = (key: CollectionPage, load: AppRoute['page']): AppRoute => {
  const p = COLLECTION_PAGES[key];
  return { serverId: FINANCE_SECTION, path: p.path, name: p.anchor, title: p.title, anchor: p.anchor, page: load };
};

export const routes: AppRoute[] = [
  page('setting', () => import('./pages/collection-setting-page.tsx')),
  page('agreement', () => import('./pages/agreement-page.tsx')),
  page('status', () => import('./pages/collection-status-page.tsx')),
];
