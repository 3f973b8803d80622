import { ApiError, type OperationContract } from '@merchant/contracts';
import { collectionOps } from '@merchant/contracts/finance/collection';
import { supplyAgreementOps } from '@merchant/contracts/finance/supply-agreement';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { agreementRow, supplyAgreementRow, supplyCandidate } from '../components/collection-fixtures.ts';
import AgreementPage from './agreement-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the page and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

const supplyRows = [
  supplyAgreementRow(),
  supplyAgreementRow({
    id: 32,
    skuId: 503,
    skuCode: 'K2611000003',
    skuName: '康师傅红烧牛肉面',
    barcode: '6920152400012',
    basePrice: 550,
    supplierId: 14,
    supplierCode: 'GYS0014',
    supplierName: '宁波海鲜批发',
    // an account not opened (an agreement from before accounts opened with it): no link
    supplierPartyCode: '',
    supplySkuId: 81,
    supplySkuCode: 'GK2611000011',
    purchasePrice: 320,
    unitPrice: 1_234_567,
    remark: '',
    version: 1,
  }),
];
/** The list loader's calls, and what it answers per operation. */
const lists = vi.hoisted(() => ({
  calls: [] as Array<{ op: string; params: Record<string, unknown> }>,
  rows: {} as Record<string, unknown[]>,
}));
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(),
  listLoader: (op: OperationContract) => (params: Record<string, unknown>) => {
    lists.calls.push({ op: op.name, params });
    const rows = lists.rows[op.name] ?? [];
    return Promise.resolve({ list: rows, total: rows.length, pageNum: 1, pageSize: 10 });
  },
}));
const { exportList } = vi.hoisted(() => ({
  exportList: vi.fn((_req: unknown) => Promise.resolve({ kind: 'task', taskId: 'T1', message: '已加入导出任务' })),
}));
vi.mock('../../../platform/http-client.ts', () => ({ http: { exportList } }));

// K2611000001 has its agreement (the first row); K2611000002 is free
const AGREED = supplyCandidate({ agreed: true });
const FREE = supplyCandidate({
  supplySkuId: 78,
  supplySkuCode: 'GK2611000009',
  supplierId: 13,
  supplierName: '宁波海鲜批发',
  skuId: 502,
  skuCode: 'K2611000002',
  skuName: '可口可乐 330ml',
  barcode: '6928804011173',
  purchasePrice: 199,
  basePrice: 350,
});
const AGREED_LABEL = 'K2611000001 农夫山泉 550ml · 杭州鲜丰供应链 · 6921168509256 · 采购价 1.50元（已有代销协议，请在列表中编辑）';
const FREE_LABEL = 'K2611000002 可口可乐 330ml · 宁波海鲜批发 · 6928804011173 · 采购价 1.99元';
const IN_USE = '该SKU的代销协议已被他人修改，请刷新后重试';
const TOO_HIGH = '代销结算价不能高于售价';
/** Which writes the server refuses in a test. */
const refuse = vi.hoisted(() => ({ save: false }));

beforeEach(() => {
  lists.rows = { [supplyAgreementOps.list.name]: supplyRows, [collectionOps.agreements.name]: [agreementRow()] };
  vi.mocked(call).mockImplementation((op, input) => {
    if (op === supplyAgreementOps.candidates) return Promise.resolve([AGREED, FREE]) as never;
    if (op === supplyAgreementOps.save) {
      if (refuse.save) return Promise.reject(new ApiError('A0400', TOO_HIGH, 200)) as never;
      return Promise.resolve(supplyAgreementRow({ unitPrice: (input as { unitPrice: number }).unitPrice })) as never;
    }
    if (op === supplyAgreementOps.remove) return Promise.reject(new ApiError('A0409', IN_USE, 200)) as never;
    return Promise.reject(new Error(`unexpected ${(op as OperationContract).name}`)) as never;
  });
  sessionStore.setState({
    menuTree: ['collection-setting-agreement', 'capital-list'].map((a, i) => node({ id: 10600 + i, name: a, anchor: a, anchorList: [a] })),
  });
});
afterEach(() => {
  cleanup();
  lists.calls.length = 0;
  refuse.save = false;
  vi.mocked(call).mockReset();
  exportList.mockClear();
  sessionStore.setState({ menuTree: [] });
  sessionStorage.clear();
});

