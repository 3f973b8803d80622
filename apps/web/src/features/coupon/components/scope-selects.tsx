import { couponBatchOps } from '@merchant/contracts/marketing/coupon-batch';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { useDebounced } from '../../../shared/ui/use-debounced.ts';
import { COUPON_KEY } from './coupon-parts.tsx';

/** A SKU as the batch names it. */
export interface ScopeSku {
  skuId: number;
  skuCode: string;
  name: string;
}
export const skuLabel = (s: ScopeSku) => `${s.name}（${s.skuCode}）`;

/**
 * 指定商品: the merchant's SKUs searched by code, name or barcode (couponBatchOps.skuOptions, the keyword settled
 * for a moment before it is asked), several picked. The SKUs already picked stay shown by name while another keyword
 * lists others: `known` holds them (a batch's own SKUs, and each one picked here, through `onPicked`).
 */
export function SkuSelect({
  id,
  value,
  onChange,
  known,
  onPicked,
  disabled,
}: {
  id?: string;
  value?: number[];
  onChange?: (v: number[]) => void;
  known: ReadonlyMap<number, ScopeSku>;
  onPicked: (skus: ScopeSku[]) => void;
  disabled?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword.trim(), 300);
  const q = useQuery({
    queryKey: [...COUPON_KEY, 'sku-options', settled],
    queryFn: () => call(couponBatchOps.skuOptions, settled ? { keyword: settled } : {}),
    staleTime: 30_000,
    enabled: !disabled,
  });
  const found = q.data ?? [];
  const foundIds = new Set(found.map((s) => s.skuId));
  const kept = (value ?? []).filter((v) => !foundIds.has(v)).map((v) => known.get(v) ?? { skuId: v, skuCode: String(v), name: 'SKU' });
  const options = [...kept, ...found];
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={value}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder="搜索SKU编码、名称或条码"
      loading={q.isFetching}
      notFoundContent={q.isFetching ? '加载中…' : '没有匹配的SKU'}
      options={options.map((s) => ({ value: s.skuId, label: skuLabel(s) }))}
      onChange={(ids) => {
        onPicked(found.filter((s) => ids.includes(s.skuId)));
        onChange?.(ids);
      }}
      onBlur={() => setKeyword('')}
      style={{ width: '100%' }}
    />
  );
}

/** 适用城市: the cities of the merchant's points and stores (couponBatchOps.cityOptions); none picked is every city. */
export function CitySelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: string[];
  onChange?: (v: string[]) => void;
  disabled?: boolean;
}) {
  const q = useQuery({
    queryKey: [...COUPON_KEY, 'city-options'],
    queryFn: () => call(couponBatchOps.cityOptions, {}),
    staleTime: 60_000,
    enabled: !disabled,
  });
  const cities = [...new Set([...(value ?? []), ...(q.data ?? [])])];
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      value={value}
      disabled={disabled}
      onChange={(v) => onChange?.(v)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="不选即全部城市"
      loading={q.isFetching}
      notFoundContent={q.isFetching ? '加载中…' : '暂无可选城市'}
      options={cities.map((c) => ({ value: c, label: c }))}
      style={{ width: '100%' }}
    />
  );
}
