import { frontWarehouseOps } from '@merchant/contracts/stock/front-warehouse';
import { frontEntryStockOrderOps, hubStockOrderOps, type StockOrderDetail } from '@merchant/contracts/stock/stock-order';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { StockOrderBookProvider } from './stock-order-book.tsx';
import { StockOrderForm, toLines } from './stock-order-form.tsx';
import { FRONT_ENTRY_ORDER_BOOK } from './stock-order-paths.ts';

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn() }));

const draft: StockOrderDetail = {
  orderCode: 'RK2611240007',
  orderType: 'inbound',
  orderTypeName: '入库单',
  locationName: '库存中心',
  status: 0,
  statusName: '草稿',
  counterparty: '华东食品供应商',
  remark: '',
  lineCount: 1,
  totalQuantity: 10,
  totalAmount: 3500,
  creatorName: 'admin',
  createdAt: 1,
  confirmerName: '',
  confirmedAt: null,
  cancelReason: '',
  actions: ['edit', 'confirm', 'cancel'],
  version: 3,
  updatedAt: 1,
  lines: [
    {
      skuId: 7,
      skuCode: 'K10000007',
      skuName: '农夫山泉 550ml',
      barcode: '6921168509256',
      quantity: 10,
      unitCost: 350,
      amount: 3500,
      onHandBefore: null,
      onHandAfter: null,
    },
  ],
};

function setup(ui: React.ReactNode) {
  return renderRoutes(
    [
      { path: '/website/inventory/inventory-add-edit', element: ui },
      { path: '*', element: <div>elsewhere</div> },
    ],
    '/website/inventory/inventory-add-edit',
  );
}

describe('StockOrderForm (新建 / 编辑入库单)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    sessionStore.setState({ token: 't' });
    vi.mocked(call).mockImplementation(((op: unknown) => {
      if (op === hubStockOrderOps.update) return Promise.resolve({ orderCode: 'RK2611240007', status: 0, statusName: '草稿', version: 4 });
      if (op === hubStockOrderOps.skuOptions || op === frontEntryStockOrderOps.skuOptions) return Promise.resolve([]);
      if (op === frontEntryStockOrderOps.update)
        return Promise.resolve({ orderCode: 'RK2611240007', status: 0, statusName: '草稿', version: 4 });
      if (op === frontWarehouseOps.options) return Promise.resolve([{ id: 3, code: 'QZ00000003', name: '静安寺前置仓', locationId: 30 }]);
      return Promise.reject(new Error('unexpected'));
    }) as typeof call);
  });
  afterEach(() => {
    cleanup();
    vi.mocked(call).mockReset();
    sessionStore.setState({ token: null });
  });

  it('edits a draft: its lines read back (unit cost in 元), saved with its code, version and cost in 分', async () => {
    const router = setup(<StockOrderForm type="inbound" draft={draft} />);
    await screen.findByText('编辑入库单 RK2611240007');
    const qty = screen.getByLabelText('第1行数量') as HTMLInputElement;
    const cost = screen.getByLabelText('第1行单价') as HTMLInputElement;
    expect(qty.value).toBe('10');
    expect(cost.value).toBe('3.50');
    fireEvent.change(qty, { target: { value: '12' } });
    fireEvent.change(cost, { target: { value: '4.2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保存草稿/ })));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(hubStockOrderOps.update, {
        orderCode: 'RK2611240007',
        version: 3,
        counterparty: '华东食品供应商',
        remark: '',
        lines: [{ skuId: 7, quantity: 12, unitCost: 420 }],
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/inventory/inventory-add-detail/RK2611240007'));
  });

  it('a new order needs its supplier, a SKU and a quantity before anything is sent', async () => {
    setup(<StockOrderForm type="inbound" />);
    await screen.findByText('新建入库单');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保存草稿/ })));
    expect(await screen.findByText('请输入供应商或退货去向')).toBeTruthy();
    expect(await screen.findByText('请选择SKU')).toBeTruthy();
    expect(await screen.findByText('数量至少为1')).toBeTruthy();
    expect(vi.mocked(call).mock.calls.some(([op]) => op === hubStockOrderOps.create)).toBe(false);
  });

  it('turns 元 into 分 and refuses a SKU twice with the contract’s message', () => {
    expect(toLines([{ skuId: 1, quantity: 2, unitCost: 1.1 }])).toEqual({ lines: [{ skuId: 1, quantity: 2, unitCost: 110 }] });
    expect(toLines([{ skuId: 1, quantity: 2 }]).lines[0].unitCost).toBe(0);
    expect(
      toLines([
        { skuId: 1, quantity: 2 },
        { skuId: 1, quantity: 3 },
      ]).error,
    ).toBe('同一SKU不能重复添加');
  });

  it('前置仓 入库单: a new order needs its 前置仓; a draft shows its warehouse and is saved without one', async () => {
    setup(
      <StockOrderBookProvider book={FRONT_ENTRY_ORDER_BOOK}>
        <StockOrderForm type="inbound" />
      </StockOrderBookProvider>,
    );
    await screen.findByText('新建入库单');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保存草稿/ })));
    expect(await screen.findByText('请选择前置仓')).toBeTruthy();
    expect(vi.mocked(call).mock.calls.some(([op]) => op === frontEntryStockOrderOps.create)).toBe(false);
    cleanup();

    const router = setup(
      <StockOrderBookProvider book={FRONT_ENTRY_ORDER_BOOK}>
        <StockOrderForm type="inbound" draft={{ ...draft, locationName: '静安寺前置仓' }} />
      </StockOrderBookProvider>,
    );
    expect((await screen.findByTestId('stock-order-warehouse')).textContent).toBe('静安寺前置仓');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保存草稿/ })));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(frontEntryStockOrderOps.update, {
        orderCode: 'RK2611240007',
        version: 3,
        counterparty: '华东食品供应商',
        remark: '',
        lines: [{ skuId: 7, quantity: 10, unitCost: 350 }],
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/entrepot/entrepot-entry-detail/RK2611240007'));
  });
});
