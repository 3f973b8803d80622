import { localLifeOrderOps, onlineOrderOps, type ChannelOrderRow } from '@merchant/contracts/order/channel-order';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { channelOrderRow as orderRow } from './order-fixtures.ts';
import LocalLifeOrderListPage from '../pages/locallife-order-list-page.tsx';
import OnlineOrderListPage from '../pages/online-order-list-page.tsx';

let rows: ChannelOrderRow[] = [];
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

const ONLINE = '/website/order/online-retailers-list';
const LOCAL = '/website/order/loc-life-order';
const mount = (at: string) =>
  renderRoutes(
    [
      { path: ONLINE, element: <OnlineOrderListPage /> },
      { path: LOCAL, element: <LocalLifeOrderListPage /> },
      { path: '/website/order/online-retailers-detail/:orderNoSub', element: <p>详情页</p> },
    ],
    at,
  );
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const buttonsOf = (text: string) =>
  within(rowOf(text))
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));

describe('渠道订单列表 (online-retailers-list, loc-life-order)', { timeout: 30_000 }, () => {
  it('线上零售: the rows of the list operation with tags, money in 元, logistics; no 门店; the actions the row allows', async () => {
    rows = [
      orderRow(),
      orderRow({
        orderNoSub: 'XS26112400000012',
        channelOrderNo: 'TB-20261124-0002',
        status: 2,
        statusName: '已发货',
        carrier: 'SF',
        carrierName: '顺丰速运',
        trackingNo: 'SF1234567890',
        payAmount: 1_234_567,
        paidAmount: 1_234_567,
        actions: ['updateLogistics', 'cancelShipment', 'receive'],
      }),
    ];
    const router = mount(ONLINE);
    await screen.findByText('XS26112400000011');
    expect(loader).toHaveBeenCalledWith(expect.objectContaining({ pageSize: 10 }));
    expect(headers()).toContain('渠道订单号');
    expect(headers()).not.toContain('门店');

    const paid = within(rowOf('XS26112400000011'));
    expect(paid.getByText('TB-20261124-0001')).toBeTruthy();
    expect(paid.getByText('待发货').closest('.ant-tag')!.className).toMatch(/ant-tag-(blue|processing)/);
    expect(paid.getByText('已支付').closest('.ant-tag')).toBeTruthy();
    expect(paid.getByText('张三')).toBeTruthy();
    expect(paid.getByText('138****0000')).toBeTruthy();
    expect(paid.getAllByText('12.50')).toHaveLength(2); // 应付金额, 实付金额
    expect(paid.getAllByText('12.50')[0].closest('td')!.style.textAlign).toBe('right');
    expect(buttonsOf('XS26112400000011')).toEqual(['详情', '发货', '取消订单']);

    const shipped = within(rowOf('XS26112400000012'));
    expect(shipped.getByText('顺丰速运')).toBeTruthy();
    expect(shipped.getByText('SF1234567890')).toBeTruthy();
    expect(shipped.getAllByText('12,345.67')).toHaveLength(2);
    expect(buttonsOf('XS26112400000012')).toEqual(['详情', '修改物流', '取消发货', '确认收货']);
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();

    fireEvent.click(screen.getByText('XS26112400000012'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/order/online-retailers-detail/XS26112400000012'));
  });

  it('本地生活: the 门店 column shows each order’s store', async () => {
    rows = [orderRow({ storeName: '软件园店' })];
    mount(LOCAL);
    await screen.findByText('XS26112400000011');
    expect(headers()).toContain('门店');
    expect(within(rowOf('XS26112400000011')).getByText('软件园店')).toBeTruthy();
  });

  it('searches by 订单号, 渠道订单号, 订单状态 and 支付状态: the request carries exactly those', async () => {
    rows = [orderRow()];
    mount(ONLINE);
    await screen.findByText('XS26112400000011');
    fireEvent.change(screen.getByLabelText('订单号'), { target: { value: ' XS26112400000011 ' } });
    fireEvent.change(screen.getByLabelText('渠道订单号'), { target: { value: 'TB-20261124-0001' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '订单状态' }));
    fireEvent.click(await screen.findByTitle('待发货'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '支付状态' }));
    fireEvent.click(await screen.findByTitle('已支付'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(loader).toHaveBeenLastCalledWith({
        orderNoSub: 'XS26112400000011',
        channelOrderNo: 'TB-20261124-0001',
        status: 1,
        payStatus: 2,
        pageSize: 10,
      }),
    );
  });

  it('取消订单 from a row: says the paid money is refunded, asks a reason, sends it with the row’s version, reloads', async () => {
    rows = [orderRow({ storeName: '软件园店' })];
    mount(LOCAL);
    await screen.findByText('XS26112400000011');
    fireEvent.click(within(rowOf('XS26112400000011')).getByRole('button', { name: '取消订单' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('取消订单 XS26112400000011')).toBeTruthy();
    expect(within(dialog).getByTestId('channel-order-reason-note').textContent).toContain('已付的 12.50 元将通过支付渠道原路退回');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认取消订单/ }));
    expect(await within(dialog).findByText('请输入取消原因')).toBeTruthy();
    expect(vi.mocked(call)).not.toHaveBeenCalled();

    const loads = loader.mock.calls.length;
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '用户要求取消' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认取消订单/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(localLifeOrderOps.cancel, {
        orderNoSub: 'XS26112400000011',
        version: 3,
        reason: '用户要求取消',
      }),
    );
    expect(vi.mocked(call)).not.toHaveBeenCalledWith(onlineOrderOps.cancel, expect.anything());
    expect(await screen.findByText('订单 XS26112400000011 已取消，已付款项原路退回')).toBeTruthy();
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(loads));
  });
});
