import { capitalOps } from '@merchant/contracts/finance/capital';
import { WITHDRAWAL_REVIEW_ANCHOR } from '@merchant/contracts/finance/finance-fields';
import { withdrawalOps } from '@merchant/contracts/finance/withdrawal';
import type { OperationContract } from '@merchant/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { partyRow, summary, withdrawalRow } from '../components/finance-fixtures.ts';
import CapitalListPage from './capital-list-page.tsx';
import SmartCapitalListPage from './smart-capital-list-page.tsx';
import SupplierCapitalListPage from './supplier-capital-list-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the pages and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

const parties = [
  partyRow(),
  partyRow({
    partyCode: 'FP00000002',
    partyType: 'cabinet_owner',
    partyTypeName: '柜主',
    name: '王建国',
    phone: '139****0002',
    available: 123_456_789,
    frozen: 20_000,
    pending: 0,
    inTransit: 150_000,
    total: 123_626_789,
    withdrawable: 123_456_789,
    cardCount: 0,
  }),
];
const withdrawals = [
  withdrawalRow(),
  withdrawalRow({ withdrawNo: 'TX2611240002', status: 1, statusName: '待打款', actions: ['pay', 'reject'], version: 4 }),
  withdrawalRow({ withdrawNo: 'TX2611240003', status: 2, statusName: '已打款', actions: [], reviewerName: '李四' }),
];

const lists = vi.hoisted(() => ({ calls: [] as Array<{ op: string; params: Record<string, unknown> }> }));
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(),
  listLoader: (op: OperationContract) => (params: Record<string, unknown>) => {
    lists.calls.push({ op: op.name, params });
    const rows = op.name === capitalOps.list.name ? parties : op.name === withdrawalOps.list.name ? withdrawals : [];
    return Promise.resolve({ list: rows, total: rows.length, pageNum: 1, pageSize: 10 });
  },
}));

const { exportList } = vi.hoisted(() => ({
  exportList: vi.fn((_req: unknown) => Promise.resolve({ kind: 'task', taskId: 'T1', message: '已加入导出任务' })),
}));
vi.mock('../../../platform/http-client.ts', () => ({ http: { exportList } }));

const reviewer = (yes: boolean) =>
  sessionStore.setState({
    menuTree: [
      node({ id: 10601, name: '资金账户', anchor: 'capital-list', anchorList: ['capital-list'] }),
      ...(yes ? [node({ id: 10611, name: '提现审核', anchor: WITHDRAWAL_REVIEW_ANCHOR, anchorList: [WITHDRAWAL_REVIEW_ANCHOR] })] : []),
    ],
  });

beforeEach(() => {
  vi.mocked(call).mockImplementation((op) =>
    Promise.resolve((op === capitalOps.summary ? summary : withdrawalRow({ status: 1, statusName: '待打款' })) as never),
  );
});
afterEach(() => {
  cleanup();
  lists.calls.length = 0;
  exportList.mockClear();
  vi.mocked(call).mockReset();
  sessionStore.setState({ menuTree: [] });
});

const LIST = '/website/finance/capital-list';
const mount = (element = <CapitalListPage />, at = LIST) =>
  renderRoutes(
    [
      { path: LIST, element },
      { path: '/website/finance/capital-list-supplier', element },
      { path: '/website/finance/capital-list-supplier-smart-container', element },
      { path: '/website/finance/capital-detail/:id', element: <p>账户详情页</p> },
      { path: '/website/finance/capital-record/:id', element: <p>资金流水页</p> },
    ],
    at,
  );
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const buttonsIn = (text: string) =>
  within(rowOf(text))
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));
const lastListCall = (op: string) => [...lists.calls].reverse().find((c) => c.op === op)?.params;

