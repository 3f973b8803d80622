import { stocktakeOps, type StocktakeDetail } from '@merchant/contracts/stock/stocktake';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { changedCounts, StocktakeView } from './stocktake-view.tsx';

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn() }));

const line = (lineId: number, slotNo: string, systemQty: number, countedQty: number | null) => ({
  lineId,
  slotNo,
  skuId: lineId,
  skuCode: `K${lineId}`,
  skuName: `商品${lineId}`,
  systemQty,
  countedQty,
  variance: countedQty === null ? null : countedQty - systemQty,
  onHandBefore: null,
  onHandAfter: null,
});
const st: StocktakeDetail = {
  stocktakeCode: 'PD2611240001',
  deviceCode: 'SC001',
  deviceName: '一号柜',
  status: 0,
  statusName: '盘点中',
  lineCount: 2,
  countedCount: 1,
  varianceLines: 0,
  varianceTotal: 0,
  remark: '',
  creatorName: 'admin',
  createdAt: 1,
  submittedAt: null,
  reviewerName: '',
  reviewedAt: null,
  reason: '',
  actions: ['count', 'submit', 'void'],
  version: 2,
  updatedAt: 1,
  lines: [line(11, '1-1', 8, 8), line(12, '1-2', 5, null)],
};

function setup(ui: React.ReactNode) {
  renderRoutes([{ path: '*', element: ui }], '/website/container-stock/check-stockList-detail/PD2611240001');
}

describe('StocktakeView (盘点单: 录入盘点数)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    sessionStore.setState({ token: 't' });
    vi.mocked(call).mockImplementation(((op: unknown) => {
      if (op === stocktakeOps.count)
        return Promise.resolve({ stocktakeCode: st.stocktakeCode, status: 0, statusName: '盘点中', version: 3 });
      if (op === stocktakeOps.history) return Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 10 });
      return Promise.reject(new Error('unexpected'));
    }) as typeof call);
  });
  afterEach(() => {
    cleanup();
    vi.mocked(call).mockReset();
    sessionStore.setState({ token: null });
  });

  it('shows the variance as typed and saves only the changed lines with the version', async () => {
    setup(<StocktakeView st={st} />);
    const input = (await screen.findByLabelText('货道1-2实盘数')) as HTMLInputElement;
    expect(screen.getByText('未盘')).toBeTruthy();
    fireEvent.change(input, { target: { value: '3' } });
    expect(await screen.findByText('-2')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保存盘点数/ })));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(stocktakeOps.count, {
        stocktakeCode: 'PD2611240001',
        version: 2,
        lines: [{ lineId: 12, countedQty: 3 }],
      }),
    );
  });

  it('offers only what the state allows (待审核: 审核通过 / 退回 / 作废, no inputs)', async () => {
    setup(<StocktakeView st={{ ...st, status: 1, statusName: '待审核', actions: ['approve', 'reject', 'void'] }} />);
    await screen.findByText('审核通过');
    expect(screen.queryByLabelText('货道1-2实盘数')).toBeNull();
    expect(screen.queryByRole('button', { name: /提交审核/ })).toBeNull();
    expect(screen.getByRole('button', { name: /退\s*回/ })).toBeTruthy();
  });

  it('checks typed counts by the contract’s rule, naming the slot', () => {
    expect(changedCounts(st.lines, new Map([[12, 1.5]])).error).toBe('货道1-2：盘点数必须是整数');
    expect(changedCounts(st.lines, new Map([[11, 8]])).lines).toEqual([]);
    expect(changedCounts(st.lines, new Map([[11, 7]])).lines).toEqual([{ lineId: 11, countedQty: 7 }]);
  });
});
