import { ApiError, type OperationContract } from '@merchant/contracts';
import { couponBatchOps, type BatchRow } from '@merchant/contracts/marketing/coupon-batch';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { batchRow } from '../components/coupon-fixtures.ts';
import CouponApplyPage from './coupon-apply-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the page and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn() }));

const NEW_CODE = 'QP2611010009';
const SKUS = [
  { skuId: 11, skuCode: 'K10000011', name: '农夫山泉 550ml' },
  { skuId: 12, skuCode: 'K10000012', name: '可口可乐 330ml' },
];
const RANGE = batchRow({
  batchCode: 'QP2611010002',
  name: '周末8.5折',
  couponType: 'discount',
  couponTypeName: '折扣券',
  ruleText: '满50.00享8.5折（最多减10.00）',
  thresholdAmount: 5_000,
  reduceAmount: 0,
  discountPercent: 85,
  maxDiscount: 1_000,
  validType: 'range',
  validFrom: 1_795_000_000_000,
  validTo: 1_795_600_000_000,
  validDays: null,
  validText: '2026-11-19 至 2026-11-26',
  goodsScope: 'skus',
  skus: [SKUS[0]],
  cityNames: ['杭州市'],
  stackable: true,
  version: 4,
});
const ACTIVE = batchRow({
  batchCode: 'QP2611010003',
  status: 2,
  statusName: '已生效',
  actions: ['disable'],
  reviewerName: '李审核',
  reviewedAt: 1_795_100_000_000,
});
const REJECTED = batchRow({
  batchCode: 'QP2611010004',
  status: 3,
  statusName: '已驳回',
  rejectReason: '门槛过低',
  actions: ['edit', 'submit', 'delete'],
});
const BATCHES: Record<string, BatchRow> = Object.fromEntries([batchRow(), RANGE, ACTIVE, REJECTED].map((b) => [b.batchCode, b]));

let createAnswer: () => Promise<unknown>;
beforeEach(() => {
  createAnswer = () => Promise.resolve(batchRow({ batchCode: NEW_CODE, version: 0 }));
  vi.mocked(call).mockImplementation(((op: OperationContract, input: Record<string, unknown>) => {
    if (op === couponBatchOps.detail) {
      const b = BATCHES[String(input.batchCode)] ?? (input.batchCode === NEW_CODE ? batchRow({ batchCode: NEW_CODE }) : null);
      return b ? Promise.resolve(b) : Promise.reject(new ApiError('A0404', '优惠券批次不存在', 200));
    }
    if (op === couponBatchOps.history)
      return Promise.resolve({
        list: [
          {
            id: 1,
            action: 'create',
            actionLabel: '新增',
            changes: [],
            remark: '建档',
            operatorName: '王运营',
            createdAt: 1_795_000_000_000,
          },
        ],
        total: 1,
        pageNum: 1,
        pageSize: 10,
      });
    if (op === couponBatchOps.create) return createAnswer();
    if (op === couponBatchOps.update) return Promise.resolve(batchRow({ batchCode: String(input.batchCode), version: 5 }));
    if (op === couponBatchOps.submit) return Promise.resolve(batchRow({ batchCode: String(input.batchCode), status: 1 }));
    if (op === couponBatchOps.remove) return Promise.resolve(null);
    if (op === couponBatchOps.skuOptions) return Promise.resolve(SKUS);
    if (op === couponBatchOps.cityOptions) return Promise.resolve(['杭州市', '宁波市']);
    return Promise.reject(new Error(`unexpected ${op.name}`));
  }) as typeof call);
  sessionStore.setState({
    token: 't',
    menuTree: ['coupon-batch-list', 'coupon-provide', 'coupon-detail-list'].map((a, i) =>
      node({ id: 11800 + i, name: a, anchor: a, anchorList: [a] }),
    ),
  });
});
afterEach(() => {
  cleanup();
  vi.mocked(call).mockReset();
  sessionStore.setState({ token: null, menuTree: [] });
});

const mount = (at: string) =>
  renderRoutes(
    [
      { path: '/website/marketing/coupon-apply/:handleType/:groupCode?/:subCode?', element: <CouponApplyPage /> },
      { path: '/website/marketing/coupon-batch-list', element: <p>批次列表</p> },
    ],
    at,
  );
const callsOf = (op: unknown) => vi.mocked(call).mock.calls.filter(([o]) => o === op);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const pick = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));
const save = () => fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));

