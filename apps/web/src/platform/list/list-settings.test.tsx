import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoginOrgRole } from '@merchant/contracts/permission/session';
import { sessionStore } from '../session-store.ts';
import { forgetTabState, readTabState, TAB_STATE_KEY } from '../tab-state.ts';
import { QueryList } from './query-list.tsx';
import { readListSettings } from './column-settings.tsx';
import type { KeysetResult, ListColumn, PageResult } from '../../shared/ui/list/list-columns.ts';
import { renderWithApp } from '../../test/render.tsx';

// The machine running the suite may be busy: give each page load a few seconds.
configure({ asyncUtilTimeout: 8000 });

interface Row {
  id: number;
  name: string;
}

const columns: ListColumn<Row>[] = [
  { key: 'code', title: '编号', width: 140 },
  { key: 'name', title: '名称', width: 200, search: { type: 'text' } },
  { key: 'createdAt', title: '创建时间', width: 170, sortable: true },
];
const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `行${from + i}` }));
const offsetServer = () =>
  vi.fn(async (p: Record<string, unknown>): Promise<PageResult<Row>> => ({
    list: rows(((p.pageNum as number) - 1) * (p.pageSize as number) + 1, p.pageSize as number),
    total: 95,
  }));

function offsetList(request: ReturnType<typeof offsetServer>) {
  return renderWithApp(<QueryList<Row> queryKey={['settings-test']} request={request} columns={columns} rowKey="id" title="测试列表" />);
}

const input = () => screen.getByPlaceholderText('请输入名称') as HTMLInputElement;
const search = (value: string) => {
  fireEvent.change(input(), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
};
const account = (userId: number) =>
  sessionStore.setState({ loginRole: { merchantId: 7, userId } as LoginOrgRole, userInfo: { userName: `u${userId}` } as never });

describe('QueryList per tab (filters, page, page size, sort survive a remount)', { timeout: 90_000 }, () => {
  beforeEach(() => {
    account(21);
    window.history.replaceState(null, '', '/website/test/list?x=1');
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    localStorage.clear();
    sessionStore.setState({ loginRole: null, userInfo: null });
    window.history.replaceState(null, '', '/');
  });

  it('offset: the search as typed and applied, the page and the page size come back; 重置 forgets them', async () => {
    const request = offsetServer();
    offsetList(request);
    await screen.findByText('行1');
    search(' 行 ');
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({ name: '行', pageNum: 1, pageSize: 10 }));
    fireEvent.click(await screen.findByTitle('3'));
    await screen.findByText('行21');
    // Typed but not applied: kept as typed.
    fireEvent.change(input(), { target: { value: '未提交' } });
    expect(readTabState('/website/test/list?x=1', 'list:settings-test')).toMatchObject({ filters: { name: '行' }, pageNum: 3 });
    cleanup();

    // The tab shown again (the page remounts): the same request, the same form.
    const again = offsetServer();
    offsetList(again);
    await screen.findByText('行21');
    expect(again).toHaveBeenCalledWith({ name: '行', pageNum: 3, pageSize: 10 });
    expect(again).toHaveBeenCalledTimes(1);
    expect(input().value).toBe('未提交');
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('3');

    // 重置: the list's own search and page 1, and nothing kept for the tab.
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(again).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10 }));
    await screen.findByText('行1');
    expect(input().value).toBe('');
    expect(sessionStorage.getItem(TAB_STATE_KEY)).toBeNull();
  });

  it('another tab (path) or another account does not see the list as this tab left it; closing the tab forgets it', async () => {
    const request = offsetServer();
    offsetList(request);
    await screen.findByText('行1');
    fireEvent.click(await screen.findByTitle('2'));
    await screen.findByText('行11');
    cleanup();

    window.history.replaceState(null, '', '/website/test/list?x=2');
    const other = offsetServer();
    offsetList(other);
    await screen.findByText('行1');
    expect(other).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    cleanup();

    // Closing the tab forgets it.
    expect(readTabState('/website/test/list?x=1', 'list:settings-test')).toMatchObject({ pageNum: 2 });
    forgetTabState('/website/test/list?x=1');
    expect(readTabState('/website/test/list?x=1', 'list:settings-test')).toBeNull();
    window.history.replaceState(null, '', '/website/test/list?x=1');
    const reopened = offsetServer();
    offsetList(reopened);
    await screen.findByText('行1');
    fireEvent.click(await screen.findByTitle('2'));
    await screen.findByText('行11');
    cleanup();

    // Another account (same browser tab) does not read it.
    account(22);
    expect(readTabState('/website/test/list?x=1', 'list:settings-test')).toBeNull();
    const otherAccount = offsetServer();
    offsetList(otherAccount);
    await screen.findByText('行1');
    expect(otherAccount).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
  });

  it('keyset: 第 N 页 of the same search comes back from the kept cursor, with the count of the first page', async () => {
    const ROWS = rows(1, 25);
    const keysetServer = () =>
      vi.fn(async (p: Record<string, unknown>): Promise<KeysetResult<Row>> => {
        const size = p.pageSize as number;
        const c = p.cursor ? String(p.cursor) : '';
        const at = c.startsWith('p') ? Math.max(0, Number(c.slice(1)) - size) : c ? Number(c.slice(1)) : 0;
        return {
          list: ROWS.slice(at, at + size),
          nextCursor: at + size < ROWS.length ? `n${at + size}` : null,
          prevCursor: at > 0 ? `p${at}` : null,
          ...(p.cursor ? {} : { total: ROWS.length }),
        };
      });
    const keysetList = (request: ReturnType<typeof keysetServer>) =>
      renderWithApp(<QueryList<Row> queryKey={['keyset-settings']} paging="keyset" request={request} columns={columns} rowKey="id" />);
    const request = keysetServer();
    keysetList(request);
    await screen.findByText('行1');
    fireEvent.click(screen.getByRole('button', { name: /下一页/ }));
    await screen.findByText('行11');
    await waitFor(() => expect((screen.getByRole('button', { name: /下一页/ }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /下一页/ }));
    await screen.findByText('行21');
    cleanup();

    const again = keysetServer();
    keysetList(again);
    await screen.findByText('行21');
    expect(again).toHaveBeenCalledWith({ pageSize: 10, cursor: 'n20' });
    expect(screen.getByText('第 3 页')).toBeTruthy();
    expect(screen.getByText('共 25 条')).toBeTruthy();
    // 上一页 goes on from there.
    fireEvent.click(screen.getByRole('button', { name: /上一页/ }));
    await screen.findByText('行11');
    expect(screen.getByText('第 2 页')).toBeTruthy();
  });
});

