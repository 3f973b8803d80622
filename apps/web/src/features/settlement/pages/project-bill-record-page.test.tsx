import type { SettlementRow } from '@merchant/contracts/finance/split';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { headerOf, mountPage, pageLoader, rowOf } from '../components/settlement-test-kit.tsx';
import ProjectBillRecordPage from './project-bill-record-page.tsx';

const billRow = (over: Partial<SettlementRow> = {}): SettlementRow => ({
  settleNo: 'JS26112500000001',
  businessDay: '2026-11-24',
  splitCount: 42,
  amount: 1_234_567_89,
  merchantAmount: 1_140_000_00,
  ownerAmount: 49_382_71,
  pointAmount: 27_037_04,
  supplierAmount: 10_000_00,
  feeAmount: 8_148_14,
  operatorName: '张会计',
  createdAt: 1_795_000_000_000,
  ...over,
});
const rows = [
  billRow(),
  billRow({
    settleNo: 'JS26112500000002',
    splitCount: 1,
    amount: 1250,
    merchantAmount: 1167,
    ownerAmount: 50,
    pointAmount: 25,
    supplierAmount: 0,
    feeAmount: 8,
    operatorName: '',
  }),
];
const loader = pageLoader(rows);

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn(), listLoader: () => loader }));
vi.mock('../../../platform/use-anchor.ts', () => ({ useHasAnchor: () => true }));

const PATH = '/website/finance/project-bill-record';
const mount = (at = PATH) => mountPage(PATH, <ProjectBillRecordPage />, at);
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

describe('项目账单 (project-bill-record)', { timeout: 60_000 }, () => {
  it('shows the bills with each party’s part in 元 (万 from 10,000 元); a bill’s number opens its splits', async () => {
    const router = mount();
    await screen.findByText('JS26112500000001');
    expect(loader).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    for (const h of [
      '结算单号',
      '业务日',
      '笔数',
      '结算金额（元）',
      '商户（元）',
      '柜主（元）',
      '点位方（元）',
      '供应商代销（元）',
      '平台手续费（元）',
      '操作人',
      '结算时间',
    ])
      expect(headers()).toContain(h);
    const big = within(rowOf('JS26112500000001'));
    expect(big.getByText('123.46万').closest('td')!.style.textAlign).toBe('right');
    expect(big.getByText('114.00万')).toBeTruthy();
    expect(big.getByText('4.94万')).toBeTruthy();
    expect(big.getByText('2.70万')).toBeTruthy(); // 点位方
    expect(big.getByText('1.00万')).toBeTruthy(); // 供应商代销
    expect(big.getByText('8,148.14')).toBeTruthy();
    expect(big.getByText('2026-11-24')).toBeTruthy();
    const small = within(rowOf('JS26112500000002'));
    expect(small.getByText('12.50')).toBeTruthy();
    expect(small.getByText('0.00')).toBeTruthy(); // no 供应商代销
    expect(small.getByText('--')).toBeTruthy(); // no operator
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('结算单号'), { target: { value: 'JS26112500000002' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(loader).toHaveBeenLastCalledWith({ settleNo: 'JS26112500000002', pageNum: 1, pageSize: 10 }));
    fireEvent.click(headerOf('结算金额（元）'));
    await waitFor(() =>
      expect(loader).toHaveBeenLastCalledWith({
        settleNo: 'JS26112500000002',
        pageNum: 1,
        pageSize: 10,
        sortField: 'amount',
        sortOrder: 'descend',
      }),
    );

    expect(big.getByRole('link', { name: 'JS26112500000001' }).getAttribute('href')).toBe(
      '/website/finance/capital-subledger?settleNo=JS26112500000001',
    );
    fireEvent.click(big.getByRole('link', { name: 'JS26112500000001' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/website/finance/capital-subledger'));
  });

  it('opens on the bill the address names (?settleNo=)', async () => {
    mount(`${PATH}?settleNo=JS26112500000002`);
    await screen.findByText('JS26112500000001');
    expect(loader).toHaveBeenCalledWith({ settleNo: 'JS26112500000002', pageNum: 1, pageSize: 10 });
    expect((screen.getByLabelText('结算单号') as HTMLInputElement).value).toBe('JS26112500000002');
  });
});
