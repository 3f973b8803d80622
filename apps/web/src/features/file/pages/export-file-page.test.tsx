import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { exportTaskOps, type ExportTask } from '@merchant/contracts/file/export-task';
import { renderWithApp } from '../../../test/render.tsx';

const list = vi.fn();
const remove = vi.fn();
const retry = vi.fn();
const download = vi.fn();
const saveFile = vi.fn();
vi.mock('../../../platform/call.ts', () => ({
  call: (op: { name: string }, input: { id: number }) =>
    op.name === exportTaskOps.list.name ? list(input) : op.name === exportTaskOps.delete.name ? remove(input.id) : retry(input.id),
}));
vi.mock('../../../platform/http-client.ts', () => ({
  http: { download: (req: { body: { id: number } }, fileName: string) => download({ ...req.body, fileName }) },
}));
vi.mock('../../../platform/save-file.ts', () => ({ saveFile: (f: unknown) => saveFile(f) }));

const { default: ExportFilePage } = await import('./export-file-page.tsx');

const task = (over: Partial<ExportTask>): ExportTask => ({
  id: 1,
  fileName: '账号列表_20260101120000.xlsx',
  sourcePage: '账号列表',
  filterSummary: '状态：启用',
  status: 'done',
  progress: 100,
  rowCount: 31,
  totalRows: 31,
  fileSize: 5427,
  errorMessage: null,
  createdAt: Date.UTC(2026, 0, 1, 4),
  finishedAt: Date.UTC(2026, 0, 1, 4, 0, 3),
  expiresAt: Date.UTC(2026, 0, 8, 4),
  ...over,
});

function setup() {
  return renderWithApp(<ExportFilePage />);
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('导出文件', { timeout: 30_000 }, () => {
  beforeEach(() => {
    for (const f of [list, remove, retry, download, saveFile]) f.mockReset();
  });
  afterEach(() => cleanup());

  it('shows the empty state', async () => {
    list.mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 20 });
    setup();
    expect(await screen.findByText(/暂无导出文件/)).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ pageNum: 1, pageSize: 20, status: undefined });
  });

  it('rows: size, status tag, error of a failed row; actions by status', async () => {
    list.mockResolvedValue({
      list: [
        task({ id: 1 }),
        task({
          id: 2,
          fileName: 'b.xlsx',
          status: 'failed',
          errorMessage: '账号已无该列表的权限，导出已取消',
          fileSize: null,
          finishedAt: null,
          expiresAt: null,
        }),
        task({ id: 3, fileName: 'c.xlsx', status: 'expired', fileSize: null }),
      ],
      total: 3,
      pageNum: 1,
      pageSize: 20,
    });
    setup();
    await screen.findByText('账号列表_20260101120000.xlsx');
    const done = rowOf('账号列表_20260101120000.xlsx');
    expect(within(done).getByText('5.3 KB')).toBeTruthy();
    expect(within(done).getByText('已完成')).toBeTruthy();
    expect(within(done).getByRole('button', { name: /下\s*载/ })).toBeTruthy();
    expect(within(done).queryByRole('button', { name: /重\s*试/ })).toBeNull();
    const failed = rowOf('b.xlsx');
    expect(within(failed).getByText('失败')).toBeTruthy();
    expect(within(failed).getAllByText('账号已无该列表的权限，导出已取消').length).toBeGreaterThan(0);
    expect(within(failed).queryByRole('button', { name: /下\s*载/ })).toBeNull();
    expect(within(failed).getByRole('button', { name: /重\s*试/ })).toBeTruthy();
    expect(within(rowOf('c.xlsx')).getByRole('button', { name: /重\s*试/ })).toBeTruthy();
  });

  it('downloads a finished file', async () => {
    list.mockResolvedValue({ list: [task({ id: 7 })], total: 1, pageNum: 1, pageSize: 20 });
    const file = { blob: new Blob(['PK']), fileName: '账号列表_20260101120000.xlsx' };
    download.mockResolvedValue(file);
    setup();
    await screen.findByText('账号列表_20260101120000.xlsx');
    fireEvent.click(screen.getByRole('button', { name: /下\s*载/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(file));
    expect(download.mock.calls[0][0]).toMatchObject({ id: 7 });
  });

  it('deletes after confirmation', async () => {
    list.mockResolvedValue({ list: [task({ id: 8 })], total: 1, pageNum: 1, pageSize: 20 });
    remove.mockResolvedValue({ id: 8 });
    setup();
    await screen.findByText('账号列表_20260101120000.xlsx');
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(remove).not.toHaveBeenCalled();
    const confirm = await screen.findByText('删除“账号列表_20260101120000.xlsx”？');
    const pop = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(8));
    expect(await screen.findByText('导出文件已删除')).toBeTruthy();
  });

  it('polls while a row is running (progress bar), and stops once none is', async () => {
    list
      .mockResolvedValueOnce({
        list: [task({ status: 'running', progress: 40, rowCount: 12, totalRows: 31, fileSize: null })],
        total: 1,
        pageNum: 1,
        pageSize: 20,
      })
      .mockResolvedValue({ list: [task({})], total: 1, pageNum: 1, pageSize: 20 });
    setup();
    await screen.findByText('导出中');
    expect(document.querySelector('.ant-progress')).not.toBeNull();
    expect(screen.getByText('12 / 31')).toBeTruthy();
    await screen.findByText('已完成', undefined, { timeout: 5000 });
    expect(document.querySelector('.ant-progress')).toBeNull();
    const calls = list.mock.calls.length;
    await new Promise((r) => setTimeout(r, 2600));
    expect(list.mock.calls.length).toBe(calls);
  });
});
