import { ORDER_CHANNELS, type OrderChannel } from '@merchant/contracts/order/order-fields';

// The channels by their names (ORDER_CHANNELS values, e.g. 线上零售), apart from order-links.ts: order-fields builds
// zod schemas when loaded, so only the pages (loaded lazily) read it, never the routes (decision 42).

/** The channel whose name (ORDER_CHANNELS value, e.g. 线上零售) is given; undefined for a name it does not know. */
export function orderChannelByName(channelName: string): OrderChannel | undefined {
  return (Object.keys(ORDER_CHANNELS) as OrderChannel[]).find((c) => ORDER_CHANNELS[c] === channelName);
}
