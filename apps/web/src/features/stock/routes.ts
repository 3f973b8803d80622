import type { AppRoute } from '../../platform/route-types.ts';

/**
 * 库存 (issue 15, docs/stock.md): every stock page on the one stock ledger — the hub warehouse 库存中心 (section 103),
 * cabinet stock (105), wholesaler stock (108), front warehouses (123, entrepot) and store stock (128).
 */
const HUB = 103;
const HUB_BASE = 'inventory';
export const hub = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: HUB, ...r });
export const hubPath = (route: string) => `${HUB_BASE}/${route}`;
const WHOLESALER = 108;
const WHOLESALER_BASE = 'wholesaler';
export const wholesaler = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: WHOLESALER, ...r });
export const wholesalerPath = (route: string) => `${WHOLESALER_BASE}/${route}`;

export const routes: AppRoute[] = [
  // ---- 103 库存中心: balances, 库存编辑, 库存流水, 商品库存
  // ---- 103 库存中心: 入库管理 (入库单)
  hub({
    path: hubPath('inventory-add-list'),
    name: 'inventory-add-list',
    title: '入库管理',
    anchor: 'inventory-add-list',
    page: () => import('./pages/inventory-add-list-page.tsx'),
  }),
  hub({
    path: hubPath('inventory-add-detail/:orderCode'),
    name: 'inventory-add-detail',
    anchor: 'inventory-add-list',
    activeMenu: '/website/inventory/inventory-add-list',
    title: ({ params }) => `${params.orderCode?.startsWith('TH') ? '退货单' : '入库单'}详情-${params.orderCode ?? ''}`,
    page: () => import('./pages/inventory-add-detail-page.tsx'),
  }),
  hub({
    // ?type=inbound|return: a new order; ?orderCode=…: edit a draft
    path: hubPath('inventory-add-edit'),
    name: 'inventory-add-edit',
    anchor: 'inventory-add-list',
    activeMenu: '/website/inventory/inventory-add-list',
    title: ({ search }) => {
      const code = search.get('orderCode');
      if (code) return `编辑${code.startsWith('TH') ? '退货单' : '入库单'}`;
      return search.get('type') === 'return' ? '新建退货单' : '新建入库单';
    },
    page: () => import('./pages/inventory-add-edit-page.tsx'),
  }),
  // ---- 103 库存中心: 入库管理 end
  // ---- 108 批发商库存: 入库管理 (入库单)
  wholesaler({
    path: wholesalerPath('wholesaler-add-list'),
    name: 'wholesaler-add-list',
    title: '入库管理',
    anchor: 'wholesaler-add-list',
    page: () => import('./pages/wholesaler-add-list-page.tsx'),
  }),
  wholesaler({
    path: wholesalerPath('wholesaler-add-detail/:orderCode'),
    name: 'wholesaler-add-detail',
    anchor: 'wholesaler-add-list',
    activeMenu: '/website/wholesaler/wholesaler-add-list',
    title: ({ params }) => `${params.orderCode?.startsWith('TH') ? '退货单' : '入库单'}详情-${params.orderCode ?? ''}`,
    page: () => import('./pages/wholesaler-add-detail-page.tsx'),
  }),
  wholesaler({
    // ?type=inbound|return: a new order; ?orderCode=…: edit a draft
    path: wholesalerPath('wholesaler-add-edit'),
    name: 'wholesaler-add-edit',
    anchor: 'wholesaler-add-list',
    activeMenu: '/website/wholesaler/wholesaler-add-list',
    title: ({ search }) => {
      const code = search.get('orderCode');
      if (code) return `编辑${code.startsWith('TH') ? '退货单' : '入库单'}`;
      return search.get('type') === 'return' ? '新建退货单' : '新建入库单';
    },
    page: () => import('./pages/wholesaler-add-edit-page.tsx'),
  }),
  // ---- 108 批发商库存: 入库管理 end
];
