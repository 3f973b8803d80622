import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryList } from './query-list.tsx';
import { mergeSelection, useRowSelection } from './row-selection.ts';
import type { PageResult } from '../../shared/ui/list/list-columns.ts';
import { renderWithApp } from '../../test/render.tsx';

interface Row {
  id: number;
  name: string;
  locked?: boolean;
}
const rows = (from: number, n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, name: `行${from + i}`, locked: from + i === 3 }));
const keyOf = (r: Row) => r.id;
const lockedWhy = (r: Row) => (r.locked ? '已锁定' : null);

function Harness({
  request,
  onBatch,
}: {
  request: (p: Record<string, unknown>) => Promise<PageResult<Row>>;
  onBatch: (rows: Row[]) => void;
}) {
  const { selection, selectedRows, clear } = useRowSelection<Row>(keyOf, lockedWhy);
  return (
    <QueryList<Row>
      queryKey={['selection-test']}
      request={request}
      columns={[{ key: 'name', title: '名称' }]}
      rowKey="id"
      title="测试列表"
      rowSelection={selection}
      toolbar={
        <button
          type="button"
          disabled={selectedRows.length === 0}
          onClick={() => {
            onBatch(selectedRows);
            clear();
          }}
        >
          批量处理
        </button>
      }
    />
  );
}

describe('mergeSelection', () => {
  it('keeps rows of other pages, drops unticked ones', () => {
    const known = new Map([[1, { id: 1, name: 'a' }]]);
    const next = mergeSelection(known, [1, 2], [undefined, { id: 2, name: 'b' }], (r) => r.id);
    expect([...next.keys()]).toEqual([1, 2]);
    expect(mergeSelection(next, [2], [], (r) => r.id).has(1)).toBe(false);
  });
});

describe('QueryList rowSelection', { timeout: 30_000 }, () => {
  afterEach(() => cleanup());

  it('ticks rows across pages, says how many, hands them to the batch action and clears', async () => {
    const request = vi.fn(async (p: Record<string, unknown>) => ({ list: rows(((p.pageNum as number) - 1) * 10 + 1, 10), total: 20 }));
    const onBatch = vi.fn();
    renderWithApp(<Harness request={request} onBatch={onBatch} />);
    await screen.findByText('行1');
    const boxes = () => screen.getAllByRole('checkbox') as HTMLInputElement[];
    // [0] is 全选; row 3 may not be ticked
    expect(boxes()[3].disabled).toBe(true);
    fireEvent.click(boxes()[1]);
    fireEvent.click(boxes()[2]);
    expect((await screen.findByTestId('query-list-selected')).textContent).toContain('已选择 2 项');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('行11');
    fireEvent.click(boxes()[1]);
    await waitFor(() => expect(screen.getByTestId('query-list-selected').textContent).toContain('已选择 3 项'));
    fireEvent.click(screen.getByRole('button', { name: '批量处理' }));
    expect(onBatch.mock.calls[0][0].map((r: Row) => r.name)).toEqual(['行1', '行2', '行11']);
    await waitFor(() => expect(screen.queryByTestId('query-list-selected')).toBeNull());
  });

  it('取消选择 clears the ticks', async () => {
    renderWithApp(<Harness request={async () => ({ list: rows(1, 5), total: 5 })} onBatch={() => undefined} />);
    await screen.findByText('行1');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    await screen.findByTestId('query-list-selected');
    fireEvent.click(screen.getByRole('button', { name: /取消选择/ }));
    await waitFor(() => expect(screen.queryByTestId('query-list-selected')).toBeNull());
    expect((screen.getAllByRole('checkbox')[1] as HTMLInputElement).checked).toBe(false);
  });
});
