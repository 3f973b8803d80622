import { pointOps, POINT_STATUS, type PointStatus } from '@merchant/contracts/device/point';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Tag } from 'antd';
import { call } from '../../../platform/call.ts';

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

/** 省 / 市 / 区县 from the offline dataset; `changeOnSelect` lets a filter stop at a province or city. */
export function RegionCascader({
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
  const regions = useRegions();
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

/** Basis points as a percentage: 1250 → 12.50%. */
export const bpText = (bp: number) => `${(bp / 100).toFixed(2)}%`;
