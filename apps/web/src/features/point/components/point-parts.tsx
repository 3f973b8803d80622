import { pointOps, POINT_STATUS, type PointStatus } from '@merchant/contracts/device/point';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { call } from '../../../platform/call.ts';
import { RegionCascader as SharedRegionCascader, type RegionCascaderProps } from '../../../shared/ui/region-cascader.tsx';

export const LOCATION_LIST = '/website/device-management/location-management';
export const POINT_MANAGE = '/website/point-busi/point-manage';
export const locationDetailPath = (handleType: 'add' | 'edit' | 'view', id?: number) =>
  `/website/device-management/location-detail/${id ? `${id}/` : ''}${handleType}`;
export const locationDevicesPath = (id: number) => `/website/device-management/location-devices-list/${id}`;
export const bindDevicesPath = (id: number) => `/website/device-management/bind-devices/${id}`;
export const pointDetailPath = (id: number) => `/website/point-busi/point-detail/${id}`;

const STATUS_COLORS: Record<number, string> = { 1: 'success', 2: 'warning', 3: 'default' };

export function PointStatusTag({ status }: { status: number }) {
  return <Tag color={STATUS_COLORS[status]}>{POINT_STATUS[status as PointStatus] ?? status}</Tag>;
}

/** The region tree (product data: read once per session). */
export function useRegions() {
  return useQuery({ queryKey: ['point', 'regions'], queryFn: () => call(pointOps.regions), staleTime: Infinity });
}

/** The shared region cascader over this feature's region tree. */
export function RegionCascader(props: Omit<RegionCascaderProps, 'options' | 'loading'>) {
  const regions = useRegions();
  return <SharedRegionCascader {...props} options={regions.data} loading={regions.isLoading} />;
}

/** Basis points as a percentage: 1250 → 12.50%. */
export const bpText = (bp: number) => `${(bp / 100).toFixed(2)}%`;
