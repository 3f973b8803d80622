import { onlineOrderOps, type ChannelOrderDetail } from '@merchant/contracts/order/channel-order';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { channelOrderRow, holdAnchors, orderPayment, teaLine, waterLine } from './order-fixtures.ts';
import OnlineOrderDetailPage from '../pages/online-order-detail-page.tsx';

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn() }));
beforeEach(() => holdAnchors('online-retailers-list', 'after-sale-order'));
afterEach(() => {
  cleanup();
  vi.mocked(call).mockReset();
});

const detail = (over: Partial<ChannelOrderDetail> = {}): ChannelOrderDetail => ({
  ...channelOrderRow({ goodsAmount: 1050, payAmount: 1050, paidAmount: 1050 }),
  receiverAddress: '厦门市思明区软件园二期望海路10号',
  remark: '工作日送货',
  cancelReason: '',
  locationName: '库存中心',
  lines: [
    waterLine({ slotNo: '', priceLayerName: '基础价', confidence: null }),
    teaLine({ slotNo: '', priceLayerName: '一级渠道价', confidence: null }),
  ],
  payments: [orderPayment()],
  ...over,
});

function open(order: ChannelOrderDetail | null) {
  vi.mocked(call).mockImplementation(((op: unknown) => {
    if (op === onlineOrderOps.detail) return order ? Promise.resolve(order) : Promise.reject(new Error('订单不存在'));
    if (op === onlineOrderOps.history) return Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 10 });
    return Promise.resolve({});
  }) as typeof call);
  return renderRoutes(
    [{ path: '/website/order/online-retailers-detail/:orderNoSub', element: <OnlineOrderDetailPage /> }],
    '/website/order/online-retailers-detail/XS26112400000011',
  );
}
const detailCalls = () => vi.mocked(call).mock.calls.filter(([op]) => op === onlineOrderOps.detail).length;
const sentTo = (op: unknown) => vi.mocked(call).mock.calls.filter(([o]) => o === op);

