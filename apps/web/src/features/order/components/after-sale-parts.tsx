import {
  AFTER_SALE_REFUND_STATUS,
  AFTER_SALE_STATUS,
  AFTER_SALE_STATUS_COLORS,
  AFTER_SALE_TYPE_COLORS,
  AFTER_SALE_TYPES,
  type AfterSaleRefundStatus,
  type AfterSaleStatus,
  type AfterSaleType,
} from '@merchant/contracts/order/after-sale';
import { Tag } from 'antd';
import { orderDetailLink } from '../../../shared/order-links.ts';
import { orderChannelByName } from '../../../shared/order-channels.ts';
import { optionsOf } from './order-parts.tsx';

// 售后工单 (section 122, docs/orders.md "售后"): the shared bits of the list, the detail, 新建 and the actions — paths,
// state tags, options, money in 元.

export { AFTER_SALE_LIST_PATH, afterSaleCreatePath, afterSaleDetailPath } from '../order-paths.ts';

/**
 * The detail of an order of any channel, by the channel's name (ORDER_CHANNELS); null for a channel it does not know.
 * Here rather than in order-paths.ts, which the routes load eagerly: the names come from a contracts module with zod.
 */
export function orderDetailPathOf(channelName: string, orderNoSub: string): string | null {
  const channel = orderChannelByName(channelName);
  return channel ? orderDetailLink(channel, orderNoSub) : null;
}

export const afterSaleTypeOptions = optionsOf(AFTER_SALE_TYPES, false);
export const afterSaleStatusOptions = optionsOf(AFTER_SALE_STATUS, true);

/** 仅退款 / 退货退款 / 换货 / 投诉 as a tag. */
export function AfterSaleTypeTag({ type, name }: { type: string; name?: string }) {
  const t = type as AfterSaleType;
  return <Tag color={AFTER_SALE_TYPE_COLORS[t] ?? 'default'}>{name || AFTER_SALE_TYPES[t] || type || '--'}</Tag>;
}

/** 待处理 / 处理中 / 已完成 / 已驳回 as a tag. */
export function AfterSaleStatusTag({ status, name }: { status: number; name?: string }) {
  const s = status as AfterSaleStatus;
  return <Tag color={AFTER_SALE_STATUS_COLORS[s] ?? 'default'}>{name || AFTER_SALE_STATUS[s] || String(status)}</Tag>;
}

/** Where a work order's refund is: 无需退款 grey, 退款中 blue, 已退款 green, 退款失败 red. */
const REFUND_STATUS_COLORS: Readonly<Record<AfterSaleRefundStatus, string>> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'error',
};
export function RefundStatusTag({ status, name }: { status: number; name?: string }) {
  const s = status as AfterSaleRefundStatus;
  return <Tag color={REFUND_STATUS_COLORS[s] ?? 'default'}>{name || AFTER_SALE_REFUND_STATUS[s] || String(status)}</Tag>;
}

export { yuan } from './order-parts.tsx';

export const dash = (v: unknown) => (v ? String(v) : '--');
