import { hubBalanceOps, stockLookupOps, type StockBalanceRow } from '@merchant/contracts/stock/stock-balance';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { HUB_BALANCE_BOOK } from './stock-balance-book.ts';
import { StockEditorView } from './stock-editor-view.tsx';

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn() }));

const balance = (skuId: number, skuName: string): StockBalanceRow => ({
  id: skuId,
  locationId: 1,
  locationName: '库存中心',
  locationCode: 'HUB',
  deviceCode: '',
  slotNo: '',
  skuId,
  goodsId: skuId,
  skuCode: `K${10000000 + skuId}`,
  skuName,
  barcode: '',
  categoryId: 1,
  categoryPath: '饮料',
  onHand: 20,
  locked: 0,
  available: 20,
  version: 3,
  updatedAt: 1,
});
const SKUS = [balance(1, '农夫山泉 550ml'), balance(2, '百岁山 570ml')];

function setup(query = '?skuId=1') {
  return renderRoutes(
    [{ path: '*', element: <StockEditorView book={HUB_BALANCE_BOOK} /> }],
    `/website/inventory/inventory-editor-list${query}`,
  );
}

async function pickSku(name: string) {
  const select = screen.getByLabelText('选择SKU');
  await act(async () => {
    fireEvent.mouseDown(select);
  });
  const option = await screen.findByText(
    (_t, el) => el?.classList.contains('ant-select-item-option-content') === true && el.textContent?.startsWith(name) === true,
  );
  await act(async () => {
    fireEvent.click(option);
  });
}

describe('StockEditorView (库存编辑: another SKU while the form is dirty)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    sessionStore.setState({ token: 't' });
    vi.mocked(call).mockImplementation(((op: unknown, input: { skuId?: number }) => {
      if (op === stockLookupOps.skuOptions)
        return Promise.resolve(SKUS.map((s) => ({ skuId: s.skuId, skuCode: s.skuCode, skuName: s.skuName, barcode: '' })));
      if (op === hubBalanceOps.get) return Promise.resolve(SKUS.find((s) => s.skuId === input.skuId));
      return Promise.reject(new Error('unexpected'));
    }) as typeof call);
  });
  afterEach(() => {
    cleanup();
    vi.mocked(call).mockReset();
    sessionStore.setState({ token: null });
  });

  it('asks before giving up unsaved changes; 继续编辑 keeps the SKU and the typed numbers, 放弃修改 switches', async () => {
    const router = setup();
    await screen.findByTestId('stock-edit-current');
    fireEvent.change(screen.getByLabelText('现有库存'), { target: { value: '12' } });

    await pickSku('百岁山');
    expect(await screen.findAllByRole('button', { name: '继续编辑' })).toHaveLength(1);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '继续编辑' }));
    });
    expect(router.state.location.search).toBe('?skuId=1');
    expect((screen.getByLabelText('现有库存') as HTMLInputElement).value).toBe('12');

    await pickSku('百岁山');
    await act(async () => {
      // (the first dialog, closed, may still be in the DOM: jsdom runs no close animation)
      fireEvent.click((await screen.findAllByRole('button', { name: '放弃修改' })).at(-1)!);
    });
    await waitFor(() => expect(router.state.location.search).toBe('?skuId=2'));
  });

  it('switches at once while nothing is typed', async () => {
    const router = setup();
    await screen.findByTestId('stock-edit-current');
    await pickSku('百岁山');
    await waitFor(() => expect(router.state.location.search).toBe('?skuId=2'));
    expect(screen.queryAllByText('放弃未保存的修改？')).toEqual([]);
  });

  it('fills in the numbers a link proposes (spec route parameters stock / lockStock) and says so; the current ones stay the server’s', async () => {
    setup('?skuId=1&stock=35&lockStock=4&skuName=x');
    expect(await screen.findByTestId('stock-edit-proposed')).toHaveProperty(
      'textContent',
      expect.stringContaining('现有库存 35，锁定库存 4'),
    );
    expect((screen.getByLabelText('现有库存') as HTMLInputElement).value).toBe('35');
    expect((screen.getByLabelText('锁定库存') as HTMLInputElement).value).toBe('4');
  });

  it('ignores proposed numbers that are not whole non-negative numbers', async () => {
    setup('?skuId=1&stock=-3&lockStock=abc');
    await screen.findByLabelText('现有库存');
    expect(screen.queryByTestId('stock-edit-proposed')).toBeNull();
    expect((screen.getByLabelText('现有库存') as HTMLInputElement).value).toBe('20');
  });
});
