import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryList } from './query-list.tsx';
import type { ListColumn, PageResult } from './list-columns.ts';

interface Row {
  id: number;
  name: string;
}

const columns: ListColumn<Row>[] = [{ key: 'name', title: '名称', search: { type: 'text' } }];

function setup(request: (p: Record<string, unknown>) => Promise<PageResult<Row>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN}>
      <App>
        <QueryClientProvider client={client}>
          <QueryList<Row> queryKey={['test']} request={request} columns={columns} rowKey="id" title="测试列表" />
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
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
