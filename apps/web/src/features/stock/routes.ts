import type { AppRoute } from '../../platform/route-types.ts';

/**
 * 库存 (issue 15, docs/stock.md): every stock page on the one stock ledger — the hub warehouse 库存中心 (section 103),
 * cabinet stock (105), wholesaler stock (108), front warehouses (123, entrepot) and store stock (128).
 */
const HUB = 103;
const HUB_BASE = 'inventory';
export const hub = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: HUB, ...r });
export const hubPath = (route: string) => `${HUB_BASE}/${route}`;

export const routes: AppRoute[] = [
  // ---- 103 库存中心: balances, 库存编辑, 库存流水, 商品库存
  hub({
    path: hubPath('inventory-management-list'),
    name: 'inventory-management-list',
    title: '库存管理',
    anchor: 'inventory-management-list',
    page: () => import('./pages/inventory-management-list-page.tsx'),
  }),
  hub({
    // ?skuId=… (else pick a SKU)
    path: hubPath('inventory-editor-list'),
    name: 'inventory-editor-list',
    title: '库存编辑',
    anchor: 'inventory-management-list',
    activeMenu: `/website/${hubPath('inventory-management-list')}`,
    page: () => import('./pages/inventory-editor-list-page.tsx'),
  }),
  hub({
    path: hubPath('inventory-water-list'),
    name: 'inventory-water-list',
    title: '库存流水',
    anchor: 'inventory-water-list',
    page: () => import('./pages/inventory-water-list-page.tsx'),
  }),
  hub({
    path: hubPath('goodsstock-list'),
    name: 'goodsstock-list',
    title: '商品库存',
    anchor: 'goodsstock-list',
    page: () => import('./pages/goodsstock-list-page.tsx'),
  }),
  // ---- 103 库存中心: 入库管理 (入库单)
];
