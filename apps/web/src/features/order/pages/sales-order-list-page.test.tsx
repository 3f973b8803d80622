import type { CabinetOrderRow } from '@merchant/contracts/order/cabinet-order';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import SalesOrderListPage from './sales-order-list-page.tsx';

const orderRow = (over: Partial<CabinetOrderRow> = {}): CabinetOrderRow => ({
  orderNoSub: 'XS26112400000001',
  applyCode: 'KM26112400000001',
  deviceCode: 'D2611000001',
  deviceName: '一号柜',
  pointName: '软件园A座',
  userId: 'wx_user_01',
  userPhone: '138****0000',
  status: 3,
  statusName: '已完成',
  payStatus: 2,
  payStatusName: '已支付',
  excepType: '',
  excepTypeName: '',
  itemCount: 2,
  goodsAmount: 1250,
  payAmount: 1250,
  paidAmount: 1250,
  refundedAmount: 0,
  createdAt: 1_795_000_000_000,
  paidAt: 1_795_000_005_000,
  completedAt: 1_795_000_005_000,
  version: 2,
  ...over,
});

const rows = [
  orderRow(),
  orderRow({
    orderNoSub: 'XS26112400000002',
    status: 5,
    statusName: '异常',
    payStatus: 3,
    payStatusName: '支付失败',
    excepType: 'low-confidence',
    excepTypeName: '识别置信度低',
    goodsAmount: 1_234_567,
    paidAmount: 0,
    paidAt: null,
  }),
];
const loader = vi.fn((_p: Record<string, unknown>) =>
  Promise.resolve({ list: rows, nextCursor: null, prevCursor: null, total: rows.length }),
);

vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(() => Promise.resolve({})),
  listLoader: () => loader,
}));
afterEach(() => {
  cleanup();
  loader.mockClear();
});

const mount = () =>
  renderRoutes(
    [
      { path: '/website/container-order/salesOrder-list', element: <SalesOrderListPage /> },
      { path: '/website/container-order/salesOrder-list-detail/:orderNoSub', element: <p>详情页</p> },
    ],
    '/website/container-order/salesOrder-list',
  );
const rowOf = (orderNoSub: string) => screen.getByText(orderNoSub).closest('tr')!;

describe('销售订单 (salesOrder-list)', { timeout: 30_000 }, () => {
  it('shows each order with its state tags, device, user and money in 元 right-aligned; the order number opens the detail', async () => {
    const router = mount();
    await screen.findByText('XS26112400000001');
    expect(loader).toHaveBeenCalledWith(expect.objectContaining({ pageSize: 10 }));
    const ok = within(rowOf('XS26112400000001'));
    expect(ok.getByText('已完成').closest('.ant-tag')).toBeTruthy();
    expect(ok.getByText('已支付').closest('.ant-tag')).toBeTruthy();
    expect(ok.getByText('一号柜')).toBeTruthy();
    expect(ok.getByText('138****0000')).toBeTruthy();
    expect(ok.getAllByText('12.50')).toHaveLength(2); // 商品金额, 实付金额
    expect(ok.getByText('0.00')).toBeTruthy(); // 退款金额
    const cell = ok.getAllByText('12.50')[0].closest('td')!;
    expect(cell.style.textAlign).toBe('right');

    const bad = within(rowOf('XS26112400000002'));
    const excep = bad.getByText('识别置信度低').closest('.ant-tag')!;
    expect(excep.className).toMatch(/ant-tag-(red|error)/);
    expect(bad.getByText('支付失败').closest('.ant-tag')).toBeTruthy();
    expect(bad.getByText('12,345.67')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();

    fireEvent.click(screen.getByText('XS26112400000002'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/container-order/salesOrder-list-detail/XS26112400000002'));
  });

  it('searches by 订单号, 设备编号, 订单状态 and 异常类型: the request carries exactly those', async () => {
    mount();
    await screen.findByText('XS26112400000001');
    fireEvent.change(screen.getByLabelText('订单号'), { target: { value: ' XS26112400000002 ' } });
    fireEvent.change(screen.getByLabelText('设备编号'), { target: { value: 'D2611000001' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '订单状态' }));
    fireEvent.click(await screen.findByTitle('异常'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '异常类型' }));
    fireEvent.click(await screen.findByTitle('柜门未关'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(loader).toHaveBeenLastCalledWith({
        orderNoSub: 'XS26112400000002',
        deviceCode: 'D2611000001',
        status: 5,
        excepType: 'door-open',
        pageSize: 10,
      }),
    );
  });
});
