import { doorSessionOps, type DoorSessionDetail } from '@merchant/contracts/order/door-session';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { renderRoutes } from '../../../test/render.tsx';
import OpenRecordDetailPage from './open-record-detail-page.tsx';

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn() }));
afterEach(cleanup);

const session: DoorSessionDetail = {
  applyCode: 'KM26112400000002',
  deviceCode: 'D2611000001',
  deviceName: '一号柜',
  pointName: '软件园A座',
  userId: 'wx_user_01',
  userPhone: '138****0000',
  appName: '智能柜小程序',
  commandNo: 'CMD2611240001',
  status: 2,
  statusName: '已完成',
  orderNoSub: 'XS26112400000002',
  failReason: '',
  requestedAt: 1_795_000_000_000,
  openedAt: 1_795_000_002_000,
  closedAt: 1_795_000_050_000,
  events: [
    { type: 'requested', typeName: '开门请求', summary: '用户 wx_user_01 请求开门', data: '', at: 1_795_000_000_000 },
    { type: 'opened', typeName: '柜门已打开', summary: '', data: '', at: 1_795_000_002_000 },
    {
      type: 'closed',
      typeName: '柜门已关闭',
      summary: '识别到 农夫山泉 550ml ×2',
      data: '{"goods":[{"slotNo":"A1","qty":2}]}',
      at: 1_795_000_050_000,
    },
    { type: 'order', typeName: '生成订单', summary: '生成订单XS26112400000002', data: '', at: 1_795_000_050_100 },
  ],
};

describe('开门记录 (open-record-list-detail)', { timeout: 30_000 }, () => {
  it('shows the session and its steps on a timeline, the raw data of a step unfolding, the order linked', async () => {
    vi.mocked(call).mockImplementation(((op: unknown) =>
      op === doorSessionOps.detail ? Promise.resolve(session) : Promise.reject(new Error('unexpected'))) as typeof call);
    renderRoutes(
      [{ path: '/website/container-order/open-record-list-detail/:applyCode', element: <OpenRecordDetailPage /> }],
      '/website/container-order/open-record-list-detail/KM26112400000002',
    );
    expect((await screen.findByTestId('open-record-title')).textContent).toBe('开门记录 KM26112400000002');
    expect(vi.mocked(call)).toHaveBeenCalledWith(doorSessionOps.detail, { applyCode: 'KM26112400000002' });
    expect(screen.getByText('智能柜小程序')).toBeTruthy();
    expect(screen.getByText('CMD2611240001')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'XS26112400000002' }).getAttribute('href')).toBe(
      '/website/container-order/salesOrder-list-detail/XS26112400000002',
    );
    const steps = within(screen.getByTestId('door-timeline')).getAllByTestId('door-event');
    expect(steps.map((s) => s.querySelector('strong')?.textContent)).toEqual(['开门请求', '柜门已打开', '柜门已关闭', '生成订单']);
    const closed = within(steps[2]);
    expect(closed.getByText('识别到 农夫山泉 550ml ×2')).toBeTruthy();
    expect(within(steps[0]).queryByText('原始数据')).toBeNull();
    fireEvent.click(closed.getByText('原始数据'));
    expect(steps[2].querySelector('pre')?.textContent).toContain('"slotNo": "A1"');
  });

  it('a failed session: its reason shown, no order', async () => {
    vi.mocked(call).mockImplementation((() =>
      Promise.resolve({
        ...session,
        status: 3,
        statusName: '开门失败',
        orderNoSub: '',
        failReason: '设备未响应开门指令',
        openedAt: null,
        closedAt: null,
        events: [
          session.events[0],
          { type: 'failed', typeName: '开门失败', summary: '设备未响应开门指令', data: '', at: 1_795_000_060_000 },
        ],
      })) as typeof call);
    renderRoutes(
      [{ path: '/website/container-order/open-record-list-detail/:applyCode', element: <OpenRecordDetailPage /> }],
      '/website/container-order/open-record-list-detail/KM26112400000002',
    );
    await screen.findByTestId('open-record-title');
    expect(screen.getAllByText('设备未响应开门指令').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('开门失败').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /XS/ })).toBeNull();
  });
});
