import { STORAGE_STYLES } from '../goods/goods-fields.ts';

// Which goods a cabinet's temperature zone may hold (docs/cabinet-goods.md "Storage zones", decision 53).
// A cabinet model's zone is its storage style (device_model.storage_style: 1 常温, 2 冷藏, 3 冷冻); a SKU's
// storage style says how it must be kept. 常温 cabinets hold only 常温 goods (chilled goods would spoil);
// 冷藏 cabinets hold 冷藏 goods and 常温 goods (drinks and snacks served cool are the common case); 冷冻
// cabinets hold only 冷冻 goods (anything else freezes).

export type StorageZone = keyof typeof STORAGE_STYLES;

export const ZONE_ACCEPTS: Readonly<Record<StorageZone, readonly StorageZone[]>> = {
  1: [1],
  2: [2, 1],
  3: [3],
};

const styleName = (s: number) => STORAGE_STYLES[s as StorageZone] ?? `储存方式${s}`;

/** Whether goods kept `storageStyle` may go into a cabinet of temperature zone `zone`. */
export function suitsZone(zone: number, storageStyle: number): boolean {
  const accepts = ZONE_ACCEPTS[zone as StorageZone];
  return accepts !== undefined && (accepts as readonly number[]).includes(storageStyle);
}

/** What a zone accepts, in words: 「冷藏、常温」. */
export const zoneAcceptsText = (zone: number) => (ZONE_ACCEPTS[zone as StorageZone] ?? []).map(styleName).join('、');

/**
 * The refusal when a slot's SKU does not suit the zone, naming the slot and the SKU:
 * 货道1-2的商品「可口可乐 330ml」为冷冻商品，不能放入常温柜（常温柜只能放常温商品）.
 */
export function zoneRefusal(slotNo: string, skuName: string, storageStyle: number, zone: number): string {
  return `货道${slotNo}的商品「${skuName}」为${styleName(storageStyle)}商品，不能放入${styleName(zone)}柜（${styleName(zone)}柜只能放${zoneAcceptsText(zone)}商品）`;
}
