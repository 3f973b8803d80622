import { ApiError, type OperationContract } from '@merchant/contracts';
import { couponBatchOps } from '@merchant/contracts/marketing/coupon-batch';
import { couponOps } from '@merchant/contracts/marketing/coupon';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { batchOption, provideAnswer } from '../components/coupon-fixtures.ts';
import CouponProvidePage from './coupon-provide-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the page and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn() }));

const OPTIONS = [
  batchOption(),
  batchOption({
    batchCode: 'QP2611010003',
    name: '新人无门槛5元',
    ruleText: '无门槛减5.00',
    validText: '领取后30天内有效',
    left: 2,
    perUserLimit: 1,
  }),
];
const SOLD_OUT = '批次库存不足';
let provide: () => Promise<unknown>;

beforeEach(() => {
  provide = () => Promise.resolve(provideAnswer());
  vi.mocked(call).mockImplementation(((op: OperationContract, input: { keyword?: string }) => {
    if (op === couponBatchOps.options)
      return Promise.resolve(input.keyword ? OPTIONS.filter((o) => o.name.includes(input.keyword!)) : OPTIONS);
    if (op === couponOps.provide) return provide();
    return Promise.reject(new Error(`unexpected ${op.name}`));
  }) as typeof call);
  sessionStore.setState({
    token: 't',
    menuTree: ['coupon-provide', 'coupon-provide-record', 'coupon-detail-list'].map((a, i) =>
      node({ id: 11800 + i, name: a, anchor: a, anchorList: [a] }),
    ),
  });
});
afterEach(() => {
  cleanup();
  vi.mocked(call).mockReset();
  sessionStore.setState({ token: null, menuTree: [] });
});

const mount = (search = '') =>
  renderRoutes(
    [{ path: '/website/marketing/coupon-provide', element: <CouponProvidePage /> }],
    `/website/marketing/coupon-provide${search}`,
  );
const callsOf = (op: unknown) => vi.mocked(call).mock.calls.filter(([o]) => o === op);
const phones = (value: string) => fireEvent.change(screen.getByLabelText('手机号'), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: '确认发券' }));

