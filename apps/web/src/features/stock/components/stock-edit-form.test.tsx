import { LOCK_ABOVE_STOCK_MESSAGE } from '@merchant/contracts/stock/stock-balance';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editPreview, StockEditForm, type StockEditValues } from './stock-edit-form.tsx';

const current = { onHand: 20, locked: 5, skuName: '农夫山泉 550ml', skuCode: 'K12345678' };

function setup() {
  const submitted: StockEditValues[] = [];
  const dirty: boolean[] = [];
  const onSubmit = vi.fn((v: StockEditValues) => {
    submitted.push(v);
  });
  render(
    <ConfigProvider locale={zhCN}>
      <App>
        <StockEditForm current={current} onSubmit={onSubmit} onDirty={(d) => dirty.push(d)} />
      </App>
    </ConfigProvider>,
  );
  return { submitted, dirty, onSubmit };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('StockEditForm (库存编辑)', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('computes the preview of each number before → after', () => {
    expect(editPreview(current, { stock: 12, lockStock: 2 })).toEqual([
      { key: 'onHand', label: '现有库存', before: 20, after: 12 },
      { key: 'locked', label: '锁定库存', before: 5, after: 2 },
      { key: 'available', label: '可用库存', before: 15, after: 10 },
    ]);
    expect(editPreview(current, {}).map((p) => p.after)).toEqual([20, 5, 15]);
  });

  it('refuses 锁定库存 above 现有库存 and a missing reason with the contract’s messages, submitting nothing', async () => {
    const { onSubmit, dirty } = setup();
    type('现有库存', '3');
    type('锁定库存', '4');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() => expect(screen.getByText(LOCK_ABOVE_STOCK_MESSAGE)).toBeTruthy());
    expect(screen.getByText('请输入原因')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(dirty.at(-1)).toBe(true);
  });

  it('shows the change preview, asks for confirmation, then submits the new numbers and the reason', async () => {
    const { submitted } = setup();
    type('现有库存', '12');
    type('锁定库存', '2');
    type('修改原因', '盘点差异');
    const preview = screen.getByTestId('stock-edit-preview');
    await waitFor(() => expect(within(preview).getByText('−8')).toBeTruthy());
    expect(within(preview).getByText('−3')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    const confirm = await screen.findByTestId('stock-edit-confirm');
    expect(confirm.textContent).toContain('现有库存：20 → 12');
    expect(confirm.textContent).toContain('锁定库存：5 → 2');
    expect(submitted).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    });
    await waitFor(() => expect(submitted).toEqual([{ stock: 12, lockStock: 2, reason: '盘点差异' }]));
  });

  it('keeps 保存 disabled until a number changes', () => {
    setup();
    expect((screen.getByRole('button', { name: /保\s*存/ }) as HTMLButtonElement).disabled).toBe(true);
    type('锁定库存', '6');
    expect((screen.getByRole('button', { name: /保\s*存/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});
