import { centsToYuan } from '../../../shared/format/money.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { LayerTag, layerOptions, yuanColumn } from './price-parts.tsx';

/** What every price sheet row has (the SKU and its effective price with the layer that won). */
interface SheetRowBase {
  skuId: number;
  skuCode: string;
  skuName: string;
  effectivePrice: number;
  layer: string;
  layerName: string;
}

/** The SKU columns and search of a price sheet (keyword): code and name first, the layer prices go after them. */
export function skuSheetColumns<T extends SheetRowBase>(): ListColumn<T>[] {
  return [
    {
      key: 'keyword',
      title: '关键词',
      hideInTable: true,
      search: { type: 'text', placeholder: 'SKU名称、编码或条码', order: 0, inCompact: true },
    },
    { key: 'skuCode', title: 'SKU编码', width: 120, sortable: true },
    { key: 'skuName', title: 'SKU名称', width: 200, ellipsis: true },
  ];
}

/** The SKU's other facts, after the prices (列设置 can bring them forward). */
export function skuDetailColumns<T extends SheetRowBase>(): ListColumn<T>[] {
  return [
    { key: 'barcode', title: '条码', width: 140 },
    { key: 'goodsName', title: '商品名称', width: 180, ellipsis: true },
    { key: 'categoryPath', title: '分类', width: 180, ellipsis: true },
    { key: 'storageStyleName', title: '储存方式', width: 90 },
  ];
}

/** 现价 and 价格来源 (searched by layer), the last columns of a sheet before its actions. */
export function effectiveColumns<T extends SheetRowBase>(): ListColumn<T>[] {
  return [
    yuanColumn<T>('effectivePrice', '现价（元）', { width: 110, render: (v) => <b>{centsToYuan(v as number)}</b> }),
    {
      key: 'layer',
      title: '价格来源',
      width: 110,
      render: (v, r) => <LayerTag layer={String(v)} name={r.layerName} />,
      search: { type: 'select', options: layerOptions, order: 1, inCompact: true },
    },
  ];
}
