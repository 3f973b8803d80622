import { cabinetOrderOps, type CabinetOrderDetail } from '@merchant/contracts/order/cabinet-order';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { holdAnchors, orderPayment, teaLine, waterLine } from '../components/order-fixtures.ts';
import SalesOrderDetailPage from './sales-order-detail-page.tsx';

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn() }));
afterEach(cleanup);
beforeEach(() => holdAnchors('salesOrder-list', 'excepOrder-list', 'after-sale-order', 'container-inventory-water-list'));

const detail = (over: Partial<CabinetOrderDetail> = {}): CabinetOrderDetail => ({
  orderNoSub: 'XS26112400000002',
  applyCode: 'KM26112400000002',
  deviceCode: 'D2611000001',
  deviceName: '一号柜',
  pointName: '软件园A座',
  userId: 'wx_user_01',
  userPhone: '138****0000',
  status: 5,
  statusName: '异常',
  payStatus: 3,
  payStatusName: '支付失败',
  excepType: 'low-confidence',
  excepTypeName: '识别置信度低',
  excepReason: '货道A2的识别置信度 72%，低于 80%',
  itemCount: 3,
  goodsAmount: 1050,
  payAmount: 1050,
  paidAmount: 0,
  refundedAmount: 0,
  pricedAt: 1_795_000_000_000,
  createdAt: 1_795_000_060_000,
  paidAt: null,
  completedAt: null,
  version: 2,
  lines: [waterLine(), teaLine()],
  payments: [
    orderPayment({
      payNo: 'ZF26112400000009',
      statusName: '支付失败',
      failReason: '沙箱支付：模拟支付失败（余额不足）',
      paidAt: null,
      createdAt: 1_795_000_061_000,
    }),
  ],
  ...over,
});

function open(order: CabinetOrderDetail | null) {
  vi.mocked(call).mockImplementation(((op: unknown) => {
    if (op === cabinetOrderOps.detail) return order ? Promise.resolve(order) : Promise.reject(new Error('订单不存在'));
    return Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 10 });
  }) as typeof call);
  return renderRoutes(
    [
      { path: '/website/container-order/salesOrder-list-detail/:orderNoSub', element: <SalesOrderDetailPage /> },
      { path: '/website/container-order/commodityDetail', element: <p>商品核对页</p> },
      { path: '/website/afterSale/abnormalOrderDetail', element: <p>售后商品核对页</p> },
      { path: '/website/afterSale/after-sale-order', element: <p>售后工单页</p> },
    ],
    `/website/container-order/salesOrder-list-detail/XS26112400000002`,
  );
}

describe('订单详情 (salesOrder-list-detail)', { timeout: 30_000 }, () => {
  it('an abnormal order: the reason in an alert, its lines in 元 with the low confidence marked, the sandbox payment tagged', async () => {
    const router = open(detail());
    expect((await screen.findByTestId('sales-order-title')).textContent).toBe('订单 XS26112400000002');
    expect(vi.mocked(call)).toHaveBeenCalledWith(cabinetOrderOps.detail, { orderNoSub: 'XS26112400000002' });
    const alert = screen.getByTestId('sales-order-exception');
    expect(alert.textContent).toContain('识别置信度低');
    expect(alert.textContent).toContain('货道A2的识别置信度 72%，低于 80%');
    expect(screen.getByRole('link', { name: 'KM26112400000002' }).getAttribute('href')).toBe(
      '/website/container-order/open-record-list-detail/KM26112400000002',
    );
    expect(screen.getByRole('link', { name: '智能柜库存流水' }).getAttribute('href')).toBe(
      '/website/container-stock/container-inventory-water-list?docCode=XS26112400000002',
    );

    const lines = within(screen.getByTestId('sales-order-lines'));
    const water = within(lines.getByText('农夫山泉 550ml').closest('tr')!);
    expect(water.getByText('2.50')).toBeTruthy();
    expect(water.getByText('5.00')).toBeTruthy();
    expect(water.getByText('单柜价')).toBeTruthy();
    expect(water.getByText('98.5%')).toBeTruthy();
    expect(water.queryByTestId('low-confidence')).toBeNull();
    const tea = within(lines.getByText('康师傅 冰红茶').closest('tr')!);
    expect(tea.getByTestId('low-confidence').textContent).toBe('72%');

    const payments = within(screen.getByTestId('sales-order-payments'));
    const sandbox = payments.getByText('沙箱支付').closest('.ant-tag')!;
    expect(sandbox.className).toMatch(/ant-tag-orange/);
    expect(payments.getByText('沙箱支付：模拟支付失败（余额不足）')).toBeTruthy();
    expect(payments.getByText('支付失败').closest('.ant-tag')!.className).toMatch(/ant-tag-(red|error)/);
    expect(payments.getByText('10.50')).toBeTruthy();
    expect(screen.getByText('暂无操作记录')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '商品核对' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/container-order/commodityDetail'));
    expect(router.state.location.search).toBe('?orderNoSub=XS26112400000002');
    expect(vi.mocked(call)).toHaveBeenCalledWith(cabinetOrderOps.history, expect.objectContaining({ orderNoSub: 'XS26112400000002' }));
  });

  it('a normal paid order: no alert, no 异常原因', async () => {
    open(
      detail({ status: 3, statusName: '已完成', payStatus: 2, payStatusName: '已支付', excepType: '', excepTypeName: '', excepReason: '' }),
    );
    await screen.findByTestId('sales-order-title');
    expect(screen.queryByTestId('sales-order-exception')).toBeNull();
    expect(screen.queryByText('异常原因')).toBeNull();
    expect(screen.queryByRole('button', { name: '商品核对' })).toBeNull();
    expect(screen.getAllByText('已完成').length).toBeGreaterThan(0);
  });

  it('申请售后 opens 新建售后工单 for a paid order', async () => {
    const router = open(
      detail({
        status: 3,
        statusName: '已完成',
        payStatus: 2,
        payStatusName: '已支付',
        paidAmount: 1050,
        excepType: '',
        excepTypeName: '',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '申请售后' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/afterSale/after-sale-order'));
    expect(router.state.location.search).toBe('?orderNoSub=XS26112400000002');
  });

  it('opened by one who holds only 售后工单: read-only, 商品核对 through 售后, no links to pages the role lacks', async () => {
    holdAnchors('after-sale-order');
    const router = open(detail());
    await screen.findByTestId('sales-order-title');
    expect(screen.queryByRole('link', { name: 'KM26112400000002' })).toBeNull();
    expect(screen.getByText('KM26112400000002')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '智能柜库存流水' })).toBeNull();
    expect(screen.queryByRole('button', { name: '申请售后' })).toBeNull(); // not paid
    fireEvent.click(screen.getByRole('button', { name: '商品核对' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/afterSale/abnormalOrderDetail'));
  });

  it('an order that is not there: 找不到该订单 with the way back', async () => {
    open(null);
    expect(await screen.findByText('找不到该订单')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回销售订单' }).getAttribute('href')).toBe('/website/container-order/salesOrder-list');
  });
});
