import { afterSaleOps, type AfterSaleDetail } from '@merchant/contracts/order/after-sale';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { renderRoutes } from '../../../test/render.tsx';
import AfterSaleDetailPage from './after-sale-detail-page.tsx';

const detail = (over: Partial<AfterSaleDetail> = {}): AfterSaleDetail => ({
  workNumber: 'SH26112400000002',
  orderNoSub: 'XS26112400000011',
  channelName: '批发商城',
  type: 'return',
  typeName: '退货退款',
  status: 1,
  statusName: '处理中',
  reason: '尺码不合适',
  userId: 'mall_user_01',
  itemCount: 2,
  refundAmount: 2500,
  refundStatus: 0,
  refundStatusName: '无需退款',
  creatorName: '张三',
  handlerName: '李四',
  createdAt: 1_795_000_000_000,
  completedAt: null,
  actions: ['complete', 'reject'],
  version: 5,
  description: '用户收到后发现尺码偏小',
  rejectReason: '',
  result: '',
  returnLocationName: '中心仓',
  refundNo: '',
  lines: [{ lineNo: 1, skuCode: 'K10000009', skuName: '运动T恤 L', quantity: 2, refundAmount: 2500 }],
  ...over,
});

let current = detail();
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(() => Promise.resolve({})),
  listLoader: () => vi.fn(),
}));
afterEach(() => {
  cleanup();
  vi.mocked(call).mockReset();
});

function open(d: AfterSaleDetail) {
  current = d;
  vi.mocked(call).mockImplementation((op) => {
    if (op === afterSaleOps.detail) return Promise.resolve(current) as never;
    if (op === afterSaleOps.history) return Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 10 }) as never;
    return Promise.resolve({ workNumber: d.workNumber, status: 2, statusName: '已完成', refundStatusName: '退款中', version: 6 }) as never;
  });
  return renderRoutes(
    [{ path: '/website/afterSale/afterSalesOrderDetail/:workNumber', element: <AfterSaleDetailPage /> }],
    `/website/afterSale/afterSalesOrderDetail/${d.workNumber}`,
  );
}

describe('售后工单详情 (afterSalesOrderDetail)', { timeout: 30_000 }, () => {
  it('shows the header with its tags, the refund, the return location and the lines; 完成 sends the version', async () => {
    open(detail());
    expect((await screen.findByTestId('after-sale-title')).textContent).toBe('售后工单 SH26112400000002');
    expect(vi.mocked(call)).toHaveBeenCalledWith(afterSaleOps.detail, { workNumber: 'SH26112400000002' });
    expect(screen.getByRole('link', { name: 'XS26112400000011' }).getAttribute('href')).toBe(
      '/website/order/wholesale-order-detail/XS26112400000011',
    );
    expect(screen.getByText('25.00 元')).toBeTruthy();
    expect(screen.getByText('中心仓')).toBeTruthy();
    expect(screen.getByText('用户收到后发现尺码偏小')).toBeTruthy();
    const lines = within(screen.getByTestId('after-sale-lines'));
    expect(lines.getByText('运动T恤 L')).toBeTruthy();
    expect(lines.getByText('25.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /完\s*成/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /驳\s*回/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /受\s*理/ })).toBeNull();
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(afterSaleOps.history, expect.objectContaining({ workNumber: 'SH26112400000002' })),
    );

    fireEvent.click(screen.getByRole('button', { name: /完\s*成/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByTestId('after-sale-complete-note').textContent).toContain('退回入库（中心仓）');
    fireEvent.change(dialog.getByLabelText('处理结果'), { target: { value: '已收到退货，同意退款' } });
    fireEvent.click(dialog.getByRole('button', { name: /确认完成/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(afterSaleOps.complete, {
        workNumber: 'SH26112400000002',
        version: 5,
        remark: '已收到退货，同意退款',
      }),
    );
  });

  it('a rejected 投诉: the reason stands out, no refund fields, no actions', async () => {
    open(
      detail({
        type: 'complaint',
        typeName: '投诉',
        status: 3,
        statusName: '已驳回',
        rejectReason: '与订单无关',
        refundAmount: 0,
        returnLocationName: '',
        actions: [],
        lines: [],
      }),
    );
    await screen.findByTestId('after-sale-title');
    expect(screen.getByTestId('after-sale-rejected').textContent).toContain('已驳回：与订单无关');
    expect(screen.queryByText('退款金额')).toBeNull();
    expect(screen.queryByRole('button', { name: /完\s*成|驳\s*回|受\s*理/ })).toBeNull();
  });
});
