import { settlementOps, splitOps, type SplitRow, type SplitSummary } from '@merchant/contracts/finance/split';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import CapitalSubledgerPage from './capital-subledger-page.tsx';
import ContainerSubledgerPage from './container-subledger-page.tsx';
import MallSubledgerPage from './mall-subledger-page.tsx';
import WaitSettledBillPage from './wait-settled-bill-page.tsx';

// a busy machine takes longer than the default second between a click and the request
configure({ asyncUtilTimeout: 5_000 });

const splitRow = (over: Partial<SplitRow> = {}): SplitRow => ({
  payNo: 'ZF26112400000001',
  orderNo: 'XS26112400000001',
  channel: 'container',
  channelName: '智能柜',
  deviceCode: 'D2611000001',
  pointName: '软件园A座',
  ownerName: '王柜主',
  ownerPartyCode: 'FP00000001',
  captured: 1250,
  refunded: 0,
  net: 1250,
  merchantShare: 1167,
  ownerShare: 50,
  pointShare: 25,
  supplierShare: 0,
  supplierNames: '',
  platformFee: 8,
  ownerBp: 400,
  pointBp: 200,
  feeBp: 60,
  status: 1,
  statusName: '已结算',
  paidAt: 1_795_000_000_000,
  dueAt: 1_795_086_400_000,
  settledAt: 1_795_090_000_000,
  settleNo: 'JS26112500000001',
  ...over,
});

const rows = [
  splitRow(),
  splitRow({
    payNo: 'ZF26112400000002',
    orderNo: 'XS26112400000002',
    channel: 'mall',
    channelName: '批发商城',
    deviceCode: '',
    pointName: '',
    ownerName: '',
    ownerPartyCode: '',
    captured: 123_456_789,
    refunded: 456_789,
    net: 123_000_000,
    merchantShare: 110_262_000,
    ownerShare: 0,
    pointShare: 0,
    // two consigning suppliers took 120,000.00 元
    supplierShare: 12_000_000,
    supplierNames: '杭州鲜丰供应链、宁波海鲜批发',
    platformFee: 738_000,
    ownerBp: 0,
    pointBp: 0,
    status: 0,
    statusName: '待结算',
    paidAt: 1_700_000_000_000,
    dueAt: 1_700_086_400_000,
    settledAt: null,
    settleNo: '',
  }),
];
const summary: SplitSummary = {
  count: 12_345,
  dueCount: 2,
  net: 987_654_321,
  merchantShare: 900_000_000,
  ownerShare: 5_000_000,
  pointShare: 999_999,
  supplierShare: 123_456,
  platformFee: 60_000,
};
const settled = { settled: 3, bills: ['JS26112500000007', 'JS26112500000008'] };

const loader = vi.fn((_p: Record<string, unknown>) =>
  Promise.resolve({ list: rows, pageSize: 10, nextCursor: null, prevCursor: null, total: 2 }),
);

/** splitOps.summary's dueCount (a test sets 0: nothing to settle). */
const due = vi.hoisted(() => ({ count: 2 }));
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn((op: { name: string }) => Promise.resolve(op.name === splitOps.summary.name ? { ...summary, dueCount: due.count } : settled)),
  listLoader: () => loader,
}));
const { exportList } = vi.hoisted(() => ({
  exportList: vi.fn((_req: unknown) => Promise.resolve({ kind: 'task', taskId: 'T1', message: '已加入导出任务' })),
}));
vi.mock('../../../platform/http-client.ts', () => ({ http: { exportList } }));
vi.mock('../../../platform/use-anchor.ts', () => ({ useHasAnchor: () => true }));
afterEach(() => {
  cleanup();
  loader.mockClear();
  exportList.mockClear();
  vi.mocked(call).mockClear();
  due.count = 2;
  sessionStorage.clear();
  sessionStore.setState({ menuTree: [] });
});

