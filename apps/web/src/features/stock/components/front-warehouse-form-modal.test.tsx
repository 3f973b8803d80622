import { frontWarehouseOps, type FrontWarehouseRow } from '@merchant/contracts/stock/front-warehouse';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { sessionStore } from '../../../platform/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FrontWarehouseFormModal, frontWarehouseInput } from './front-warehouse-form-modal.tsx';

const REGIONS = [
  {
    value: '上海市',
    label: '上海市',
    children: [{ value: '上海市', label: '上海市', children: [{ value: '静安区', label: '静安区' }] }],
  },
];

vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn((op: { name: string }) => Promise.resolve(op.name.endsWith('.regions') ? REGIONS : {})),
}));

const row: FrontWarehouseRow = {
  id: 7,
  warehouseCode: 'QZ12345678',
  name: '静安寺前置仓',
  ownerName: '王建国',
  ownerPhone: '138****0381',
  contactTel: '',
  province: '上海市',
  city: '上海市',
  district: '静安区',
  address: '愚园路172号环球世界大厦B1层',
  fullAddress: '上海市静安区愚园路172号环球世界大厦B1层',
  area: 320,
  status: 1,
  statusName: '启用',
  remark: '',
  locationId: 3,
  version: 4,
  createdAt: 0,
  updatedAt: 0,
};

function setup(editing: FrontWarehouseRow | null) {
  const log: string[] = [];
  renderRoutes([
    {
      path: '/',
      element: <FrontWarehouseFormModal editing={editing} onSaved={() => log.push('saved')} onClose={() => log.push('closed')} />,
    },
  ]);
  return log;
}
const writes = () => vi.mocked(call).mock.calls.filter(([op]) => (op as { name: string }).name !== frontWarehouseOps.regions.name);

describe('FrontWarehouseFormModal (新增 / 编辑前置仓)', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.setState({ token: 't' }));
  afterEach(() => {
    cleanup();
    vi.mocked(call).mockClear();
    sessionStore.setState({ token: null });
  });

  it('refuses an empty form with the contract’s messages and sends nothing', async () => {
    setup(null);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ })));
    expect(await screen.findByText('请输入前置仓名称')).toBeTruthy();
    expect(screen.getByText('请输入仓主姓名')).toBeTruthy();
    expect(screen.getByText('请输入仓主手机号')).toBeTruthy();
    expect(screen.getByText('请选择所在地区（省 / 市 / 区县）')).toBeTruthy();
    expect(screen.getByText('请输入详细地址')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('checks the owner phone and the contact telephone', async () => {
    setup(null);
    fireEvent.change(screen.getByLabelText('仓主手机号'), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: 'abc' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ })));
    expect(await screen.findByText('仓主手机号格式不正确（11位手机号）')).toBeTruthy();
    expect(screen.getByText('联系电话格式不正确（手机号、座机或400电话）')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('edits with the version, the region split into 省 / 市 / 区县 and the masked phone kept as it came', async () => {
    const log = setup(row);
    expect((screen.getByLabelText('前置仓名称') as HTMLInputElement).value).toBe('静安寺前置仓');
    fireEvent.change(screen.getByLabelText('仓主姓名'), { target: { value: '李秀英' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ })));
    await waitFor(() => expect(log).toEqual(['saved']));
    expect(writes()).toEqual([
      [
        frontWarehouseOps.edit,
        {
          id: 7,
          version: 4,
          name: '静安寺前置仓',
          ownerName: '李秀英',
          ownerPhone: '138****0381',
          contactTel: '',
          province: '上海市',
          city: '上海市',
          district: '静安区',
          address: '愚园路172号环球世界大厦B1层',
          area: 320,
          remark: '',
        },
      ],
    ]);
  });

  it('sends an empty area as absent (the server stores 0)', () => {
    expect(
      frontWarehouseInput({ name: 'A', ownerName: 'B', ownerPhone: '13800000000', region: ['浙江省', '杭州市'], address: 'x', area: null }),
    ).toMatchObject({ province: '浙江省', city: '杭州市', district: '', area: '', contactTel: '', remark: '' });
  });
});
