import type { DeviceIncomeRow } from '@merchant/contracts/finance/split';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessToday, lastWeekRange } from '../../../shared/format/date.ts';
import { addDays } from '@merchant/contracts';
import { headerOf, mountPage, pageLoader, rowOf } from '../components/settlement-test-kit.tsx';
import DeviceIncomePage from './device-income-page.tsx';

const incomeRow = (over: Partial<DeviceIncomeRow> = {}): DeviceIncomeRow => ({
  deviceCode: 'D2611000001',
  pointName: '软件园A座',
  orderCount: 128,
  captured: 256_000,
  refunded: 1_000,
  net: 255_000,
  merchantShare: 217_150,
  ownerShare: 10_200,
  pointShare: 5_100,
  supplierShare: 20_000,
  platformFee: 2_550,
  lastPaidAt: 1_795_000_000_000,
  ...over,
});
const rows = [
  incomeRow(),
  incomeRow({ deviceCode: 'D2611000002', pointName: '', orderCount: 23_456, captured: 1_500_000_00, net: 1_500_000_00, refunded: 0 }),
];
const loader = pageLoader(rows);

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn(), listLoader: () => loader }));
vi.mock('../../../platform/use-anchor.ts', () => ({ useHasAnchor: () => true }));

const PATH = '/website/finance/device-income';
const mount = () => mountPage(PATH, <DeviceIncomePage />);

describe('收入明细 (finance-device-income)', { timeout: 60_000 }, () => {
  it('asks for the last 7 days by default, and 重置 comes back to them', async () => {
    mount();
    await screen.findByText('D2611000001');
    expect(loader).toHaveBeenCalledWith({ paidRange: lastWeekRange(), pageNum: 1, pageSize: 10 });
    const [start, end] = screen.getAllByPlaceholderText(/开始时间|结束时间/) as HTMLInputElement[];
    expect([start.value, end.value]).toEqual([addDays(businessToday(), -6), businessToday()]);

    fireEvent.change(screen.getByLabelText('设备编号'), { target: { value: 'D2611000002' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(loader).toHaveBeenLastCalledWith({ deviceCode: 'D2611000002', paidRange: lastWeekRange(), pageNum: 1, pageSize: 10 }),
    );
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(loader).toHaveBeenLastCalledWith({ paidRange: lastWeekRange(), pageNum: 1, pageSize: 10 }));
  });

  it('shows each device’s money in 元 right-aligned (万 from 10,000 元), sorts by 净额 and 订单数, links a device to its splits', async () => {
    const router = mount();
    await screen.findByText('D2611000001');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).toContain('供应商代销（元）');
    const one = within(rowOf('D2611000001'));
    expect(one.getByText('2,560.00').closest('td')!.style.textAlign).toBe('right');
    expect(one.getByText('10.00')).toBeTruthy();
    expect(one.getByText('2,550.00')).toBeTruthy();
    expect(one.getByText('2,171.50')).toBeTruthy();
    expect(one.getByText('102.00')).toBeTruthy();
    expect(one.getByText('51.00')).toBeTruthy();
    expect(one.getByText('25.50')).toBeTruthy();
    expect(one.getByText('200.00').closest('td')!.style.textAlign).toBe('right'); // 供应商代销
    expect(one.getByText('128')).toBeTruthy();
    const two = within(rowOf('D2611000002'));
    expect(two.getAllByText('150.00万')).toHaveLength(2); // 实收, 净额
    expect(two.getByText('2.35万')).toBeTruthy(); // 订单数
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();

    fireEvent.click(headerOf('净额（元）'));
    await waitFor(() => expect(loader).toHaveBeenLastCalledWith(expect.objectContaining({ sortField: 'net', sortOrder: 'descend' })));
    fireEvent.click(headerOf('订单数'));
    await waitFor(() =>
      expect(loader).toHaveBeenLastCalledWith(expect.objectContaining({ sortField: 'orderCount', sortOrder: 'descend' })),
    );

    expect(one.getByRole('link', { name: 'D2611000001' }).getAttribute('href')).toBe(
      '/website/finance/capital-subledger?deviceCode=D2611000001',
    );
    fireEvent.click(one.getByRole('link', { name: 'D2611000001' }));
    await waitFor(() => expect(router.state.location.search).toBe('?deviceCode=D2611000001'));
  });
});
