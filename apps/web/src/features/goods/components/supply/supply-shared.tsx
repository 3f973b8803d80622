import { SUPPLY_STATUS, supplierOps } from '@merchant/contracts/goods/supplier';
import { supplySkuOps, type SupplyClassRoot } from '@merchant/contracts/goods/supply-sku';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { call } from '../../../../platform/call.ts';

// Shared by the supply-chain goods pages (section 113): status tag, the class tree (applyClassifyV2), suppliers.

export const SUPPLY_KEY = ['goods', 'supply'] as const;
export const SUPPLY_GOODS_LIST = '/website/supply/supply-goods-list';
export const SUPPLY_SKU_LIST = '/website/supply/supply-sku-list';
export const supplyGoodsEditPath = (spuId?: number) => `/website/supply/supply-goods-edit${spuId ? `/${spuId}` : ''}`;
export const supplySkuPath = (handleType: 'add' | 'edit' | 'view', skuId?: number, spuId?: number) =>
  `/website/supply/supply-sku-add/${handleType}/${skuId ?? 0}${spuId ? `/${spuId}` : ''}`;

export const statusOptions = Object.entries(SUPPLY_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));

/** 启用 / 停用. */
export function SupplyStatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'green' : 'default'}>{SUPPLY_STATUS[status as keyof typeof SUPPLY_STATUS] ?? status}</Tag>;
}

/** The classes a supply SKU can be filed under (the merchant's category tree with supply SKU counts). */
export function useSupplyClasses() {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'classes'], queryFn: () => call(supplySkuOps.classify), staleTime: 60_000 });
}

interface AnyClass {
  id: number;
  name: string;
  level: number;
  skuCount: number;
  children: AnyClass[];
}
interface ClassOption {
  title: string;
  value: number;
  key: number;
  selectable: boolean;
  children: ClassOption[];
}
/** Tree-select options; `leavesOnly`: only level-3 classes can be picked. */
export function classOptions(tree: SupplyClassRoot[] | undefined, { leavesOnly = false } = {}) {
  const walk = (nodes: AnyClass[]): ClassOption[] =>
    nodes.map((n) => ({
      title: leavesOnly ? n.name : `${n.name}（${n.skuCount}）`,
      value: n.id,
      key: n.id,
      selectable: !leavesOnly || n.level === 3,
      children: walk(n.children),
    }));
  return walk((tree ?? []) as unknown as AnyClass[]);
}

/** Every supplier, and select options of them (pickers and filters; 停用 ones marked). */
export function useSupplierOptions() {
  const q = useQuery({ queryKey: [...SUPPLY_KEY, 'suppliers'], queryFn: () => call(supplierOps.options) });
  const options = (q.data ?? []).map((s) => ({ value: s.supplierId, label: `${s.name}${s.status === 2 ? '（停用）' : ''}` }));
  return { ...q, options };
}
