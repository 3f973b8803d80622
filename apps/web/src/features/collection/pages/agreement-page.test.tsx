import { ApiError, type OperationContract } from '@merchant/contracts';
import { collectionOps } from '@merchant/contracts/finance/collection';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { node } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { agreementRow } from '../components/collection-fixtures.ts';
import AgreementPage from './agreement-page.tsx';

// jsdom renders antd slowly on a loaded machine: wait for the page and the forms' checks a while.
configure({ asyncUtilTimeout: 10_000 });

const rows = [
  agreementRow(),
  agreementRow({
    id: 8,
    deviceCode: 'D2611000002',
    ownerName: '孙美玲',
    ownerPartyCode: 'FP00000003',
    ownerBp: 2500,
    remark: '',
    version: 1,
  }),
];
const lists = vi.hoisted(() => ({ calls: [] as Array<{ op: string; params: Record<string, unknown> }>, rows: [] as unknown[] }));
vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(),
  listLoader: (op: OperationContract) => (params: Record<string, unknown>) => {
    lists.calls.push({ op: op.name, params });
    return Promise.resolve({ list: lists.rows, total: lists.rows.length, pageNum: 1, pageSize: 10 });
  },
}));

const OWNERS = [
  { partyCode: 'FP00000002', name: '赵立新', phone: '138****0002' },
  { partyCode: 'FP00000003', name: '孙美玲', phone: '138****0003' },
];
const NEW_OWNER = { partyCode: 'FP00000009', name: '周国强', phone: '139****5678' };
const IN_USE = '该设备的分账协议已被他人修改，请刷新后重试';

beforeEach(() => {
  lists.rows = rows;
  vi.mocked(call).mockImplementation((op, input) => {
    if (op === collectionOps.owners) return Promise.resolve(OWNERS) as never;
    if (op === collectionOps.createOwner) return Promise.resolve(NEW_OWNER) as never;
    if (op === collectionOps.saveAgreement) return Promise.resolve(agreementRow(input as never)) as never;
    if (op === collectionOps.removeAgreement) return Promise.reject(new ApiError('A0409', IN_USE, 200)) as never;
    return Promise.reject(new Error(`unexpected ${(op as OperationContract).name}`)) as never;
  });
  sessionStore.setState({
    menuTree: ['collection-setting-agreement', 'capital-list', 'device-list'].map((a, i) =>
      node({ id: 10600 + i, name: a, anchor: a, anchorList: [a] }),
    ),
  });
});
afterEach(() => {
  cleanup();
  lists.calls.length = 0;
  vi.mocked(call).mockReset();
  sessionStore.setState({ menuTree: [] });
  sessionStorage.clear();
});

const PATH = '/website/finance/collection-setting-agreement';
const mount = () => renderRoutes([{ path: PATH, element: <AgreementPage /> }], PATH);
const callsOf = (op: unknown) => vi.mocked(call).mock.calls.filter(([o]) => o === op);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

async function pickOwner(dialog: HTMLElement, title: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '柜主' }));
  fireEvent.click(await screen.findByTitle(title));
}

