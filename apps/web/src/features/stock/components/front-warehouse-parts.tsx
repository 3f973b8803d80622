import { FRONT_WAREHOUSE_STATUS, FRONT_WAREHOUSE_STATUS_COLORS, frontWarehouseOps } from '@merchant/contracts/stock/front-warehouse';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { call } from '../../../platform/call.ts';
import { RegionCascader as SharedRegionCascader, type RegionCascaderProps } from '../../../shared/ui/region-cascader.tsx';

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

/** The shared region cascader over this feature's region tree. */
export function FrontWarehouseRegionCascader(props: Omit<RegionCascaderProps, 'options' | 'loading'>) {
  const regions = useFrontWarehouseRegions();
  return <SharedRegionCascader {...props} options={regions.data} loading={regions.isLoading} />;
}
