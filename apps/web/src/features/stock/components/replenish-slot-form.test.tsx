import { replenishSlotOps, type ReplenishSlotRow } from '@merchant/contracts/stock/replenish-slot';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../platform/call.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ReplenishSlotForm } from './replenish-slot-form.tsx';

vi.mock('../../../platform/call.ts', () => ({ call: vi.fn(() => Promise.resolve({})) }));

const slot: ReplenishSlotRow = {
  deviceCode: 'D2611000002',
  slotNo: 'A1',
  skuId: 9,
  skuCode: 'SKU0009',
  skuName: '农夫山泉 550ml',
  capacity: 12,
  parLevel: 4,
  minLevel: 4,
  maxLevel: 12,
  configured: false,
  onHand: 3,
  available: 3,
  belowMin: true,
  version: 0,
};

function setup() {
  const log: string[] = [];
  renderRoutes([
    { path: '/', element: <ReplenishSlotForm slot={slot} onSaved={() => log.push('saved')} onClose={() => log.push('closed')} /> },
  ]);
  return log;
}
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ })));

describe('ReplenishSlotForm (设置货道补货线)', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.mocked(call).mockClear();
  });

  it('refuses 补满量 above the capacity and 补货线 above 补满量, sending nothing', async () => {
    setup();
    fireEvent.change(screen.getByLabelText('补满量'), { target: { value: '13' } });
    await save();
    expect(await screen.findByText('补满量不能大于货道容量12')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('补满量'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('补货线'), { target: { value: '8' } });
    await save();
    expect(await screen.findByText('补货线不能大于补满量')).toBeTruthy();
    expect(vi.mocked(call)).not.toHaveBeenCalled();
  });

  it('saves the numbers with the slot and its version (0: not configured yet)', async () => {
    const log = setup();
    fireEvent.change(screen.getByLabelText('补货线'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('补满量'), { target: { value: '10' } });
    await save();
    await waitFor(() => expect(log).toEqual(['saved']));
    expect(vi.mocked(call).mock.calls).toEqual([
      [replenishSlotOps.edit, { deviceCode: 'D2611000002', slotNo: 'A1', minLevel: 3, maxLevel: 10, version: 0 }],
    ]);
  });
});
