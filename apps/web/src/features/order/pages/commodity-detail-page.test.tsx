import type { ApiRequest } from '@merchant/contracts';
import type { CabinetOrderDetail } from '@merchant/contracts/order/cabinet-order';
import { cabinetOrderOps } from '@merchant/contracts/order/cabinet-order';
import { exceptionOrderOps, type Picking } from '@merchant/contracts/order/exception-order';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../platform/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { teaLine, waterLine } from '../components/order-fixtures.ts';

/** What the fake server answers, by gateway operation name. */
type Answer = { code: string; msg?: string; data?: unknown };
const answers = new Map<string, (body: Record<string, unknown>) => Answer>();
const sent: Array<{ name: string; body: Record<string, unknown> }> = [];
const warn = vi.fn();

// The real http client core (spec §8 catalogue) over a fake transport: a refusal's toast is a `warn` call.
vi.mock('../../../platform/http-client.ts', async () => {
  const { createHttp } = await import('../../../platform/http-core.ts');
  return {
    http: createHttp({
      send: async (req: ApiRequest) => {
        const { name, body } = req.body as { name: string; body: Record<string, unknown> };
        sent.push({ name, body });
        const answer = answers.get(name)?.(body) ?? { code: 'A0404', msg: `未模拟的操作 ${name}` };
        return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
      },
      hooks: { warn: (text: string) => warn(text), logout: () => undefined },
    }),
  };
});

const { default: CommodityDetailPage } = await import('./commodity-detail-page.tsx');

const order = (over: Partial<CabinetOrderDetail> = {}): CabinetOrderDetail => ({
  orderNoSub: 'XS26112400000002',
  applyCode: 'KM26112400000002',
  deviceCode: 'D2611000001',
  deviceName: '一号柜',
  pointName: '软件园A座',
  userId: 'wx_user_01',
  userPhone: '138****0000',
  status: 5,
  statusName: '异常',
  payStatus: 0,
  payStatusName: '未支付',
  excepType: 'low-confidence',
  excepTypeName: '识别置信度低',
  excepReason: '货道A2的识别置信度 72%，低于 80%',
  itemCount: 3,
  goodsAmount: 1050,
  payAmount: 1050,
  paidAmount: 0,
  refundedAmount: 0,
  pricedAt: 1_795_000_000_000,
  createdAt: 1_795_000_060_000,
  paidAt: null,
  completedAt: null,
  version: 7,
  lines: [waterLine(), teaLine()],
  payments: [],
  ...over,
});

const picking = (over: Partial<Picking> = {}): Picking => ({
  order: order(),
  slots: [
    { slotNo: 'A1', skuId: 1, skuCode: 'K10000001', skuName: '农夫山泉 550ml', unitPrice: 250, priceLayerName: '单柜价', available: 8 },
    { slotNo: 'A2', skuId: 2, skuCode: 'K10000002', skuName: '康师傅 冰红茶', unitPrice: 550, priceLayerName: '基础价', available: 4 },
    { slotNo: 'A3', skuId: 3, skuCode: 'K10000003', skuName: '可口可乐 330ml', unitPrice: 300, priceLayerName: '基础价', available: 5 },
  ],
  actions: ['correct', 'close'],
  ...over,
});

function open(p: Picking) {
  answers.set(exceptionOrderOps.picking.name, () => ({ code: '200', data: p }));
  answers.set(cabinetOrderOps.history.name, () => ({ code: '200', data: { list: [], total: 0, pageNum: 1, pageSize: 10 } }));
  return renderRoutes(
    [
      { path: '/website/container-order/commodityDetail', element: <CommodityDetailPage /> },
      { path: '/website/container-order/salesOrder-list-detail/:orderNoSub', element: <p>订单详情页</p> },
    ],
    '/website/container-order/commodityDetail?orderNoSub=XS26112400000002',
  );
}
const qty = (slot: string) => screen.getByLabelText(`货道${slot}数量`) as HTMLInputElement;
const setQty = (slot: string, v: string) => {
  fireEvent.change(qty(slot), { target: { value: v } });
  fireEvent.blur(qty(slot));
};
const total = () => screen.getByTestId('commodity-total').textContent?.replace(/\s/g, '');
const sentOf = (name: string) => sent.filter((s) => s.name === name);

