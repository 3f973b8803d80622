import type { OperationContract } from '@merchant/contracts';
import { couponOps } from '@merchant/contracts/marketing/coupon';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../platform/session-store.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { provideRow, T0 } from '../components/coupon-fixtures.ts';
import CouponProvideRecordPage from './coupon-provide-record-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the page and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

const ROWS = [provideRow(), provideRow({ provideNo: 'FQ2611010002', requested: 50, issued: 50, failed: 0, remark: '' })];
const lists = vi.hoisted(() => ({ calls: [] as Array<{ op: string; params: Record<string, unknown> }> }));
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(),
  listLoader: (op: OperationContract) => (params: Record<string, unknown>) => {
    lists.calls.push({ op: op.name, params });
    return Promise.resolve({ list: ROWS, pageSize: 10, nextCursor: 'c2', prevCursor: null, total: 31 });
  },
}));

const grant = (...anchors: string[]) =>
  sessionStore.setState({ menuTree: anchors.map((a, i) => node({ id: 11800 + i, name: a, anchor: a, anchorList: [a] })) });
beforeEach(() => grant('coupon-provide-record', 'coupon-detail-list'));
afterEach(() => {
  cleanup();
  lists.calls.length = 0;
  sessionStore.setState({ menuTree: [] });
  sessionStorage.clear();
});

const PATH = '/website/marketing/coupon-provide-record';
const mount = (search = '') => renderRoutes([{ path: PATH, element: <CouponProvideRecordPage /> }], `${PATH}${search}`);
const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

describe('发券记录 (coupon-provide-record)', { timeout: 60_000 }, () => {
  it('lists the 发券单 newest first by keyset: the batch to its 详情, the counts, who and when, a link to its coupons', async () => {
    mount();
    await screen.findByText('FQ2611010001');
    expect(lists.calls[0]).toEqual({ op: couponOps.provideRecords.name, params: { pageSize: 10 } });
    expect(headers().slice(0, 10)).toEqual(['发券单号', '批次', '方式', '发放数', '成功', '失败', '备注', '操作人', '时间', '操作']);
    const one = rowOf('FQ2611010001');
    expect(one.getByRole('link', { name: 'QP2611010001' }).getAttribute('href')).toBe('/website/marketing/coupon-apply/view/QP2611010001');
    expect(one.getByText('双十一满100减20')).toBeTruthy();
    expect(one.getByText('手工')).toBeTruthy();
    expect(one.getByText('3').closest('td')!.style.textAlign).toBe('right');
    expect(one.getByText('会员日回馈')).toBeTruthy();
    expect(one.getByText('王运营')).toBeTruthy();
    expect(one.getByText(formatDateTime(T0))).toBeTruthy();
    expect(one.getByRole('link', { name: '券明细' }).getAttribute('href')).toBe(
      '/website/marketing/coupon-detail-list?provideNo=FQ2611010001',
    );
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /下一页/ })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: '批次号' }), { target: { value: ' qp2611010001 ' } });
    fireEvent.change(screen.getByRole('textbox', { name: '发券单号' }), { target: { value: 'fq2611010001' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lists.calls.at(-1)?.params).toEqual({ batchCode: 'QP2611010001', provideNo: 'FQ2611010001', pageSize: 10 }));
    expect(lists.calls.every((c) => c.op === couponOps.provideRecords.name)).toBe(true);
  });

  it('the address’s 发券单 or batch fills the search; without 券明细 there is no link to it', async () => {
    grant('coupon-provide-record');
    mount('?provideNo=fq2611010002');
    await screen.findByText('FQ2611010001');
    expect(lists.calls[0].params).toEqual({ provideNo: 'FQ2611010002', pageSize: 10 });
    expect((screen.getByRole('textbox', { name: '发券单号' }) as HTMLInputElement).value).toBe('FQ2611010002');
    expect(screen.queryByRole('link', { name: '券明细' })).toBeNull();
  });
});
