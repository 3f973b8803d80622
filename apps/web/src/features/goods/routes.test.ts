import { describe, expect, it } from 'vitest';
import type { AppRoute, TitleContext } from '../../platform/route-types.ts';
import { routePathByAnchor } from '../../platform/use-menu.ts';
import { routes } from './routes.ts';

// Issue 12 (goods catalogue, sections 102, 107, 113 and 审核记录): every route the issue lists exists under
// /website, is lazy and titled (the spec's title rules), every menu page of these sections opens its list (so the
// menu no longer greys it 建设中), and every detail / edit page keeps its list's menu item active.

const full = (r: AppRoute) => `/website/${r.path}`;
const byPath = new Map(routes.map((r) => [full(r), r]));
const titleOf = (path: string, params: Record<string, string | undefined> = {}) => {
  const t = byPath.get(path)?.title;
  const ctx: TitleContext = { params, search: new URLSearchParams() };
  return typeof t === 'function' ? t(ctx) : t;
};

/** The issue's route list, as registered (section slug prefixes as the menu catalogue uses). */
const ISSUE_ROUTES = [
  // 102
  '/website/goods/standard-product-list',
  '/website/goods/standerd-edit/:goodsNo',
  '/website/goods/goods-management-list',
  '/website/goods/add-goods/:goodsId/:handleType?',
  '/website/goods/apply-goods/:handleType?',
  '/website/goods/salesmanagement-list',
  '/website/goods/sku-list',
  '/website/goods/add-sku/:handleType/:skuId?',
  '/website/goods/apply-sku',
  '/website/goods/goods-bank-list',
  '/website/goods/add-goods-bank/:handleType?/:goodsId?',
  '/website/goods/goods-shop-list',
  '/website/goods/add-goods-shop/:handleType?/:skuId?/:merchantCode?/:merchantName?/:storeId?/:storeName?/:skuName?',
  '/website/goods/new-products-list',
  '/website/goods/add-new-products/:handleType?/:approvalCode?/:approveStatus?',
  // 107
  '/website/mall/mall-standard-product-list',
  '/website/mall/edit/:spuId',
  '/website/mall/mall-salesmanagement-list',
  '/website/mall/mall-sku-list',
  '/website/mall/mall-add-sku/:handleType/:spuId/:goodsId?',
  '/website/mall/wholesale-add-sku/:handleType/:spuId?/:goodsId?/:skuId?',
  '/website/mall/mall-apply-sku',
  '/website/mall/mall-add-new-product',
  '/website/mall/mall-apply-detail/:approvalCode?/:detail?',
  '/website/mall/mall-apply-detail-pdf',
  // 113
  '/website/supply/supply-goods-list',
  '/website/supply/supply-goods-edit/:spuId?',
  '/website/supply/supply-sku-list',
  '/website/supply/supply-sku-add/:handleType?/:skuId?/:spuId?',
  // 129 审核记录
  '/website/merchant-goods-management/record-list',
];

/** Menu pages of the catalogue (menu-catalogue.ts) this issue builds, with the list each opens. */
const MENU_PAGES: Record<string, string> = {
  'standard-product-list': '/website/goods/standard-product-list',
  'goods-management-list': '/website/goods/goods-management-list',
  'salesmanagement-list': '/website/goods/salesmanagement-list',
  'sku-list': '/website/goods/sku-list',
  'goods-bank-list': '/website/goods/goods-bank-list',
  'goods-shop-list': '/website/goods/goods-shop-list',
  'new-products-list': '/website/goods/new-products-list',
  'mall-standard-product-list': '/website/mall/mall-standard-product-list',
  'mall-salesmanagement-list': '/website/mall/mall-salesmanagement-list',
  'mall-sku-list': '/website/mall/mall-sku-list',
  'mall-add-new-product': '/website/mall/mall-add-new-product',
  'supply-goods-list': '/website/supply/supply-goods-list',
  'supply-sku-list': '/website/supply/supply-sku-list',
  'record-list': '/website/merchant-goods-management/record-list',
};

