import { capitalOps } from '@merchant/contracts/finance/capital';
import type { OperationContract } from '@merchant/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { entry, partyDetail, record } from '../components/finance-fixtures.ts';
import CapitalRecordPage from './capital-record-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the pages and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

const rows = [
  record(),
  record({
    id: 2,
    entryNo: 'JZ2611240002',
    entryType: 'withdraw_apply',
    entryTypeName: '提现申请',
    kind: 'available',
    kindName: '可用',
    amount: -100_000,
    balanceAfter: 23_456,
    refNo: 'TX2611240001',
    orderNo: '',
    orderChannel: '',
    memo: '提现到招商银行 6225 **** **** 1234',
  }),
  record({
    id: 3,
    entryNo: 'JZ2611240003',
    orderNo: 'XS26112400000011',
    orderChannel: 'online',
    amount: 1_234_567,
    balanceAfter: 1_240_817,
  }),
];

const lists = vi.hoisted(() => ({ calls: [] as Array<{ op: string; params: Record<string, unknown> }> }));
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(),
  listLoader: (op: OperationContract) => (params: Record<string, unknown>) => {
    lists.calls.push({ op: op.name, params });
    return Promise.resolve({ list: rows, pageSize: 10, nextCursor: 'c2', prevCursor: null, total: 31 });
  },
}));

beforeEach(() => {
  // the role may open the cabinets' orders, not the online ones
  sessionStore.setState({ menuTree: [node({ id: 11001, name: '销售订单', anchor: 'salesOrder-list', anchorList: ['salesOrder-list'] })] });
  vi.mocked(call).mockImplementation((op) => Promise.resolve(op === capitalOps.detail ? partyDetail() : entry()) as never);
});
afterEach(() => {
  cleanup();
  lists.calls.length = 0;
  vi.mocked(call).mockReset();
  sessionStore.setState({ menuTree: [] });
});

const mount = () =>
  renderRoutes(
    [
      { path: '/website/finance/capital-record/:id', element: <CapitalRecordPage /> },
      { path: '/website/container-order/salesOrder-list-detail/:no', element: <p>订单详情页</p> },
    ],
    '/website/finance/capital-record/FP00000001',
  );
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const lastListCall = () => lists.calls[lists.calls.length - 1]?.params;

describe('资金流水 (capital-record/:id)', { timeout: 60_000 }, () => {
  it('lists the account’s lines, newest first by keyset, with signed amounts, balances and order links', async () => {
    mount();
    await screen.findByText('JZ2611240001');
    expect(screen.getByTestId('party-title').textContent).toBe('资金流水：杭州鲜丰供应链有限公司（FP00000001）');
    expect(lastListCall()).toEqual({ partyCode: 'FP00000001', pageSize: 10 });
    expect(headers().slice(0, 8)).toEqual(['时间', '凭证号', '业务类型', '账户类别', '金额（元）', '变动后余额（元）', '订单号', '摘要']);

    const income = within(rowOf('JZ2611240001'));
    const plus = income.getByText('+12.50', { normalizer: (s) => s.replace(/\s/g, '') });
    expect(plus.closest('.ant-typography')!.className).toMatch(/ant-typography-success/);
    expect(plus.closest('td')!.style.textAlign).toBe('right');
    expect(income.getByText('62.50')).toBeTruthy();
    expect(income.getByText('分账').closest('.ant-tag')!.className).toMatch(/ant-tag-blue/);
    expect(income.getByRole('link', { name: 'XS26112400000002' }).getAttribute('href')).toBe(
      '/website/container-order/salesOrder-list-detail/XS26112400000002',
    );

    const out = within(rowOf('JZ2611240002'));
    const minus = out.getByText('-1,000.00', { normalizer: (s) => s.replace(/\s/g, '') });
    expect(minus.closest('.ant-typography')!.className).toMatch(/ant-typography-danger/);
    expect(out.getByText('提现申请').closest('.ant-tag')!.className).toMatch(/ant-tag-gold/);
    expect(out.getByText('可用')).toBeTruthy();
    expect(out.queryByRole('link')).toBeNull();

    // 万 from 10,000 元; an online order's page the role does not hold: the number as text
    const big = within(rowOf('JZ2611240003'));
    expect(big.getByText('+1.23万', { normalizer: (s) => s.replace(/\s/g, '') })).toBeTruthy();
    expect(big.getByText('XS26112400000011').closest('a')).toBeNull();

    expect(screen.getByRole('button', { name: /下一页/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
  });

  it('searches by 账户 (no 支付通道), 业务类型 and 订单号', async () => {
    mount();
    await screen.findByText('JZ2611240001');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '账户' }));
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'))).toEqual([
        '可用',
        '冻结',
        '待结算',
        '在途',
      ]),
    );
    fireEvent.click(screen.getAllByTitle('待结算').find((e) => e.classList.contains('ant-select-item-option'))!);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '业务类型' }));
    fireEvent.click(await screen.findByTitle('结算'));
    fireEvent.change(screen.getByLabelText('订单号'), { target: { value: 'XS26112400000002' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lastListCall()).toEqual({
        partyCode: 'FP00000001',
        kind: 'pending',
        entryType: 'settle',
        orderNo: 'XS26112400000002',
        pageSize: 10,
      }),
    );
  });

  it('a 凭证号 opens the whole entry: its lines, signed, and a sum of 0.00', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'JZ2611240001' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(vi.mocked(call)).toHaveBeenCalledWith(capitalOps.entry, { entryNo: 'JZ2611240001' }));
    const lines = await within(dialog).findByTestId('entry-lines');
    expect(within(lines).getByText('示例商户')).toBeTruthy();
    const merchant = within(within(lines).getByText('示例商户').closest('tr')!);
    expect(merchant.getByText('-12.50', { normalizer: (s) => s.replace(/\s/g, '') }).closest('.ant-typography')!.className).toMatch(
      /ant-typography-danger/,
    );
    expect(merchant.getByText('987.50')).toBeTruthy();
    expect(merchant.getByText('商户')).toBeTruthy();
    const supplier = within(within(lines).getByText('杭州鲜丰供应链有限公司').closest('tr')!);
    expect(supplier.getByText('+12.50', { normalizer: (s) => s.replace(/\s/g, '') })).toBeTruthy();
    expect(supplier.getByRole('link', { name: 'FP00000001' }).getAttribute('href')).toBe('/website/finance/capital-detail/FP00000001');
    expect(within(dialog).getByTestId('entry-sum').textContent).toBe('0.00');
    expect(within(dialog).getByText('已平衡')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'XS26112400000002' })).toBeTruthy();
  });
});
