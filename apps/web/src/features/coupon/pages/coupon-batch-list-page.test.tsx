import { ApiError, type OperationContract } from '@merchant/contracts';
import { couponBatchOps } from '@merchant/contracts/marketing/coupon-batch';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { batchRow } from '../components/coupon-fixtures.ts';
import CouponBatchListPage from './coupon-batch-list-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the page and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

const DRAFT = batchRow();
const PENDING = batchRow({
  batchCode: 'QP2611010002',
  name: '周末8.5折',
  couponType: 'discount',
  couponTypeName: '折扣券',
  ruleText: '8.5折（最多减10.00）',
  status: 1,
  statusName: '待审核',
  actions: ['approve', 'reject'],
  version: 5,
});
const ACTIVE = batchRow({
  batchCode: 'QP2611010003',
  name: '新人无门槛5元',
  couponType: 'no_threshold',
  couponTypeName: '无门槛券',
  ruleText: '无门槛减5.00',
  status: 2,
  statusName: '已生效',
  actions: ['disable'],
  version: 7,
});
const DISABLED = batchRow({
  batchCode: 'QP2611010004',
  name: '旧活动',
  status: 4,
  statusName: '已停用',
  actions: ['enable', 'delete'],
  version: 9,
});
const ROWS = [DRAFT, PENDING, ACTIVE, DISABLED];

const lists = vi.hoisted(() => ({ calls: [] as Array<{ op: string; params: Record<string, unknown> }>, rows: [] as unknown[] }));
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(),
  listLoader: (op: OperationContract) => (params: Record<string, unknown>) => {
    lists.calls.push({ op: op.name, params });
    return Promise.resolve({ list: lists.rows, total: lists.rows.length, pageNum: 1, pageSize: 10 });
  },
}));

const STALE = '该记录已被他人修改，请刷新后重试';
const grant = (...anchors: string[]) =>
  sessionStore.setState({ menuTree: anchors.map((a, i) => node({ id: 11800 + i, name: a, anchor: a, anchorList: [a] })) });

beforeEach(() => {
  lists.rows = ROWS;
  vi.mocked(call).mockImplementation((op, input) => {
    if (op === couponBatchOps.disable || op === couponBatchOps.remove) return Promise.reject(new ApiError('A0409', STALE, 200)) as never;
    return Promise.resolve(batchRow(input as never)) as never;
  });
  grant('coupon-batch-list', 'coupon-provide', 'coupon-detail-list');
});
afterEach(() => {
  cleanup();
  lists.calls.length = 0;
  vi.mocked(call).mockReset();
  sessionStore.setState({ menuTree: [] });
  sessionStorage.clear();
});

const PATH = '/website/marketing/coupon-batch-list';
const mount = () => renderRoutes([{ path: PATH, element: <CouponBatchListPage /> }], PATH);
const callsOf = (op: unknown) => vi.mocked(call).mock.calls.filter(([o]) => o === op);
const rowOf = (code: string) => within(screen.getByText(code).closest('tr')!);
const buttonsOf = (code: string) =>
  rowOf(code)
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));
const linksOf = (code: string) =>
  Object.fromEntries(
    rowOf(code)
      .queryAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]),
  );
const headerOf = (title: string) => screen.getAllByRole('columnheader').find((h) => h.textContent?.trim() === title)!;
/** The (confirm) dialog that says `text` (a closed one may linger in jsdom while it animates away). */
const dialogWith = async (text: string) => (await screen.findAllByText(text)).at(-1)!.closest<HTMLElement>('.ant-modal')!;
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
}