const BASE = '/website/finance';
const mount = (path: string, Page: ComponentType, at = path) =>
  renderRoutes(
    [
      { path, element: <Page /> },
      { path: `${BASE}/project-bill-record`, element: <p>项目账单页</p> },
      { path: `${BASE}/capital-detail/:id`, element: <p>资金账户详情页</p> },
    ],
    at,
  );
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const summaryCalls = () =>
  vi
    .mocked(call)
    .mock.calls.filter(([op]) => op === splitOps.summary)
    .map(([, input]) => input);
const search = () => fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));

describe('分账明细 (capital-subledger)', { timeout: 60_000 }, () => {
  it('shows each split: money in 元 right-aligned (万 from 10,000 元), the owner with its share, the rates in %, the state tag', async () => {
    // the role may open the cabinets' orders, not the mall's
    sessionStore.setState({ menuTree: [node({ id: 11001, name: '销售订单', anchor: 'salesOrder-list' })] });
    const router = mount(`${BASE}/capital-subledger`, CapitalSubledgerPage);
    await screen.findByText('XS26112400000001');
    expect(loader).toHaveBeenCalledWith({ pageSize: 10 });
    for (const h of [
      '订单号',
      '渠道',
      '设备',
      '点位',
      '实收（元）',
      '退款（元）',
      '净额（元）',
      '商户分账（元）',
      '柜主分账（元）',
      '点位方分账（元）',
      '供应商代销（元）',
      '平台手续费（元）',
      '费率',
      '结算状态',
      '支付时间',
      '到期结算',
      '结算单号',
    ])
      expect(headers()).toContain(h);

    const small = within(rowOf('XS26112400000001'));
    expect(small.getAllByText('12.50')).toHaveLength(2); // 实收, 净额
    expect(small.getByText('11.67').closest('td')!.style.textAlign).toBe('right');
    expect(small.getByText('0.50')).toBeTruthy();
    expect(small.getByText('王柜主')).toBeTruthy(); // under the owner's share
    expect(small.getByText('0.25')).toBeTruthy();
    expect(small.getAllByText('0.00')).toHaveLength(2); // 退款, and 供应商代销: none (no names under it)
    expect(small.getByText('0.08')).toBeTruthy();
    expect(small.getByText('柜主 4.00%')).toBeTruthy();
    expect(small.getByText('点位 2.00%')).toBeTruthy();
    expect(small.getByText('手续费 0.60%')).toBeTruthy();
    expect(small.getByText('已结算').closest('.ant-tag')!.className).toMatch(/ant-tag-(green|success)/);
    expect(small.getByRole('link', { name: 'XS26112400000001' }).getAttribute('href')).toBe(
      '/website/container-order/salesOrder-list-detail/XS26112400000001',
    );
    expect(small.getByRole('link', { name: 'JS26112500000001' }).getAttribute('href')).toBe(
      `${BASE}/project-bill-record?settleNo=JS26112500000001`,
    );

    const big = within(rowOf('XS26112400000002'));
    expect(big.queryByRole('link', { name: 'XS26112400000002' })).toBeNull();
    expect(big.getByText('123.46万').closest('td')!.style.textAlign).toBe('right'); // 1,234,567.89 元
    expect(big.getByText('4,567.89')).toBeTruthy();
    expect(big.getByText('123.00万')).toBeTruthy();
    expect(big.getByText('110.26万')).toBeTruthy();
    // the suppliers' share with their names under it
    const supplier = big.getByText('12.00万');
    expect(supplier.closest('td')!.style.textAlign).toBe('right');
    expect(big.getByText('杭州鲜丰供应链、宁波海鲜批发').closest('td')).toBe(supplier.closest('td'));
    expect(big.getByText('7,380.00')).toBeTruthy();
    expect(big.getByText('柜主 0.00%')).toBeTruthy();
    expect(big.getByText('待结算').closest('.ant-tag')!.className).toMatch(/ant-tag-gold/);

    // the totals of the same filters
    await waitFor(() => expect(summaryCalls()).toEqual([{}]));
    const totals = within(screen.getByTestId('split-totals'));
    await totals.findByText('1.23万 笔');
    expect(totals.getByTestId('split-totals-net').textContent).toBe('实收净额987.65万 元');
    expect(totals.getByTestId('split-totals-merchantShare').textContent).toBe('商户900.00万 元');
    expect(totals.getByTestId('split-totals-ownerShare').textContent).toBe('柜主5.00万 元');
    expect(totals.getByTestId('split-totals-pointShare').textContent).toBe('点位方9,999.99 元');
    expect(totals.getByTestId('split-totals-supplierShare').textContent).toBe('供应商代销1,234.56 元');
    expect(totals.getByTestId('split-totals-platformFee').textContent).toBe('平台手续费600.00 元');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();

    fireEvent.click(small.getByRole('link', { name: 'JS26112500000001' }));
    await waitFor(() => expect(router.state.location.search).toBe('?settleNo=JS26112500000001'));
  });

  it('searches by 订单号, 设备编号, 渠道, 结算状态 and 供应商账户: the list and the totals get exactly those', async () => {
    mount(`${BASE}/capital-subledger`, CapitalSubledgerPage);
    await screen.findByText('XS26112400000001');
    fireEvent.change(screen.getByLabelText('订单号'), { target: { value: ' XS26112400000002 ' } });
    fireEvent.change(screen.getByLabelText('设备编号'), { target: { value: 'D2611000001' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '渠道' }));
    fireEvent.click(await screen.findByTitle('线上零售'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '结算状态' }));
    fireEvent.click(await screen.findByTitle('待结算'));
    expect(screen.getByLabelText('结算单号')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('供应商账户'), { target: { value: ' fp00000005 ' } });
    search();
    const filters = {
      orderNo: 'XS26112400000002',
      deviceCode: 'D2611000001',
      channel: 'online',
      status: 0,
      supplierPartyCode: 'FP00000005',
    };
    await waitFor(() => expect(loader).toHaveBeenLastCalledWith({ ...filters, pageSize: 10 }));
    await waitFor(() => expect(summaryCalls().at(-1)).toEqual(filters));
  });

  it('opens with the filter the address carries (?settleNo=, ?deviceCode=, ?supplierPartyCode=)', async () => {
    mount(`${BASE}/capital-subledger`, CapitalSubledgerPage, `${BASE}/capital-subledger?settleNo=JS26112500000001`);
    await screen.findByText('XS26112400000001');
    expect(loader).toHaveBeenCalledWith({ settleNo: 'JS26112500000001', pageSize: 10 });
    expect((screen.getByLabelText('结算单号') as HTMLInputElement).value).toBe('JS26112500000001');
    await waitFor(() => expect(summaryCalls()).toEqual([{ settleNo: 'JS26112500000001' }]));
    cleanup();
    loader.mockClear();
    mount(`${BASE}/capital-subledger`, CapitalSubledgerPage, `${BASE}/capital-subledger?deviceCode=D2611000001`);
    await screen.findByText('XS26112400000001');
    expect(loader).toHaveBeenCalledWith({ deviceCode: 'D2611000001', pageSize: 10 });
    cleanup();
    loader.mockClear();
    mount(`${BASE}/capital-subledger`, CapitalSubledgerPage, `${BASE}/capital-subledger?supplierPartyCode=FP00000005`);
    await screen.findByText('XS26112400000001');
    expect(loader).toHaveBeenCalledWith({ supplierPartyCode: 'FP00000005', pageSize: 10 });
    expect((screen.getByLabelText('供应商账户') as HTMLInputElement).value).toBe('FP00000005');
  });
});