describe('发券 (coupon-provide)', { timeout: 60_000 }, () => {
  it('picks the address’s batch, counts the phones (duplicates once), lists bad ones and sends none of them', async () => {
    mount('?batchCode=qp2611010003');
    const batch = await screen.findByTestId('provide-batch');
    expect(batch.textContent).toContain('新人无门槛5元（QP2611010003）');
    expect(batch.textContent).toContain('无门槛减5.00');
    expect(batch.textContent).toContain('领取后30天内有效');
    expect(batch.textContent).toContain('2 张');
    expect(batch.textContent).toContain('1 张');

    phones('13800000001\n1380000000，13800000002\n13800000001 abc\n13800000003');
    expect((await screen.findByTestId('phone-summary')).textContent).toBe(
      '有效手机号 3 个，已去除重复 1 个，格式不正确 2 个（一次最多 200 个）',
    );
    const bad = screen.getByTestId('phone-invalid');
    expect(within(bad).getByText('第2行：1380000000')).toBeTruthy();
    expect(within(bad).getByText('第3行：abc')).toBeTruthy();
    expect(screen.getByText('批次剩余 2 张，超出部分的手机号将发券失败')).toBeTruthy();
    send();
    expect(await screen.findByText('有 2 个手机号格式不正确，请修改或删除后再发券')).toBeTruthy();
    expect(callsOf(couponOps.provide)).toHaveLength(0);
  });

  it('发券 is confirmed, sends the batch, each valid phone once and the remark; then the 发券单 and each phone’s result', async () => {
    mount('?batchCode=QP2611010001');
    await screen.findByTestId('provide-batch');
    phones('13800000001，13800000002、13800000003\n13800000002');
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: ' 会员日回馈 ' } });
    send();
    const title = (await screen.findAllByText('确认向 3 个手机号发放「双十一满100减20」？')).at(-1)!;
    const dialog = title.closest<HTMLElement>('.ant-modal')!;
    expect(callsOf(couponOps.provide)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*券/ }));
    await waitFor(() => expect(callsOf(couponOps.provide)).toHaveLength(1));
    expect(callsOf(couponOps.provide)[0][1]).toEqual({
      batchCode: 'QP2611010001',
      phones: ['13800000001', '13800000002', '13800000003'],
      remark: '会员日回馈',
    });

    const result = await screen.findByTestId('provide-result');
    expect(within(result).getByText('发券单 FQ2611010001')).toBeTruthy();
    expect(screen.getByTestId('provide-summary').textContent).toBe('发券完成：成功 2 张，失败 1 张');
    const rows = within(screen.getByTestId('provide-results')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['138****0001', '成功', 'CP26110100000001', '--'],
      ['138****0002', '成功', 'CP26110100000002', '--'],
      ['138****0003', '失败', '--', '已达每人限领'],
    ]);
    expect(screen.getByRole('link', { name: '查看发券记录' }).getAttribute('href')).toBe(
      '/website/marketing/coupon-provide-record?provideNo=FQ2611010001',
    );
    expect(screen.getByRole('link', { name: '查看券明细' }).getAttribute('href')).toBe(
      '/website/marketing/coupon-detail-list?provideNo=FQ2611010001',
    );

    fireEvent.click(screen.getByRole('button', { name: '继续发券' }));
    expect(((await screen.findByLabelText('手机号')) as HTMLTextAreaElement).value).toBe('');
  });

  it('a batch searched and picked; none picked, or the address’s one not issuable, is said', async () => {
    mount('?batchCode=QP2611019999');
    expect((await screen.findByTestId('preset-missing')).textContent).toContain('批次 QP2611019999 当前不可发券');
    cleanup();

    mount();
    await waitFor(() => expect(callsOf(couponBatchOps.options).length).toBeGreaterThan(0));
    phones('13800000001');
    send();
    expect(await screen.findByText('请选择批次')).toBeTruthy();
    const box = screen.getByRole('combobox', { name: '优惠券批次' });
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '新人' } });
    await waitFor(() => expect(callsOf(couponBatchOps.options).at(-1)?.[1]).toEqual({ keyword: '新人' }));
    fireEvent.click(await screen.findByTitle('新人无门槛5元（QP2611010003）'));
    expect((await screen.findByTestId('provide-batch')).textContent).toContain('无门槛减5.00');
  });

  it('the server’s refusal is shown and the list stays; without 发券记录 / 券明细 the result has no links to them', async () => {
    provide = () => Promise.reject(new ApiError('A0409', SOLD_OUT, 200));
    mount('?batchCode=QP2611010001');
    await screen.findByTestId('provide-batch');
    phones('13800000001');
    send();
    let dialog = (await screen.findAllByText('确认向 1 个手机号发放「双十一满100减20」？')).at(-1)!.closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*券/ }));
    expect(await screen.findByText(SOLD_OUT)).toBeTruthy();
    expect((screen.getByLabelText('手机号') as HTMLTextAreaElement).value).toBe('13800000001');
    cleanup();

    provide = () => Promise.resolve(provideAnswer());
    sessionStore.setState({ menuTree: [node({ id: 11805, name: '发券', anchor: 'coupon-provide', anchorList: ['coupon-provide'] })] });
    mount('?batchCode=QP2611010001');
    await screen.findByTestId('provide-batch');
    phones('13800000001');
    send();
    dialog = (await screen.findAllByText('确认向 1 个手机号发放「双十一满100减20」？')).at(-1)!.closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*券/ }));
    await screen.findByTestId('provide-result');
    expect(screen.queryByRole('link', { name: '查看发券记录' })).toBeNull();
    expect(screen.queryByRole('link', { name: '查看券明细' })).toBeNull();
  });
});
