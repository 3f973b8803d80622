import { Cascader, type CascaderProps } from 'antd';

export interface RegionCascaderProps {
  value?: string[];
  onChange?: (v: string[] | undefined) => void;
  /** Lets a filter stop at a province or city. */
  changeOnSelect?: boolean;
  placeholder?: string;
  id?: string;
  /** The region tree (省 / 市 / 区县, names for values), as the page's feature reads it. */
  options: CascaderProps['options'] | undefined;
  loading?: boolean;
}

/** 省 / 市 / 区县 by name from the offline region tree; cleared to undefined. */
export function RegionCascader({
  value,
  onChange,
  changeOnSelect,
  placeholder = '请选择省 / 市 / 区县',
  id,
  options,
  loading,
}: RegionCascaderProps) {
  return (
    <Cascader
      id={id}
      value={value}
      onChange={(v) => onChange?.(v?.length ? (v as string[]) : undefined)}
      options={options ?? []}
      loading={loading}
      changeOnSelect={changeOnSelect}
      showSearch
      allowClear
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  );
}