describe('资金账户 (capital-list)', { timeout: 60_000 }, () => {
  it('shows the summary cards and the accounts with money in 元 / 万, right-aligned, and type tags', async () => {
    reviewer(false);
    const router = mount();
    await screen.findByText('杭州鲜丰供应链有限公司');
    // summary: 万 from 10,000 元, the exact amount under it; the open withdrawals
    const cards = await screen.findByTestId('capital-summary');
    expect(within(screen.getByTestId('capital-summary-available')).getByText('123.46万')).toBeTruthy();
    expect(within(screen.getByTestId('capital-summary-available')).getByText('1,234,567.89 元')).toBeTruthy();
    expect(within(screen.getByTestId('capital-summary-channelHeld')).getByText('123.64万')).toBeTruthy();
    expect(screen.getByTestId('capital-summary-frozen').textContent).toContain('200.00元');
    expect(within(screen.getByTestId('capital-summary-openWithdrawals')).getByText('3')).toBeTruthy();
    expect(cards.textContent).toContain('共 2,500.00 元');
    expect(within(screen.getByTestId('capital-summary-total')).getByText('合计（57 个账户）')).toBeTruthy();

    for (const h of [
      '账户编号',
      '名称',
      '类型',
      '手机',
      '可用（元）',
      '冻结（元）',
      '待结算（元）',
      '在途（元）',
      '合计（元）',
      '银行卡',
      '更新时间',
    ])
      expect(headers()).toContain(h);

    const supplier = within(rowOf('杭州鲜丰供应链有限公司'));
    expect(supplier.getByText('供应商').closest('.ant-tag')!.className).toMatch(/ant-tag-orange/);
    expect(supplier.getByText('1,234.56').closest('td')!.style.textAlign).toBe('right');
    expect(supplier.getByText('1,284.56')).toBeTruthy();
    expect(supplier.getByText('2 张')).toBeTruthy();
    expect(supplier.getByRole('link', { name: 'FP00000001' }).getAttribute('href')).toBe('/website/finance/capital-detail/FP00000001');
    expect(buttonsIn('杭州鲜丰供应链有限公司')).toEqual(['详情', '流水', '银行卡', '冻结记录']);

    const owner = within(rowOf('王建国'));
    expect(owner.getByText('柜主').closest('.ant-tag')!.className).toMatch(/ant-tag-purple/);
    expect(owner.getByText('123.46万').closest('td')!.style.textAlign).toBe('right');
    expect(owner.getByText('123.63万')).toBeTruthy();
    expect(owner.getByText('1,500.00')).toBeTruthy();

    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(lastListCall(capitalOps.list.name)).toEqual({ pageNum: 1, pageSize: 10 });

    fireEvent.click(within(rowOf('王建国')).getByRole('button', { name: '流水' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/finance/capital-record/FP00000002'));
  });

  it('searches by 账户类型 and 关键字: the request carries exactly those', async () => {
    reviewer(false);
    mount();
    await screen.findByText('杭州鲜丰供应链有限公司');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '账户类型' }));
    fireEvent.click(await screen.findByTitle('点位方'));
    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: ' 王建国 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lastListCall(capitalOps.list.name)).toEqual({ partyType: 'point_owner', keyword: '王建国', pageNum: 1, pageSize: 10 }),
    );
  });

  it('提现记录: the review buttons each row allows, only for a reviewer', async () => {
    reviewer(true);
    const router = mount(<CapitalListPage />, `${LIST}?tab=withdrawals`);
    await screen.findByText('TX2611240001');
    expect(router.state.location.search).toBe('?tab=withdrawals');
    expect(buttonsIn('TX2611240001')).toEqual(['审核通过', '驳回', '日志']);
    expect(buttonsIn('TX2611240002')).toEqual(['确认打款', '驳回', '日志']);
    expect(buttonsIn('TX2611240003')).toEqual(['日志']);
    const first = within(rowOf('TX2611240001'));
    expect(first.getByText('待审核').closest('.ant-tag')!.className).toMatch(/ant-tag-gold/);
    expect(first.getByText('1,000.00').closest('td')!.style.textAlign).toBe('right');
    expect(within(rowOf('TX2611240002')).getByText('待打款').closest('.ant-tag')!.className).toMatch(/ant-tag-(blue|processing)/);
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
  });

  it('提现记录 without the review permission: no review buttons, whatever the rows allow', async () => {
    reviewer(false);
    mount(<CapitalListPage />, `${LIST}?tab=withdrawals`);
    await screen.findByText('TX2611240001');
    for (const no of ['TX2611240001', 'TX2611240002', 'TX2611240003']) expect(buttonsIn(no)).toEqual(['日志']);
  });

  it('审核通过 and 确认打款 are confirmed first and sent with the version; 驳回 needs its reason', async () => {
    reviewer(true);
    mount(<CapitalListPage />, `${LIST}?tab=withdrawals`);
    await screen.findByText('TX2611240001');

    fireEvent.click(within(rowOf('TX2611240001')).getByRole('button', { name: '审核通过' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('withdrawal-step-note').textContent).toContain('1,000.00 元');
    expect(vi.mocked(call)).not.toHaveBeenCalledWith(withdrawalOps.approve, expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: /确认审核通过/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(withdrawalOps.approve, { withdrawNo: 'TX2611240001', version: 1, remark: '' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(rowOf('TX2611240002')).getByRole('button', { name: '确认打款' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('withdrawal-step-note').textContent).toContain('不可撤销');
    fireEvent.change(within(dialog).getByLabelText('审核意见'), { target: { value: '已网银转账' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^确认打款$/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(withdrawalOps.pay, { withdrawNo: 'TX2611240002', version: 4, remark: '已网银转账' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(rowOf('TX2611240001')).getByRole('button', { name: '驳回' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '错' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    expect(await within(dialog).findByText('驳回原因至少2个字')).toBeTruthy();
    expect(vi.mocked(call)).not.toHaveBeenCalledWith(withdrawalOps.reject, expect.anything());
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '户名与账户不一致' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(withdrawalOps.reject, {
        withdrawNo: 'TX2611240001',
        version: 1,
        reason: '户名与账户不一致',
      }),
    );
  });
});

describe('供应商资金 and 智能柜供应商资金', { timeout: 60_000 }, () => {
  it('供应商资金 asks for the suppliers only and offers no type filter', async () => {
    reviewer(false);
    mount(<SupplierCapitalListPage />, '/website/finance/capital-list-supplier');
    await screen.findByText('杭州鲜丰供应链有限公司');
    expect(screen.queryByRole('combobox', { name: '账户类型' })).toBeNull();
    expect(screen.queryByTestId('capital-summary')).toBeNull();
    expect(lastListCall(capitalOps.list.name)).toMatchObject({ partyType: 'supplier' });
    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: '鲜丰' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lastListCall(capitalOps.list.name)).toEqual({ keyword: '鲜丰', partyType: 'supplier', pageNum: 1, pageSize: 10 }),
    );
  });

  it('智能柜供应商资金 lists 柜主 and 点位方 together, or the one type picked; 导出 asks the same', async () => {
    reviewer(false);
    mount(<SmartCapitalListPage />, '/website/finance/capital-list-supplier-smart-container');
    await screen.findByText('王建国');
    // no type picked: both partners' types at once, in the list and in its export
    expect(lastListCall(capitalOps.list.name)).toEqual({ partyTypes: ['cabinet_owner', 'point_owner'], pageNum: 1, pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() =>
      expect(exportList).toHaveBeenCalledWith(
        expect.objectContaining({ name: capitalOps.list.name, body: { partyTypes: ['cabinet_owner', 'point_owner'] } }),
      ),
    );
    const typeBox = screen.getByRole('combobox', { name: '账户类型' });
    expect(typeBox.closest('.ant-select')!.textContent).toContain('柜主和点位方');
    fireEvent.mouseDown(typeBox);
    const titles = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    await waitFor(() => expect(titles()).toEqual(['柜主', '点位方']));
    fireEvent.click(await screen.findByTitle('点位方'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastListCall(capitalOps.list.name)).toEqual({ partyType: 'point_owner', pageNum: 1, pageSize: 10 }));

    // 重置: both again
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() =>
      expect(lastListCall(capitalOps.list.name)).toEqual({ partyTypes: ['cabinet_owner', 'point_owner'], pageNum: 1, pageSize: 10 }),
    );
  });
});
