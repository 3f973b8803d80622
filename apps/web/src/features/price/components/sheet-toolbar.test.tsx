import { priceChannelOps } from '@merchant/contracts/price/price-channel';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { setBusinessTimeZone } from '../../../shared/format/date.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ChannelHistoryDrawer } from './channel-history-drawer.tsx';
import { SheetToolbar } from './sheet-toolbar.tsx';

vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(() =>
    Promise.resolve({
      list: [
        {
          id: 7,
          action: 'disable',
          actionLabel: '停用',
          operatorName: '张店长',
          createdAt: Date.UTC(2026, 10, 23, 16, 30),
          changes: [{ field: 'status', label: '状态', before: '启用', after: '停用' }],
          remark: '',
        },
      ],
      total: 1,
      pageNum: 1,
      pageSize: 10,
    }),
  ),
}));

function setup(element: ReactNode) {
  return renderRoutes([
    { path: '/', element },
    { path: '*', element: <div data-testid="elsewhere" /> },
  ]);
}

const skus = [
  { skuId: 11, skuCode: 'S11', skuName: '农夫山泉 550ml', currentPrice: 200 },
  { skuId: 12, skuCode: 'S12', skuName: '可口可乐 330ml', currentPrice: null },
];

describe('SheetToolbar (the price sheets’ toolbar)', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.setState({ token: 't' }));
  afterEach(() => {
    cleanup();
    vi.mocked(call).mockClear();
    sessionStore.setState({ token: null });
  });

  it('without ticks: only 价格记录 of the target', () => {
    const router = setup(<SheetToolbar scopeType="localLife" scopeKey="all" targetName="全部门店" selected={[]} onAdjusted={() => {}} />);
    expect(screen.getByRole('button', { name: '生成调价单' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: '批量调价' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '价格记录' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/website/goods/price-detail-h?scopeType=localLife&scopeKey=all',
    );
  });

  it('生成调价单 opens the form prefilled with the target and the ticked SKUs', () => {
    const router = setup(
      <SheetToolbar
        scopeType="cabinet"
        scopeKey="D2611000001"
        targetName="一号柜"
        selected={skus}
        onAdjusted={() => {}}
        extra={<span>附加</span>}
      />,
    );
    expect(screen.getByText('附加')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '生成调价单' }));
    expect(router.state.location.search).toBe('?scopeType=cabinet&scopeKeys=D2611000001&skuIds=11%2C12');
  });

  it('批量调价 opens the quick adjust on the ticked SKUs', async () => {
    setup(<SheetToolbar scopeType="channel2" scopeKey="5" targetName="智能柜 / 医院渠道" selected={skus} onAdjusted={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: '批量调价' }));
    await waitFor(() => expect(screen.getByText('可口可乐 330ml')).toBeTruthy());
    expect(screen.getByText(/智能柜 \/ 医院渠道/)).toBeTruthy();
  });
});

describe('ChannelHistoryDrawer (a second channel’s 变更记录)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sessionStore.setState({ token: 't' });
    setBusinessTimeZone('Asia/Shanghai');
  });
  afterEach(() => {
    cleanup();
    vi.mocked(call).mockClear();
    sessionStore.setState({ token: null });
  });

  it('lists who changed what and when (business time zone), from price.channel.history', async () => {
    setup(<ChannelHistoryDrawer channel={{ id: 5, name: '医院渠道' }} onClose={() => {}} />);
    expect(await screen.findByText('张店长')).toBeTruthy();
    expect(screen.getByText('变更记录：医院渠道')).toBeTruthy();
    expect(screen.getByText('停用')).toBeTruthy();
    // 16:30 UTC is the next morning 00:30 in Shanghai
    expect(screen.getByText('2026-11-24 00:30:00')).toBeTruthy();
    expect(vi.mocked(call)).toHaveBeenCalledWith(priceChannelOps.history, { id: 5, pageNum: 1, pageSize: 10 });
  });

  it('closed: renders nothing and asks nothing', () => {
    setup(<ChannelHistoryDrawer channel={null} onClose={() => {}} />);
    expect(screen.queryByText(/变更记录/)).toBeNull();
    expect(vi.mocked(call)).not.toHaveBeenCalled();
  });
});
