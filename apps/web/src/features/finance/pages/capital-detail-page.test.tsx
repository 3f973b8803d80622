import { bankCardOps } from '@merchant/contracts/finance/bank-card';
import { capitalOps } from '@merchant/contracts/finance/capital';
import { CAPITAL_FREEZE_ANCHOR } from '@merchant/contracts/finance/finance-fields';
import { freezeOps } from '@merchant/contracts/finance/freeze';
import { withdrawalOps } from '@merchant/contracts/finance/withdrawal';
import type { OperationContract } from '@merchant/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { card, freezeRow, partyDetail, withdrawalRow } from '../components/finance-fixtures.ts';
import CapitalDetailPage from './capital-detail-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the pages and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

const lists = vi.hoisted(() => ({ calls: [] as Array<{ op: string; params: Record<string, unknown> }> }));
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(),
  listLoader: (op: OperationContract) => (params: Record<string, unknown>) => {
    lists.calls.push({ op: op.name, params });
    return Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 10 });
  },
}));

const party = partyDetail();
function answer(cards = [card(), card({ id: 2, cardNo: '6222 **** **** 7894', bankName: '中国工商银行', isDefault: true })]) {
  vi.mocked(call).mockImplementation((op) => {
    if (op === capitalOps.detail) return Promise.resolve(party) as never;
    if (op === bankCardOps.list) return Promise.resolve(cards) as never;
    if (op === withdrawalOps.apply) return Promise.resolve(withdrawalRow({ amount: 10_050 })) as never;
    if (op === freezeOps.freeze) return Promise.resolve(freezeRow()) as never;
    return Promise.reject(new Error(`unexpected ${(op as OperationContract).name}`)) as never;
  });
}
const grant = (...anchors: string[]) =>
  sessionStore.setState({ menuTree: anchors.map((a, i) => node({ id: 10600 + i, name: a, anchor: a, anchorList: [a] })) });

afterEach(() => {
  cleanup();
  lists.calls.length = 0;
  vi.mocked(call).mockReset();
  sessionStore.setState({ menuTree: [] });
});

const mount = (code = 'FP00000001') =>
  renderRoutes(
    [
      { path: '/website/finance/capital-detail/:id', element: <CapitalDetailPage /> },
      { path: '/website/finance/capital-card/:id', element: <p>银行卡页</p> },
    ],
    `/website/finance/capital-detail/${code}`,
  );
const applyCalls = () => vi.mocked(call).mock.calls.filter(([op]) => op === withdrawalOps.apply);

describe('资金账户详情 (capital-detail/:id)', { timeout: 60_000 }, () => {
  it('describes the account and its balances, links its pages and lists its withdrawals', async () => {
    answer();
    grant('capital-list');
    mount();
    expect((await screen.findByTestId('capital-detail-title')).textContent).toContain('杭州鲜丰供应链有限公司（FP00000001）');
    expect(vi.mocked(call)).toHaveBeenCalledWith(capitalOps.detail, { partyCode: 'FP00000001' }, expect.anything());
    const balances = screen.getByTestId('capital-detail-balances').textContent;
    expect(balances).toContain('可用1,234.56 元');
    expect(balances).toContain('待结算50.00 元');
    expect(balances).toContain('累计收入5,000.00 元');
    const links = within(screen.getByTestId('party-links'));
    expect(links.getByRole('link', { name: '资金流水' }).getAttribute('href')).toBe('/website/finance/capital-record/FP00000001');
    expect(links.getByRole('link', { name: '银行卡' }).getAttribute('href')).toBe('/website/finance/capital-card/FP00000001');
    expect(links.getByRole('link', { name: '冻结记录' }).getAttribute('href')).toBe('/website/finance/capital-frozen/FP00000001');
    // without the freeze permission there is no 冻结资金
    expect(screen.getByRole('button', { name: '申请提现' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '冻结资金' })).toBeNull();
    await waitFor(() =>
      expect(lists.calls.find((c) => c.op === withdrawalOps.list.name)?.params).toMatchObject({ partyCode: 'FP00000001' }),
    );
    expect(await screen.findByText('暂无提现记录')).toBeTruthy();
  });

  it('申请提现 refuses an empty, over-precise or too large amount with the rule’s message and sends cents with the card', async () => {
    answer();
    mount();
    fireEvent.click(await screen.findByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('withdrawable').textContent).toContain('可提现：1,234.56 元');
    // the default card is chosen once the cards arrive
    await waitFor(() => expect(within(dialog).getByTitle('中国工商银行 6222 **** **** 7894')).toBeTruthy());

    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    const amount = within(dialog).getByLabelText('提现金额（元）');
    submit();
    expect(await within(dialog).findByText('请输入提现金额')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1.234' } });
    submit();
    expect(await within(dialog).findByText('提现金额须精确到分')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    submit();
    expect(await within(dialog).findByText('提现金额必须大于0')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1234.57' } });
    submit();
    expect(await within(dialog).findByText('提现金额不能超过可提现余额 1,234.56 元')).toBeTruthy();
    expect(applyCalls()).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '100.5' } });
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: ' 11月货款 ' } });
    submit();
    await waitFor(() => expect(applyCalls()).toHaveLength(1));
    // cents, the card's id, no version (an application is new)
    expect(applyCalls()[0][1]).toEqual({ partyCode: 'FP00000001', amount: 10_050, cardId: 2, remark: '11月货款' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('申请提现 of an account without a card says so and links to its cards', async () => {
    answer([]);
    mount();
    fireEvent.click(await screen.findByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog');
    const notice = await within(dialog).findByTestId('withdraw-no-card');
    expect(within(notice).getByRole('link', { name: '去绑定银行卡' }).getAttribute('href')).toBe(
      '/website/finance/capital-card/FP00000001',
    );
    fireEvent.change(within(dialog).getByLabelText('提现金额（元）'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    expect(await within(dialog).findByText('请选择银行卡')).toBeTruthy();
    expect(applyCalls()).toHaveLength(0);
  });

  it('冻结资金 with the freeze permission: amount in 元 (sent in cents) and a reason', async () => {
    answer();
    grant('capital-list', CAPITAL_FREEZE_ANCHOR);
    mount();
    fireEvent.click(await screen.findByRole('button', { name: '冻结资金' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认冻结/ }));
    expect(await within(dialog).findByText('请输入冻结金额')).toBeTruthy();
    expect(await within(dialog).findByText('请输入冻结原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('冻结金额（元）'), { target: { value: '200' } });
    fireEvent.change(within(dialog).getByLabelText('冻结原因'), { target: { value: '订单纠纷处理中' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认冻结/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(freezeOps.freeze, { partyCode: 'FP00000001', amount: 20_000, reason: '订单纠纷处理中' }),
    );
  });

  it('a malformed account code reads 资金账户不存在 without asking the server', async () => {
    answer();
    mount('FP123');
    expect(await screen.findByText('资金账户不存在')).toBeTruthy();
    expect(vi.mocked(call)).not.toHaveBeenCalled();
  });
});
