import { capitalOps } from '@merchant/contracts/finance/capital';
import { CAPITAL_FREEZE_ANCHOR } from '@merchant/contracts/finance/finance-fields';
import { freezeOps } from '@merchant/contracts/finance/freeze';
import type { OperationContract } from '@merchant/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { freezeRow, partyDetail } from '../components/finance-fixtures.ts';
import CapitalFrozenPage from './capital-frozen-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the pages and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

const rows = [
  freezeRow(),
  freezeRow({
    freezeNo: 'DJ2611240002',
    amount: 5_000,
    status: 1,
    statusName: '已解冻',
    releaseReason: '纠纷已处理',
    releasedByName: '王五',
    releasedAt: 1_795_000_600_000,
    canRelease: false,
    version: 2,
  }),
];
const lists = vi.hoisted(() => ({ calls: [] as Array<{ op: string; params: Record<string, unknown> }> }));
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(),
  listLoader: (op: OperationContract) => (params: Record<string, unknown>) => {
    lists.calls.push({ op: op.name, params });
    return Promise.resolve({ list: rows, total: rows.length, pageNum: 1, pageSize: 10 });
  },
}));

const grant = (freeze: boolean) =>
  sessionStore.setState({
    menuTree: [
      node({ id: 10601, name: '资金账户', anchor: 'capital-list', anchorList: ['capital-list'] }),
      ...(freeze ? [node({ id: 10612, name: '资金冻结', anchor: CAPITAL_FREEZE_ANCHOR, anchorList: [CAPITAL_FREEZE_ANCHOR] })] : []),
    ],
  });
beforeEach(() => {
  vi.mocked(call).mockImplementation((op) => Promise.resolve(op === capitalOps.detail ? partyDetail() : freezeRow({ status: 1 })) as never);
});
afterEach(() => {
  cleanup();
  lists.calls.length = 0;
  vi.mocked(call).mockReset();
  sessionStore.setState({ menuTree: [] });
});

const mount = () =>
  renderRoutes(
    [{ path: '/website/finance/capital-frozen/:id', element: <CapitalFrozenPage /> }],
    '/website/finance/capital-frozen/FP00000001',
  );
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('冻结记录 (capital-frozen/:id)', { timeout: 60_000 }, () => {
  it('lists the account’s freezes with state tags; without the freeze permission no 冻结资金 / 解冻', async () => {
    grant(false);
    mount();
    await screen.findByText('DJ2611240001');
    expect(lists.calls[0]).toEqual({ op: freezeOps.list.name, params: { partyCode: 'FP00000001', pageNum: 1, pageSize: 10 } });
    expect(within(rowOf('DJ2611240001')).getByText('冻结中').closest('.ant-tag')!.className).toMatch(/ant-tag-magenta/);
    expect(within(rowOf('DJ2611240001')).getByText('200.00').closest('td')!.style.textAlign).toBe('right');
    expect(within(rowOf('DJ2611240002')).getByText('已解冻')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '冻结资金' })).toBeNull();
    expect(screen.queryByRole('button', { name: /解\s*冻/ })).toBeNull();
  });

  it('解冻 (only where the row allows it) needs its reason and sends it with the version', async () => {
    grant(true);
    mount();
    await screen.findByText('DJ2611240001');
    expect(screen.getByRole('button', { name: '冻结资金' })).toBeTruthy();
    expect(within(rowOf('DJ2611240002')).queryByRole('button', { name: /解\s*冻/ })).toBeNull();
    fireEvent.click(within(rowOf('DJ2611240001')).getByRole('button', { name: /解\s*冻/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('解冻后 200.00 元退回');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认解冻/ }));
    expect(await within(dialog).findByText('请输入解冻原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('解冻原因'), { target: { value: '纠纷已处理完毕' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认解冻/ }));
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(freezeOps.release, { freezeNo: 'DJ2611240001', version: 1, reason: '纠纷已处理完毕' }),
    );
  });
});
