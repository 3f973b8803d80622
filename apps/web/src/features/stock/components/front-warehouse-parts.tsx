import { FRONT_WAREHOUSE_STATUS, FRONT_WAREHOUSE_STATUS_COLORS, frontWarehouseOps } from '@merchant/contracts/stock/front-warehouse';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Tag } from 'antd';
import { call } from '../../../platform/call.ts';

/** 启用 / 停用 as a tag (labels and colours from the contract). */
export function FrontWarehouseStatusTag({ status }: { status: number }) {
  const s = status as keyof typeof FRONT_WAREHOUSE_STATUS;
  return <Tag color={FRONT_WAREHOUSE_STATUS_COLORS[s] ?? 'default'}>{FRONT_WAREHOUSE_STATUS[s] ?? String(status)}</Tag>;
}

export const frontWarehouseStatusOptions = Object.entries(FRONT_WAREHOUSE_STATUS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/** The region tree, names for values (product data: read once per session). */
export function useFrontWarehouseRegions() {
  return useQuery({
    queryKey: ['stock', 'front-warehouse-regions'],
    queryFn: () => call(frontWarehouseOps.regions, {}),
    staleTime: Infinity,
  });
}

/** 省 / 市 / 区县 by name; `changeOnSelect` lets a filter stop at a province or city. */
export function FrontWarehouseRegionCascader({
  value,
  onChange,
  changeOnSelect,
  placeholder = '请选择省 / 市 / 区县',
  id,
}: {
  value?: string[];
  onChange?: (v: string[] | undefined) => void;
  changeOnSelect?: boolean;
  placeholder?: string;
  id?: string;
}) {
  const regions = useFrontWarehouseRegions();
  return (
    <Cascader
      id={id}
      value={value}
      onChange={(v) => onChange?.(v?.length ? (v as string[]) : undefined)}
      options={regions.data ?? []}
      loading={regions.isLoading}
      changeOnSelect={changeOnSelect}
      showSearch
      allowClear
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  );
}
