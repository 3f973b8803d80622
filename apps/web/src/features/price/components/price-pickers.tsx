import { priceChannelOps } from '@merchant/contracts/price/price-channel';
import { LOCAL_LIFE_ALL_STORES, type PriceScope } from '@merchant/contracts/price/price-fields';
import { priceOptionOps } from '@merchant/contracts/price/price-options';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../../../platform/call.ts';
import { useSession } from '../../../platform/session-store.ts';

// The pickers of the price pages: first channels (the merchant's channels from the session, as the top bar offers
// them), second channels, cabinets (activated devices, searched by code or name) and local-life stores — each read
// through the price area's own operations (price.options.*), so a role holding only the price pages can pick.

/** The merchant's first channels (code, name) as the session knows them. */
export function useFirstChannels(): { code: string; name: string }[] {
  const list = useSession((s) => s.channels?.selectList);
  return useMemo(() => list ?? [], [list]);
}

/** Second channels (enabled and not), optionally under one first channel. */
export function useSecondChannels(firstChannelCode?: string) {
  return useQuery({
    queryKey: ['price', 'channel-options', firstChannelCode ?? ''],
    queryFn: () => call(priceChannelOps.list, { pageNum: 1, pageSize: 200, ...(firstChannelCode ? { firstChannelCode } : {}) }),
  });
}

interface SelectProps<V> {
  value?: V;
  onChange?: (v: V) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
}

/** Cabinets of the merchant (已激活 first), searched on the server by code or name. */
export function CabinetSelect({
  multiple,
  labels,
  ...props
}: SelectProps<string | string[]> & {
  multiple?: boolean;
  /** Names of cabinets already chosen (code → label), shown before a search finds them. */ labels?: Record<string, string>;
}) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['price', 'cabinet-options', keyword],
    queryFn: () => call(priceOptionOps.cabinets, keyword ? { keyword } : {}),
  });
  const [known, setKnown] = useState(() => new Map<string, string>(Object.entries(labels ?? {})));
  const options = (q.data ?? []).map((d) => ({ value: d.deviceCode, label: `${d.name}（${d.deviceCode}）` }));
  const selected = ([] as string[]).concat(props.value ?? []);
  const all = [
    ...options,
    ...selected.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: known.get(v) ?? v })),
  ];
  return (
    <Select
      {...props}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      filterOption={false}
      onSearch={(v) => setKeyword(v.trim())}
      onChange={(v: string | string[]) => {
        setKnown((prev) => new Map([...prev, ...options.map((o) => [o.value, o.label] as const)]));
        props.onChange?.(v);
      }}
      loading={q.isFetching}
      placeholder={props.placeholder ?? '输入设备编号或名称搜索智能柜'}
      options={all}
      style={{ width: '100%' }}
    />
  );
}

/** Second channels as options (value: the id as text, the scope key). */
export function SecondChannelSelect({
  multiple,
  firstChannelCode,
  ...props
}: SelectProps<string | string[]> & { multiple?: boolean; firstChannelCode?: string }) {
  const q = useSecondChannels(firstChannelCode);
  return (
    <Select
      {...props}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={q.isLoading}
      placeholder={props.placeholder ?? '请选择二级渠道'}
      options={(q.data?.list ?? []).map((c) => ({
        value: String(c.id),
        label: `${c.firstChannelName} / ${c.name}${c.status === 1 ? '' : '（停用）'}`,
      }))}
      style={{ width: '100%' }}
    />
  );
}

/** The merchant's first channels (value: the channel code). */
export function FirstChannelSelect({ multiple, ...props }: SelectProps<string | string[]> & { multiple?: boolean }) {
  const channels = useFirstChannels();
  return (
    <Select
      {...props}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      placeholder={props.placeholder ?? '请选择一级渠道'}
      options={channels.map((c) => ({ value: c.code, label: c.name }))}
      style={{ width: '100%' }}
    />
  );
}

/** Local-life stores: 全部门店 (the price for every store) and each store (value: the store id as text). */
export function StoreSelect({
  multiple,
  withAll = true,
  ...props
}: SelectProps<string | string[]> & { multiple?: boolean; withAll?: boolean }) {
  const q = useQuery({ queryKey: ['price', 'store-options'], queryFn: () => call(priceOptionOps.stores, {}) });
  return (
    <Select
      {...props}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={q.isLoading}
      placeholder={props.placeholder ?? '请选择门店'}
      options={[
        ...(withAll ? [{ value: LOCAL_LIFE_ALL_STORES, label: '全部门店' }] : []),
        ...(q.data ?? []).map((s) => ({ value: String(s.storeId), label: `${s.name}（${s.storeCode}）` })),
      ]}
      style={{ width: '100%' }}
    />
  );
}

/** The targets of a scope (调价对象), several at once. */
export function TargetSelect({ scopeType, ...props }: SelectProps<string[]> & { scopeType: PriceScope }) {
  const p = props as SelectProps<string | string[]>;
  switch (scopeType) {
    case 'channel1':
      return <FirstChannelSelect {...p} multiple />;
    case 'channel2':
      return <SecondChannelSelect {...p} multiple />;
    case 'cabinet':
      return <CabinetSelect {...p} multiple />;
    case 'localLife':
      return <StoreSelect {...p} multiple />;
  }
}
