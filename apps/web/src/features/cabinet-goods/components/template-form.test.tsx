import { cleanup, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceOps } from '@merchant/contracts/device/device';
import { renderWithApp } from '../../../test/render.tsx';
import { checkTemplate, nextFreeSlot, TemplateForm } from './template-form.tsx';

vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn((op: unknown) =>
    Promise.resolve(
      op === deviceOps.models
        ? [{ code: 'XS-S1-N', name: '单门常温柜', doorCount: 1, slotRows: 5, slotCols: 6, storageStyle: 1, storageStyleName: '常温' }]
        : [],
    ),
  ),
}));

afterEach(cleanup);

describe('template form', () => {
  it('the next free slot goes layer by layer', () => {
    expect(nextFreeSlot([], 5, 6)).toBe('1-1');
    expect(nextFreeSlot(['1-1', '1-2'], 5, 6)).toBe('1-3');
    expect(nextFreeSlot(['1-1', '1-2'], 1, 2)).toBe('');
  });

  it('checks with the server’s schema: duplicate slots and par above capacity are named', () => {
    const slot = { slotNo: '1-1', skuId: 3, capacity: 5, parLevel: 5 };
    expect(checkTemplate({ name: '常温模板', modelCode: 'XS-S1-N', slots: [slot] }).ok).toBe(true);
    expect(checkTemplate({ name: '常温模板', modelCode: 'XS-S1-N', slots: [slot, slot] })).toEqual({ ok: false, message: '货道1-1重复' });
    expect(checkTemplate({ name: '常温模板', modelCode: 'XS-S1-N', slots: [{ ...slot, parLevel: 6 }] })).toEqual({
      ok: false,
      message: '货道1-1的标准库存不能超过容量5',
    });
    expect(checkTemplate({ name: '常温模板', modelCode: 'XS-S1-N', slots: [] })).toEqual({ ok: false, message: '请至少配置1个货道' });
  });

  it('shows an edited template’s slots and the model lock', async () => {
    const form = (
      <TemplateForm
        locked="模板已应用到设备，不能更换柜型"
        onSaved={() => undefined}
        initial={{
          id: 1,
          templateCode: 'MB2611230001',
          name: '写字楼常温模板',
          modelCode: 'XS-S1-N',
          modelName: '单门常温柜',
          zone: 1,
          zoneName: '常温',
          status: 1,
          statusName: '启用',
          slotCount: 1,
          skuCount: 1,
          deviceCount: 2,
          lastAppliedAt: 1,
          remark: '',
          creatorName: 'admin',
          version: 3,
          createdAt: 0,
          updatedAt: 0,
          slotRows: 5,
          slotCols: 6,
          slots: [
            {
              slotNo: '2-3',
              skuId: 7,
              skuCode: 'S1',
              skuName: '乐事薯片 原味 70g',
              goodsId: 1,
              goodsName: '乐事薯片',
              storageStyle: 1,
              storageStyleName: '常温',
              basePrice: 650,
              capacity: 12,
              parLevel: 8,
            },
          ],
        }}
      />
    );
    renderWithApp(<RouterProvider router={createMemoryRouter([{ path: '/', element: form }])} />);
    expect(await screen.findByDisplayValue('2-3')).toBeTruthy();
    expect(screen.getByText('模板已应用到设备，不能更换柜型')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/单门常温柜：5层×6列/)).toBeTruthy());
  });
});