const PATH = '/website/finance/collection-setting-agreement';
const SUPPLY = `${PATH}?tab=supply`;
const mount = (at = SUPPLY) => renderRoutes([{ path: PATH, element: <AgreementPage /> }], at);
const callsOf = (op: unknown) => vi.mocked(call).mock.calls.filter(([o]) => o === op);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const headerOf = (title: string) => screen.getAllByRole('columnheader').find((h) => h.textContent?.trim() === title)!;
const supplyCalls = () => lists.calls.filter((c) => c.op === supplyAgreementOps.list.name);

describe('分账协议: the 设备分账 and 供应商代销 tabs', { timeout: 60_000 }, () => {
  it('opens on 设备分账; 供应商代销 is kept in the address (?tab=supply) and lists the supply agreements', async () => {
    const router = mount(PATH);
    await screen.findByText('D2611000001');
    expect(screen.getByTestId('agreement-list')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '设备分账' }).getAttribute('aria-selected')).toBe('true');
    expect(supplyCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole('tab', { name: '供应商代销' }));
    await screen.findByText('K2611000001');
    expect(router.state.location.search).toBe('?tab=supply');
    expect(screen.getByTestId('supply-agreement-list')).toBeTruthy();
    expect(screen.queryByTestId('agreement-list')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '设备分账' }));
    await screen.findByText('D2611000001');
    expect(router.state.location.search).toBe('');
  });
});

