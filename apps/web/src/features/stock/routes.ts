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
  // ---- 108 批发商库存: 库存管理, 库存编辑, 库存流水, 批发库存
  wholesaler({
    path: wholesalerPath('wholesaler-management-list'),
    name: 'wholesaler-management-list',
    title: '库存管理',
    anchor: 'wholesaler-management-list',
    page: () => import('./pages/wholesaler-management-list-page.tsx'),
  }),
  wholesaler({
    // ?skuId=… (else pick a SKU)
    path: wholesalerPath('wholesaler-editor-list'),
    name: 'wholesaler-editor-list',
    title: '库存编辑',
    anchor: 'wholesaler-management-list',
    activeMenu: `/website/${wholesalerPath('wholesaler-management-list')}`,
    page: () => import('./pages/wholesaler-editor-list-page.tsx'),
  }),
  wholesaler({
    path: wholesalerPath('wholesaler-water-list'),
    name: 'wholesaler-water-list',
    title: '库存流水',
    anchor: 'wholesaler-water-list',
    page: () => import('./pages/wholesaler-water-list-page.tsx'),
  }),
  wholesaler({
    path: wholesalerPath('goodsstock-lists'),
    name: 'goodsstock-lists',
    title: '批发库存',
    anchor: 'goodsstock-lists',
    page: () => import('./pages/goodsstock-lists-page.tsx'),
  }),
  // ---- 108 批发商库存: 库存管理 … end
  // ---- 105 智能柜库存: 补货单, 补货规则, 规则配置
  cabinet({
    path: cabinetPath('inventory-stockList-list'),
    name: 'inventory-stockList-list',
    title: '补货单',
    anchor: 'inventory-stockList-list',
    page: () => import('./pages/inventory-stockList-list-page.tsx'),
  }),
  cabinet({
    path: cabinetPath('inventory-stockList-detail/:orderCode'),
    name: 'inventory-stockList-detail',
    anchor: 'inventory-stockList-list',
    activeMenu: `/website/${cabinetPath('inventory-stockList-list')}`,
    title: ({ params }) => `补货单详情-${params.orderCode ?? ''}`,
    page: () => import('./pages/inventory-stockList-detail-page.tsx'),
  }),
  cabinet({
    path: cabinetPath('replenishment-rule'),
    name: 'replenishment-rule',
    title: '补货规则',
    anchor: 'replenishment-rule',
    page: () => import('./pages/replenishment-rule-page.tsx'),
  }),
  cabinet({
    path: cabinetPath('rule-configuration-list'),
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
  // ---- 123 前置仓: 实时库存, 库存流水
  entrepot({
    path: entrepotPath('entrepot-inventory-list'),
    name: 'entrepot-inventory-list',
    title: '实时库存',
    anchor: 'entrepot-inventory-list',
    page: () => import('./pages/entrepot-inventory-list-page.tsx'),
  }),
  entrepot({
    path: entrepotPath('entrepot-inventory-water'),
    name: 'entrepot-inventory-water',
    title: '库存流水',
    anchor: 'entrepot-inventory-water',
    page: () => import('./pages/entrepot-inventory-water-page.tsx'),
  }),
  // ---- 123 前置仓: 实时库存, 库存流水 end
  // ---- 105 智能柜库存: 实时库存, 库存流水
  cabinet({
    path: cabinetPath('container-inventory-management-list'),
    name: 'container-inventory-management-list',
    title: '实时库存',
    anchor: 'container-inventory-management-list',
    page: () => import('./pages/container-inventory-management-list-page.tsx'),
  }),
  cabinet({
    path: cabinetPath('container-inventory-water-list'),
    name: 'container-inventory-water-list',
    title: '库存流水',
    anchor: 'container-inventory-water-list',
    page: () => import('./pages/container-inventory-water-list-page.tsx'),
  }),
  // ---- 105 智能柜库存 end
  // ---- 128 本地库存 (门店库存): 库存列表, 详情, 新增 / 编辑, 库存报表
  local({
    path: localPath('inventory-management-local-list'),
    name: 'inventory-management-local-list',
    title: '库存列表',
    anchor: 'inventory-management-local-list',
    page: () => import('./pages/inventory-management-local-list-page.tsx'),
  }),
  local({
    // ?id=… or ?storeCode=…&skuId=…
    path: localPath('inventory-management-local-detail'),
    name: 'inventory-management-local-detail',
    title: '门店库存详情',
    anchor: 'inventory-management-local-list',
    activeMenu: `/website/${localPath('inventory-management-local-list')}`,
    page: () => import('./pages/inventory-management-local-detail-page.tsx'),
  }),
  local({
    // no id: 新增门店库存; an id: 编辑 that balance
    path: localPath('inventory-edit/:id?'),
    name: 'inventory-edit',
    title: ({ params }: TitleContext) => (params.id ? '编辑门店库存' : '新增门店库存'),
    anchor: 'inventory-management-local-list',
    activeMenu: `/website/${localPath('inventory-management-local-list')}`,
    page: () => import('./pages/inventory-edit-page.tsx'),
  }),
  local({
    path: localPath('inventory-management-statement'),
    name: 'inventory-management-statement',
    title: '库存报表',
    anchor: 'inventory-management-statement',
    page: () => import('./pages/inventory-management-statement-page.tsx'),
  }),
  // ---- 128 本地库存 end
  // ---- 123 前置仓: 入库单 / 退货单 (the warehouse picked per order)
  entrepot({
    path: entrepotPath('entrepot-entry-list'),
    name: 'entrepot-entry-list',
    title: '入库单',
    anchor: 'entrepot-entry-list',
    page: () => import('./pages/entrepot-entry-list-page.tsx'),
  }),
  entrepot({
    path: entrepotPath('entrepot-entry-detail/:orderCode'),
    name: 'entrepot-entry-detail',
    anchor: 'entrepot-entry-list',
    activeMenu: '/website/entrepot/entrepot-entry-list',
    title: orderDetailTitle,
    page: () => import('./pages/entrepot-entry-detail-page.tsx'),
  }),
  entrepot({
    // ?orderCode=…: edit a draft; else a new 入库单
    path: entrepotPath('entrepot-entry-edit'),
    name: 'entrepot-entry-edit',
    anchor: 'entrepot-entry-list',
    activeMenu: '/website/entrepot/entrepot-entry-list',
    title: orderEditTitle,
    page: () => import('./pages/entrepot-entry-edit-page.tsx'),
  }),
  entrepot({
    path: entrepotPath('entrepot-returned-list'),
    name: 'entrepot-returned-list',
    title: '退货单',
    anchor: 'entrepot-returned-list',
    page: () => import('./pages/entrepot-returned-list-page.tsx'),
  }),
  entrepot({
    path: entrepotPath('entrepot-returned-detail/:orderCode'),
    name: 'entrepot-returned-detail',
    anchor: 'entrepot-returned-list',
    activeMenu: '/website/entrepot/entrepot-returned-list',
    title: orderDetailTitle,
    page: () => import('./pages/entrepot-returned-detail-page.tsx'),
  }),
  entrepot({
    // ?orderCode=…: edit a draft; else a new 退货单
    path: entrepotPath('entrepot-returned-edit'),
    name: 'entrepot-returned-edit',
    anchor: 'entrepot-returned-list',
    activeMenu: '/website/entrepot/entrepot-returned-list',
    title: returnEditTitle,
    page: () => import('./pages/entrepot-returned-edit-page.tsx'),
  }),
  // ---- 123 前置仓: 入库单 / 退货单 end
  // ---- 105 智能柜库存: 盘点单
  cabinet({
    path: cabinetPath('check-stockList-list'),
    name: 'check-stockList-list',
    title: '盘点单',
    anchor: 'check-stockList-list',
    page: () => import('./pages/stocktake-list-page.tsx'),
  }),
  cabinet({
    path: cabinetPath('check-stockList-detail/:stocktakeCode'),
    name: 'check-stockList-detail',
    anchor: 'check-stockList-list',
    activeMenu: '/website/container-stock/check-stockList-list',
    title: ({ params }) => `盘点单详情-${params.stocktakeCode ?? ''}`,
    page: () => import('./pages/stocktake-detail-page.tsx'),
  }),
  // ---- 105 智能柜库存: 盘点单 end
];

// 123 前置仓 (entrepot): the front warehouses and their owners, their stock documents, stock and movements. Function
// declarations (hoisted), as the routes array above is built before any const below it would be initialised.
function entrepot(r: Omit<AppRoute, 'serverId'>): AppRoute {
  return { serverId: 123, ...r };
}
function entrepotPath(route: string) {
  return `entrepot/${route}`;
}

// 105 智能柜库存 (container-stock): cabinet slots' stock and movements, replenishment and stocktakes.
function cabinet(r: Omit<AppRoute, 'serverId'>): AppRoute {
  return { serverId: 105, ...r };
}
function cabinetPath(route: string) {
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

// 128 本地库存 (inventory-management-local): the stores' stock and its statement.
function local(r: Omit<AppRoute, 'serverId'>): AppRoute {
  return { serverId: 128, ...r };
}
function localPath(route: string) {
  return `inventory-management-local/${route}`;
}
/** 前置仓 · 退货单: the page keeps returns only. */
function returnEditTitle({ search }: TitleContext) {
  const code = search.get('orderCode');
  return code ? `编辑${orderWord(code)}` : '新建退货单';
}