describe('渠道订单详情 (online-retailers-detail)', { timeout: 30_000 }, () => {
  it('a paid order: its receiver, its lines and payments in 元, not shipped yet; 发货 and 取消订单 as its actions allow', async () => {
    open(detail());
    expect((await screen.findByTestId('channel-order-title')).textContent).toBe('订单 XS26112400000011');
    expect(vi.mocked(call)).toHaveBeenCalledWith(onlineOrderOps.detail, { orderNoSub: 'XS26112400000011' });
    expect(screen.getByText('TB-20261124-0001')).toBeTruthy();
    expect(screen.getByText('厦门市思明区软件园二期望海路10号')).toBeTruthy();
    expect(screen.getByText('库存中心')).toBeTruthy();
    expect(screen.getByText('工作日送货')).toBeTruthy();
    expect(screen.queryByText('门店')).toBeNull();
    expect(within(screen.getByTestId('channel-order-logistics')).getByText('尚未发货')).toBeTruthy();

    const lines = within(screen.getByTestId('channel-order-lines'));
    const water = within(lines.getByText('农夫山泉 550ml').closest('tr')!);
    expect(water.getByText('K10000001')).toBeTruthy();
    expect(water.getByText('2.50')).toBeTruthy();
    expect(water.getByText('5.00')).toBeTruthy();
    expect(water.getByText('基础价')).toBeTruthy();
    expect(within(lines.getByText('康师傅 冰红茶').closest('tr')!).getByText('一级渠道价')).toBeTruthy();

    const payments = within(screen.getByTestId('channel-order-payments'));
    expect(payments.getByText('沙箱支付').closest('.ant-tag')!.className).toMatch(/ant-tag-orange/);
    expect(payments.getByText('10.50')).toBeTruthy();

    expect(screen.getByRole('button', { name: /^发\s*货$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消订单' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认收货' })).toBeNull();
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(onlineOrderOps.history, expect.objectContaining({ orderNoSub: 'XS26112400000011' })),
    );
  });

  it('a shipped order: its logistics; no 发货 when the actions do not include ship', async () => {
    open(
      detail({
        status: 2,
        statusName: '已发货',
        carrier: 'SF',
        carrierName: '顺丰速运',
        trackingNo: 'SF1234567890',
        shippedAt: 1_795_000_100_000,
        actions: ['updateLogistics', 'cancelShipment', 'receive'],
      }),
    );
    await screen.findByTestId('channel-order-title');
    const logistics = within(screen.getByTestId('channel-order-logistics'));
    expect(logistics.getByText('顺丰速运')).toBeTruthy();
    expect(logistics.getByText('SF1234567890')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^发\s*货$/ })).toBeNull();
    expect(screen.getByRole('button', { name: '修改物流' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消发货' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '确认收货' })).toBeTruthy();
  });

  it('发货: an empty form shows the Chinese messages and sends nothing; a valid one sends version, carrier and trackingNo, then reloads', async () => {
    open(detail());
    fireEvent.click(await screen.findByRole('button', { name: /^发\s*货$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('发货 XS26112400000011')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    expect(await within(dialog).findByText('请输入物流单号')).toBeTruthy();
    // the messages shown, less one still leaving (its motion may outlast a moment on a loaded machine)
    const errors = () =>
      [...dialog.querySelectorAll('.ant-form-item-explain-error')].filter((e) => !/-leave/.test(e.className)).map((e) => e.textContent);
    expect(errors()).toEqual(['请选择物流公司', '请输入物流单号']);
    fireEvent.change(within(dialog).getByLabelText('物流单号'), { target: { value: 'sf12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    await waitFor(() => expect(errors()).toEqual(['请选择物流公司', '物流单号至少6位']), { timeout: 10_000 });
    expect(sentTo(onlineOrderOps.ship)).toEqual([]);

    const loads = detailCalls();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '物流公司' }));
    fireEvent.click(await screen.findByTitle('顺丰速运'));
    fireEvent.change(within(dialog).getByLabelText('物流单号'), { target: { value: ' sf1234567890 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(onlineOrderOps.ship, {
        orderNoSub: 'XS26112400000011',
        version: 3,
        carrier: 'SF',
        trackingNo: 'SF1234567890',
      }),
    );
    expect(await screen.findByText('订单 XS26112400000011 已发货')).toBeTruthy();
    await waitFor(() => expect(detailCalls()).toBeGreaterThan(loads));
  });

  it('确认收货 is confirmed first, then sent with the version', async () => {
    open(
      detail({ status: 2, statusName: '已发货', carrier: 'SF', carrierName: '顺丰速运', trackingNo: 'SF1234567890', actions: ['receive'] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '确认收货' }));
    const confirm = (await screen.findAllByText('确认订单 XS26112400000011 已收货？'))[0].closest(
      '.ant-modal-container, .ant-modal-content',
    )!;
    expect(confirm.textContent).toContain('确认后订单完成，不可撤销。');
    expect(sentTo(onlineOrderOps.receive)).toEqual([]);
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: /确认收货/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(onlineOrderOps.receive, { orderNoSub: 'XS26112400000011', version: 3 }),
    );
  });

  it('退款 of a cancelled order whose money did not go back: the amount owed confirmed first, then sent with the version', async () => {
    open(
      detail({
        status: 4,
        statusName: '已取消',
        cancelReason: '缺货无法发货',
        paidAmount: 1050,
        refundedAmount: 0,
        actions: ['refund'],
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /^退\s*款$/ }));
    const confirm = (await screen.findAllByText('退回订单 XS26112400000011 的款项？'))[0].closest(
      '.ant-modal-container, .ant-modal-content',
    )!;
    expect(confirm.textContent).toContain('取消时未能退回的 10.50 元将再次通过支付渠道原路退回用户');
    expect(sentTo(onlineOrderOps.refund)).toEqual([]);
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: /确认退款/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(onlineOrderOps.refund, { orderNoSub: 'XS26112400000011', version: 3 }),
    );
  });

  it('opened by one who holds only 售后工单: no order actions, only 申请售后', async () => {
    holdAnchors('after-sale-order');
    open(detail());
    await screen.findByTestId('channel-order-title');
    expect(screen.queryByRole('button', { name: '发货' })).toBeNull();
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
    expect(screen.getByRole('button', { name: '申请售后' })).toBeTruthy();
  });

  it('an order that is not there: 找不到该订单 with the way back', async () => {
    open(null);
    expect(await screen.findByText('找不到该订单')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回线上零售订单' }).getAttribute('href')).toBe('/website/order/online-retailers-list');
  });
});