describe('分账协议 (collection-setting-agreement)', { timeout: 60_000 }, () => {
  it('lists the agreements: the owner with masked phone and account, the rates in % and what the merchant keeps; searches and exports', async () => {
    mount();
    await screen.findByText('D2611000001');
    const one = within(rowOf('D2611000001'));
    expect(one.getByRole('link', { name: 'D2611000001' }).getAttribute('href')).toBe(
      '/website/device-management/device-detail/D2611000001',
    );
    expect(one.getByText('赵立新')).toBeTruthy();
    expect(one.getByText('138****0002')).toBeTruthy();
    expect(one.getByRole('link', { name: 'FP00000002' }).getAttribute('href')).toBe('/website/finance/capital-detail/FP00000002');
    expect(one.getByText('30.00%')).toBeTruthy(); // 柜主分成
    expect(one.getByText('5.00%')).toBeTruthy(); // 点位佣金
    expect(one.getByText('0.60%')).toBeTruthy(); // 平台手续费
    expect(one.getByText('64.40%').closest('td')!.style.textAlign).toBe('right'); // 商户所得
    expect(one.getByText('首年优惠')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: '设备编号' }), { target: { value: 'd2611000002' } });
    fireEvent.change(screen.getByRole('textbox', { name: '柜主账户' }), { target: { value: 'fp00000003' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lists.calls.at(-1)?.params).toEqual({ deviceCode: 'D2611000002', ownerPartyCode: 'FP00000003', pageNum: 1, pageSize: 10 }),
    );
    expect(lists.calls.every((c) => c.op === collectionOps.agreements.name)).toBe(true);
  });

  it('新增协议 refuses an empty form, a share of 0 and one above 100% with the contract’s messages, then sends basis points', async () => {
    mount();
    await screen.findByText('D2611000001');
    fireEvent.click(screen.getByRole('button', { name: /新增协议/ }));
    const dialog = await screen.findByRole('dialog');
    const save = () => fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    save();
    expect(await within(dialog).findByText('请输入设备编号')).toBeTruthy();
    expect(await within(dialog).findByText('请选择柜主')).toBeTruthy();
    expect(await within(dialog).findByText('请输入柜主分成比例')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('设备编号'), { target: { value: 'd2611000009' } });
    await pickOwner(dialog, '孙美玲 138****0003（FP00000003）');
    const share = within(dialog).getByLabelText('柜主分成比例（%）');
    fireEvent.change(share, { target: { value: '0' } });
    save();
    expect(await within(dialog).findByText('柜主分成比例必须大于0')).toBeTruthy();
    fireEvent.change(share, { target: { value: '100.5' } });
    save();
    expect(await within(dialog).findByText('柜主分成比例不能超过100%')).toBeTruthy();
    expect(callsOf(collectionOps.saveAgreement)).toHaveLength(0);

    fireEvent.change(share, { target: { value: '25.5' } });
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: ' 试运行 ' } });
    save();
    await waitFor(() => expect(callsOf(collectionOps.saveAgreement)).toHaveLength(1));
    expect(callsOf(collectionOps.saveAgreement)[0][1]).toEqual({
      deviceCode: 'D2611000009',
      ownerPartyCode: 'FP00000003',
      ownerBp: 2550,
      remark: '试运行',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('编辑 keeps the device fixed, starts from the row’s share in % and sends its id and version', async () => {
    mount();
    await screen.findByText('D2611000001');
    fireEvent.click(within(rowOf('D2611000001')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const device = within(dialog).getByLabelText('设备编号') as HTMLInputElement;
    expect(device.value).toBe('D2611000001');
    expect(device.disabled).toBe(true);
    const share = within(dialog).getByLabelText('柜主分成比例（%）') as HTMLInputElement;
    expect(share.value).toBe('30');
    expect(within(dialog).getByTestId('agreement-notice').textContent).toContain('点位佣金 5.00%、平台手续费 0.60%');
    fireEvent.change(share, { target: { value: '35' } });
    expect(await within(dialog).findByText('商户所得 59.40%')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsOf(collectionOps.saveAgreement)).toHaveLength(1));
    expect(callsOf(collectionOps.saveAgreement)[0][1]).toEqual({
      id: 7,
      deviceCode: 'D2611000001',
      ownerPartyCode: 'FP00000002',
      ownerBp: 3500,
      remark: '首年优惠',
      version: 2,
    });
  });

  it('新增柜主 opens the owner’s account and selects it in the agreement form', async () => {
    mount();
    await screen.findByText('D2611000001');
    fireEvent.click(screen.getByRole('button', { name: /新增协议/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /新增柜主/ }));
    const ownerDialog = (await screen.findByRole('button', { name: /保存柜主/ })).closest<HTMLElement>('.ant-modal')!;
    const saveOwner = () => fireEvent.click(within(ownerDialog).getByRole('button', { name: /保存柜主/ }));
    saveOwner();
    expect(await within(ownerDialog).findByText('请输入柜主姓名')).toBeTruthy();
    expect(await within(ownerDialog).findByText('手机号格式不正确')).toBeTruthy();
    fireEvent.change(within(ownerDialog).getByLabelText('姓名'), { target: { value: '周国强' } });
    fireEvent.change(within(ownerDialog).getByLabelText('手机号'), { target: { value: '1391234567' } });
    saveOwner();
    expect(await within(ownerDialog).findByText('手机号格式不正确')).toBeTruthy();
    expect(callsOf(collectionOps.createOwner)).toHaveLength(0);
    fireEvent.change(within(ownerDialog).getByLabelText('手机号'), { target: { value: '13912345678' } });
    saveOwner();
    await waitFor(() => expect(callsOf(collectionOps.createOwner)).toHaveLength(1));
    expect(callsOf(collectionOps.createOwner)[0][1]).toEqual({ name: '周国强', phone: '13912345678' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /保存柜主/ })).toBeNull());
    // selected in the agreement form
    expect(await within(dialog).findByTitle('周国强 139****5678（FP00000009）')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('设备编号'), { target: { value: 'D2611000010' } });
    fireEvent.change(within(dialog).getByLabelText('柜主分成比例（%）'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsOf(collectionOps.saveAgreement)).toHaveLength(1));
    expect(callsOf(collectionOps.saveAgreement)[0][1]).toEqual({
      deviceCode: 'D2611000010',
      ownerPartyCode: 'FP00000009',
      ownerBp: 2000,
      remark: '',
    });
  });

  it('解除 is confirmed first and sends the row’s id and version; a refusal shows the server’s words', async () => {
    mount();
    await screen.findByText('D2611000002');
    fireEvent.click(within(rowOf('D2611000002')).getByRole('button', { name: /解\s*除/ }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('解除 D2611000002 的分账协议？');
    expect(callsOf(collectionOps.removeAgreement)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: /解\s*除/ }));
    await waitFor(() => expect(callsOf(collectionOps.removeAgreement)).toHaveLength(1));
    expect(callsOf(collectionOps.removeAgreement)[0][1]).toEqual({ id: 8, version: 1 });
    expect(await screen.findByText(IN_USE)).toBeTruthy();
  });

  it('without the page’s anchor there is no 新增协议, 编辑 or 解除', async () => {
    sessionStore.setState({ menuTree: [] });
    mount();
    await screen.findByText('D2611000001');
    expect(screen.queryByRole('button', { name: /新增协议/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(rowOf('D2611000001')).queryByRole('link', { name: 'FP00000002' })).toBeNull();
  });
});
