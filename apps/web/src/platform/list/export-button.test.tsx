import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { EXPORT_FILE_ROUTE } from '@merchant/contracts';
import type { ExportResult } from '../http-core.ts';
import { QueryList } from './query-list.tsx';
import type { ListColumn, PageResult } from '../../shared/ui/list/list-columns.ts';
import { renderWithApp } from '../../test/render.tsx';

const exportList = vi.fn<(call: unknown) => Promise<ExportResult>>();
const saveFile = vi.fn();
const navigateTo = vi.fn();
vi.mock('../http-client.ts', () => ({ http: { exportList: (call: unknown) => exportList(call) } }));
vi.mock('../save-file.ts', () => ({ saveFile: (f: unknown) => saveFile(f) }));
vi.mock('../browser.ts', () => ({ navigateTo: (to: string) => navigateTo(to) }));

interface Row {
  id: number;
  name: string;
}
const columns: ListColumn<Row>[] = [
  { key: 'name', title: '名称', search: { type: 'text' } },
  { key: 'createdAt', title: '创建时间', sortable: true },
];

function setup(request: (p: Record<string, unknown>) => Promise<PageResult<Row>>, body?: (f: Record<string, unknown>) => unknown) {
  return renderWithApp(
    <QueryList<Row>
      queryKey={['export-test']}
      request={request}
      columns={columns}
      rowKey="id"
      title="测试列表"
      exportable={{ operation: { name: 'test.list', label: '测试列表', merchantScope: false }, body }}
    />,
  );
}

const exportButton = () => screen.getByRole('button', { name: /导\s*出/ }) as HTMLButtonElement;

describe('QueryList 导出', { timeout: 30_000 }, () => {
  beforeEach(() => {
    exportList.mockReset();
    saveFile.mockReset();
    navigateTo.mockReset();
  });
  afterEach(() => cleanup());

  it('is disabled while the list is empty', async () => {
    setup(async () => ({ list: [], total: 0 }));
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(exportButton().disabled).toBe(true);
  });

  it('exports with the filters the table shows (not unsubmitted input), without paging, and saves the file', async () => {
    let resolve!: (r: ExportResult) => void;
    exportList.mockImplementation(() => new Promise((r) => (resolve = r)));
    setup(async () => ({ list: [{ id: 1, name: '甲' }], total: 1 }));
    await screen.findByText('甲');
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: ' 华东 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(exportButton().disabled).toBe(false));
    // Typed but not searched: not part of the export.
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '未查询' } });
    fireEvent.click(exportButton());
    expect(exportList).toHaveBeenCalledExactlyOnceWith({ name: 'test.list', exportName: '测试列表', body: { name: '华东' } });
    // Loading while the request runs; a second click does not send again.
    await waitFor(() => expect(exportButton().className).toContain('ant-btn-loading'));
    fireEvent.click(exportButton());
    expect(exportList).toHaveBeenCalledOnce();
    const file = { blob: new Blob(['PK']), fileName: '测试列表_1.xlsx' };
    resolve({ kind: 'file', file });
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(file));
    await waitFor(() => expect(exportButton().className).not.toContain('ant-btn-loading'));
  });

  it('maps the filters with the page body function and sends the sorting', async () => {
    exportList.mockResolvedValue({ kind: 'file', file: { blob: new Blob([]), fileName: 'x.xlsx' } });
    setup(
      async () => ({ list: [{ id: 1, name: '甲' }], total: 1 }),
      (f) => ({ mapped: true, ...f }),
    );
    await screen.findByText('甲');
    fireEvent.click(screen.getByRole('columnheader', { name: /创建时间/ }));
    await waitFor(() => expect(exportButton().disabled).toBe(false));
    fireEvent.click(exportButton());
    await waitFor(() => expect(exportList).toHaveBeenCalled());
    expect(exportList.mock.calls[0][0]).toMatchObject({ body: { mapped: true, sortField: 'createdAt', sortOrder: 'descend' } });
  });

  it('a queued export shows the server message with a way to 导出文件', async () => {
    exportList.mockResolvedValue({ kind: 'queued', message: '数据较多（31条），已转为后台导出', taskId: 5, totalRows: 31 });
    setup(async () => ({ list: [{ id: 1, name: '甲' }], total: 1 }));
    await screen.findByText('甲');
    fireEvent.click(exportButton());
    const note = await screen.findByTestId('export-queued');
    expect(note.textContent).toContain('数据较多（31条），已转为后台导出');
    fireEvent.click(screen.getByText('查看导出文件'));
    expect(navigateTo).toHaveBeenCalledWith(EXPORT_FILE_ROUTE);
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('an error not shown by the http client is shown here', async () => {
    exportList.mockRejectedValue(new Error('服务器没有返回文件，请稍后重试'));
    setup(async () => ({ list: [{ id: 1, name: '甲' }], total: 1 }));
    await screen.findByText('甲');
    fireEvent.click(exportButton());
    expect(await screen.findByText('服务器没有返回文件，请稍后重试')).toBeTruthy();
  });
});
