import {
  STOCK_ORDER_STATUS,
  STOCK_ORDER_STATUS_COLORS,
  STOCK_ORDER_TYPES,
  type StockOrderStatus,
} from '@merchant/contracts/stock/stock-order';
import { STOCK_MOVEMENT_TYPE_COLORS } from '@merchant/contracts/stock/stock-fields';
import { Tag } from 'antd';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListOption } from '../../../shared/ui/list/list-columns.ts';

// Small pieces the 入库管理 pages share: tags and options from the contracts' maps.

export const stockOrderStatusOptions: ListOption[] = Object.entries(STOCK_ORDER_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));
export const stockOrderTypeOptions: ListOption[] = Object.entries(STOCK_ORDER_TYPES).map(([v, l]) => ({ value: v, label: l }));

/** 草稿 / 已确认 / 已取消. */
export function StockOrderStatusTag({ status, name }: { status: number; name?: string }) {
  return (
    <Tag color={STOCK_ORDER_STATUS_COLORS[status as StockOrderStatus] ?? 'default'} data-testid="stock-order-status">
      {name ?? STOCK_ORDER_STATUS[status as StockOrderStatus] ?? status}
    </Tag>
  );
}

/** 入库单 / 退货单, coloured as their movements. */
export function StockOrderTypeTag({ type, name }: { type: string; name: string }) {
  return <Tag color={type === 'return' ? STOCK_MOVEMENT_TYPE_COLORS.return : STOCK_MOVEMENT_TYPE_COLORS.inbound}>{name}</Tag>;
}

export const yuan = (cents: number) => centsToYuan(cents);
