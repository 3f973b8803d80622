import { adjustmentOps, type AdjustmentDetail } from '@merchant/contracts/price/price-adjustment';
import { priceOptionOps } from '@merchant/contracts/price/price-options';
import { priceSheetOps } from '@merchant/contracts/price/price-sheet';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AdjustmentForm } from './adjustment-form.tsx';

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn() }));

const draft: AdjustmentDetail = {
  orderNo: 'TJ2611230007',
  scopeType: 'cabinet',
  scopeTypeName: '单柜价',
  scopeSummary: '智能柜 一号柜（D2611000001）',
  skuCount: 1,
  lineCount: 1,
  effectiveMode: 'now',
  effectiveModeName: '立即生效',
  effectiveAt: null,
  status: 1,
  statusName: '草稿',
  reason: '节日促销',
  creatorName: 'admin',
  createdAt: 1,
  submitterName: '',
  submittedAt: null,
  appliedAt: null,
  cancellerName: '',
  cancelledAt: null,
  cancelReason: '',
  pushTotal: 0,
  pushAcked: 0,
  pushFailed: 0,
  actions: ['edit', 'submit', 'cancel', 'delete'],
  version: 4,
  updatedAt: 1,
  lines: [
    {
      skuId: 7,
      skuCode: 'K10000007',
      skuName: '农夫山泉 550ml',
      barcode: '6921168509256',
      scopeKey: 'D2611000001',
      scopeName: '一号柜（D2611000001）',
      oldPrice: 200,
      newPrice: 250,
    },
  ],
  pushes: [],
};

function setup(ui: React.ReactNode, at = '/website/goods/price-adjustment-detail') {
  return renderRoutes(
    [
      { path: '/website/goods/price-adjustment-detail', element: ui },
      { path: '*', element: <div>elsewhere</div> },
    ],
    at,
  );
}

describe('AdjustmentForm (新建 / 编辑调价单)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    sessionStore.setState({ token: 't' });
    vi.mocked(call).mockImplementation(((op: unknown) => {
      if (op === priceSheetOps.quote)
        return Promise.resolve([
          {
            skuId: 7,
            priceCents: 200,
            channelCode: 'container',
            secondChannelId: null,
            deviceCode: 'D2611000001',
            storeId: null,
            layer: 'base',
            layerName: '基础价',
            scopeKey: '',
            orderNo: '',
          },
        ]);
      if (op === adjustmentOps.save) return Promise.resolve({ orderNo: 'TJ2611230007', status: 1, statusName: '草稿', version: 5 });
      if (op === priceOptionOps.cabinets)
        return Promise.resolve([
          { deviceCode: 'D2611000001', name: '一号柜', modelName: '双门柜', secondChannelId: null, secondChannelName: '' },
        ]);
      if (op === priceOptionOps.skus)
        return Promise.resolve([{ skuId: 9, skuCode: 'K10000009', skuName: '可口可乐 330ml', barcode: '6901234567890' }]);
      return Promise.resolve({ list: [], total: 0 });
    }) as typeof call);
  });
  afterEach(() => {
    cleanup();
    vi.mocked(call).mockReset();
    sessionStore.setState({ token: null });
  });

  it('edits a draft: its lines read back (price in 元, current price from the resolver), saved with its order no and version', async () => {
    const router = setup(<AdjustmentForm draft={draft} />);
    await screen.findByText('编辑调价单 TJ2611230007');
    const price = screen.getByLabelText('农夫山泉 550ml新价格') as HTMLInputElement;
    expect(price.value).toBe('2.50');
    await screen.findByText('2.00');
    fireEvent.change(price, { target: { value: '2.8' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保存草稿/ })));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(adjustmentOps.save, {
        orderNo: 'TJ2611230007',
        version: 4,
        scopeType: 'cabinet',
        effectiveMode: 'now',
        effectiveAt: null,
        reason: '节日促销',
        lines: [{ skuId: 7, scopeKey: 'D2611000001', newPrice: 280 }],
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?orderNo=TJ2611230007'));
  });

  it('a new order needs its target, a SKU and a reason before anything is sent', async () => {
    setup(<AdjustmentForm prefill={{ scopeKeys: [], skuIds: [] }} />);
    await screen.findByText('新建调价单');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保存草稿/ })));
    expect(await screen.findByText('请选择智能柜')).toBeTruthy();
    expect(await screen.findByText('请输入调价原因')).toBeTruthy();
    expect(vi.mocked(call).mock.calls.some(([op]) => op === adjustmentOps.save)).toBe(false);
  });

  it('prefilled SKUs and the cabinet picker read through the price operations (price.options.*), not other pages’', async () => {
    setup(<AdjustmentForm prefill={{ scopeType: 'cabinet', scopeKeys: [], skuIds: [9, 12] }} />);
    await screen.findByText('新建调价单');
    expect(await screen.findByText('可口可乐 330ml')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(priceOptionOps.skus, { skuIds: [9, 12] });
    await waitFor(() => expect(call).toHaveBeenCalledWith(priceOptionOps.cabinets, {}));
    const names = vi.mocked(call).mock.calls.map(([op]) => (op as { name: string }).name);
    expect(names.filter((n) => !n.startsWith('price.'))).toEqual([]);
  });
});