describe('List settings per account (widths, density, page size)', { timeout: 90_000 }, () => {
  beforeEach(() => account(31));
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    sessionStore.setState({ loginRole: null, userInfo: null });
  });
  const th = (name: string) => [...document.querySelectorAll('thead th')].find((x) => x.textContent === name) as HTMLElement;
  const tableWidth = () => (document.querySelector('.ant-table-body table, .ant-table-content table') as HTMLTableElement).style.width;

  it('a column is widened from its header (keyboard), density and page size chosen; kept for this account only; 重置列设置 restores', async () => {
    const request = offsetServer();
    offsetList(request);
    await screen.findByText('行1');
    expect(tableWidth()).toBe(`${140 + 200 + 170}px`);

    // Width: the header's handle takes ←/→ (10 px a press).
    const handle = within(th('名称')).getByRole('separator', { name: '调整列宽' });
    expect(handle.getAttribute('title')).toBe('拖动或用 ←/→ 调整「名称」的列宽');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(within(th('名称')).getByRole('separator', { name: '调整列宽' }), { key: 'ArrowRight' });
    await waitFor(() => expect(tableWidth()).toBe(`${140 + 220 + 170}px`));
    // A click on the handle does not sort.
    fireEvent.click(within(th('创建时间')).getByRole('separator'));
    expect(request).not.toHaveBeenCalledWith(expect.objectContaining({ sortField: 'createdAt' }));

    // Density: 紧凑.
    fireEvent.click(screen.getByRole('button', { name: '密度' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '紧凑' }));
    await waitFor(() => expect(document.querySelector('.ant-table-small')).not.toBeNull());

    // Page size: 20.
    await act(async () => {
      fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select')!);
    });
    fireEvent.click(await screen.findByTitle('20 条/页'));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 20 }));
    expect(readListSettings('listColumns:7:31:settings-test')).toEqual({ widths: { name: 220 }, density: 'small', pageSize: 20 });
    cleanup();

    // The same account again: all three.
    const again = offsetServer();
    offsetList(again);
    await screen.findByText('行1');
    expect(again).toHaveBeenCalledWith({ pageNum: 1, pageSize: 20 });
    expect(document.querySelector('.ant-table-small')).not.toBeNull();
    expect(tableWidth()).toBe(`${140 + 220 + 170}px`);
    cleanup();

    // Another account: the list's own.
    account(32);
    const other = offsetServer();
    offsetList(other);
    await screen.findByText('行1');
    expect(other).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    expect(document.querySelector('.ant-table-small')).toBeNull();
    expect(tableWidth()).toBe(`${140 + 200 + 170}px`);
    cleanup();

    // 重置列设置: widths, density and page size back to the list's own.
    account(31);
    const back = offsetServer();
    offsetList(back);
    await screen.findByText('行1');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(within(await screen.findByTestId('column-settings')).getByRole('button', { name: '重置列设置' }));
    await waitFor(() => expect(back).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10 }));
    await waitFor(() => expect(document.querySelector('.ant-table-small')).toBeNull());
    expect(tableWidth()).toBe(`${140 + 200 + 170}px`);
    expect(localStorage.getItem('listColumns:7:31:settings-test')).toBeNull();
  });

  it('ignores stored settings of the wrong shape', () => {
    localStorage.setItem('listColumns:7:31:x', JSON.stringify({ widths: { a: 'wide', b: 5000 }, density: 'huge', pageSize: 7.5 }));
    expect(readListSettings('listColumns:7:31:x')).toEqual({ widths: { b: 1000 } });
    localStorage.setItem('listColumns:7:31:y', '{oops');
    expect(readListSettings('listColumns:7:31:y')).toBeNull();
  });
});
