import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryList } from './query-list.tsx';
import type { KeysetResult, ListColumn } from '../../shared/ui/list/list-columns.ts';
import { renderWithApp } from '../../test/render.tsx';

interface Row {
  id: number;
  name: string;
}

const columns: ListColumn<Row>[] = [
  { key: 'name', title: '名称', search: { type: 'text' } },
  { key: 'createdAt', title: '创建时间', sortable: true },
];
const ROWS = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `行${i + 1}` }));

/** A server over 25 rows: cursor n<i> reads from row i on, p<i> the page before row i; the total with the first page only. */
function fakeServer(rows: Row[] = ROWS) {
  return vi.fn(async (p: Record<string, unknown>): Promise<KeysetResult<Row>> => {
    const size = p.pageSize as number;
    const cursor = p.cursor as string | undefined;
    const at = cursor ? Number(cursor.slice(1)) : 0;
    const start = cursor?.startsWith('p') ? Math.max(0, at - size) : at;
    return {
      list: rows.slice(start, start + size),
      nextCursor: start + size < rows.length ? `n${start + size}` : null,
      prevCursor: start > 0 ? `p${start}` : null,
      ...(cursor ? {} : { total: rows.length }),
    };
  });
}

function setup(request: ReturnType<typeof fakeServer>) {
  return renderWithApp(
    <QueryList<Row>
      queryKey={['keyset-test']}
      paging="keyset"
      request={request}
      columns={columns}
      rowKey="id"
      title="测试列表"
      exportable={{ operation: { name: 'test.list', label: '测试列表', merchantScope: 'merchant' } }}
    />,
  );
}

const button = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const next = () => fireEvent.click(button(/下一页/));
const prev = () => fireEvent.click(button(/上一页/));

describe('QueryList paging="keyset"', { timeout: 90_000 }, () => {
  afterEach(() => cleanup());

  it('opens the first page with its total; 下一页 and 上一页 follow the cursors the server handed out', async () => {
    const request = fakeServer();
    setup(request);
    await screen.findByText('行1');
    expect(request).toHaveBeenCalledWith({ pageSize: 10 });
    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(screen.getByText('第 1 页')).toBeTruthy();
    expect(button(/上一页/).disabled).toBe(true);
    // No page numbers to jump to: the server never skips rows.
    expect(document.querySelector('.ant-pagination')).toBeNull();

    next();
    await screen.findByText('行11');
    expect(request).toHaveBeenLastCalledWith({ pageSize: 10, cursor: 'n10' });
    expect(screen.getByText('第 2 页')).toBeTruthy();
    // The count of the first page stays while the same search is paged.
    expect(screen.getByText('共 25 条')).toBeTruthy();

    await waitFor(() => expect(button(/下一页/).disabled).toBe(false));
    next();
    await screen.findByText('行21');
    expect(screen.getByText('第 3 页')).toBeTruthy();
    await waitFor(() => expect(button(/下一页/).disabled).toBe(true));

    prev();
    await screen.findByText('行11');
    expect(request).toHaveBeenLastCalledWith({ pageSize: 10, cursor: 'p20' });
    expect(screen.getByText('第 2 页')).toBeTruthy();

    // Back to page 1 is the first page itself (no cursor).
    await waitFor(() => expect(button(/上一页/).disabled).toBe(false));
    prev();
    await screen.findByText('行1');
    expect(screen.getByText('第 1 页')).toBeTruthy();
    expect(request.mock.calls.filter(([p]) => p.cursor === undefined).length).toBeGreaterThan(0);
  });

  it('a new search, sort or page size starts again at the first page', async () => {
    const request = fakeServer();
    setup(request);
    await screen.findByText('行1');
    next();
    await screen.findByText('行11');

    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: ' 行 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({ name: '行', pageSize: 10 }));
    expect(await screen.findByText('第 1 页')).toBeTruthy();

    await screen.findByText('行1');
    next();
    await screen.findByText('行11');
    fireEvent.click(document.querySelector('th.ant-table-column-has-sorters')!);
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith({ name: '行', pageSize: 10, sortField: 'createdAt', sortOrder: 'descend' }),
    );
    expect(await screen.findByText('第 1 页')).toBeTruthy();

    await screen.findByText('行1');
    next();
    await screen.findByText('行11');
    await act(async () => {
      fireEvent.mouseDown(screen.getByLabelText('每页条数'));
    });
    fireEvent.click(await screen.findByTitle('20 条/页'));
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith({ name: '行', pageSize: 20, sortField: 'createdAt', sortOrder: 'descend' }),
    );
    expect(await screen.findByText('第 1 页')).toBeTruthy();
    expect(await screen.findByText('行20')).toBeTruthy();
  });

  it('shows the empty state without a pager, and 导出 disabled', async () => {
    setup(fakeServer([]));
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('keyset-pager')).toBeNull();
    expect(button(/导\s*出/).disabled).toBe(true);
  });

  it('keeps 导出 on a page that has no total (a later page)', async () => {
    setup(fakeServer());
    await screen.findByText('行1');
    next();
    await screen.findByText('行11');
    expect(button(/导\s*出/).disabled).toBe(false);
  });

  it('a page left empty (rows removed since) goes back to the first page', async () => {
    let gone = false;
    const server = fakeServer();
    const request = vi.fn(async (p: Record<string, unknown>) =>
      gone && p.cursor ? { list: [], nextCursor: null, prevCursor: null } : server(p),
    );
    setup(request);
    await screen.findByText('行1');
    gone = true;
    next();
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({ pageSize: 10 }));
    expect(await screen.findByText('第 1 页')).toBeTruthy();
  });
});
