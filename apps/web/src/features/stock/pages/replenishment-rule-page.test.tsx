import { replenishRuleActions, type ReplenishRuleRow } from '@merchant/contracts/stock/replenish-rule';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import ReplenishmentRulePage from './replenishment-rule-page.tsx';

const rule = (id: number, name: string, status: number): ReplenishRuleRow => ({
  id,
  name,
  triggerMode: 'min',
  triggerPercent: 0,
  triggerText: '可用≤补货线',
  fillTo: 'max',
  fillToName: '补满量',
  minLot: 1,
  sourceKind: 'hub',
  frontWarehouseId: 0,
  sourceName: '库存中心',
  deviceCodes: [],
  status,
  statusName: status === 1 ? '启用' : '停用',
  remark: '',
  version: 1,
  createdAt: 1_763_700_000_000,
  updatedAt: 1_763_700_000_000,
  actions: replenishRuleActions(status),
});
const rows = [rule(1, '启用的规则', 1), rule(2, '停用的规则', 0)];

vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(() => Promise.resolve([])),
  listLoader: () => () => Promise.resolve({ list: rows, total: rows.length, pageNum: 1, pageSize: 20 }),
}));
afterEach(cleanup);

describe('补货规则 (replenishment-rule)', { timeout: 30_000 }, () => {
  it('offers what each row’s actions allow: 生成补货单 and 停用 while 启用, 启用 while 停用; 编辑 and 历史 always', async () => {
    renderWithApp(
      <MemoryRouter>
        <ReplenishmentRulePage />
      </MemoryRouter>,
    );
    await screen.findByText('启用的规则');
    const buttons = (name: string) =>
      within(screen.getByText(name).closest('tr')!)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(buttons('启用的规则')).toEqual(['生成补货单', '编辑', '停用', '历史']);
    expect(buttons('停用的规则')).toEqual(['编辑', '启用', '历史']);
    expect(screen.getByTestId('replenish-rule-table')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(within(screen.getByText('停用的规则').closest('tr')!).getByText('全部设备')).toBeTruthy();
  });
});