/** The fields every type needs: a name, 领取后7天, 发行总量 1000, 每人限领 2. */
async function fillCommon() {
  type('批次名称', '双十一满100减20');
  pick('领取后N天');
  type('发行总量', '1000');
  type('每人限领', '2');
  await screen.findByLabelText('有效天数');
  type('有效天数', '7');
}
const COMMON = {
  name: '双十一满100减20',
  validType: 'days',
  validDays: 7,
  totalStock: 1000,
  perUserLimit: 2,
  goodsScope: 'all',
  skuIds: [],
  cityNames: [],
  stackable: false,
  refundReturn: true,
  remark: '',
};

describe('新增优惠券 (coupon-apply/add)', { timeout: 90_000 }, () => {
  it('满减: 门槛 and 优惠 in 元 sent as cents, the rule previewed; saved as a draft, then its 详情', async () => {
    const router = mount('/website/marketing/coupon-apply/add');
    await screen.findByText('新增优惠券');
    await fillCommon();
    type('使用门槛（元）', '100');
    type('优惠金额（元）', '20');
    expect((await screen.findByTestId('rule-preview')).textContent).toContain('规则预览：满100.00减20.00');
    save();
    await waitFor(() => expect(callsOf(couponBatchOps.create)).toHaveLength(1));
    expect(callsOf(couponBatchOps.create)[0][1]).toEqual({
      ...COMMON,
      couponType: 'full_reduce',
      thresholdAmount: 10_000,
      reduceAmount: 2_000,
      discountPercent: 0,
      maxDiscount: 0,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/website/marketing/coupon-apply/view/${NEW_CODE}`));
    expect(await screen.findByText(`批次 ${NEW_CODE} 已保存为草稿`)).toBeTruthy();
  });

  it('折扣: 折 sent as the % paid, 最高优惠 in cents, no 优惠金额', async () => {
    mount('/website/marketing/coupon-apply/add');
    await screen.findByText('新增优惠券');
    await fillCommon();
    pick('折扣券');
    await waitFor(() => expect(screen.queryByLabelText('优惠金额（元）')).toBeNull());
    type('折扣', '8.5');
    type('最高优惠（元）', '10');
    expect((await screen.findByTestId('rule-preview')).textContent).toContain('8.5折（最多减10.00）');
    save();
    await waitFor(() => expect(callsOf(couponBatchOps.create)).toHaveLength(1));
    expect(callsOf(couponBatchOps.create)[0][1]).toEqual({
      ...COMMON,
      couponType: 'discount',
      thresholdAmount: 0,
      reduceAmount: 0,
      discountPercent: 85,
      maxDiscount: 1_000,
    });
  });

  it('无门槛: only 优惠金额 in cents; 保存并提交审核 saves, then submits with the saved version', async () => {
    mount('/website/marketing/coupon-apply/add');
    await screen.findByText('新增优惠券');
    await fillCommon();
    pick('无门槛券');
    await waitFor(() => expect(screen.queryByLabelText('使用门槛（元）')).toBeNull());
    type('优惠金额（元）', '5');
    fireEvent.click(screen.getByRole('button', { name: '保存并提交审核' }));
    await waitFor(() => expect(callsOf(couponBatchOps.create)).toHaveLength(1));
    expect(callsOf(couponBatchOps.create)[0][1]).toEqual({
      ...COMMON,
      couponType: 'no_threshold',
      thresholdAmount: 0,
      reduceAmount: 500,
      discountPercent: 0,
      maxDiscount: 0,
    });
    await waitFor(() => expect(callsOf(couponBatchOps.submit)).toHaveLength(1));
    expect(callsOf(couponBatchOps.submit)[0][1]).toEqual({ batchCode: NEW_CODE, version: 0, remark: '' });
  });

  it('checks each field and the rules between them before sending', async () => {
    mount('/website/marketing/coupon-apply/add');
    await screen.findByText('新增优惠券');
    save();
    expect(await screen.findByText('请输入批次名称')).toBeTruthy();
    expect(await screen.findByText('请输入发行总量')).toBeTruthy();
    expect(await screen.findByText('请输入使用门槛')).toBeTruthy();
    expect(await screen.findByText('请选择生效时间')).toBeTruthy();
    await fillCommon();
    type('发行总量', '3');
    type('每人限领', '5');
    type('使用门槛（元）', '10');
    type('优惠金额（元）', '10');
    save();
    expect(await screen.findByText('优惠金额须小于使用门槛')).toBeTruthy();
    expect(await screen.findByText('每人限领不能超过发行总量')).toBeTruthy();
    expect(callsOf(couponBatchOps.create)).toHaveLength(0);
  });

  it('指定商品: SKUs searched and picked; the server’s refusal naming a field is shown under it', async () => {
    createAnswer = () =>
      Promise.reject(
        new ApiError('A0400', 'SKU（12）不存在（字段：skuIds.1）', 400, { fields: [{ field: 'skuIds.1', message: 'SKU（12）不存在' }] }),
      );
    mount('/website/marketing/coupon-apply/add');
    await screen.findByText('新增优惠券');
    await fillCommon();
    type('使用门槛（元）', '100');
    type('优惠金额（元）', '20');
    pick('指定商品');
    const skuBox = await screen.findByRole('combobox', { name: '指定商品' });
    fireEvent.mouseDown(skuBox);
    fireEvent.click(await screen.findByTitle('农夫山泉 550ml（K10000011）'));
    fireEvent.click(await screen.findByTitle('可口可乐 330ml（K10000012）'));
    fireEvent.change(skuBox, { target: { value: '可乐' } });
    await waitFor(() => expect(callsOf(couponBatchOps.skuOptions).at(-1)?.[1]).toEqual({ keyword: '可乐' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '适用城市' }));
    fireEvent.click(await screen.findByTitle('宁波市'));
    save();
    await waitFor(() => expect(callsOf(couponBatchOps.create)).toHaveLength(1));
    expect(callsOf(couponBatchOps.create)[0][1]).toMatchObject({ goodsScope: 'skus', skuIds: [11, 12], cityNames: ['宁波市'] });
    const skuItem = screen.getByRole('combobox', { name: '指定商品' }).closest('.ant-form-item')!;
    await waitFor(() => expect(skuItem.textContent).toContain('SKU（12）不存在'));
    expect(skuItem.textContent).not.toContain('字段');
  });

  it('a refusal about no field is shown as a message; leaving a changed form asks first', async () => {
    createAnswer = () => Promise.reject(new ApiError('A0409', '同名批次已存在', 200));
    const router = mount('/website/marketing/coupon-apply/add');
    await screen.findByText('新增优惠券');
    await fillCommon();
    pick('无门槛券');
    type('优惠金额（元）', '5');
    save();
    expect(await screen.findByText('同名批次已存在')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /返\s*回/ }));
    expect((await screen.findAllByText('离开当前页面？')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/website/marketing/coupon-apply/add');
  });

  it('without 优惠券批次 the role may not add; a malformed address says so', async () => {
    sessionStore.setState({ menuTree: [node({ id: 11805, name: '发券', anchor: 'coupon-provide', anchorList: ['coupon-provide'] })] });
    mount('/website/marketing/coupon-apply/add');
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
    cleanup();
    mount('/website/marketing/coupon-apply/copy/QP2611010001');
    expect(await screen.findByText('页面参数不正确')).toBeTruthy();
    cleanup();
    mount('/website/marketing/coupon-apply/view/nope');
    expect(await screen.findByText('页面参数不正确')).toBeTruthy();
    cleanup();
    mount('/website/marketing/coupon-apply/view/QP2611019999');
    expect(await screen.findByText('优惠券批次不存在')).toBeTruthy();
  });
});

describe('编辑优惠券 (coupon-apply/edit/:groupCode)', { timeout: 90_000 }, () => {
  it('starts from the batch (元, 折, its range and SKUs) and sends its code, version and the changes in cents', async () => {
    const router = mount('/website/marketing/coupon-apply/edit/QP2611010002');
    await screen.findByText('编辑优惠券 QP2611010002');
    expect((screen.getByLabelText('批次名称') as HTMLInputElement).value).toBe('周末8.5折');
    expect((screen.getByLabelText('折扣') as HTMLInputElement).value).toBe('8.5');
    expect((screen.getByLabelText('使用门槛（元）') as HTMLInputElement).value).toBe('50.00');
    expect(await screen.findByTitle('农夫山泉 550ml（K10000011）')).toBeTruthy();
    type('最高优惠（元）', '12.5');
    save();
    await waitFor(() => expect(callsOf(couponBatchOps.update)).toHaveLength(1));
    expect(callsOf(couponBatchOps.update)[0][1]).toEqual({
      batchCode: 'QP2611010002',
      version: 4,
      name: '周末8.5折',
      couponType: 'discount',
      thresholdAmount: 5_000,
      reduceAmount: 0,
      discountPercent: 85,
      maxDiscount: 1_250,
      validType: 'range',
      validFrom: 1_795_000_000_000,
      validTo: 1_795_600_000_000,
      totalStock: 1000,
      perUserLimit: 2,
      goodsScope: 'skus',
      skuIds: [11],
      cityNames: ['杭州市'],
      stackable: true,
      refundReturn: true,
      remark: '会员日',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/marketing/coupon-apply/view/QP2611010002'));
  });

  it('a rejected batch shows its reason; a batch whose actions have no 编辑 is shown read-only, with why', async () => {
    mount('/website/marketing/coupon-apply/edit/QP2611010004');
    expect(await screen.findByText('驳回原因：门槛过低')).toBeTruthy();
    cleanup();
    mount('/website/marketing/coupon-apply/edit/QP2611010003');
    expect((await screen.findByTestId('batch-notice')).textContent).toContain('该批次当前为「已生效」，只有草稿或已驳回的批次可以编辑');
    expect(screen.queryByRole('button', { name: /^保\s*存$/ })).toBeNull();
    expect(callsOf(couponBatchOps.update)).toHaveLength(0);
  });
});

describe('优惠券详情 (coupon-apply/view/:groupCode)', { timeout: 90_000 }, () => {
  it('every field, the scope, the batch’s steps and its history', async () => {
    const router = mount('/website/marketing/coupon-apply/view/QP2611010002');
    expect((await screen.findByTestId('batch-title')).textContent).toBe('周末8.5折（QP2611010002）');
    expect(screen.getByTestId('batch-rule').textContent).toBe('满50.00享8.5折（最多减10.00）');
    expect(screen.getByText('8.5折')).toBeTruthy();
    expect(screen.getByText('50.00')).toBeTruthy();
    expect(screen.getByText('10.00')).toBeTruthy();
    expect(screen.getByText('2026-11-19 至 2026-11-26')).toBeTruthy();
    expect(screen.getByText('123 / 877 张')).toBeTruthy();
    expect(screen.getByText('45 张')).toBeTruthy();
    expect(screen.getByTestId('batch-skus').textContent).toBe('农夫山泉 550ml（K10000011）');
    expect(screen.getByTestId('batch-cities').textContent).toBe('杭州市');
    expect(screen.getAllByText('可叠加')).toHaveLength(2); // the label and its value
    expect(screen.getByText('退券')).toBeTruthy();
    const header = screen.getByTestId('batch-title').closest('.ant-card')!;
    const buttons = within(header as HTMLElement)
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(buttons).toEqual(['编辑', '提交审核', '券明细', '删除']);
    await waitFor(() => expect(callsOf(couponBatchOps.history)[0]?.[1]).toEqual({ batchCode: 'QP2611010002', pageNum: 1, pageSize: 10 }));
    expect(await screen.findByText('建档')).toBeTruthy();

    fireEvent.click(within(header as HTMLElement).getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/marketing/coupon-apply/edit/QP2611010002'));
  });

  it('an 已生效 batch: its reviewer, 停用 and 发券; 删除 from the 详情 is confirmed and goes back to the list', async () => {
    BATCHES.QP2611010005 = batchRow({ batchCode: 'QP2611010005', actions: ['delete'], version: 8 });
    mount('/website/marketing/coupon-apply/view/QP2611010003');
    await screen.findByTestId('batch-title');
    expect(screen.getByText(/李审核/)).toBeTruthy();
    const header = () => screen.getByTestId('batch-title').closest<HTMLElement>('.ant-card')!;
    expect(
      within(header())
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['停用', '发券', '券明细']);
    cleanup();

    const router = mount('/website/marketing/coupon-apply/view/QP2611010005');
    await screen.findByTestId('batch-title');
    fireEvent.click(within(header()).getByRole('button', { name: /删\s*除/ }));
    const dialog = (await screen.findAllByText('删除批次 双十一满100减20（QP2611010005）？')).at(-1)!.closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/marketing/coupon-batch-list'));
    expect(callsOf(couponBatchOps.remove)[0][1]).toEqual({ batchCode: 'QP2611010005', version: 8 });
  });

  it('a role without 优惠券批次 (opening it from 券明细) sees the batch without its history', async () => {
    sessionStore.setState({
      menuTree: [node({ id: 11806, name: '券明细', anchor: 'coupon-detail-list', anchorList: ['coupon-detail-list'] })],
    });
    mount('/website/marketing/coupon-apply/view/QP2611010003');
    await screen.findByTestId('batch-title');
    expect(screen.queryByText('操作记录')).toBeNull();
    expect(callsOf(couponBatchOps.history)).toHaveLength(0);
  });
});
