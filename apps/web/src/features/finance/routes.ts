import type { AppRoute } from '../../platform/route-types.ts';
import {
  CAPITAL_LIST_ANCHOR,
  CAPITAL_LIST_PATH,
  SMART_CAPITAL_LIST_ANCHOR,
  SMART_CAPITAL_LIST_PATH,
  SUPPLIER_CAPITAL_LIST_ANCHOR,
  SUPPLIER_CAPITAL_LIST_PATH,
} from './finance-paths.ts';

/**
 * 资金账户 (section 106 财务管理, docs/finance.md): the parties' balances (资金账户, 供应商资金, 智能柜供应商资金), an
 * account's detail with 申请提现 and 冻结资金, its 资金流水 (keyset), 银行卡 and 冻结记录. The account pages (…/:id, id
 * the party's code FP########) open from any of the three lists and keep the first of them the role holds active.
 */
const SECTION = 106;
const BASE = 'finance';
const section = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SECTION, ...r });

/** An account's page: opened from any of the three lists. */
const accountPage = (page: string, title: string, load: AppRoute['page']): AppRoute =>
  section({
    path: `${BASE}/${page}/:id`,
    name: page,
    // the code in the title: two accounts open side by side are two tabs one can tell apart
    title: ({ params }) => `${title}-${params.id ?? ''}`,
    anchor: CAPITAL_LIST_ANCHOR,
    alsoAnchors: [SUPPLIER_CAPITAL_LIST_ANCHOR, SMART_CAPITAL_LIST_ANCHOR],
    activeMenu: [CAPITAL_LIST_PATH, SUPPLIER_CAPITAL_LIST_PATH, SMART_CAPITAL_LIST_PATH],
    page: load,
  });

export const routes: AppRoute[] = [
  section({
    path: `${BASE}/capital-list`,
    name: CAPITAL_LIST_ANCHOR,
    title: '资金账户',
    anchor: CAPITAL_LIST_ANCHOR,
    page: () => import('./pages/capital-list-page.tsx'),
  }),
  section({
    path: `${BASE}/capital-list-supplier`,
    name: SUPPLIER_CAPITAL_LIST_ANCHOR,
    title: '供应商资金',
    anchor: SUPPLIER_CAPITAL_LIST_ANCHOR,
    page: () => import('./pages/supplier-capital-list-page.tsx'),
  }),
  section({
    path: `${BASE}/capital-list-supplier-smart-container`,
    name: SMART_CAPITAL_LIST_ANCHOR,
    title: '智能柜供应商资金',
    anchor: SMART_CAPITAL_LIST_ANCHOR,
    page: () => import('./pages/smart-capital-list-page.tsx'),
  }),
  accountPage('capital-detail', '资金账户详情', () => import('./pages/capital-detail-page.tsx')),
  accountPage('capital-record', '资金流水', () => import('./pages/capital-record-page.tsx')),
  accountPage('capital-card', '银行卡', () => import('./pages/capital-card-page.tsx')),
  accountPage('capital-frozen', '冻结记录', () => import('./pages/capital-frozen-page.tsx')),
];
