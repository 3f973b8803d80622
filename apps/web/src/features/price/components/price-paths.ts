import type { PriceScope } from '@merchant/contracts/price/price-fields';

// Where the price pages live (routes.ts and the pages link to each other through these).

export const PRICE_ADJUSTMENT_LIST = '/website/goods/price-adjustment';
export const PRICE_RECORDS = '/website/goods/price-detail-h';
export const CONTAINER_PRICE_SINGLE = '/website/goods/containerPrice-single';

/** An adjustment order's page: view, or edit while a draft. */
export const adjustmentPath = (orderNo: string, handleType: 'view' | 'edit' = 'view') =>
  `/website/goods/price-adjustment-detail?orderNo=${encodeURIComponent(orderNo)}${handleType === 'edit' ? '&handleType=edit' : ''}`;

/** A new order, prefilled with a scope, its targets and SKUs (the 柜价商品 page and the price sheets link here). */
export function newAdjustmentPath(prefill: { scopeType?: PriceScope; scopeKeys?: string[]; skuIds?: number[] } = {}): string {
  const q = new URLSearchParams();
  if (prefill.scopeType) q.set('scopeType', prefill.scopeType);
  if (prefill.scopeKeys?.length) q.set('scopeKeys', prefill.scopeKeys.join(','));
  if (prefill.skuIds?.length) q.set('skuIds', prefill.skuIds.join(','));
  const s = q.toString();
  return `/website/goods/price-adjustment-detail${s ? `?${s}` : ''}`;
}

/** A channel's price sheet: price-adjustment-h/{firstChannelName}/{secondChannelId}/{secondChannelName?} (0: the first channel itself). */
export const channelSheetPath = (firstChannelName: string, secondChannelId: number, secondChannelName?: string) =>
  `/website/goods/price-adjustment-h/${encodeURIComponent(firstChannelName)}/${secondChannelId}${
    secondChannelName ? `/${encodeURIComponent(secondChannelName)}` : ''
  }`;

/** One cabinet's prices. */
export const cabinetPricePath = (deviceCode: string) => `${CONTAINER_PRICE_SINGLE}?deviceCode=${encodeURIComponent(deviceCode)}`;
