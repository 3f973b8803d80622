import type { AppRoute } from '../../platform/route-types.ts';
import { FINANCE_SECTION, SETTLEMENT_PAGES, type SettlementPage } from './settlement-paths.ts';

/**
 * 分账 and 结算 (section 106, docs/finance.md "分账", "结算"): 分账明细, 柜主分账, 待结算账单, 项目账单, 商城分账明细 and
 * 收入明细 — each a menu page at the path the menu catalogue gives its anchor, named by its anchor. 柜主分账 and 收入明细
 * keep the anchors the platform hides them by (spec §6: from a container owner's account, from a 柜主 role).
 */
const page = (key: SettlementPage, load: AppRoute['page']): AppRoute => {
  const p = SETTLEMENT_PAGES[key];
  return { serverId: FINANCE_SECTION, path: p.path, name: p.anchor, title: p.title, anchor: p.anchor, page: load };
};

export const routes: AppRoute[] = [
  page('subledger', () => import('./pages/capital-subledger-page.tsx')),
  page('containerSubledger', () => import('./pages/container-subledger-page.tsx')),
  page('waitSettled', () => import('./pages/wait-settled-bill-page.tsx')),
  page('billRecord', () => import('./pages/project-bill-record-page.tsx')),
  page('mallSubledger', () => import('./pages/mall-subledger-page.tsx')),
  page('deviceIncome', () => import('./pages/device-income-page.tsx')),
];
