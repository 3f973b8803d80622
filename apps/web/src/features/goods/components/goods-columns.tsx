import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn, ListOption, ListTreeOption } from '../../../shared/ui/list/list-columns.ts';
import { priceRangeText } from './goods-tags.tsx';

// The column builders of the goods lists (商品, SKU, 商品库, 门店商品, 销售管理, 供应链商品/SKU, 标准商品库): one
// definition of each recurring column; `over` adjusts a list's own width, title or search.

type Over<T> = Partial<ListColumn<T>>;

/** Select options of a status / kind map ({1: '在售', …}). */
export const mapOptions = (m: Record<number, string>): ListOption[] => Object.entries(m).map(([v, l]) => ({ value: Number(v), label: l }));

/** The row's code, a link to its page; sortable. */
export const codeColumn = <T,>(key: string, title: string, to: (r: T) => string, over?: Over<T>): ListColumn<T> => ({
  key,
  title,
  width: 120,
  sortable: true,
  render: (v, r) => <Link to={to(r)}>{String(v)}</Link>,
  ...over,
});

/** The search form's keyword (no table column). */
export const keywordColumn = <T,>(placeholder: string, order = 0): ListColumn<T> => ({
  key: 'keyword',
  title: '关键词',
  hideInTable: true,
  search: { type: 'text', placeholder, order },
});

/** 商品分类: the row's category path, searched by the category tree (a node takes its descendants). */
export const categoryColumn = <T,>(treeData: ListTreeOption[], over?: Over<T>): ListColumn<T> => ({
  key: 'categoryId',
  title: '商品分类',
  dataIndex: 'categoryPath',
  width: 180,
  search: { type: 'treeSelect', placeholder: '全部分类（含下级）', treeData },
  ...over,
});

/** 储存方式, searched by its names. */
export const storageStyleColumn = <T,>(): ListColumn<T> => ({
  key: 'storageStyle',
  title: '储存方式',
  dataIndex: 'storageStyleName',
  width: 90,
  search: { type: 'select', options: mapOptions(STORAGE_STYLES) },
});

/** A price in 元 (cents in the row), right-aligned. */
export const yuanColumn = <T,>(key: string, title: string, over?: Over<T>): ListColumn<T> => ({
  key,
  title,
  width: 120,
  align: 'right',
  render: (v) => centsToYuan(v as number),
  ...over,
});

/** A price range in 元 (2.00 ~ 4.50), right-aligned. */
export const priceRangeColumn = <T,>(
  key: string,
  title: string,
  range: (r: T) => [number | null, number | null],
  over?: Over<T>,
): ListColumn<T> => ({
  key,
  title,
  width: 140,
  align: 'right',
  render: (_v, r) => priceRangeText(...range(r)),
  ...over,
});

/** A status shown as its tag, searched by `options` when given. */
export const statusColumn = <T,>(
  key: string,
  title: string,
  Tag: ComponentType<{ status: number }>,
  options?: ListOption[],
  over?: Over<T>,
): ListColumn<T> => ({
  key,
  title,
  width: 90,
  render: (v) => <Tag status={Number(v)} />,
  ...(options ? { search: { type: 'select' as const, options } } : {}),
  ...over,
});

/** A moment (创建时间 by default), sortable. */
export const timeColumn = <T,>(key = 'createdAt', title = '创建时间', over?: Over<T>): ListColumn<T> => ({
  key,
  title,
  width: 170,
  sortable: true,
  render: (v) => formatDateTime(v as number),
  ...over,
});