describe('商品核对 (commodityDetail)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    answers.clear();
    sent.length = 0;
    warn.mockReset();
    sessionStore.setState({ token: 'T' });
  });
  afterEach(() => {
    cleanup();
    sessionStore.setState({ token: null });
  });

  it('prefills the quantities from the lines, keeps the total as they change, sends only the picked slots with the version', async () => {
    answers.set(exceptionOrderOps.correct.name, () => ({
      code: '200',
      data: { orderNoSub: 'XS26112400000002', status: 3, statusName: '已完成', payStatusName: '已支付', payAmount: 1100, version: 9 },
    }));
    const router = open(picking());
    expect((await screen.findByTestId('commodity-title')).textContent).toBe('商品核对 XS26112400000002');
    expect(sentOf(exceptionOrderOps.picking.name)[0].body).toEqual({ orderNoSub: 'XS26112400000002' });
    expect(screen.getByTestId('commodity-exception').textContent).toContain('货道A2的识别置信度 72%，低于 80%');
    expect(within(screen.getByTestId('commodity-recognised')).getByText('康师傅 冰红茶')).toBeTruthy();
    expect(qty('A1').value).toBe('2');
    expect(qty('A2').value).toBe('1');
    expect(qty('A3').value).toBe('0');
    expect(total()).toContain('3件');
    expect(total()).toContain('¥10.50');

    setQty('A2', '0');
    setQty('A3', '2');
    await waitFor(() => expect(total()).toContain('¥11.00')); // 2 × 2.50 + 2 × 3.00
    expect(total()).toContain('4件');

    fireEvent.click(screen.getByRole('button', { name: /确认核对/ }));
    expect(await screen.findByText('请输入核对说明')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('核对说明'), { target: { value: '查看监控，冰红茶未取，取了可乐2瓶' } });
    fireEvent.click(screen.getByRole('button', { name: /确认核对/ }));
    const summary = await screen.findByTestId('correct-summary');
    expect(summary.textContent).toContain('将按开门时价格向用户收取 ¥11.00');
    expect(within(summary).getByText('可口可乐 330ml')).toBeTruthy();
    expect(within(summary).queryByText('康师傅 冰红茶')).toBeNull();
    expect(sentOf(exceptionOrderOps.correct.name)).toHaveLength(0);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /确认核对/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/website/container-order/salesOrder-list-detail/XS26112400000002'));
    expect(sentOf(exceptionOrderOps.correct.name).map((s) => s.body)).toEqual([
      {
        orderNoSub: 'XS26112400000002',
        version: 7,
        lines: [
          { slotNo: 'A1', quantity: 2 },
          { slotNo: 'A3', quantity: 2 },
        ],
        remark: '查看监控，冰红茶未取，取了可乐2瓶',
      },
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('an empty pick is refused here: 关闭订单 is the way, nothing is sent', async () => {
    open(picking());
    await screen.findByTestId('commodity-title');
    setQty('A1', '0');
    setQty('A2', '0');
    await waitFor(() => expect(total()).toContain('¥0.00'));
    fireEvent.change(screen.getByLabelText('核对说明'), { target: { value: '用户没有取商品' } });
    fireEvent.click(screen.getByRole('button', { name: /确认核对/ }));
    expect(await screen.findByText(/没有填写实际取走的商品/)).toBeTruthy();
    expect(screen.queryByTestId('correct-summary')).toBeNull();
    expect(sentOf(exceptionOrderOps.correct.name)).toHaveLength(0);
  });

  it('a server refusal (库存不足) shows its message and leaves the page as it was', async () => {
    answers.set(exceptionOrderOps.correct.name, () => ({ code: 'A0409', msg: '货道A3库存不足：可用 5，需要 6' }));
    const router = open(picking());
    await screen.findByTestId('commodity-title');
    setQty('A3', '6');
    await waitFor(() => expect(screen.getByTestId('over-available')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('核对说明'), { target: { value: '取了可乐6瓶' } });
    fireEvent.click(screen.getByRole('button', { name: /确认核对/ }));
    await screen.findByTestId('correct-summary');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /确认核对/ }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('货道A3库存不足：可用 5，需要 6'));
    expect(sentOf(exceptionOrderOps.correct.name)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/website/container-order/commodityDetail');
    expect(qty('A3').value).toBe('6');
    expect((screen.getByLabelText('核对说明') as HTMLTextAreaElement).value).toBe('取了可乐6瓶');
    expect(sentOf(exceptionOrderOps.picking.name)).toHaveLength(1);
  });

  it('关闭订单 asks for the reason and sends it with the version', async () => {
    answers.set(exceptionOrderOps.close.name, () => ({
      code: '200',
      data: { orderNoSub: 'XS26112400000002', status: 4, statusName: '已取消', payStatusName: '未支付', payAmount: 1050, version: 8 },
    }));
    const router = open(picking());
    await screen.findByTestId('commodity-title');
    fireEvent.click(screen.getAllByRole('button', { name: /关闭订单/ })[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('关闭原因'), { target: { value: '用户未取走商品' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认关闭/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/container-order/salesOrder-list-detail/XS26112400000002'));
    expect(sentOf(exceptionOrderOps.close.name).map((s) => s.body)).toEqual([
      { orderNoSub: 'XS26112400000002', version: 7, reason: '用户未取走商品' },
    ]);
  });

  it('an order handled already: a read-only notice and the way to its detail, no form, no actions', async () => {
    open(picking({ order: order({ status: 3, statusName: '已完成', payStatus: 2, payStatusName: '已支付' }), actions: [] }));
    await screen.findByTestId('commodity-title');
    expect(screen.getByTestId('commodity-handled').textContent).toContain('已处理');
    expect(screen.getByRole('link', { name: '查看订单详情' }).getAttribute('href')).toBe(
      '/website/container-order/salesOrder-list-detail/XS26112400000002',
    );
    expect(screen.queryByLabelText('货道A1数量')).toBeNull();
    expect(screen.queryByRole('button', { name: /确认核对|关闭订单/ })).toBeNull();
  });
});
