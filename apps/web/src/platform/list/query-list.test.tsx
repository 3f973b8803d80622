import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoginOrgRole } from '@merchant/contracts/permission/session';
import { sessionStore } from '../session-store.ts';
import { QueryList } from './query-list.tsx';
import type { ListColumn, PageResult } from '../../shared/ui/list/list-columns.ts';
import { renderWithApp } from '../../test/render.tsx';

interface Row {
  id: number;
  name: string;
}

const columns: ListColumn<Row>[] = [{ key: 'name', title: '名称', search: { type: 'text' } }];

function setup(request: (p: Record<string, unknown>) => Promise<PageResult<Row>>, cols: ListColumn<Row>[] = columns) {
  return renderWithApp(<QueryList<Row> queryKey={['test']} request={request} columns={cols} rowKey="id" title="测试列表" />);
}

const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `行${from + i}` }));

describe('QueryList', { timeout: 20_000 }, () => {
  afterEach(() => cleanup());

  it('loads the first page and shows the total', async () => {
    const request = vi.fn(async () => ({ list: rows(1, 10), total: 25 }));
    setup(request);
    await screen.findByText('行1');
    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(request).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
  });

  it('searches with the trimmed value from page 1, and resets', async () => {
    const request = vi.fn(async (p: Record<string, unknown>) => ({ list: rows(p.name ? 100 : 1, 3), total: 3 }));
    setup(request);
    await screen.findByText('行1');
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '  华东 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await screen.findByText('行100');
    expect(request).toHaveBeenLastCalledWith({ name: '华东', pageNum: 1, pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await screen.findByText('行1');
    expect((screen.getByPlaceholderText('请输入名称') as HTMLInputElement).value).toBe('');
  });

  it('查询 with unchanged conditions asks the server again', async () => {
    const request = vi.fn(async () => ({ list: rows(1, 1), total: 1 }));
    setup(request);
    await screen.findByText('行1');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
  });

  it('asks the server for the next page', async () => {
    const request = vi.fn(async (p: Record<string, unknown>) => ({ list: rows(((p.pageNum as number) - 1) * 10 + 1, 10), total: 25 }));
    setup(request);
    await screen.findByText('行1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('行11');
    expect(request).toHaveBeenLastCalledWith({ pageNum: 2, pageSize: 10 });
  });

  it('goes back to the first page when the page switches the list behind it (another query key)', async () => {
    const request = vi.fn(async (p: Record<string, unknown>) => ({ list: rows(((p.pageNum as number) - 1) * 10 + 1, 10), total: 25 }));
    function Switching() {
      const [goods, setGoods] = useState(1);
      return (
        <>
          <button onClick={() => setGoods(2)}>换一个商品</button>
          <QueryList<Row>
            queryKey={['test-switch', goods]}
            request={(p) => request({ ...p, goods })}
            columns={columns}
            rowKey="id"
            title="测试列表"
          />
        </>
      );
    }
    renderWithApp(<Switching />);
    await screen.findByText('行1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('行11');
    expect(request).toHaveBeenLastCalledWith({ pageNum: 2, pageSize: 10, goods: 1 });
    fireEvent.click(screen.getByRole('button', { name: '换一个商品' }));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, goods: 2 }));
    expect(request).not.toHaveBeenCalledWith({ pageNum: 2, pageSize: 10, goods: 2 });
  });

  it('shows the empty state', async () => {
    setup(async () => ({ list: [], total: 0 }));
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });

  it('shows a failure with a retry', async () => {
    let fail = true;
    const request = vi.fn(async () => {
      if (fail) throw new Error('boom');
      return { list: rows(1, 1), total: 1 };
    });
    setup(request);
    await screen.findByText('数据加载失败');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(screen.getByText('行1')).toBeTruthy());
  });
});

describe('QueryList columns (1366×768: every column reachable)', { timeout: 60_000 }, () => {
  const wide: ListColumn<Row>[] = [
    { key: 'code', title: '编号', width: 140 },
    { key: 'name', title: '名称', width: 200 },
    { key: 'address', title: '地址', width: 300 },
    { key: 'phone', title: '电话', width: 130 },
    { key: 'createdAt', title: '创建时间', width: 170 },
    { key: 'actions', title: '操作', width: 160, render: () => '详情' },
  ];
  const account = (userId: number) => sessionStore.setState({ loginRole: { merchantId: 7, userId } as LoginOrgRole });
  const headers = (container: HTMLElement) =>
    [...container.querySelectorAll('thead > tr:first-child > th')].map((th) => th.textContent?.trim()).filter(Boolean);
  afterEach(() => {
    cleanup();
    sessionStore.setState({ loginRole: null });
  });

  it('scrolls sideways by the sum of the column widths, key column fixed left and actions fixed right', async () => {
    const { container } = setup(async () => ({ list: rows(1, 2), total: 2 }), wide);
    await screen.findByText('行1');
    const table = container.querySelector('.ant-table-body table, .ant-table-content table') as HTMLTableElement;
    expect(table.style.width).toBe(`${140 + 200 + 300 + 130 + 170 + 160}px`);
    const th = (name: string) => [...container.querySelectorAll('thead th')].find((x) => x.textContent === name)!;
    expect(th('编号').className).toContain('ant-table-cell-fix-start');
    expect(th('操作').className).toContain('ant-table-cell-fix-end');
    expect(th('地址').className).not.toContain('ant-table-cell-fix');
  });

  it('列设置 hides and moves columns, kept per account in localStorage; 重置 restores', async () => {
    account(11);
    const { container } = setup(async () => ({ list: rows(1, 2), total: 2 }), wide);
    await screen.findByText('行1');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const panel = await screen.findByTestId('column-settings');
    // The key column and the actions cannot be hidden.
    expect((within(panel).getByRole('checkbox', { name: '编号' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(panel).getByRole('checkbox', { name: '操作' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(panel).getByRole('checkbox', { name: '地址' }));
    fireEvent.click(within(panel).getByRole('button', { name: '上移创建时间' }));
    await waitFor(() => expect(headers(container)).toEqual(['编号', '名称', '创建时间', '电话', '操作']));
    expect(JSON.parse(localStorage.getItem('listColumns:7:11:test')!)).toEqual({
      order: ['name', 'address', 'createdAt', 'phone'],
      hidden: ['address'],
    });
    // The scroll width follows the shown columns.
    const table = container.querySelector('.ant-table-body table, .ant-table-content table') as HTMLTableElement;
    expect(table.style.width).toBe(`${140 + 200 + 170 + 130 + 160}px`);
    cleanup();

    // The same account sees its choice again; another account has the definition's columns.
    const again = setup(async () => ({ list: rows(1, 2), total: 2 }), wide);
    await screen.findByText('行1');
    expect(headers(again.container)).toEqual(['编号', '名称', '创建时间', '电话', '操作']);
    cleanup();
    account(12);
    const other = setup(async () => ({ list: rows(1, 2), total: 2 }), wide);
    await screen.findByText('行1');
    expect(headers(other.container)).toEqual(['编号', '名称', '地址', '电话', '创建时间', '操作']);
    cleanup();

    account(11);
    const back = setup(async () => ({ list: rows(1, 2), total: 2 }), wide);
    await screen.findByText('行1');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(within(await screen.findByTestId('column-settings')).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(headers(back.container)).toEqual(['编号', '名称', '地址', '电话', '创建时间', '操作']));
    expect(localStorage.getItem('listColumns:7:11:test')).toBeNull();
  });
});