describe('goods routes (issue 12)', () => {
  it('registers every route the issue lists, lazily, with a title and its section', () => {
    for (const path of ISSUE_ROUTES) {
      const r = byPath.get(path);
      expect(r, path).toBeDefined();
      // lazy: the page module is loaded by a dynamic import when the route is opened
      expect(String(r!.page), path).toMatch(/import(__)?\(/);
      expect(titleOf(path), path).toMatch(/\S/);
      expect([102, 107, 113, 129], path).toContain(r!.serverId);
    }
  });

  it('opens each menu page of the sections at its list (so the menu does not grey it 建设中)', () => {
    const paths = routePathByAnchor(routes);
    for (const [anchor, list] of Object.entries(MENU_PAGES)) expect(paths.get(anchor), anchor).toBe(list);
  });

  it('keeps the list’s menu item active on every detail and edit page, under the list’s anchor', () => {
    const lists = new Set(Object.values(MENU_PAGES));
    for (const path of ISSUE_ROUTES.filter((p) => !lists.has(p))) {
      const r = byPath.get(path)!;
      expect(r.activeMenu, path).toBeDefined();
      expect(lists.has(r.activeMenu as string), path).toBe(true);
      // the anchor is the list's, so the page's calls carry the list's menu anchor (spec §7) and its permission
      expect(MENU_PAGES[r.anchor!], path).toBe(r.activeMenu);
    }
  });

  it('titles pages by their handleType as the spec says (supply-sku-add: 创建Sku / 编辑Sku / 查看Sku)', () => {
    const sku = '/website/supply/supply-sku-add/:handleType?/:skuId?/:spuId?';
    expect(titleOf(sku)).toBe('创建Sku');
    expect(titleOf(sku, { handleType: 'add' })).toBe('创建Sku');
    expect(titleOf(sku, { handleType: 'edit', skuId: '7' })).toBe('编辑Sku');
    expect(titleOf(sku, { handleType: 'view', skuId: '7' })).toBe('查看Sku');
    expect(titleOf('/website/supply/supply-goods-edit/:spuId?')).toBe('新增供应链商品');
    expect(titleOf('/website/supply/supply-goods-edit/:spuId?', { spuId: '3' })).toBe('编辑供应链商品');
    const goods = '/website/goods/add-goods/:goodsId/:handleType?';
    expect([titleOf(goods, { goodsId: '1' }), titleOf(goods, { goodsId: '1', handleType: 'edit' })]).toEqual(['查看商品', '编辑商品']);
    const addSku = '/website/goods/add-sku/:handleType/:skuId?';
    expect(['add', 'edit', 'view'].map((h) => titleOf(addSku, { handleType: h }))).toEqual(['新增SKU', '编辑SKU', '查看SKU']);
    const apply = '/website/goods/add-new-products/:handleType?/:approvalCode?/:approveStatus?';
    expect([undefined, 'edit', 'view', 'review'].map((h) => titleOf(apply, { handleType: h }))).toEqual([
      '新增申请',
      '编辑申请',
      '申请详情',
      '审核申请',
    ]);
    const bank = '/website/goods/add-goods-bank/:handleType?/:goodsId?';
    expect([undefined, 'edit', 'view'].map((h) => titleOf(bank, { handleType: h }))).toEqual([
      '加入商品库',
      '编辑商品库商品',
      '查看商品库商品',
    ]);
    const mallApply = '/website/mall/mall-apply-detail/:approvalCode?/:detail?';
    expect([
      titleOf(mallApply),
      titleOf(mallApply, { approvalCode: 'MP1' }),
      titleOf(mallApply, { approvalCode: 'MP1', detail: 'detail' }),
    ]).toEqual(['商城新品申请', '编辑申请', '申请详情']);
  });
});
