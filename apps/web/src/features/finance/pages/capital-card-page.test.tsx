import { ApiError } from '@merchant/contracts';
import { bankCardOps } from '@merchant/contracts/finance/bank-card';
import { capitalOps } from '@merchant/contracts/finance/capital';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { card, partyDetail } from '../components/finance-fixtures.ts';
import CapitalCardPage from './capital-card-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the pages and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn(), listLoader: () => vi.fn() }));

const cards = [
  card({ id: 1, isDefault: true }),
  card({ id: 2, bankCode: 'ICBC', bankName: '中国工商银行', cardNo: '6222 **** **** 7894', version: 3 }),
];
const OPEN_WITHDRAWAL = '该银行卡有未完成的提现，不能解绑';

beforeEach(() => {
  vi.mocked(call).mockImplementation((op, input) => {
    if (op === capitalOps.detail) return Promise.resolve(partyDetail()) as never;
    if (op === bankCardOps.list) return Promise.resolve(cards) as never;
    if (op === bankCardOps.banks)
      return Promise.resolve([
        { code: 'CMB', name: '招商银行' },
        { code: 'ICBC', name: '中国工商银行' },
      ]) as never;
    if (op === bankCardOps.add) return Promise.resolve(card({ id: 3, cardNo: '6222 **** **** 7894' })) as never;
    if (op === bankCardOps.remove) return Promise.reject(new ApiError('A0409', OPEN_WITHDRAWAL, 200)) as never;
    return Promise.resolve({ ...cards[1], isDefault: true, input }) as never;
  });
});
afterEach(() => {
  cleanup();
  vi.mocked(call).mockReset();
});

const mount = () =>
  renderRoutes([{ path: '/website/finance/capital-card/:id', element: <CapitalCardPage /> }], '/website/finance/capital-card/FP00000001');
const callsOf = (op: unknown) => vi.mocked(call).mock.calls.filter(([o]) => o === op);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('银行卡 (capital-card/:id)', { timeout: 60_000 }, () => {
  it('lists the cards masked, the default one tagged; 设为默认 sends the card’s version', async () => {
    mount();
    await screen.findByText('6225 **** **** 1234');
    expect(screen.getByTestId('party-title').textContent).toBe('银行卡：杭州鲜丰供应链有限公司（FP00000001）');
    const first = within(rowOf('6225 **** **** 1234'));
    expect(first.getByText('默认')).toBeTruthy();
    expect(first.queryByRole('button', { name: '设为默认' })).toBeNull();
    const second = within(rowOf('6222 **** **** 7894'));
    expect(second.queryByText('默认')).toBeNull();
    fireEvent.click(second.getByRole('button', { name: '设为默认' }));
    await waitFor(() => expect(vi.mocked(call)).toHaveBeenCalledWith(bankCardOps.setDefault, { id: 2, version: 3 }));
  });

  it('解绑 is confirmed first; the server’s refusal (an open withdrawal) changes nothing', async () => {
    mount();
    await screen.findByText('6222 **** **** 7894');
    fireEvent.click(within(rowOf('6222 **** **** 7894')).getByRole('button', { name: /解\s*绑/ }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('解绑 中国工商银行 6222 **** **** 7894？');
    expect(callsOf(bankCardOps.remove)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: /解\s*绑/ }));
    await waitFor(() => expect(vi.mocked(call)).toHaveBeenCalledWith(bankCardOps.remove, { id: 2, version: 3 }));
    // the refusal is shown with the server's words (not caught by the catalogue in this test: shown by the page)
    expect(await screen.findByText(OPEN_WITHDRAWAL)).toBeTruthy();
    expect(screen.getByText('6222 **** **** 7894')).toBeTruthy();
  });

  it('绑定银行卡 refuses a number failing the Luhn check without calling the server, then sends a valid one', async () => {
    mount();
    await screen.findByText('6225 **** **** 1234');
    fireEvent.click(screen.getByRole('button', { name: /绑定银行卡/ }));
    const dialog = await screen.findByRole('dialog');
    const bind = () => fireEvent.click(within(dialog).getByRole('button', { name: /绑\s*定/ }));

    bind();
    expect(await within(dialog).findByText('请选择开户银行')).toBeTruthy();
    expect(await within(dialog).findByText('请输入持卡人')).toBeTruthy();
    expect(await within(dialog).findByText('请输入银行卡号')).toBeTruthy();

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '开户银行' }));
    fireEvent.click(await screen.findByTitle('中国工商银行'));
    fireEvent.change(within(dialog).getByLabelText('持卡人'), { target: { value: '王建国' } });
    const cardNo = within(dialog).getByLabelText('银行卡号');
    fireEvent.change(cardNo, { target: { value: '6222 0212 3456 7890' } });
    bind();
    expect(await within(dialog).findByText('银行卡号校验不通过，请核对卡号')).toBeTruthy();
    fireEvent.change(cardNo, { target: { value: '62220212' } });
    bind();
    expect(await within(dialog).findByText('银行卡号应为12–19位数字')).toBeTruthy();
    expect(callsOf(bankCardOps.add)).toHaveLength(0);

    fireEvent.change(cardNo, { target: { value: '6222 0212 3456 7894' } });
    bind();
    await waitFor(() => expect(callsOf(bankCardOps.add)).toHaveLength(1));
    expect(callsOf(bankCardOps.add)[0][1]).toEqual({
      partyCode: 'FP00000001',
      bankCode: 'ICBC',
      holderName: '王建国',
      cardNo: '6222021234567894',
      isDefault: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
