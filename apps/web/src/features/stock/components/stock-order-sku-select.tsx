import type { StockSkuOption } from '@merchant/contracts/stock/stock-order';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { useStockOrderBook } from './stock-order-book.tsx';

export const skuLabel = (s: Pick<StockSkuOption, 'skuName' | 'skuCode'>) => `${s.skuName}（${s.skuCode}）`;

/**
 * One SKU of the merchant, searched by name, code or barcode through the order's own operation (a role with 入库管理
 * can pick without the goods pages). `known` are SKUs already on the form (a draft's lines), shown by name.
 */
export function StockOrderSkuSelect({
  id,
  value,
  onChange,
  known,
  onPicked,
  disabledIds,
}: {
  id?: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
  known: ReadonlyMap<number, StockSkuOption>;
  onPicked: (s: StockSkuOption) => void;
  disabledIds: ReadonlySet<number>;
}) {
  const book = useStockOrderBook();
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['stock-order', 'sku-options', book.key, keyword],
    queryFn: () => call(book.ops.skuOptions, { keyword: keyword || undefined }),
    staleTime: 30_000,
  });
  const found = q.data ?? [];
  const current = value !== undefined ? known.get(value) : undefined;
  const options = [...(current && !found.some((s) => s.skuId === current.skuId) ? [current] : []), ...found];
  return (
    <Select<number>
      id={id}
      value={value}
      showSearch
      filterOption={false}
      onSearch={(v) => setKeyword(v.trim())}
      placeholder="搜索SKU名称、编码或条码"
      loading={q.isFetching}
      style={{ width: '100%' }}
      notFoundContent={q.isFetching ? '加载中…' : '没有匹配的SKU'}
      options={options.map((s) => ({
        value: s.skuId,
        label: skuLabel(s),
        disabled: s.skuId !== value && disabledIds.has(s.skuId),
      }))}
      onChange={(v) => {
        const picked = options.find((s) => s.skuId === v);
        if (picked) onPicked(picked);
        onChange?.(v);
      }}
    />
  );
}
