import { useMemo } from 'react';
import { isOrderChannel, ORDER_DETAIL_PAGES, orderDetailLink } from '../shared/order-links.ts';
import { collectAnchors } from './permission.ts';
import { useSession } from './session-store.ts';

/**
 * The detail page of an order (a journal line's, a split's), by its channel (the ORDER_CHANNELS key, e.g. a journal
 * line's `orderChannel`), when the active role may open that page; null when there is no order, the channel is unknown
 * or the role holds none of the page's anchors (the number is then shown as text). For the pages of other areas that
 * link to an order (资金流水, 分账…), which may not import the order feature.
 */
export function useOrderLink(): (channel: string, orderNo: string) => string | null {
  const menuTree = useSession((s) => s.menuTree);
  const anchors = useMemo(() => collectAnchors(menuTree), [menuTree]);
  return useMemo(
    () => (channel, orderNo) => {
      if (!orderNo || !isOrderChannel(channel)) return null;
      if (!ORDER_DETAIL_PAGES[channel].anchors.some((a) => anchors.has(a))) return null;
      return orderDetailLink(channel, orderNo);
    },
    [anchors],
  );
}
