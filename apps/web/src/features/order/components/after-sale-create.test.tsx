import type { ApiRequest } from '@merchant/contracts';
import { afterSaleOps, type AfterSaleOrder } from '@merchant/contracts/order/after-sale';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../platform/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';

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

const { AfterSaleCreateModal } = await import('./after-sale-create.tsx');

const order = (over: Partial<AfterSaleOrder> = {}): AfterSaleOrder => ({
  orderNoSub: 'XS26112400000002',
  channelName: '智能柜',
  statusName: '已完成',
  payStatusName: '部分退款',
  paidAmount: 2000,
  refundedAmount: 300,
  refundable: true,
  lines: [
    {
      lineNo: 1,
      skuCode: 'K10000002',
      skuName: '康师傅 冰红茶',
      quantity: 2,
      unitPrice: 550,
      amount: 1100,
      refundedQuantity: 0,
      refundedAmount: 0,
      pendingQuantity: 0,
      pendingAmount: 0,
      maxQuantity: 2,
      maxRefund: 1100,
    },
    {
      lineNo: 2,
      skuCode: 'K10000003',
      skuName: '可口可乐 330ml',
      quantity: 3,
      unitPrice: 300,
      amount: 900,
      refundedQuantity: 1,
      refundedAmount: 300,
      pendingQuantity: 0,
      pendingAmount: 0,
      maxQuantity: 2,
      maxRefund: 450,
    },
  ],
  ...over,
});

const onClose = vi.fn();
function open(o: AfterSaleOrder = order(), initialOrderNoSub = '') {
  answers.set(afterSaleOps.orderLines.name, () => ({ code: '200', data: o }));
  return renderRoutes(
    [
      {
        path: '/website/afterSale/after-sale-order',
        element: <AfterSaleCreateModal initialOrderNoSub={initialOrderNoSub} onClose={onClose} />,
      },
      { path: '/website/afterSale/afterSalesOrderDetail/:workNumber', element: <p>工单详情页</p> },
    ],
    '/website/afterSale/after-sale-order',
  );
}
const dialog = () => within(screen.getByRole('dialog'));
const input = (label: string) => dialog().getByLabelText(label) as HTMLInputElement;
const setNumber = (label: string, v: string) => {
  fireEvent.change(input(label), { target: { value: v } });
  fireEvent.blur(input(label));
};
const sentOf = (name: string) => sent.filter((s) => s.name === name);
async function loadOrder() {
  fireEvent.change(input('订单号'), { target: { value: 'xs26112400000002' } });
  fireEvent.click(dialog().getByRole('button', { name: /查\s*询/ }));
  await dialog().findByText('可口可乐 330ml');
}
const submit = () => fireEvent.click(dialog().getByRole('button', { name: /提\s*交/ }));