describe('分账协议 › 供应商代销', { timeout: 60_000 }, () => {
  it('lists the SKU, barcode, supplier with its account, supply SKU and the prices in 元; searches, sorts and exports', async () => {
    mount();
    await screen.findByText('K2611000001');
    for (const h of ['SKU', '条码', '供应商', '供应链SKU', '采购价（元）', '代销结算价（元）', '售价（元）', '备注', '更新时间', '操作'])
      expect(screen.getAllByRole('columnheader').map((c) => c.textContent?.trim())).toContain(h);
    const one = within(rowOf('K2611000001'));
    expect(one.getByText('农夫山泉 550ml')).toBeTruthy();
    expect(one.getByText('6921168509256')).toBeTruthy();
    expect(one.getByText('杭州鲜丰供应链')).toBeTruthy();
    expect(one.getByText('GYS0012')).toBeTruthy();
    expect(one.getByRole('link', { name: 'FP00000021' }).getAttribute('href')).toBe('/website/finance/capital-detail/FP00000021');
    expect(one.getByText('GK2611000007')).toBeTruthy();
    expect(one.getByText('1.50').closest('td')!.style.textAlign).toBe('right'); // 采购价
    expect(one.getByText('1.80').closest('td')!.style.textAlign).toBe('right'); // 代销结算价
    expect(one.getByText('3.00')).toBeTruthy(); // 售价
    expect(one.getByText('季度代销')).toBeTruthy();
    // no account yet: no account line; from 10,000 元 in 万 (spec §9)
    const two = within(rowOf('K2611000003'));
    expect(two.queryByText(/^FP/)).toBeNull();
    expect(two.getByText('1.23万')).toBeTruthy();
    expect(two.getByText('--')).toBeTruthy(); // no remark

    expect(supplyCalls()[0].params).toEqual({ pageNum: 1, pageSize: 10 });
    fireEvent.change(screen.getByRole('textbox', { name: '商品' }), { target: { value: ' 农夫 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(supplyCalls().at(-1)?.params).toEqual({ keyword: '农夫', pageNum: 1, pageSize: 10 }));
    fireEvent.click(headerOf('代销结算价（元）'));
    await waitFor(() =>
      expect(supplyCalls().at(-1)?.params).toEqual({
        keyword: '农夫',
        pageNum: 1,
        pageSize: 10,
        sortField: 'unitPrice',
        sortOrder: 'descend',
      }),
    );
    expect(lists.calls.every((c) => c.op === supplyAgreementOps.list.name)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(exportList).toHaveBeenCalledTimes(1));
    expect(exportList.mock.calls[0][0]).toMatchObject({ name: supplyAgreementOps.list.name, exportName: '供应商代销协议' });
  });

  it('新增代销协议 asks for a SKU and a price, searches the candidates as typed, starts at the 采购价 and sends cents', async () => {
    mount();
    await screen.findByText('K2611000001');
    fireEvent.click(screen.getByRole('button', { name: /新增代销协议/ }));
    const dialog = await screen.findByRole('dialog');
    const save = () => fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    save();
    expect(await within(dialog).findByText('请选择代销商品')).toBeTruthy();
    expect(await within(dialog).findByText('请输入代销结算价')).toBeTruthy();

    // the picker asks the server with what is typed, a moment after the typing stops
    const picker = within(dialog).getByRole('combobox', { name: '代销商品' });
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '可乐' } });
    await waitFor(() => expect(callsOf(supplyAgreementOps.candidates).at(-1)?.[1]).toEqual({ keyword: '可乐' }));
    // an SKU with an agreement already is shown but may not be picked
    const agreed = await screen.findByTitle(AGREED_LABEL);
    expect(agreed.closest('.ant-select-item')!.className).toMatch(/ant-select-item-option-disabled/);
    fireEvent.click(await screen.findByTitle(FREE_LABEL));

    const price = within(dialog).getByLabelText('代销结算价（元）') as HTMLInputElement;
    await waitFor(() => expect(price.value).toBe('1.99'));
    expect(within(dialog).getByText('每卖出1件付给供应商的金额；采购价 1.99 元，售价 3.50 元')).toBeTruthy();
    fireEvent.change(price, { target: { value: '2.35' } });
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: ' 新品试销 ' } });
    save();
    await waitFor(() => expect(callsOf(supplyAgreementOps.save)).toHaveLength(1));
    expect(callsOf(supplyAgreementOps.save)[0][1]).toEqual({ supplySkuId: 78, unitPrice: 235, remark: '新品试销' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('编辑 shows the SKU and the supplier fixed, starts from the row’s price and sends its id, supply SKU and version', async () => {
    mount();
    await screen.findByText('K2611000001');
    fireEvent.click(within(rowOf('K2611000001')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑代销协议：K2611000001')).toBeTruthy();
    const facts = within(within(dialog).getByTestId('supply-agreement-facts'));
    expect(facts.getByText('K2611000001 农夫山泉 550ml')).toBeTruthy();
    expect(facts.getByText('杭州鲜丰供应链（GYS0012）')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: '代销商品' })).toBeNull();
    const price = within(dialog).getByLabelText('代销结算价（元）') as HTMLInputElement;
    expect(price.value).toBe('1.80');
    // the row names its supply SKU: no candidates asked for
    expect(callsOf(supplyAgreementOps.candidates)).toHaveLength(0);
    fireEvent.change(price, { target: { value: '2.1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsOf(supplyAgreementOps.save)).toHaveLength(1));
    expect(callsOf(supplyAgreementOps.save)[0][1]).toEqual({ id: 31, supplySkuId: 77, unitPrice: 210, remark: '季度代销', version: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refused save shows the server’s words and keeps the form open', async () => {
    refuse.save = true;
    mount();
    await screen.findByText('K2611000001');
    fireEvent.click(within(rowOf('K2611000001')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('代销结算价（元）'), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(TOO_HIGH)).toBeTruthy();
    expect(callsOf(supplyAgreementOps.save)[0][1]).toMatchObject({ id: 31, unitPrice: 900 });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('解除 is confirmed first, says what changes, and sends the row’s id and version; a refusal shows the server’s words', async () => {
    mount();
    await screen.findByText('K2611000003');
    fireEvent.click(within(rowOf('K2611000003')).getByRole('button', { name: /解\s*除/ }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('解除 K2611000003 的代销协议？');
    expect(confirm.textContent).toContain('之后的销售不再给供应商 宁波海鲜批发 分账；已分账的订单不变');
    expect(callsOf(supplyAgreementOps.remove)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: /解\s*除/ }));
    await waitFor(() => expect(callsOf(supplyAgreementOps.remove)).toHaveLength(1));
    expect(callsOf(supplyAgreementOps.remove)[0][1]).toEqual({ id: 32, version: 1 });
    expect(await screen.findByText(IN_USE)).toBeTruthy();
  });

  it('without the page’s anchor there is no 新增代销协议, 编辑 or 解除, and no link to the supplier’s account', async () => {
    sessionStore.setState({ menuTree: [] });
    mount();
    await screen.findByText('K2611000001');
    expect(screen.queryByRole('button', { name: /新增代销协议/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /解\s*除/ })).toBeNull();
    const one = within(rowOf('K2611000001'));
    expect(one.getByText('FP00000021')).toBeTruthy();
    expect(one.queryByRole('link', { name: 'FP00000021' })).toBeNull();
  });
});
