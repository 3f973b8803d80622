import { frontWarehouseOps } from '@merchant/contracts/stock/front-warehouse';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { call } from '../../../platform/call.ts';

/** One enabled front warehouse of the merchant (stock.front.warehouse.options), searched by name or code. */
export function FrontWarehouseSelect({
  id,
  value,
  onChange,
  placeholder = '选择前置仓',
}: {
  id?: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
  placeholder?: string;
}) {
  const q = useQuery({ queryKey: ['front-warehouse', 'options'], queryFn: () => call(frontWarehouseOps.options, {}), staleTime: 30_000 });
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={q.isLoading}
      placeholder={placeholder}
      options={(q.data ?? []).map((w) => ({ value: w.id, label: `${w.name}（${w.code}）` }))}
      style={{ minWidth: 220 }}
    />
  );
}
