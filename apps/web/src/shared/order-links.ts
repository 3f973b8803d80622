import type { OrderChannel } from '@merchant/contracts/order/order-fields';

// Where an order's detail page is, by its channel (ORDER_CHANNELS key): one definition for the order pages
// (features/order/order-paths.ts builds its detail paths from it) and for the pages of other areas that link to an
// order (资金流水, 分账…), which may not import the order feature. It is loaded eagerly (order-paths.ts, imported by the
// order routes): plain strings only, no value from a contracts module that builds zod schemas (decision 42) — the
// channels' names (ORDER_CHANNELS) are read in order-channels.ts.

/**
 * Each channel's order detail page (features/order/routes.ts registers them under these paths + '/:orderNoSub') and
 * the page anchors whose holders may open it (its list's anchor and the routes' alsoAnchors).
 */
export const ORDER_DETAIL_PAGES: Readonly<Record<OrderChannel, { path: string; anchors: readonly string[] }>> = {
  container: {
    path: '/website/container-order/salesOrder-list-detail',
    anchors: ['salesOrder-list', 'excepOrder-list', 'after-sale-order'],
  },
  online: { path: '/website/order/online-retailers-detail', anchors: ['online-retailers-list', 'after-sale-order'] },
  mall: { path: '/website/order/wholesale-order-detail', anchors: ['wholesale-order-list', 'after-sale-order'] },
  locallife: { path: '/website/order/loc-life-order-detail', anchors: ['loc-life-order', 'after-sale-order'] },
};

/** A channel key (ORDER_CHANNELS key): ORDER_DETAIL_PAGES has one entry for each, no more (its type says so). */
export const isOrderChannel = (c: string): c is OrderChannel => Object.prototype.hasOwnProperty.call(ORDER_DETAIL_PAGES, c);

/** The detail page of an order of a channel. */
export const orderDetailLink = (channel: OrderChannel, orderNoSub: string) =>
  `${ORDER_DETAIL_PAGES[channel].path}/${encodeURIComponent(orderNoSub)}`;

/**
 * The detail page of an order by its channel's key as the server sends it (e.g. a journal line's `orderChannel`);
 * null when there is no order ('' channel or number) or the channel is one the app does not know.
 */
export function orderLinkOf(channel: string, orderNoSub: string): string | null {
  if (!orderNoSub || !isOrderChannel(channel)) return null;
  return orderDetailLink(channel, orderNoSub);
}
