import { describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError, type ApiRequest, CODES, GATEWAY_PATHS } from '@merchant/contracts';
import { EXPORT_DOWNLOAD_PATH } from '@merchant/contracts/file/export-task';
import { createHttp, exportQueuedOf, isJsonAnswer } from './http-core.ts';
import { wasNotified } from './error-catalogue.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Made-up list names: the transport passes any name through (no real operation is meant). */
const LIST = 'test.example.list';
const OTHER_LIST = 'test.other.list';

function setup(answer: () => Response) {
  const sent: { url: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    sent.push({
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    return answer();
  });
  const client = new ApiClient({ fetch, getToken: () => 'tok', timeoutMs: 200, secure: false });
  const warn = vi.fn();
  const logout = vi.fn();
  const http = createHttp({ send: (r: ApiRequest) => client.send(r), hooks: { warn, logout } });
  return { http, warn, logout, sent };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
const xlsx = (name: string | null, bytes = 'PK\u0003\u0004rest') =>
  new Response(bytes, {
    status: 200,
    headers: {
      'Content-Type': XLSX,
      ...(name
        ? {
            'Content-Disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          }
        : {}),
    },
  });

describe('exportList (POST …/common/export)', () => {
  it('sends the export descriptor: the list operation, its filters, type 3 and the page name', async () => {
    const t = setup(() => xlsx('账号列表_20260101120000.xlsx'));
    await t.http.exportList({ name: LIST, body: { status: 1 }, exportName: '账号列表' });
    expect(t.sent[0].url).toBe(GATEWAY_PATHS.export);
    expect(t.sent[0].body).toMatchObject({ name: LIST, body: { status: 1 }, exportType: 3, exportName: '账号列表' });
    expect(t.sent[0].headers.Authorization).toBe('tok');
  });

  it('a file answer: the bytes and the UTF-8 name from content-disposition', async () => {
    const t = setup(() => xlsx('账号列表_20260101120000.xlsx'));
    const r = await t.http.exportList({ name: LIST, exportName: '账号列表' });
    expect(r.kind).toBe('file');
    if (r.kind !== 'file') return;
    expect(r.file.fileName).toBe('账号列表_20260101120000.xlsx');
    expect(await r.file.blob.text()).toBe('PK\u0003\u0004rest');
    expect(t.warn).not.toHaveBeenCalled();
  });

  it('a file without content-disposition is named after the export', async () => {
    const t = setup(() => xlsx(null));
    const r = await t.http.exportList({ name: OTHER_LIST, exportName: '角色列表' });
    expect(r).toMatchObject({ kind: 'file', file: { fileName: '角色列表.xlsx' } });
  });

  it('200002: the export became a task — its message and data, silently', async () => {
    const msg = '数据较多（31条），已转为后台导出，完成后请到「文件管理 → 导出文件」下载';
    const t = setup(() => json({ code: CODES.exportQueued, msg, message: msg, data: { taskId: 9, totalRows: 31 } }));
    const r = await t.http.exportList({ name: LIST, exportName: '账号列表' });
    expect(r).toEqual({ kind: 'queued', message: msg, taskId: 9, totalRows: 31 });
    expect(t.warn).not.toHaveBeenCalled();
    expect(t.logout).not.toHaveBeenCalled();
  });

  it('other codes go through the catalogue: warned once and raised', async () => {
    const msg = '您已有3个导出正在进行（最多3个），请等待完成后再试';
    const t = setup(() => json({ code: 'A0429', msg }, 429));
    const err = await t.http.exportList({ name: LIST }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'A0429', message: msg, status: 429 });
    expect(wasNotified(err)).toBe(true);
    expect(t.warn).toHaveBeenCalledExactlyOnceWith(msg);
  });

  it('a log-out code logs out', async () => {
    const t = setup(() => json({ code: 'A0230', msg: '登录状态已过期' }, 401));
    await expect(t.http.exportList({ name: LIST })).rejects.toMatchObject({ code: 'A0230' });
    expect(t.logout).toHaveBeenCalledOnce();
  });

  it('a success envelope without a file is an error (not notified, the caller shows it)', async () => {
    const t = setup(() => json({ code: '200', msg: 'ok', data: null }));
    const err = await t.http.exportList({ name: LIST }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(wasNotified(err)).toBe(false);
  });

  it('a non-JSON error page rejects with the HTTP status, without warning', async () => {
    const t = setup(() => new Response('<html>502</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    await expect(t.http.exportList({ name: LIST })).rejects.toMatchObject({ code: 'NETWORK', status: 502 });
    expect(t.warn).not.toHaveBeenCalled();
  });
});

describe('download (a finished export task)', () => {
  it('posts the id and returns the file', async () => {
    const t = setup(() => xlsx('门店列表_20260101.xlsx'));
    const f = await t.http.download({ method: 'POST', path: EXPORT_DOWNLOAD_PATH, body: { id: 4 } }, 'fallback.xlsx');
    expect(t.sent[0].url).toBe(EXPORT_DOWNLOAD_PATH);
    expect(t.sent[0].body).toEqual({ id: 4 });
    expect(f.fileName).toBe('门店列表_20260101.xlsx');
    expect((await f.blob.text()).startsWith('PK')).toBe(true);
  });

  it('a JSON error (A0404 file gone) is warned and raised', async () => {
    const t = setup(() => json({ code: 'A0404', msg: '导出文件不存在或已过期' }, 404));
    await expect(t.http.download({ method: 'POST', path: EXPORT_DOWNLOAD_PATH, body: { id: 4 } })).rejects.toMatchObject({ code: 'A0404' });
    expect(t.warn).toHaveBeenCalledExactlyOnceWith('导出文件不存在或已过期');
  });
});

describe('answer helpers', () => {
  it('isJsonAnswer reads the content type', () => {
    expect(isJsonAnswer(json({}))).toBe(true);
    expect(isJsonAnswer(xlsx('a.xlsx'))).toBe(false);
    expect(isJsonAnswer(new Response('x'))).toBe(false);
  });

  it('exportQueuedOf: only 200002, message first, a default text', () => {
    expect(exportQueuedOf({ code: '200', data: {} })).toBeUndefined();
    expect(exportQueuedOf(null)).toBeUndefined();
    expect(exportQueuedOf({ code: '200002', msg: 'm', message: 'M', data: { taskId: 1, totalRows: 2 } })).toEqual({
      message: 'M',
      taskId: 1,
      totalRows: 2,
    });
    expect(exportQueuedOf({ code: 200002, data: { taskId: 3 } })).toMatchObject({
      taskId: 3,
      totalRows: 0,
      message: expect.stringContaining('导出文件'),
    });
  });
});
