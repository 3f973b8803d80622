import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { OperationContract } from '@merchant/contracts';
import { settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { renderWithApp } from '../../../test/render.tsx';

const saveSettleLines = vi.fn();
const lines = [
  { code: 'container', name: '智能柜零售', desc: '无人智能柜', opened: true },
  { code: 'mall', name: '批发商城', desc: '商品批发', opened: true },
  { code: 'group', name: '社区团购', desc: '预售团购', opened: false },
  { code: 'entrepot', name: '前置仓', desc: '即时配送', opened: false },
];
vi.mock('../../../platform/call.ts', () => ({
  call: async (op: OperationContract, body: unknown) => {
    if (op === settleApplyOps.businessLines) return lines;
    // A draft saved before 批发商城 was opened still names it.
    if (op === settleApplyOps.current)
      return { apply: { id: 7, applyCode: 'RZ2601010001', status: 0, businessLines: ['mall', 'group'], remark: '' }, settled: true };
    if (op === settleApplyOps.saveLines) return saveSettleLines(body);
    throw new Error(`unexpected call ${op.name}`);
  },
}));

const { default: BusLinePage } = await import('./bus-line-page.tsx');

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/website/basic/bus-line', Component: BusLinePage },
      { path: '/website/basic/submit-apply', Component: () => <div>第三步</div> },
    ],
    { initialEntries: ['/website/basic/bus-line'] },
  );
  renderWithApp(<RouterProvider router={router} />);
}

const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('入驻申请 step 2: business lines', { timeout: 60_000 }, () => {
  beforeEach(() => saveSettleLines.mockReset().mockResolvedValue({ id: 7 }));
  afterEach(() => cleanup());

  it('lines the merchant already has are disabled and marked 已开通, and left out of the draft', async () => {
    setup();
    await screen.findByText('入驻申请 RZ2601010001');
    expect(box(/智能柜零售/).disabled).toBe(true);
    expect(box(/批发商城/).disabled).toBe(true);
    expect(box(/社区团购/).disabled).toBe(false);
    expect(screen.getAllByText('已开通')).toHaveLength(2);
    expect(screen.getByText(/已开通的业务线（智能柜零售、批发商城）无需重复申请/)).toBeTruthy();
    // The old draft's 批发商城 is not sent again.
    await waitFor(() => expect(box(/社区团购/).checked).toBe(true));
    expect(box(/批发商城/).checked).toBe(false);
    fireEvent.click(box(/前置仓/));
    fireEvent.click(screen.getByRole('button', { name: '保存并下一步' }));
    await waitFor(() => expect(saveSettleLines).toHaveBeenCalledOnce());
    expect(saveSettleLines.mock.calls[0][0]).toMatchObject({ id: 7, businessLines: ['group', 'entrepot'] });
  });
});