describe('优惠券批次 (coupon-batch-list)', { timeout: 60_000 }, () => {
  it('lists the batches: code to its 详情, type, rule, validity, issued of total, status; searches, sorts, exports', async () => {
    mount();
    await screen.findByText('QP2611010001');
    const one = rowOf('QP2611010001');
    expect(one.getByRole('link', { name: 'QP2611010001' }).getAttribute('href')).toBe('/website/marketing/coupon-apply/view/QP2611010001');
    expect(one.getByText('双十一满100减20')).toBeTruthy();
    expect(one.getByText('满减券')).toBeTruthy();
    expect(one.getByText('满100.00减20.00')).toBeTruthy();
    expect(one.getByText('领取后7天内有效')).toBeTruthy();
    expect(one.getByTestId('batch-issued').textContent).toBe('123 / 1000');
    expect(one.getByText('45').closest('td')!.style.textAlign).toBe('right');
    expect(one.getByTestId('batch-status').textContent).toBe('草稿');
    expect(one.getByText('王运营')).toBeTruthy();
    expect(rowOf('QP2611010003').getByTestId('batch-status').textContent).toBe('已生效');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(lists.calls[0]).toEqual({ op: couponBatchOps.list.name, params: { pageNum: 1, pageSize: 10 } });

    fireEvent.change(screen.getByRole('textbox', { name: '关键字' }), { target: { value: ' 双十一 ' } });
    await choose('券类型', '满减券');
    await choose('状态', '已生效');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lists.calls.at(-1)?.params).toEqual({ keyword: '双十一', couponType: 'full_reduce', status: 2, pageNum: 1, pageSize: 10 }),
    );

    fireEvent.click(headerOf('已发/总量'));
    await waitFor(() => expect(lists.calls.at(-1)?.params).toMatchObject({ sortField: 'issuedCount', sortOrder: 'descend' }));
    expect(lists.calls.every((c) => c.op === couponBatchOps.list.name)).toBe(true);
  });

  it('shows each row’s steps as its actions allow, 发券 only on an 已生效 batch, 券明细 on every one', async () => {
    mount();
    await screen.findByText('QP2611010001');
    expect(screen.getByRole('button', { name: /新增批次/ })).toBeTruthy();
    expect(buttonsOf('QP2611010001')).toEqual(['提交审核', '删除']);
    expect(linksOf('QP2611010001')).toMatchObject({
      编辑: '/website/marketing/coupon-apply/edit/QP2611010001',
      券明细: '/website/marketing/coupon-detail-list?batchCode=QP2611010001',
    });
    expect(linksOf('QP2611010001').发券).toBeUndefined();
    expect(buttonsOf('QP2611010002')).toEqual(['审核通过', '驳回']);
    expect(linksOf('QP2611010002').编辑).toBeUndefined();
    expect(buttonsOf('QP2611010003')).toEqual(['停用']);
    expect(linksOf('QP2611010003').发券).toBe('/website/marketing/coupon-provide?batchCode=QP2611010003');
    expect(buttonsOf('QP2611010004')).toEqual(['启用', '删除']);
  });

  it('提交审核 and 启用 are confirmed, then send the batch’s code and version', async () => {
    mount();
    await screen.findByText('QP2611010001');
    fireEvent.click(rowOf('QP2611010001').getByRole('button', { name: '提交审核' }));
    let dialog = await dialogWith('提交审核：双十一满100减20（QP2611010001）？');
    expect(callsOf(couponBatchOps.submit)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(callsOf(couponBatchOps.submit)).toHaveLength(1));
    expect(callsOf(couponBatchOps.submit)[0][1]).toEqual({ batchCode: 'QP2611010001', version: 3, remark: '' });
    expect(await screen.findByText('批次 QP2611010001 已提交审核')).toBeTruthy();

    fireEvent.click(rowOf('QP2611010004').getByRole('button', { name: /启\s*用/ }));
    dialog = await dialogWith('启用：旧活动（QP2611010004）？');
    fireEvent.click(within(dialog).getByRole('button', { name: /启\s*用/ }));
    await waitFor(() => expect(callsOf(couponBatchOps.enable)).toHaveLength(1));
    expect(callsOf(couponBatchOps.enable)[0][1]).toEqual({ batchCode: 'QP2611010004', version: 9, remark: '' });
  });

  it('审核通过 takes an optional 审核意见; 驳回 needs its reason', async () => {
    mount();
    await screen.findByText('QP2611010002');
    fireEvent.click(rowOf('QP2611010002').getByRole('button', { name: '审核通过' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('审核意见'), { target: { value: ' 同意上线 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认通过' }));
    await waitFor(() => expect(callsOf(couponBatchOps.approve)).toHaveLength(1));
    expect(callsOf(couponBatchOps.approve)[0][1]).toEqual({ batchCode: 'QP2611010002', version: 5, remark: '同意上线' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(rowOf('QP2611010002').getByRole('button', { name: /驳\s*回/ }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    expect(await within(dialog).findByText('请输入原因')).toBeTruthy();
    expect(callsOf(couponBatchOps.reject)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '折扣力度过大' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(callsOf(couponBatchOps.reject)).toHaveLength(1));
    expect(callsOf(couponBatchOps.reject)[0][1]).toEqual({ batchCode: 'QP2611010002', version: 5, reason: '折扣力度过大' });
  });

  it('停用 needs its reason; the server’s refusal is shown and the dialog stays open', async () => {
    mount();
    await screen.findByText('QP2611010003');
    fireEvent.click(rowOf('QP2611010003').getByRole('button', { name: /停\s*用/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('已发出的 123 张券照常可用');
    fireEvent.change(within(dialog).getByLabelText('停用原因'), { target: { value: '活动提前结束' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认停用' }));
    await waitFor(() => expect(callsOf(couponBatchOps.disable)).toHaveLength(1));
    expect(callsOf(couponBatchOps.disable)[0][1]).toEqual({ batchCode: 'QP2611010003', version: 7, reason: '活动提前结束' });
    expect(await screen.findByText(STALE)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('删除 is confirmed in a bubble, sends the code and version; a refusal shows the server’s words', async () => {
    mount();
    await screen.findByText('QP2611010004');
    fireEvent.click(rowOf('QP2611010004').getByRole('button', { name: /删\s*除/ }));
    const bubble = await screen.findByRole('tooltip');
    expect(bubble.textContent).toContain('删除批次 QP2611010004？');
    expect(callsOf(couponBatchOps.remove)).toHaveLength(0);
    fireEvent.click(within(bubble).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(callsOf(couponBatchOps.remove)).toHaveLength(1));
    expect(callsOf(couponBatchOps.remove)[0][1]).toEqual({ batchCode: 'QP2611010004', version: 9 });
    expect(await screen.findByText(STALE)).toBeTruthy();
  });

  it('without the pages’ anchors: no 新增批次, 发券 or 券明细; a row without actions has no steps', async () => {
    grant();
    lists.rows = [ACTIVE, batchRow({ batchCode: 'QP2611010005', actions: [] })];
    mount();
    await screen.findByText('QP2611010003');
    expect(screen.queryByRole('button', { name: /新增批次/ })).toBeNull();
    expect(linksOf('QP2611010003')).toEqual({ QP2611010003: '/website/marketing/coupon-apply/view/QP2611010003' });
    expect(buttonsOf('QP2611010003')).toEqual(['停用']);
    expect(buttonsOf('QP2611010005')).toEqual([]);
    expect(Object.keys(linksOf('QP2611010005'))).toEqual(['QP2611010005']);
  });
});
