import { afterSaleOps, type AfterSaleRow } from '@merchant/contracts/order/after-sale';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { renderRoutes } from '../../../test/render.tsx';
import AfterSaleListPage from './after-sale-list-page.tsx';

const workRow = (over: Partial<AfterSaleRow> = {}): AfterSaleRow => ({
  workNumber: 'SH26112400000001',
  orderNoSub: 'XS26112400000002',
  channelName: '智能柜',
  type: 'refund',
  typeName: '仅退款',
  status: 0,
  statusName: '待处理',
  reason: '商品破损',
  userId: 'wx_user_01',
  itemCount: 1,
  refundAmount: 550,
  refundStatus: 0,
  refundStatusName: '无需退款',
  creatorName: '张三',
  handlerName: '',
  createdAt: 1_795_000_000_000,
  completedAt: null,
  actions: ['accept', 'reject'],
  version: 2,
  ...over,
});

const rows = [
  workRow(),
  workRow({
    workNumber: 'SH26112400000002',
    orderNoSub: 'XS26112400000011',
    channelName: '线上零售',
    type: 'return',
    typeName: '退货退款',
    status: 1,
    statusName: '处理中',
    reason: '尺码不合适',
    itemCount: 2,
    refundAmount: 2500,
    refundStatusName: '无需退款',
    handlerName: '李四',
    actions: ['complete', 'reject'],
    version: 5,
  }),
  workRow({
    workNumber: 'SH26112400000003',
    type: 'complaint',
    typeName: '投诉',
    status: 2,
    statusName: '已完成',
    reason: '配送太慢',
    itemCount: 0,
    refundAmount: 0,
    completedAt: 1_795_000_600_000,
    actions: [],
  }),
];
const loader = vi.fn((_p: Record<string, unknown>) =>
  Promise.resolve({ list: rows, nextCursor: null, prevCursor: null, total: rows.length }),
);

vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(() => Promise.resolve({ workNumber: 'SH26112400000001', status: 1, statusName: '处理中', refundStatusName: '', version: 3 })),
  listLoader: () => loader,
}));
afterEach(() => {
  cleanup();
  loader.mockClear();
  vi.mocked(call).mockClear();
});

const LIST = '/website/afterSale/after-sale-order';
const mount = (at = LIST) =>
  renderRoutes(
    [
      { path: LIST, element: <AfterSaleListPage /> },
      { path: '/website/afterSale/afterSalesOrderDetail/:workNumber', element: <p>工单详情页</p> },
    ],
    at,
  );
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const buttonsOf = (text: string) =>
  within(rowOf(text))
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));

