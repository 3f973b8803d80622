import { exceptionOrderOps, type ExceptionOrderRow } from '@merchant/contracts/order/exception-order';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { renderRoutes } from '../../../test/render.tsx';
import ExceptionOrderListPage from './exception-order-list-page.tsx';

const excepRow = (over: Partial<ExceptionOrderRow> = {}): ExceptionOrderRow => ({
  orderNoSub: 'XS26112400000002',
  applyCode: 'KM26112400000002',
  deviceCode: 'D2611000001',
  deviceName: '一号柜',
  pointName: '软件园A座',
  userId: 'wx_user_01',
  userPhone: '138****0000',
  status: 5,
  statusName: '异常',
  payStatus: 0,
  payStatusName: '未支付',
  excepType: 'low-confidence',
  excepTypeName: '识别置信度低',
  excepReason: '货道A2的识别置信度 72%，低于 80%',
  handling: 1,
  handlingName: '待处理',
  itemCount: 3,
  goodsAmount: 1050,
  payAmount: 1050,
  paidAmount: 0,
  refundedAmount: 0,
  createdAt: 1_795_000_000_000,
  paidAt: null,
  completedAt: null,
  version: 4,
  actions: ['correct', 'close'],
  ...over,
});

const rows = [
  excepRow(),
  excepRow({
    orderNoSub: 'XS26112400000003',
    status: 4,
    statusName: '已取消',
    excepType: 'door-open',
    excepTypeName: '柜门未关',
    excepReason: '柜门超时未关',
    handling: 2,
    handlingName: '已处理',
    actions: [],
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
  vi.mocked(call).mockClear();
});

const mount = () =>
  renderRoutes(
    [
      { path: '/website/container-order/excepOrder-list', element: <ExceptionOrderListPage /> },
      { path: '/website/container-order/salesOrder-list-detail/:orderNoSub', element: <p>详情页</p> },
      { path: '/website/container-order/commodityDetail', element: <p>商品核对页</p> },
    ],
    '/website/container-order/excepOrder-list',
  );
const rowOf = (orderNoSub: string) => screen.getByText(orderNoSub).closest('tr')!;
const buttonsOf = (orderNoSub: string) =>
  within(rowOf(orderNoSub))
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));

describe('异常订单 (excepOrder-list)', { timeout: 30_000 }, () => {
  it('shows the exception in a red tag, the handling state, money in 元; only the actions the server allows', async () => {
    const router = mount();
    await screen.findByText('XS26112400000002');
    expect(loader).toHaveBeenCalledWith(expect.objectContaining({ pageSize: 10 }));
    expect(loader.mock.calls[0][0]).not.toHaveProperty('handling');
    const open = within(rowOf('XS26112400000002'));
    expect(open.getByText('识别置信度低').closest('.ant-tag')!.className).toMatch(/ant-tag-(red|error)/);
    expect(open.getByText('待处理').closest('.ant-tag')!.className).toMatch(/ant-tag-(red|error)/);
    expect(open.getByText('货道A2的识别置信度 72%，低于 80%')).toBeTruthy();
    expect(open.getByText('异常').closest('.ant-tag')).toBeTruthy();
    expect(open.getByText('10.50').closest('td')!.style.textAlign).toBe('right');
    expect(buttonsOf('XS26112400000002')).toEqual(['商品核对', '关闭']);

    const done = within(rowOf('XS26112400000003'));
    expect(done.getByText('已处理').closest('.ant-tag')!.className).toMatch(/ant-tag-(green|success)/);
    expect(done.getByText('柜门未关').closest('.ant-tag')).toBeTruthy();
    expect(buttonsOf('XS26112400000003')).toEqual([]);
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();

    fireEvent.click(open.getByRole('button', { name: '商品核对' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/container-order/commodityDetail'));
    expect(router.state.location.search).toBe('?orderNoSub=XS26112400000002');
  });

  it('searches by 处理状态 and 异常类型: the request carries exactly those', async () => {
    mount();
    await screen.findByText('XS26112400000002');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '处理状态' }));
    fireEvent.click(await screen.findByTitle('待处理'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '异常类型' }));
    fireEvent.click(await screen.findByTitle('重量不符'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(loader).toHaveBeenLastCalledWith({ handling: 1, excepType: 'weight-mismatch', pageSize: 10 }));
  });

  it('关闭 asks for a reason (2–200 characters) and sends it with the row’s version, then reloads the list', async () => {
    mount();
    await screen.findByText('XS26112400000002');
    fireEvent.click(within(rowOf('XS26112400000002')).getByRole('button', { name: '关闭' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('关闭异常订单 XS26112400000002')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确认关闭/ }));
    expect(await within(dialog).findByText('请输入关闭原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('关闭原因'), { target: { value: '查' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认关闭/ }));
    expect(await within(dialog).findByText('关闭原因至少2个字')).toBeTruthy();
    expect(vi.mocked(call)).not.toHaveBeenCalled();

    const loads = loader.mock.calls.length;
    fireEvent.change(within(dialog).getByLabelText('关闭原因'), { target: { value: '查看监控，用户未取走商品' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认关闭/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(exceptionOrderOps.close, {
        orderNoSub: 'XS26112400000002',
        version: 4,
        reason: '查看监控，用户未取走商品',
      }),
    );
    expect(await screen.findByText('订单 XS26112400000002 已关闭，不向用户收款')).toBeTruthy();
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(loads));
  });
});
