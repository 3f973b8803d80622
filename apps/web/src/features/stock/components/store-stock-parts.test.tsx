import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider, InputNumber } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreStockAddForm, type StoreStockAddValues } from './store-stock-parts.tsx';

// 新增门店库存's form: the contract's rules (store, SKU, quantity ≥ 1 whole, reason), a confirmation naming the store.

const stores = [
  { storeCode: 'MD0000000001', name: '田林路便利店' },
  { storeCode: 'MD0000000002', name: '漕河泾店' },
];

/** A plain SKU picker for the test (the real one searches the server). */
function SkuInput({ value, onChange, id }: { value?: number; onChange?: (v: number) => void; id?: string }) {
  return <InputNumber id={id} aria-label="SKU" value={value} onChange={(v) => onChange?.(Number(v))} />;
}

function setup() {
  const submitted: StoreStockAddValues[] = [];
  const dirty: boolean[] = [];
  const onSubmit = vi.fn((v: StoreStockAddValues) => {
    submitted.push(v);
  });
  render(
    <ConfigProvider locale={zhCN}>
      <App>
        <StoreStockAddForm stores={stores} onSubmit={onSubmit} onDirty={(d) => dirty.push(d)} skuSelect={SkuInput} />
      </App>
    </ConfigProvider>,
  );
  return { submitted, dirty, onSubmit };
}

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
  });

describe('StoreStockAddForm (新增门店库存)', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('refuses an empty form with the contract’s messages, submitting nothing', async () => {
    const { onSubmit } = setup();
    await save();
    await waitFor(() => expect(screen.getByText('请选择门店')).toBeTruthy());
    expect(screen.getByText('请选择SKU')).toBeTruthy();
    expect(screen.getByText('入库数量至少为1')).toBeTruthy();
    expect(screen.getByText('请输入原因')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('picks a store, a SKU, a quantity and a reason; confirms naming the store; submits', async () => {
    const { submitted, dirty } = setup();
    const storeSelect = screen.getByLabelText('门店');
    fireEvent.mouseDown(storeSelect);
    fireEvent.click(await screen.findByText('漕河泾店（MD0000000002）'));
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText('入库数量'), { target: { value: '24' } });
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '门店到货' } });
    expect(dirty.at(-1)).toBe(true);
    await save();
    const confirm = await screen.findByTestId('store-stock-add-confirm');
    expect(confirm.textContent).toContain('门店：漕河泾店');
    expect(confirm.textContent).toContain('入库数量：24');
    expect(submitted).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确认入库' }));
    });
    await waitFor(() => expect(submitted).toEqual([{ storeCode: 'MD0000000002', skuId: 42, quantity: 24, reason: '门店到货' }]));
  });
});