describe('售后工单 (after-sale-order)', { timeout: 30_000 }, () => {
  it('shows the rows with type and state tags, money in 元, links; only the actions each row allows', async () => {
    const router = mount();
    await screen.findByText('SH26112400000001');
    expect(loader).toHaveBeenCalledWith(expect.objectContaining({ pageSize: 10 }));
    for (const h of [
      '工单号',
      '订单号',
      '渠道',
      '售后类型',
      '工单状态',
      '申请原因',
      '商品件数',
      '退款金额（元）',
      '退款状态',
      '创建人',
      '处理人',
      '创建时间',
      '完成时间',
    ])
      expect(headers()).toContain(h);

    const waiting = within(rowOf('SH26112400000001'));
    expect(waiting.getByText('仅退款').closest('.ant-tag')!.className).toMatch(/ant-tag-gold/);
    expect(waiting.getByText('待处理').closest('.ant-tag')!.className).toMatch(/ant-tag-gold/);
    expect(waiting.getByText('5.50').closest('td')!.style.textAlign).toBe('right');
    expect(waiting.getByRole('link', { name: 'SH26112400000001' }).getAttribute('href')).toBe(
      '/website/afterSale/afterSalesOrderDetail/SH26112400000001',
    );
    expect(waiting.getByRole('link', { name: 'XS26112400000002' }).getAttribute('href')).toBe(
      '/website/container-order/salesOrder-list-detail/XS26112400000002',
    );
    expect(buttonsOf('SH26112400000001')).toEqual(['详情', '受理', '驳回']);

    const working = within(rowOf('SH26112400000002'));
    expect(working.getByText('退货退款').closest('.ant-tag')!.className).toMatch(/ant-tag-volcano/);
    expect(working.getByText('处理中').closest('.ant-tag')!.className).toMatch(/ant-tag-(blue|processing)/);
    expect(working.getByRole('link', { name: 'XS26112400000011' }).getAttribute('href')).toBe(
      '/website/order/online-retailers-detail/XS26112400000011',
    );
    expect(working.getByText('李四')).toBeTruthy();
    expect(buttonsOf('SH26112400000002')).toEqual(['详情', '完成', '驳回']);

    expect(within(rowOf('SH26112400000003')).getByText('已完成').closest('.ant-tag')!.className).toMatch(/ant-tag-(green|success)/);
    expect(buttonsOf('SH26112400000003')).toEqual(['详情']);
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /新建售后工单/ })).toBeTruthy();

    fireEvent.click(within(rowOf('SH26112400000003')).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/afterSale/afterSalesOrderDetail/SH26112400000003'));
  });

  it('searches by 售后类型 and 工单状态: the request carries exactly those', async () => {
    mount();
    await screen.findByText('SH26112400000001');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '售后类型' }));
    fireEvent.click(await screen.findByTitle('换货'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '工单状态' }));
    fireEvent.click(await screen.findByTitle('已驳回'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(loader).toHaveBeenLastCalledWith({ type: 'exchange', status: 3, pageSize: 10 }));
  });

  it('完成 of a 退货退款 tells where the refund and the goods go, needs 处理结果, and sends it with the version', async () => {
    mount();
    await screen.findByText('SH26112400000002');
    fireEvent.click(within(rowOf('SH26112400000002')).getByRole('button', { name: '完成' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('完成售后工单 SH26112400000002')).toBeTruthy();
    const note = within(dialog).getByTestId('after-sale-complete-note').textContent;
    expect(note).toContain('退款 25.00 元将通过支付渠道原路退回给用户');
    expect(note).toContain('退货退款的商品将经库存流水退回入库');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认完成/ }));
    expect(await within(dialog).findByText('请输入处理结果')).toBeTruthy();
    expect(vi.mocked(call)).not.toHaveBeenCalled();

    const loads = loader.mock.calls.length;
    fireEvent.change(within(dialog).getByLabelText('处理结果'), { target: { value: '已收到退货，同意退款' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认完成/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(afterSaleOps.complete, {
        workNumber: 'SH26112400000002',
        version: 5,
        remark: '已收到退货，同意退款',
      }),
    );
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(loads));
  });

  it('受理 takes an optional 处理说明; 驳回 needs its reason', async () => {
    mount();
    await screen.findByText('SH26112400000001');
    fireEvent.click(within(rowOf('SH26112400000001')).getByRole('button', { name: '受理' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认受理/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(afterSaleOps.accept, { workNumber: 'SH26112400000001', version: 2, remark: '' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(rowOf('SH26112400000001')).getByRole('button', { name: '驳回' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeTruthy();
    expect(vi.mocked(call)).toHaveBeenCalledTimes(1);
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '已超过售后期限' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenLastCalledWith(afterSaleOps.reject, {
        workNumber: 'SH26112400000001',
        version: 2,
        reason: '已超过售后期限',
      }),
    );
  });

  it('?orderNoSub= opens 新建售后工单 with the order loaded, and closing it drops the parameter', async () => {
    const state = { workNumber: 'SH26112400000001', status: 1, statusName: '处理中', refundStatusName: '', version: 3 };
    const order = {
      orderNoSub: 'XS26112400000002',
      channelName: '智能柜',
      statusName: '已完成',
      payStatusName: '已支付',
      paidAmount: 1050,
      refundedAmount: 0,
      refundable: true,
      lines: [],
    };
    vi.mocked(call).mockImplementation((op) => Promise.resolve(op === afterSaleOps.orderLines ? order : state) as never);
    const router = mount(`${LIST}?orderNoSub=XS26112400000002`);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新建售后工单')).toBeTruthy();
    expect((within(dialog).getByLabelText('订单号') as HTMLInputElement).value).toBe('XS26112400000002');
    await waitFor(() => expect(vi.mocked(call)).toHaveBeenCalledWith(afterSaleOps.orderLines, { orderNoSub: 'XS26112400000002' }));
    expect((await within(dialog).findByTestId('after-sale-order')).textContent).toContain('10.50 元');
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
