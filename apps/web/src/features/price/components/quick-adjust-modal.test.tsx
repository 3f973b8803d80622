import { adjustmentOps } from '@merchant/contracts/price/price-adjustment';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { QuickAdjustModal } from './quick-adjust-modal.tsx';

vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(() => Promise.resolve({ orderNo: 'TJ202611230001', status: 3, statusName: '已生效', version: 2 })),
}));

function setup() {
  const log: string[] = [];
  renderRoutes([
    {
      path: '/',
      element: (
        <QuickAdjustModal
          scopeType="cabinet"
          scopeKey="D2611000001"
          targetName="一号柜（D2611000001）"
          skus={[
            { skuId: 11, skuCode: 'S11', skuName: '农夫山泉 550ml', currentPrice: 200 },
            { skuId: 12, skuCode: 'S12', skuName: '可口可乐 330ml', currentPrice: null },
          ]}
          onDone={() => log.push('done')}
          onClose={() => log.push('closed')}
        />
      ),
    },
  ]);
  return log;
}

const priceInput = (name: string) => screen.getByLabelText(`${name}新价格`);

describe('QuickAdjustModal (批量调价)', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.setState({ token: 't' }));
  afterEach(() => {
    cleanup();
    vi.mocked(call).mockClear();
    sessionStore.setState({ token: null });
  });

  it('shows each SKU’s current price in 元 and refuses empty prices and reason with the server’s messages', async () => {
    setup();
    expect(screen.getByText('2.00')).toBeTruthy();
    expect(screen.getByText('--')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提交调价/ })));
    expect((await screen.findAllByText('请输入新价格')).length).toBe(2);
    expect(await screen.findByText('请输入调价原因')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('confirms, then sends one 立即 order with the prices in cents on the cabinet', async () => {
    const log = setup();
    fireEvent.change(priceInput('农夫山泉 550ml'), { target: { value: '2.5' } });
    fireEvent.change(priceInput('可口可乐 330ml'), { target: { value: '3' } });
    fireEvent.change(screen.getByPlaceholderText(/节假日促销/), { target: { value: '周末促销' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /提交调价/ })));
    await screen.findAllByText(/确认调整 2 个商品在“一号柜（D2611000001）”的单柜价/);
    expect(call).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: /提交调价/ }).at(-1)!));
    await waitFor(() => expect(log).toEqual(['done']));
    expect(call).toHaveBeenCalledWith(adjustmentOps.quick, {
      scopeType: 'cabinet',
      effectiveMode: 'now',
      effectiveAt: null,
      reason: '周末促销',
      lines: [
        { skuId: 11, scopeKey: 'D2611000001', newPrice: 250 },
        { skuId: 12, scopeKey: 'D2611000001', newPrice: 300 },
      ],
    });
  });

  it('a changed form asks before it closes', async () => {
    const log = setup();
    fireEvent.change(priceInput('农夫山泉 550ml'), { target: { value: '2.5' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^取\s*消$/ })));
    await screen.findAllByText('放弃未保存的调价？');
    expect(log).toEqual([]);
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: /放\s*弃/ }).at(-1)!));
    expect(log).toEqual(['closed']);
  });
});
