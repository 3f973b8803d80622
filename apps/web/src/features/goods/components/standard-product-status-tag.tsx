import { STANDARD_PRODUCT_STATUS } from '@merchant/contracts/goods/standard-product';
import { Tag } from 'antd';

/** 启用 (green) / 停用 (grey). */
export function StandardProductStatusTag({ status }: { status: number }) {
  return (
    <Tag color={status === 1 ? 'success' : 'default'}>
      {STANDARD_PRODUCT_STATUS[status as keyof typeof STANDARD_PRODUCT_STATUS] ?? status}
    </Tag>
  );
}
