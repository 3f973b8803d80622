import { storeStockAddFields, storeStockOps } from '@merchant/contracts/stock/store-stock';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';

// 本地库存 (section 128): the paths of its pages and the bits they share — the store and SKU pickers (through the
// section's own operations, so a role with only these pages can use them) and the 新增门店库存 form.

export const LOCAL_BASE = '/website/inventory-management-local';
export const LOCAL_LIST = `${LOCAL_BASE}/inventory-management-local-list`;
export const LOCAL_STATEMENT = `${LOCAL_BASE}/inventory-management-statement`;
export const localDetailPath = (id: number) => `${LOCAL_BASE}/inventory-management-local-detail?id=${id}`;
export const localEditPath = (id?: number) => (id ? `${LOCAL_BASE}/inventory-edit/${id}` : `${LOCAL_BASE}/inventory-edit`);

/** The category tree for the filters (a node takes its descendants). */
export function useStoreStockCategories() {
  return useQuery({ queryKey: ['stock', 'store-category-tree'], queryFn: () => call(storeStockOps.categories, {}), staleTime: 60_000 });
}

/** The merchant's open stores (营业中) as select options (value: the store code). */
export function useOpenStores() {
  return useQuery({ queryKey: ['stock', 'store-options'], queryFn: () => call(storeStockOps.stores, {}), staleTime: 60_000 });
}

/** A SKU picker searching by name, code or barcode. */
export function StoreSkuSelect({ value, onChange, id }: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['stock', 'store-sku-options', keyword],
    queryFn: () => call(storeStockOps.skuOptions, keyword ? { keyword } : {}),
  });
  return (
    <Select
      id={id}
      showSearch
      placeholder="输入SKU名称、编码或条码查找"
      filterOption={false}
      value={value}
      loading={q.isFetching}
      onSearch={setKeyword}
      onChange={onChange}
      options={(q.data ?? []).map((o) => ({ value: o.skuId, label: `${o.skuName}（${o.skuCode}${o.barcode ? ` / ${o.barcode}` : ''}）` }))}
    />
  );
}

export interface StoreStockAddValues {
  storeCode: string;
  skuId: number;
  quantity: number;
  reason: string;
}

/**
 * 新增门店库存: an open store, a SKU, the quantity brought in (posted as an 入库 movement) and the reason, by the
 * contract's rules; asks for confirmation before saving. `onDirty` tells the page whether anything was entered.
 */
export function StoreStockAddForm({
  stores,
  saving,
  onSubmit,
  onDirty,
  skuSelect = StoreSkuSelect,
}: {
  stores: { storeCode: string; name: string }[];
  saving?: boolean;
  onSubmit: (v: StoreStockAddValues) => unknown;
  onDirty?: (dirty: boolean) => void;
  /** The SKU picker (tests pass a plain one). */
  skuSelect?: typeof StoreSkuSelect;
}) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<StoreStockAddValues>();
  const SkuSelect = skuSelect;
  const submit = (v: StoreStockAddValues) => {
    const store = stores.find((s) => s.storeCode === v.storeCode);
    modal.confirm({
      title: '确认入库？',
      content: (
        <div data-testid="store-stock-add-confirm">
          <p>门店：{store?.name ?? v.storeCode}</p>
          <p>入库数量：{v.quantity}</p>
          <p>原因：{v.reason}</p>
        </div>
      ),
      okText: '确认入库',
      onOk: () => onSubmit(v),
    });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={submit}
      onValuesChange={() => onDirty?.(true)}
      data-testid="store-stock-add-form"
    >
      <Form.Item name="storeCode" label="门店" rules={[zodRule(storeStockAddFields.storeCode)]}>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder="选择营业中的门店"
          options={stores.map((s) => ({ value: s.storeCode, label: `${s.name}（${s.storeCode}）` }))}
        />
      </Form.Item>
      <Form.Item name="skuId" label="SKU" rules={[zodRule(storeStockAddFields.skuId)]}>
        <SkuSelect />
      </Form.Item>
      <Form.Item name="quantity" label="入库数量" rules={[zodRule(storeStockAddFields.quantity)]}>
        <InputNumber min={1} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="reason" label="原因" rules={[zodRule(storeStockAddFields.reason)]}>
        <Input.TextArea maxLength={200} showCount rows={2} placeholder="如：门店到货、期初建账" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}