describe('the split lists with fixed filters', { timeout: 60_000 }, () => {
  it('柜主分账 always asks withOwner and leads with the owner: its name over its account, which opens the account', async () => {
    // the role may open the accounts (any page that opens one: here 智能柜供应商资金)
    sessionStore.setState({
      menuTree: [node({ id: 10603, name: '智能柜供应商资金', anchor: 'capital-list-supplier-smart-container' })],
    });
    const router = mount(`${BASE}/container-subledger`, ContainerSubledgerPage);
    await screen.findByText('XS26112400000001');
    expect(loader).toHaveBeenCalledWith({ withOwner: true, pageSize: 10 });
    await waitFor(() => expect(summaryCalls()).toEqual([{ withOwner: true }]));
    expect(headers().slice(0, 4)).toEqual(['订单号', '柜主', '柜主分账（元）', '分成比例']);
    const r = within(rowOf('XS26112400000001'));
    expect(r.getByText('王柜主')).toBeTruthy();
    expect(r.getByText('4.00%')).toBeTruthy();
    // the owner's account under its name, leading to the account's detail
    const account = r.getByRole('link', { name: 'FP00000001' });
    expect(account.getAttribute('href')).toBe(`${BASE}/capital-detail/FP00000001`);
    expect(account.closest('td')).toBe(r.getByText('王柜主').closest('td'));
    // no owner: no account line
    expect(within(rowOf('XS26112400000002')).queryByText(/^FP/)).toBeNull();
    fireEvent.click(account);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/capital-detail/FP00000001`));
  });

  it('柜主分账 shows the owner’s account as text to a role that may open no account', async () => {
    sessionStore.setState({ menuTree: [node({ id: 10621, name: '柜主分账', anchor: 'finance-container-subledger' })] });
    mount(`${BASE}/container-subledger`, ContainerSubledgerPage);
    await screen.findByText('XS26112400000001');
    const r = within(rowOf('XS26112400000001'));
    expect(r.getByText('FP00000001')).toBeTruthy();
    expect(r.queryByRole('link', { name: 'FP00000001' })).toBeNull();
  });

  it('柜主分账 searches by the owner’s account and the state, not by 渠道 or 订单号, and exports with withOwner', async () => {
    mount(`${BASE}/container-subledger`, ContainerSubledgerPage);
    await screen.findByText('XS26112400000001');
    expect(screen.queryByRole('combobox', { name: '渠道' })).toBeNull();
    expect(screen.queryByLabelText('订单号')).toBeNull();
    expect(screen.queryByLabelText('供应商账户')).toBeNull();
    expect(headers()).toContain('供应商代销（元）');

    fireEvent.change(screen.getByLabelText('柜主账户'), { target: { value: 'fp00000001' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '结算状态' }));
    fireEvent.click(await screen.findByTitle('已结算'));
    search();
    await waitFor(() =>
      expect(loader).toHaveBeenLastCalledWith({ ownerPartyCode: 'FP00000001', status: 1, withOwner: true, pageSize: 10 }),
    );
    await waitFor(() => expect(summaryCalls().at(-1)).toEqual({ ownerPartyCode: 'FP00000001', status: 1, withOwner: true }));

    // 导出: the same filters, the fixed one included
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() =>
      expect(exportList).toHaveBeenCalledWith({
        name: splitOps.list.name,
        merchantScope: 'merchant',
        body: { ownerPartyCode: 'FP00000001', status: 1, withOwner: true },
        exportName: '柜主分账',
      }),
    );
  });

  it('商城分账明细 always asks channel mall and offers no 渠道 to search or show', async () => {
    mount(`${BASE}/capital-subledger-purchase-mall`, MallSubledgerPage);
    await screen.findByText('XS26112400000001');
    expect(loader).toHaveBeenCalledWith({ channel: 'mall', pageSize: 10 });
    await waitFor(() => expect(summaryCalls()).toEqual([{ channel: 'mall' }]));
    expect(screen.queryByRole('combobox', { name: '渠道' })).toBeNull();
    expect(headers()).not.toContain('渠道');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '结算状态' }));
    fireEvent.click(await screen.findByTitle('待结算'));
    search();
    await waitFor(() => expect(loader).toHaveBeenLastCalledWith({ status: 0, channel: 'mall', pageSize: 10 }));
  });

  it('待结算账单 always asks status 0, shows 到期结算 up front, offers no 结算状态', async () => {
    mount(`${BASE}/capital-wait-settled-bill`, WaitSettledBillPage);
    await screen.findByText('XS26112400000001');
    expect(loader).toHaveBeenCalledWith({ status: 0, pageSize: 10 });
    // the totals and the due count are the same question: every call asks the pending splits, no other filter
    await waitFor(() => expect(summaryCalls().length).toBeGreaterThan(0));
    for (const input of summaryCalls()) expect(input).toEqual({ status: 0 });
    expect(headers().slice(0, 3)).toEqual(['订单号', '到期结算', '支付时间']);
    expect(headers()).not.toContain('结算状态');
    expect(screen.queryByRole('combobox', { name: '结算状态' })).toBeNull();
    // due long ago (2023): 已到期; the other not yet (2026-11)
    expect(within(rowOf('XS26112400000002')).getByText('已到期')).toBeTruthy();
    if (Date.now() < 1_795_086_400_000) expect(within(rowOf('XS26112400000001')).getByText('未到期')).toBeTruthy();
    expect(within(screen.getByTestId('split-totals')).getByText('1.23万 笔')).toBeTruthy();
    // how many 立即结算 would settle, next to it
    expect((await screen.findByTestId('due-count')).textContent).toBe('已到期 2 笔');
    expect(screen.getByRole('button', { name: /立即结算/ }).hasAttribute('disabled')).toBe(false);
  });

  it('待结算账单 with nothing due: 已到期 0 笔, 立即结算 disabled with the reason', async () => {
    due.count = 0;
    mount(`${BASE}/capital-wait-settled-bill`, WaitSettledBillPage);
    await screen.findByText('XS26112400000001');
    expect((await screen.findByTestId('due-count')).textContent).toBe('已到期 0 笔');
    const button = screen.getByRole('button', { name: /立即结算/ });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    fireEvent.mouseEnter(screen.getByTestId('settle-run-wrapper'));
    expect(await screen.findByText('没有已到期（T+1）的分账，无需结算')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(vi.mocked(call)).not.toHaveBeenCalledWith(settlementOps.run);
  });

  it('立即结算 asks first, runs settlement.run, says how many were settled in which bills, and reloads', async () => {
    mount(`${BASE}/capital-wait-settled-bill`, WaitSettledBillPage);
    await screen.findByText('XS26112400000001');
    const loads = loader.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: /立即结算/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('结算所有已到期（T+1）的分账？')).toBeTruthy();
    expect(vi.mocked(call)).not.toHaveBeenCalledWith(settlementOps.run);
    fireEvent.click(within(dialog).getByRole('button', { name: /确认结算/ }));
    await waitFor(() => expect(vi.mocked(call)).toHaveBeenCalledWith(settlementOps.run));
    const result = await screen.findByTestId('settle-result');
    expect(result.textContent).toContain('已结算 3 笔分账，生成结算单 2 张');
    expect(within(result).getByRole('link', { name: 'JS26112500000007' }).getAttribute('href')).toBe(
      `${BASE}/project-bill-record?settleNo=JS26112500000007`,
    );
    expect(within(result).getByRole('link', { name: 'JS26112500000008' })).toBeTruthy();
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(loads));
    await waitFor(() => expect(summaryCalls().length).toBeGreaterThan(1));
  });

  it('立即结算 cancelled does nothing', async () => {
    mount(`${BASE}/capital-wait-settled-bill`, WaitSettledBillPage);
    await screen.findByText('XS26112400000001');
    fireEvent.click(screen.getByRole('button', { name: /立即结算/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await new Promise((r) => setTimeout(r, 300));
    expect(vi.mocked(call)).not.toHaveBeenCalledWith(settlementOps.run);
    expect(screen.queryByTestId('settle-result')).toBeNull();
  });
});
