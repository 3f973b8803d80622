import type { OperationContract } from '@merchant/contracts';
import { collectionOps } from '@merchant/contracts/finance/collection';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { setting, T0 } from '../components/collection-fixtures.ts';
import CollectionSettingPage from './collection-setting-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the page and the form's checks a while.
configure({ asyncUtilTimeout: 10_000 });

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn(), listLoader: () => vi.fn() }));

const HISTORY = {
  list: [
    {
      id: 1,
      action: 'fee',
      actionLabel: '调整平台手续费率',
      changes: [{ field: 'feeBp', label: '平台手续费率', before: '0.50%', after: '0.60%' }],
      remark: '年度调整',
      operatorName: '张三',
      createdAt: T0,
    },
  ],
  total: 1,
  pageNum: 1,
  pageSize: 10,
};

function answer(first = setting()) {
  let s = first;
  vi.mocked(call).mockImplementation((op, input) => {
    if (op === collectionOps.get) return Promise.resolve(s) as never;
    if (op === collectionOps.history) return Promise.resolve(HISTORY) as never;
    if (op === collectionOps.setFee) {
      s = { ...s, feeBp: (input as { feeBp: number }).feeBp, version: s.version + 1 };
      return Promise.resolve(s) as never;
    }
    return Promise.reject(new Error(`unexpected ${(op as OperationContract).name}`)) as never;
  });
}
const grant = (...anchors: string[]) =>
  sessionStore.setState({ menuTree: anchors.map((a, i) => node({ id: 10600 + i, name: a, anchor: a, anchorList: [a] })) });
const callsOf = (op: unknown) => vi.mocked(call).mock.calls.filter(([o]) => o === op);

afterEach(() => {
  cleanup();
  vi.mocked(call).mockReset();
  sessionStore.setState({ menuTree: [] });
});

const PATH = '/website/finance/collection-setting';
const mount = () => renderRoutes([{ path: PATH, element: <CollectionSettingPage /> }], PATH);

describe('收款设置 (collection-setting)', { timeout: 60_000 }, () => {
  it('describes the setting: channel (沙箱), the merchant’s account and card, T+1, the rate in %, links and the log', async () => {
    answer();
    grant('collection-setting', 'collection-setting-agreement', 'collection-setting-status', 'capital-list');
    mount();
    expect((await screen.findByTestId('fee-rate')).textContent).toBe('0.60%');
    const info = within(screen.getByTestId('collection-setting'));
    expect(info.getByText('沙箱')).toBeTruthy();
    expect(info.getByRole('link', { name: 'FP00000001' }).getAttribute('href')).toBe('/website/finance/capital-detail/FP00000001');
    expect(info.getByText('招商银行 6225 **** **** 1234')).toBeTruthy();
    expect(screen.getByTestId('settle-cycle').textContent).toBe('T+1；每 60 秒自动结算');
    expect(info.getByText(/Asia\/Shanghai/)).toBeTruthy();
    expect(info.getByRole('link', { name: '12 份' }).getAttribute('href')).toBe('/website/finance/collection-setting-agreement');
    expect(info.getByRole('link', { name: '已开通' }).getAttribute('href')).toBe('/website/finance/collection-setting-status');
    expect(info.getByRole('button', { name: '调整费率' })).toBeTruthy();
    // the log: who changed what
    const log = within(screen.getByTestId('collection-history'));
    expect(await log.findByText('调整平台手续费率')).toBeTruthy();
    expect(log.getByText('年度调整')).toBeTruthy();
    expect(callsOf(collectionOps.history)[0][1]).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('an unbound card reads 未绑定 with a link to the account’s cards; a 0 interval reads 仅手动结算; no 调整费率 without the anchor', async () => {
    answer(setting({ defaultCard: '', settleIntervalSeconds: 0, sandbox: false, providerLabel: '微信支付', statusName: '待完善' }));
    grant('capital-list');
    mount();
    await screen.findByTestId('fee-rate');
    const info = within(screen.getByTestId('collection-setting'));
    expect(info.getByText('未绑定')).toBeTruthy();
    expect(info.getByRole('link', { name: '去绑定银行卡' }).getAttribute('href')).toBe('/website/finance/capital-card/FP00000001');
    expect(screen.getByTestId('settle-cycle').textContent).toBe('T+1；仅手动结算');
    expect(info.queryByText('沙箱')).toBeNull();
    expect(info.queryByRole('button', { name: '调整费率' })).toBeNull();
    // without the pages' anchors the count and the status are text
    expect(info.getByText('12 份').closest('a')).toBeNull();
    expect(info.getByText('待完善').closest('a')).toBeNull();
  });

  it('调整费率 refuses a rate above 20% without calling the server, then confirms and sends basis points with the version and reason', async () => {
    answer();
    grant('collection-setting');
    mount();
    fireEvent.click(await screen.findByRole('button', { name: '调整费率' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('fee-notice').textContent).toContain('新费率只用于之后的收款');
    const save = () => fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    save();
    expect(await within(dialog).findByText('请输入平台手续费率')).toBeTruthy();
    expect(await within(dialog).findByText('请输入调整原因')).toBeTruthy();
    const rate = within(dialog).getByLabelText('新费率（%）');
    fireEvent.change(rate, { target: { value: '25' } });
    fireEvent.change(within(dialog).getByLabelText('调整原因'), { target: { value: '年度调整' } });
    save();
    expect(await within(dialog).findByText('平台手续费率不能超过20%')).toBeTruthy();
    fireEvent.change(rate, { target: { value: '0.805' } });
    save();
    expect(await within(dialog).findByText('平台手续费率须精确到0.01%')).toBeTruthy();
    expect(callsOf(collectionOps.setFee)).toHaveLength(0);

    fireEvent.change(rate, { target: { value: '0.8' } });
    save();
    // asked first: only later payments use it
    const confirm = (await screen.findByRole('button', { name: '确认调整' })).closest<HTMLElement>('.ant-modal')!;
    expect(confirm.textContent).toContain('将平台手续费率由 0.60% 调整为 0.80%？');
    expect(confirm.textContent).toContain('已分账的订单不变');
    expect(callsOf(collectionOps.setFee)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '确认调整' }));
    await waitFor(() => expect(callsOf(collectionOps.setFee)).toHaveLength(1));
    expect(callsOf(collectionOps.setFee)[0][1]).toEqual({ feeBp: 80, version: 3, reason: '年度调整' });
    await waitFor(() => expect(screen.getByTestId('fee-rate').textContent).toBe('0.80%'));
  });
});
