import { GOODS_BANK_STATUS } from '@merchant/contracts/goods/goods-bank';
import { Tag, Tooltip } from 'antd';

/** 可售 / 停售 of a banked goods. */
export function BankStatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'green' : 'default'}>{GOODS_BANK_STATUS[status as keyof typeof GOODS_BANK_STATUS] ?? status}</Tag>;
}

/** 上架 / 下架 in a store or channel; the reason shows when the SKU or the bank holds it off the shelf. */
export function ShelfTag({ status, blockedReason }: { status: number; blockedReason?: string }) {
  const tag = <Tag color={status === 1 ? 'blue' : 'default'}>{status === 1 ? '上架' : '下架'}</Tag>;
  if (status === 1 || !blockedReason) return tag;
  return (
    <Tooltip title={blockedReason}>
      <span>
        {tag}
        <Tag color="orange">{blockedReason.startsWith('SKU') ? 'SKU已下架' : '商品库停售'}</Tag>
      </span>
    </Tooltip>
  );
}

/** The add-goods-shop route with the spec's optional parameters in order ('-' for one left empty). */
export function goodsShopPath(
  handleType: 'add' | 'edit' | 'view',
  p: { skuId?: number; storeId?: number; storeName?: string; skuName?: string } = {},
) {
  const seg = (v: string | number | undefined) => encodeURIComponent(v === undefined || v === '' ? '-' : String(v));
  const parts = [handleType, seg(p.skuId), '-', '-', seg(p.storeId), seg(p.storeName), seg(p.skuName)];
  while (parts.length > 1 && parts[parts.length - 1] === '-') parts.pop();
  return `/website/goods/add-goods-shop/${parts.join('/')}`;
}
