import { ApiError, type OperationContract } from '@merchant/contracts';
import { couponOps } from '@merchant/contracts/marketing/coupon';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { consumer, couponRow, T0 } from '../components/coupon-fixtures.ts';
import CouponDetailListPage from './coupon-detail-list-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the page and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

const USED = couponRow({
  couponNo: 'CP26110100000002',
  phone: '138****0002',
  status: 1,
  statusName: '已使用',
  usedAt: T0 + 3_600_000,
  orderNo: 'XS26110100000001',
  discountAmount: 1_234,
  canVoid: false,
});
const ROWS = [couponRow(), USED];
const lists = vi.hoisted(() => ({ calls: [] as Array<{ op: string; params: Record<string, unknown> }> }));
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(),
  listLoader: (op: OperationContract) => (params: Record<string, unknown>) => {
    lists.calls.push({ op: op.name, params });
    return Promise.resolve({ list: ROWS, pageSize: 10, nextCursor: null, prevCursor: null, total: 2 });
  },
}));

const USED_ALREADY = '该券已使用，不能作废';
beforeEach(() => {
  vi.mocked(call).mockImplementation(((op: OperationContract) => {
    if (op === couponOps.void) return Promise.reject(new ApiError('A0409', USED_ALREADY, 200));
    if (op === couponOps.consumer) return Promise.resolve(consumer());
    return Promise.reject(new Error(`unexpected ${op.name}`));
  }) as typeof call);
  sessionStore.setState({
    menuTree: [node({ id: 11806, name: '券明细', anchor: 'coupon-detail-list', anchorList: ['coupon-detail-list'] })],
  });
});
afterEach(() => {
  cleanup();
  lists.calls.length = 0;
  vi.mocked(call).mockReset();
  sessionStore.setState({ menuTree: [] });
  sessionStorage.clear();
});

const PATH = '/website/marketing/coupon-detail-list';
const mount = (search = '') => renderRoutes([{ path: PATH, element: <CouponDetailListPage /> }], `${PATH}${search}`);
const callsOf = (op: unknown) => vi.mocked(call).mock.calls.filter(([o]) => o === op);
const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);
const list = () => screen.getByTestId('coupon-list');
const search = () => fireEvent.click(within(list()).getByRole('button', { name: /查\s*询/ }));

