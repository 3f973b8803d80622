import { APPROVAL_STATUS, type ApprovalRecord } from '@merchant/contracts/goods/approval';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import RecordListPage from './record-list-page.tsx';

const rec = (id: number, status: number, statusName: string): ApprovalRecord => ({
  id,
  approvalCode: `XP26112100${id}`,
  kind: 1,
  kindName: '新品申请',
  title: `商品${id}`,
  status,
  statusName,
  action: 'submit',
  actionLabel: '提交',
  changes: [],
  remark: '',
  operatorName: 'admin',
  createdAt: 1_763_700_000_000,
});
const rows = [...Object.entries(APPROVAL_STATUS).map(([s, label], i) => rec(i + 1, Number(s), label)), rec(9, 1, '已删除')];

vi.mock('../../../platform/call.ts', () => ({
  call: vi.fn(() => Promise.resolve([])),
  listLoader: () => () => Promise.resolve({ list: rows, total: rows.length, pageSize: 10, nextCursor: null, prevCursor: null }),
}));
afterEach(cleanup);

describe('审核记录 (record-list)', { timeout: 30_000 }, () => {
  it('shows the application status as a tag, a colour per status of the contract, 已删除 in grey', async () => {
    renderWithApp(
      <MemoryRouter>
        <RecordListPage />
      </MemoryRouter>,
    );
    await screen.findByText('商品1');
    const colours = new Set<string>();
    for (const r of rows) {
      const row = screen.getByText(r.title).closest('tr')!;
      const tag = within(row)
        .getAllByText(r.statusName)
        .map((e) => e.closest('.ant-tag'))
        .find(Boolean)!;
      expect(tag, r.statusName).toBeTruthy();
      if (r.statusName === '已删除') expect(tag.className).not.toMatch(/ant-tag-(success|error|processing|warning)/);
      else colours.add(tag.className);
    }
    // every status its own colour
    expect(colours.size).toBe(Object.keys(APPROVAL_STATUS).length);
  });
});
