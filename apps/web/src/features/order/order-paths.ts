import type { ChannelOrderKind } from '@merchant/contracts/order/channel-order';
import { orderDetailLink } from '../../shared/order-links.ts';

// The order pages' addresses (docs/orders.md), apart from their components so that routes.ts loads no UI code.

const BASE = '/website/container-order';
export const ORDER_LIST_ANCHOR = 'salesOrder-list';
export const EXCEPTION_ANCHOR = 'excepOrder-list';
/** The cabinets' 库存流水 page's anchor (section 105). */
export const CABINET_WATER_ANCHOR = 'container-inventory-water-list';
export const ORDER_LIST_PATH = `${BASE}/salesOrder-list`;
/** A cabinet order's detail (shared/order-links.ts holds every channel's detail path, for other areas' links too). */
export const orderDetailPath = (orderNoSub: string) => orderDetailLink('container', orderNoSub);
export const EXCEPTION_LIST_PATH = `${BASE}/excepOrder-list`;
/** 商品核对 of an abnormal order (?orderNoSub=). */
export const commodityDetailPath = (orderNoSub: string) => `${BASE}/commodityDetail?orderNoSub=${encodeURIComponent(orderNoSub)}`;
export const openRecordPath = (applyCode: string) => `${BASE}/open-record-list-detail/${encodeURIComponent(applyCode)}`;
/** The cabinets' 库存流水 (section 105), filtered by a document's code (?docCode=): an order's 销售 movements. */
export const cabinetWaterPath = (docCode: string) =>
  `/website/container-stock/container-inventory-water-list?docCode=${encodeURIComponent(docCode)}`;

/** Each channel's pages (section 104): the list's path (also its name and anchor) and the detail's. */
export const CHANNEL_ORDER_PAGES = {
  online: { list: 'online-retailers-list', detail: 'online-retailers-detail', title: '线上零售订单' },
  mall: { list: 'wholesale-order-list', detail: 'wholesale-order-detail', title: '批发订单' },
  locallife: { list: 'loc-life-order', detail: 'loc-life-order-detail', title: '本地生活订单' },
} as const satisfies Record<ChannelOrderKind, { list: string; detail: string; title: string }>;
const CHANNEL_BASE = '/website/order';
export const channelOrderListPath = (kind: ChannelOrderKind) => `${CHANNEL_BASE}/${CHANNEL_ORDER_PAGES[kind].list}`;
export const channelOrderDetailPath = (kind: ChannelOrderKind, orderNoSub: string) => orderDetailLink(kind, orderNoSub);

/** 售后工单 (section 122). */
export const AFTER_SALE_ANCHOR = 'after-sale-order';
const AFTER_SALE_BASE = '/website/afterSale';
export const AFTER_SALE_LIST_PATH = `${AFTER_SALE_BASE}/after-sale-order`;
export const afterSaleDetailPath = (workNumber: string) => `${AFTER_SALE_BASE}/afterSalesOrderDetail/${encodeURIComponent(workNumber)}`;
/** The list with 新建售后工单 open for an order (?orderNoSub=): the way an order's detail leads to a new work order. */
export const afterSaleCreatePath = (orderNoSub: string) => `${AFTER_SALE_LIST_PATH}?orderNoSub=${encodeURIComponent(orderNoSub)}`;
/** 商品核对 of an abnormal order opened from 售后 (abnormalOrderDetail?orderNoSub=). */
export const abnormalOrderDetailPath = (orderNoSub: string) =>
  `${AFTER_SALE_BASE}/abnormalOrderDetail?orderNoSub=${encodeURIComponent(orderNoSub)}`;
