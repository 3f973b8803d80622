import { adjustmentOps, type AdjustmentDetail } from '@merchant/contracts/price/price-adjustment';
import { priceOptionOps } from '@merchant/contracts/price/price-options';
import { priceSheetOps } from '@merchant/contracts/price/price-sheet';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import PriceAdjustmentDetailPage from './price-adjustment-detail-page.tsx';

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn() }));

const order = (over: Partial<AdjustmentDetail>): AdjustmentDetail => ({
  orderNo: 'TJ2611230001',
  scopeType: 'cabinet',
  scopeTypeName: '单柜价',
  scopeSummary: '智能柜 一号柜（D2611000001）',
  skuCount: 1,
  lineCount: 1,
  effectiveMode: 'scheduled',
  effectiveModeName: '定时生效',
  effectiveAt: 1_800_000_000_000,
  status: 1,
  statusName: '草稿',
  reason: '节日促销',
  creatorName: 'admin',
  createdAt: 1_790_000_000_000,
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
  version: 1,
  updatedAt: 1_790_000_000_000,
  lines: [
    {
      skuId: 1,
      skuCode: 'K10000001',
      skuName: '农夫山泉 550ml',
      barcode: '6921168509256',
      scopeKey: 'D2611000001',
      scopeName: '一号柜（D2611000001）',
      oldPrice: 200,
      newPrice: 250,
    },
  ],
  pushes: [],
  ...over,
});

function open(detail: AdjustmentDetail) {
  vi.mocked(call).mockImplementation(((op: unknown) =>
    Promise.resolve(op === adjustmentOps.detail ? detail : { list: [], total: 0, pageNum: 1, pageSize: 10 })) as typeof call);
  mount(`?orderNo=${detail.orderNo}`);
}

function mount(search: string) {
  renderRoutes(
    [{ path: '/website/goods/price-adjustment-detail', element: <PriceAdjustmentDetailPage /> }],
    `/website/goods/price-adjustment-detail${search}`,
  );
}

const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));

describe('price-adjustment-detail (view)', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.setState({ token: 't' }));
  afterEach(() => {
    cleanup();
    sessionStore.setState({ token: null });
  });

  it('a draft: its lines old → new in 元 and the actions a draft allows', async () => {
    open(order({}));
    await screen.findByText('调价单 TJ2611230001');
    expect(screen.getAllByText('2.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('2.50').length).toBeGreaterThan(0);
    expect(buttons()).toEqual(expect.arrayContaining(['编辑', '提交', '取消调价', '删除']));
  });

  it('an applied order: no state actions, its records, and each cabinet’s push with 重新推送 only where it failed', async () => {
    open(
      order({
        status: 3,
        statusName: '已生效',
        actions: [],
        appliedAt: 1_800_000_000_000,
        pushTotal: 2,
        pushAcked: 1,
        pushFailed: 1,
        pushes: [
          {
            deviceCode: 'D2611000001',
            deviceName: '一号柜',
            commandNo: 'C1',
            status: 2,
            statusName: '已确认',
            message: '',
            sentAt: 1,
            ackedAt: 2,
            attempts: 1,
            canRepush: false,
          },
          {
            deviceCode: 'D2611000002',
            deviceName: '二号柜',
            commandNo: 'C2',
            status: 3,
            statusName: '超时',
            message: '设备未应答',
            sentAt: 1,
            ackedAt: null,
            attempts: 1,
            canRepush: true,
          },
        ],
      }),
    );
    await screen.findByText('调价单 TJ2611230001');
    await screen.findByText('推送到智能柜（已确认 1/2）');
    const b = buttons();
    for (const gone of ['编辑', '提交', '取消调价', '删除']) expect(b).not.toContain(gone);
    expect(b).toContain('价格记录');
    expect(b.filter((t) => t === '重新推送')).toHaveLength(1);
    expect(b).toContain('全部重新推送（1）');
  });
});

describe('price-adjustment-detail (new order for the cabinets matching 商品柜价’s filter)', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.setState({ token: 't' }));
  afterEach(() => {
    cleanup();
    vi.mocked(call).mockReset();
    sessionStore.setState({ token: null });
  });

  const answer = (matching: () => Promise<unknown>) =>
    vi.mocked(call).mockImplementation(((op: unknown) => {
      if (op === priceOptionOps.matchingCabinets) return matching();
      if (op === priceOptionOps.skus)
        return Promise.resolve([
          { skuId: 1, skuCode: 'K1', skuName: '农夫山泉 550ml', barcode: '' },
          { skuId: 2, skuCode: 'K2', skuName: '可口可乐 330ml', barcode: '' },
        ]);
      if (op === priceOptionOps.cabinets) return Promise.resolve([]);
      return Promise.resolve([]);
    }) as typeof call);

  it('asks the server for the cabinets and opens the form with all of them as targets', async () => {
    answer(() => Promise.resolve({ deviceCodes: ['D2611000001', 'D2611000002', 'D2611000003'] }));
    mount('?scopeType=cabinet&skuIds=1,2&cabinets=matching&deviceName=%E4%B8%80%E5%8F%B7');
    await screen.findByText('已按筛选条件选中 3 台智能柜（货道上有所选商品、名称包含“一号”）');
    expect(vi.mocked(call)).toHaveBeenCalledWith(priceOptionOps.matchingCabinets, { skuIds: [1, 2], deviceName: '一号' });
    await screen.findByText('可口可乐 330ml');
    // the current prices are asked for every SKU on every resolved cabinet
    await waitFor(() =>
      expect(vi.mocked(call)).toHaveBeenCalledWith(priceSheetOps.quote, {
        items: [1, 2].flatMap((skuId) => ['D2611000001', 'D2611000002', 'D2611000003'].map((deviceCode) => ({ skuId, deviceCode }))),
      }),
    );
  });

  it('the server’s refusal (too many cabinets) and no cabinet at all: said, no form', async () => {
    answer(() => Promise.reject(new Error('符合条件的智能柜超过500台，请按设备名称缩小范围或勾选要调价的智能柜')));
    mount('?skuIds=1&cabinets=matching');
    await screen.findByText('无法确定要调价的智能柜');
    expect(screen.getByText(/符合条件的智能柜超过500台/)).toBeTruthy();
    expect(screen.queryByText('保存草稿')).toBeNull();
    cleanup();
    answer(() => Promise.resolve({ deviceCodes: [] }));
    mount('?skuIds=1&cabinets=matching');
    await screen.findByText('没有符合条件的智能柜');
  });
});
