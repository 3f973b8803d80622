import type { AppRoute } from '../../platform/route-types.ts';

/** 商户商品 (spec section 129, merchant-goods-management): cabinet goods, templates and their views. */
const SECTION = 129;
const BASE = 'merchant-goods-management';
export const SCENE_LIST = `/website/${BASE}/merchant-goods-scene`;
export const MY_GOODS_LIST = `/website/${BASE}/my-goods-list`;
export const COMMODITY_LIST = `/website/${BASE}/containerPrice-commodity`;
const page = (r: Omit<AppRoute, 'serverId'>): AppRoute => ({ serverId: SECTION, ...r });

export const routes: AppRoute[] = [
  page({
    path: `${BASE}/merchant-goods-scene`,
    name: 'merchant-goods-scene',
    title: '商品模板',
    anchor: 'merchant-goods-scene',
    page: () => import('./pages/merchant-goods-scene-page.tsx'),
  }),
  page({
    path: `${BASE}/add-scene-page`,
    name: 'add-scene-page',
    title: '新增商品模板',
    anchor: 'merchant-goods-scene',
    activeMenu: SCENE_LIST,
    page: () => import('./pages/add-scene-page.tsx'),
  }),
  page({
    path: `${BASE}/edit-scene-page/:templateCode`,
    name: 'edit-scene-page',
    title: '编辑商品模板',
    anchor: 'merchant-goods-scene',
    activeMenu: SCENE_LIST,
    page: () => import('./pages/edit-scene-page.tsx'),
  }),
  page({
    path: `${BASE}/masterplate-goods-list`,
    name: 'masterplate-goods-list',
    title: '模板商品',
    anchor: 'masterplate-goods-list',
    page: () => import('./pages/masterplate-goods-list-page.tsx'),
  }),
  page({
    path: `${BASE}/merchant-list`,
    name: 'merchant-list',
    title: '设备商品',
    anchor: 'merchant-list',
    page: () => import('./pages/merchant-list-page.tsx'),
  }),
  page({
    path: `${BASE}/my-goods-list`,
    name: 'my-goods-list',
    title: '我的商品',
    anchor: 'my-goods-list',
    page: () => import('./pages/my-goods-list-page.tsx'),
  }),
  page({
    path: `${BASE}/container-list/:goodsId/:guideSalePrice/:storageStyleCode/:goodsStatus/:handleType/:spuId`,
    name: 'container-list',
    title: '铺货设备',
    anchor: 'my-goods-list',
    activeMenu: MY_GOODS_LIST,
    page: () => import('./pages/container-list-page.tsx'),
  }),
  page({
    path: `${BASE}/containerPrice-commodity`,
    name: 'containerPrice-commodity',
    title: '柜价商品',
    anchor: 'containerPrice-commodity',
    page: () => import('./pages/container-price-commodity-page.tsx'),
  }),
  page({
    path: `${BASE}/containerPrice-commodity-price/:skuIds/:skuName/:goodsIds/:goodsName?`,
    name: 'containerPrice-commodity-price',
    title: '商品柜价',
    anchor: 'containerPrice-commodity',
    activeMenu: COMMODITY_LIST,
    page: () => import('./pages/commodity-price-page.tsx'),
  }),
  page({
    path: `${BASE}/similar-goods-list`,
    name: 'similar-goods-list',
    title: '相似商品',
    anchor: 'similar-goods-list',
    page: () => import('./pages/similar-goods-list-page.tsx'),
  }),
  page({
    path: `${BASE}/hotgoods-list`,
    name: 'hotgoods-list',
    title: '热销商品',
    anchor: 'hotgoods-list',
    page: () => import('./pages/hotgoods-list-page.tsx'),
  }),
  page({
    path: `${BASE}/goods-optimize-list`,
    name: 'goods-optimize-list',
    title: '商品优化',
    anchor: 'goods-optimize-list',
    page: () => import('./pages/goods-optimize-list-page.tsx'),
  }),
];
