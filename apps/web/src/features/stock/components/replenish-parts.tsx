import type { OperationContract } from '@merchant/contracts';
import { REPLENISH_ORDER_STATUS, REPLENISH_ORDER_STATUS_COLORS } from '@merchant/contracts/stock/replenish-order';
import { REPLENISH_RULE_STATUS, REPLENISH_RULE_STATUS_COLORS, REPLENISH_SOURCES } from '@merchant/contracts/stock/replenish-rule';
import { replenishSlotOps } from '@merchant/contracts/stock/replenish-slot';
import { frontWarehouseOps } from '@merchant/contracts/stock/front-warehouse';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag, type SelectProps } from 'antd';
import { call } from '../../../platform/call.ts';
import { RecordHistoryDrawer } from '../../../platform/record-history.tsx';

// 智能柜补货 (section 105): the shared bits of 规则配置, 补货规则 and 补货单 (docs/stock.md "补货").

/** 已生成 / 配送中 / 已完成 / 已取消 as a tag. */
export function ReplenishOrderStatusTag({ status, name }: { status: number; name?: string }) {
  const s = status as keyof typeof REPLENISH_ORDER_STATUS;
  return <Tag color={REPLENISH_ORDER_STATUS_COLORS[s] ?? 'default'}>{name ?? REPLENISH_ORDER_STATUS[s] ?? String(status)}</Tag>;
}
export const replenishOrderStatusOptions = Object.entries(REPLENISH_ORDER_STATUS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

export const replenishRuleStatusOptions = Object.entries(REPLENISH_RULE_STATUS).map(([value, label]) => ({ value: Number(value), label }));
export const replenishSourceOptions = Object.entries(REPLENISH_SOURCES).map(([value, label]) => ({ value, label }));

/** 启用 / 停用 of a rule. */
export function ReplenishRuleStatusTag({ status }: { status: number }) {
  return <Tag color={REPLENISH_RULE_STATUS_COLORS[status] ?? 'default'}>{REPLENISH_RULE_STATUS[status as 0 | 1] ?? String(status)}</Tag>;
}

/** The cabinets that have planogram slots (a shared read of the three pages). */
export function useReplenishDevices() {
  return useQuery({ queryKey: ['stock', 'replenish-devices'], queryFn: () => call(replenishSlotOps.devices, {}), staleTime: 60_000 });
}

/** A cabinet picker (one, or several with mode="multiple"). */
export function ReplenishDeviceSelect(props: Omit<SelectProps, 'options'>) {
  const devices = useReplenishDevices();
  return (
    <Select
      showSearch
      allowClear
      placeholder="选择设备"
      loading={devices.isLoading}
      optionFilterProp="label"
      {...props}
      options={(devices.data ?? []).map((d) => ({ value: d.deviceCode, label: `${d.deviceCode}（${d.slotCount}个货道）` }))}
    />
  );
}

/** An enabled front warehouse (货源). */
export function FrontWarehouseSelect(props: Omit<SelectProps, 'options'>) {
  const q = useQuery({ queryKey: ['stock', 'front-warehouse-options'], queryFn: () => call(frontWarehouseOps.options, {}) });
  return (
    <Select
      showSearch
      placeholder="选择前置仓"
      loading={q.isLoading}
      optionFilterProp="label"
      {...props}
      options={(q.data ?? []).map((w) => ({ value: w.id, label: `${w.name}（${w.code}）` }))}
    />
  );
}

/** A record's trail (变更记录) in a drawer. */
export function ReplenishHistoryDrawer<I extends Record<string, unknown>>({
  title,
  operation,
  input,
  onClose,
}: {
  title: string;
  operation: OperationContract;
  input: I | null;
  onClose: () => void;
}) {
  return (
    <RecordHistoryDrawer
      title={title}
      operation={operation}
      input={input}
      queryKey={['stock', 'replenish-history', title]}
      testId="replenish-history"
      onClose={onClose}
    />
  );
}

/** The pages of 105 智能柜库存 补货. */
export const REPLENISH_LIST_PATH = '/website/container-stock/inventory-stockList-list';
export const replenishDetailPath = (code: string) => `/website/container-stock/inventory-stockList-detail/${code}`;
