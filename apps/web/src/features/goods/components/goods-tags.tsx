import { GOODS_STATUS } from '@merchant/contracts/goods/goods';
import { SKU_STATUS } from '@merchant/contracts/goods/sku';
import { Tag } from 'antd';
import { centsToYuan } from '../../../shared/format/money.ts';

/** 在售 / 停售. */
export function GoodsStatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'green' : 'default'}>{GOODS_STATUS[status as keyof typeof GOODS_STATUS] ?? status}</Tag>;
}

/** 上架 / 下架. */
export function SkuStatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'blue' : 'default'}>{SKU_STATUS[status as keyof typeof SKU_STATUS] ?? status}</Tag>;
}

/** A price range in 元: 2.00 or 2.00 ~ 4.50. */
export function priceRangeText(min: number | null, max: number | null): string {
  if (min === null) return '--';
  return min === max || max === null ? centsToYuan(min) : `${centsToYuan(min)} ~ ${centsToYuan(max)}`;
}
