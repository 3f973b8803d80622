import type { AppRoute, TitleContext } from '../../platform/route-types.ts';

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
    title: orderDetailTitle,
    page: () => import('./pages/inventory-add-detail-page.tsx'),
  }),
  hub({
    // ?type=inbound|return: a new order; ?orderCode=…: edit a draft
    path: hubPath('inventory-add-edit'),
    name: 'inventory-add-edit',
    anchor: 'inventory-add-list',
    activeMenu: '/website/inventory/inventory-add-list',
    title: orderEditTitle,
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
    title: orderDetailTitle,
    page: () => import('./pages/wholesaler-add-detail-page.tsx'),
  }),
  wholesaler({
    // ?type=inbound|return: a new order; ?orderCode=…: edit a draft
    path: wholesalerPath('wholesaler-add-edit'),
    name: 'wholesaler-add-edit',
    anchor: 'wholesaler-add-list',
    activeMenu: '/website/wholesaler/wholesaler-add-list',
    title: orderEditTitle,
    page: () => import('./pages/wholesaler-add-edit-page.tsx'),
  }),
  // ---- 108 批发商库存: 入库管理 end
  // ---- 105 智能柜库存: 补货单, 补货规则, 规则配置
  container({
    path: containerPath('inventory-stockList-list'),
    name: 'inventory-stockList-list',
    title: '补货单',
    anchor: 'inventory-stockList-list',
    page: () => import('./pages/inventory-stockList-list-page.tsx'),
  }),
  container({
    path: containerPath('inventory-stockList-detail/:orderCode'),
    name: 'inventory-stockList-detail',
    anchor: 'inventory-stockList-list',
    activeMenu: `/website/${containerPath('inventory-stockList-list')}`,
    title: ({ params }) => `补货单详情-${params.orderCode ?? ''}`,
    page: () => import('./pages/inventory-stockList-detail-page.tsx'),
  }),
  container({
    path: containerPath('replenishment-rule'),
    name: 'replenishment-rule',
    title: '补货规则',
    anchor: 'replenishment-rule',
    page: () => import('./pages/replenishment-rule-page.tsx'),
  }),
  container({
    path: containerPath('rule-configuration-list'),
    name: 'rule-configuration-list',
    title: '规则配置',
    anchor: 'rule-configuration-list',
    page: () => import('./pages/rule-configuration-list-page.tsx'),
  }),
  // ---- 105 智能柜库存 end
  // ---- 123 前置仓
  entrepot({
    path: entrepotPath('entrepot-owner-list'),
    name: 'entrepot-owner-list',
    title: '仓主管理',
    anchor: 'entrepot-owner-list',
    page: () => import('./pages/entrepot-owner-list-page.tsx'),
  }),
];

// 123 前置仓 (entrepot): the front warehouses and their owners, their stock documents, stock and movements. Function
// declarations (hoisted), as the routes array above is built before any const below it would be initialised.
function entrepot(r: Omit<AppRoute, 'serverId'>): AppRoute {
  return { serverId: 123, ...r };
}
function entrepotPath(route: string) {
  return `entrepot/${route}`;
}

// 105 智能柜库存 (container-stock): cabinet slots' stock, movements, replenishment and stocktakes.
function container(r: Omit<AppRoute, 'serverId'>): AppRoute {
  return { serverId: 105, ...r };
}
function containerPath(route: string) {
  return `container-stock/${route}`;
}

// 入库管理 (103 and 108): a 退货单's code starts with TH (STOCK_DOC_TYPES), an 入库单's with RK.
function orderWord(code: string | null | undefined) {
  return code?.startsWith('TH') ? '退货单' : '入库单';
}
function orderDetailTitle({ params }: TitleContext) {
  return `${orderWord(params.orderCode)}详情-${params.orderCode ?? ''}`;
}
/** ?type=inbound|return: a new order; ?orderCode=…: edit a draft. */
function orderEditTitle({ search }: TitleContext) {
  const code = search.get('orderCode');
  if (code) return `编辑${orderWord(code)}`;
  return search.get('type') === 'return' ? '新建退货单' : '新建入库单';
}
