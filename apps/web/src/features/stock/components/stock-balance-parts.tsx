import { LOW_STOCK_THRESHOLD, STOCK_AVAILABILITY, stockLookupOps } from '@merchant/contracts/stock/stock-balance';
import { STOCK_MOVEMENT_TYPE_COLORS, STOCK_MOVEMENT_TYPES, type StockMovementType } from '@merchant/contracts/stock/stock-fields';
import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { call } from '../../../platform/call.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn, ListOption, ListTreeOption } from '../../../shared/ui/list/list-columns.ts';

// Shared bits of the balance pages of every stock book (库存管理 / 实时库存, 库存编辑, 库存流水, 商品库存).

/** The category tree for the stock pages' filter (a node takes its descendants). */
export function useStockCategories() {
  return useQuery({ queryKey: ['stock', 'category-tree'], queryFn: () => call(stockLookupOps.categories, {}), staleTime: 60_000 });
}

export const mapOptions = (labels: Readonly<Record<string, string>>): ListOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export const movementTypeOptions = mapOptions(STOCK_MOVEMENT_TYPES);

/** A movement's type as a coloured tag. */
export function MovementTypeTag({ type, name }: { type: string; name?: string }) {
  return (
    <Tag color={STOCK_MOVEMENT_TYPE_COLORS[type as StockMovementType] ?? 'default'}>
      {name ?? STOCK_MOVEMENT_TYPES[type as StockMovementType] ?? type}
    </Tag>
  );
}

/** A signed change: +n green, −n red, 0 grey. */
export function SignedQuantity({ value }: { value: number }) {
  if (value === 0) return <Typography.Text type="secondary">0</Typography.Text>;
  return <Typography.Text type={value > 0 ? 'success' : 'danger'}>{value > 0 ? `+${value}` : `−${-value}`}</Typography.Text>;
}

/** before → after (the after bold when it changed). */
export function BeforeAfter({ before, after }: { before: number; after: number }) {
  return (
    <span>
      {before} → {before === after ? after : <Typography.Text strong>{after}</Typography.Text>}
    </span>
  );
}

/** A right-aligned quantity column (现有 / 锁定 / 可用 …); sortable only where the list's contract allows it. */
export function quantityColumn<R>(key: string, title: string, over?: Partial<ListColumn<R>>): ListColumn<R> {
  return { key, title, width: 100, align: 'right', ...over };
}

/** The SKU columns every stock list starts with (code, the keyword search, name, barcode, category with its tree filter). */
export function skuColumns<R>(categoryTree: ListTreeOption[] | undefined): ListColumn<R>[] {
  return [
    { key: 'skuCode', title: 'SKU编码', width: 130, sortable: true },
    { key: 'keyword', title: 'SKU', hideInTable: true, search: { type: 'text', placeholder: 'SKU名称、编码或条码', order: 0 } },
    { key: 'skuName', title: 'SKU名称', width: 220, ellipsis: true },
    { key: 'barcode', title: '条码', width: 140 },
    {
      key: 'categoryId',
      title: '商品分类',
      dataIndex: 'categoryPath',
      width: 180,
      ellipsis: true,
      search: { type: 'treeSelect', placeholder: '全部分类（含下级）', treeData: categoryTree ?? [], order: 1 },
    },
  ];
}

/** 可用库存: red when none is left, orange below the low-stock line. */
export function AvailableQuantity({ value }: { value: number }) {
  return <Typography.Text type={value <= 0 ? 'danger' : value < LOW_STOCK_THRESHOLD ? 'warning' : undefined}>{value}</Typography.Text>;
}

/**
 * The numbers of a balance list (现有 / 锁定 / 可用, sortable, 可用 coloured), its 库存状态 filter (at `filterOrder` in the
 * search form) and 最后变动时间.
 */
export function balanceColumns<R>(filterOrder: number): ListColumn<R>[] {
  return [
    quantityColumn<R>('onHand', '现有库存', { sortable: true }),
    quantityColumn<R>('locked', '锁定库存', { sortable: true }),
    quantityColumn<R>('available', '可用库存', { sortable: true, render: (v) => <AvailableQuantity value={Number(v)} /> }),
    {
      key: 'availability',
      title: '可用库存',
      hideInTable: true,
      search: { type: 'select', label: '库存状态', options: mapOptions(STOCK_AVAILABILITY), order: filterOrder },
    },
    { key: 'updatedAt', title: '最后变动时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
  ];
}