describe('新建售后工单', { timeout: 60_000 }, () => {
  beforeEach(() => {
    answers.clear();
    sent.length = 0;
    warn.mockReset();
    onClose.mockReset();
    sessionStore.setState({ token: 'T' });
  });
  afterEach(() => {
    cleanup();
    sessionStore.setState({ token: null });
  });

  it('查询 loads the order’s lines with 可退数量 and 可退金额; an order number prefilled is loaded at once', async () => {
    open();
    fireEvent.click(dialog().getByRole('button', { name: /查\s*询/ }));
    expect(await dialog().findByText('请输入订单号')).toBeTruthy();
    expect(sentOf(afterSaleOps.orderLines.name)).toHaveLength(0);

    await loadOrder();
    expect(sentOf(afterSaleOps.orderLines.name).map((s) => s.body)).toEqual([{ orderNoSub: 'XS26112400000002' }]);
    expect(dialog().getByTestId('after-sale-order').textContent).toContain('20.00 元');
    const second = within(dialog().getByText('可口可乐 330ml').closest('tr')!);
    expect(second.getByText('4.50')).toBeTruthy(); // 可退金额
    expect(
      dialog()
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining(['可退数量', '可退金额（元）', '售后数量']));
    cleanup();

    sent.length = 0;
    open(order(), 'XS26112400000002');
    expect(await dialog().findByText('康师傅 冰红茶')).toBeTruthy();
    expect(input('订单号').value).toBe('XS26112400000002');
    expect(sentOf(afterSaleOps.orderLines.name)).toHaveLength(1);
  });

  it('refuses a missing reason and a 仅退款 without a refund amount with the Chinese message, and sends nothing', async () => {
    open();
    await loadOrder();
    fireEvent.click(input('仅退款'));
    expect(await dialog().findByLabelText('第1行退款金额')).toBeTruthy();
    submit();
    expect(await dialog().findByText('请输入申请原因')).toBeTruthy();
    expect(sentOf(afterSaleOps.create.name)).toHaveLength(0);

    fireEvent.change(input('申请原因'), { target: { value: '商品破损' } });
    submit();
    // no line ticked: the contract's rule
    await waitFor(() => expect(screen.getByText('请至少选择一件售后商品')).toBeTruthy());

    fireEvent.click(input('选择第1行'));
    await waitFor(() => expect(input('第1行退款金额').value).toBe('11.00')); // 2 × 5.50, within 可退金额
    setNumber('第1行退款金额', '');
    submit();
    expect(await dialog().findByText('请输入退款金额')).toBeTruthy();
    setNumber('第1行退款金额', '12');
    await waitFor(() => expect(input('第1行退款金额').value).toBe('11.00')); // the input stops at 可退金额
    expect(sentOf(afterSaleOps.create.name)).toHaveLength(0);
  });

  it('sends a valid 退货退款 with the refunds in 分, then opens the new work order; a refusal shows the server’s message', async () => {
    let refuse = true;
    answers.set(afterSaleOps.create.name, () =>
      refuse
        ? { code: 'A0409', msg: '第2行可退金额不足：最多可退 4.50 元' }
        : {
            code: '200',
            data: { workNumber: 'SH26112400000009', status: 0, statusName: '待处理', refundStatusName: '无需退款', version: 0 },
          },
    );
    const router = open();
    await loadOrder();
    fireEvent.click(input('退货退款'));
    fireEvent.click(input('选择第2行'));
    await waitFor(() => expect(input('第2行退款金额').value).toBe('4.50')); // 2 × 3.00, capped at 可退金额 4.50
    setNumber('第2行售后数量', '1');
    await waitFor(() => expect(input('第2行退款金额').value).toBe('3.00'));
    setNumber('第2行退款金额', '2.5');
    fireEvent.click(input('选择第1行'));
    await waitFor(() => expect(dialog().getByTestId('after-sale-refund-total').textContent).toContain('¥13.50'));
    fireEvent.change(input('申请原因'), { target: { value: '商品破损，用户退回' } });
    fireEvent.change(input('问题描述'), { target: { value: '瓶身破裂' } });

    submit();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('第2行可退金额不足：最多可退 4.50 元'));
    expect(router.state.location.pathname).toBe('/website/afterSale/after-sale-order');
    expect(input('第2行退款金额').value).toBe('2.50');

    refuse = false;
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/afterSale/afterSalesOrderDetail/SH26112400000009'));
    const expected = {
      orderNoSub: 'XS26112400000002',
      type: 'return',
      reason: '商品破损，用户退回',
      description: '瓶身破裂',
      lines: [
        { lineNo: 1, quantity: 2, refundAmount: 1100 },
        { lineNo: 2, quantity: 1, refundAmount: 250 },
      ],
    };
    expect(sentOf(afterSaleOps.create.name).map((s) => s.body)).toEqual([expected, expected]);
    expect(onClose).toHaveBeenCalled();
  });

  it('a 投诉 needs no lines and sends no refund; 仅退款 is not offered for an unpaid order', async () => {
    answers.set(afterSaleOps.create.name, () => ({
      code: '200',
      data: { workNumber: 'SH26112400000010', status: 0, statusName: '待处理', refundStatusName: '无需退款', version: 0 },
    }));
    const router = open(order({ refundable: false, payStatusName: '未支付', paidAmount: 0 }));
    await loadOrder();
    expect(input('仅退款').disabled).toBe(true);
    expect(input('退货退款').disabled).toBe(true);
    fireEvent.click(input('投诉'));
    fireEvent.change(input('申请原因'), { target: { value: '配送太慢' } });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/afterSale/afterSalesOrderDetail/SH26112400000010'));
    expect(sentOf(afterSaleOps.create.name).map((s) => s.body)).toEqual([
      { orderNoSub: 'XS26112400000002', type: 'complaint', reason: '配送太慢', description: '', lines: [] },
    ]);
  });
});