describe('券明细 (coupon-detail-list)', { timeout: 60_000 }, () => {
  it('lists the coupons: batch to its 详情, rule, masked phone, status, validity, the order and what it took off in 元', async () => {
    mount();
    await screen.findByText('CP26110100000001');
    expect(lists.calls[0]).toEqual({ op: couponOps.list.name, params: { pageSize: 10 } });
    const unused = rowOf('CP26110100000001');
    expect(unused.getByRole('link', { name: 'QP2611010001' }).getAttribute('href')).toBe(
      '/website/marketing/coupon-apply/view/QP2611010001',
    );
    expect(unused.getByText('满减券')).toBeTruthy();
    expect(unused.getByText('满100.00减20.00')).toBeTruthy();
    expect(unused.getByText('138****0001')).toBeTruthy();
    expect(unused.getByText('未使用')).toBeTruthy();
    expect(unused.getByText(`至 ${formatDateTime(T0 + 7 * 86_400_000)}`)).toBeTruthy();
    expect(unused.getByText('FQ2611010001')).toBeTruthy();
    expect(unused.getByRole('button', { name: /作\s*废/ })).toBeTruthy();
    const used = rowOf('CP26110100000002');
    expect(used.getByText('已使用')).toBeTruthy();
    expect(used.getByText(formatDateTime(T0 + 3_600_000))).toBeTruthy();
    expect(used.getByText('XS26110100000001')).toBeTruthy();
    expect(used.getByText('12.34').closest('td')!.style.textAlign).toBe('right');
    expect(used.queryByRole('button', { name: /作\s*废/ })).toBeNull();
    expect(within(list()).getByRole('button', { name: /导\s*出/ })).toBeTruthy();
  });

  it('searches by 券码, 批次号, 手机号 (11 digits), 状态 and 发券单号, codes as the server writes them', async () => {
    mount();
    await screen.findByText('CP26110100000001');
    const box = (name: string) => within(list()).getByRole('textbox', { name });
    fireEvent.change(box('券码'), { target: { value: 'cp26110100000001' } });
    fireEvent.change(box('批次号'), { target: { value: 'qp2611010001' } });
    fireEvent.change(box('手机号'), { target: { value: '1380000' } });
    search();
    expect(await screen.findByText('请输入11位手机号')).toBeTruthy();
    expect(lists.calls).toHaveLength(1);
    fireEvent.change(box('手机号'), { target: { value: '13800000001' } });
    fireEvent.change(box('发券单号'), { target: { value: 'fq2611010001' } });
    fireEvent.mouseDown(within(list()).getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('已使用'));
    search();
    await waitFor(() =>
      expect(lists.calls.at(-1)?.params).toEqual({
        couponNo: 'CP26110100000001',
        batchCode: 'QP2611010001',
        phone: '13800000001',
        status: 1,
        provideNo: 'FQ2611010001',
        pageSize: 10,
      }),
    );
    expect(lists.calls.every((c) => c.op === couponOps.list.name)).toBe(true);
  });

  it('the address’s batch or 发券单 fills the search', async () => {
    mount('?batchCode=QP2611010001&provideNo=fq2611010001');
    await screen.findByText('CP26110100000001');
    expect(lists.calls[0].params).toEqual({ batchCode: 'QP2611010001', provideNo: 'FQ2611010001', pageSize: 10 });
  });

  it('作废 needs its reason and sends the coupon; a refusal shows the server’s words', async () => {
    mount();
    await screen.findByText('CP26110100000001');
    fireEvent.click(rowOf('CP26110100000001').getByRole('button', { name: /作\s*废/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认作废' }));
    expect(await within(dialog).findByText('请输入作废原因')).toBeTruthy();
    expect(callsOf(couponOps.void)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('作废原因'), { target: { value: '用户投诉误发' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认作废' }));
    await waitFor(() => expect(callsOf(couponOps.void)).toHaveLength(1));
    expect(callsOf(couponOps.void)[0][1]).toEqual({ couponNo: 'CP26110100000001', reason: '用户投诉误发' });
    expect(await screen.findByText(USED_ALREADY)).toBeTruthy();
  });

  it('用户查询: a consumer by phone — orders, spending in 元, coupons — and the list filtered by them', async () => {
    mount();
    await screen.findByText('CP26110100000001');
    const card = screen.getByTestId('consumer-card');
    const phone = within(card).getByLabelText('手机号');
    fireEvent.change(phone, { target: { value: '1380000' } });
    fireEvent.click(within(card).getByRole('button', { name: /查\s*询/ }));
    expect(await within(card).findByText('手机号格式不正确')).toBeTruthy();
    expect(callsOf(couponOps.consumer)).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '13800000001' } });
    fireEvent.click(within(card).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(callsOf(couponOps.consumer)).toHaveLength(1));
    expect(callsOf(couponOps.consumer)[0][1]).toEqual({ phone: '13800000001' });
    const result = await within(card).findByTestId('consumer-result');
    const stat = (title: string) => within(result).getByText(title).closest('.ant-statistic')!.textContent?.replace(title, '');
    expect(stat('订单数')).toBe('12');
    expect(stat('消费金额（元）')).toBe('1,234.56');
    expect(stat('未使用')).toBe('2');
    expect(stat('已使用')).toBe('5');
    expect(stat('已过期')).toBe('1');
    expect(within(result).getByText(formatDateTime(T0))).toBeTruthy();

    fireEvent.click(within(result).getByRole('button', { name: '查看该用户的券' }));
    await waitFor(() => expect(lists.calls.at(-1)?.params).toEqual({ phone: '13800000001', pageSize: 10 }));
    expect((within(list()).getByRole('textbox', { name: '手机号' }) as HTMLInputElement).value).toBe('13800000001');
  });
});
