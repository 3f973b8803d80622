import { describe, expect, it, vi } from 'vitest';
import {
  ApiClient,
  ApiError,
  DEVICE_MODEL_MISMATCH_MESSAGE,
  GATEWAY_PATHS,
  LOGOUT_CODES,
  PASS_SILENT_CODES,
  type ApiRequest,
} from '@merchant/contracts';
import { createHttp } from './http-core.ts';
import { StoppedError, wasNotified } from './error-catalogue.ts';

interface Sent {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
  body: unknown;
}

function setup(answer: (sent: Sent) => Response | Promise<Response>, token: string | null = 'tok-1') {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const s: Sent = {
      url,
      init,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(s);
    return answer(s);
  });
  // Plain JSON: the secure channel has its own tests in contracts; this is the catalogue on top.
  const client = new ApiClient({ fetch, getToken: () => token, timeoutMs: 50, secure: false });
  const warn = vi.fn();
  const logout = vi.fn();
  const http = createHttp({ send: (r: ApiRequest) => client.send(r), hooks: { warn, logout } });
  return { http, warn, logout, sent, fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('spec §8 error catalogue through the one client', () => {
  it("returns data on '200' and on numeric 200, silently", async () => {
    const a = setup(() => json({ code: '200', msg: 'ok', data: { a: 1 } }));
    await expect(a.http.post('/x', {})).resolves.toEqual({ a: 1 });
    const b = setup(() => json({ code: 200, msg: 'ok', data: [1, 2] }));
    await expect(b.http.post('/x', {})).resolves.toEqual([1, 2]);
    expect(a.warn).not.toHaveBeenCalled();
    expect(b.warn).not.toHaveBeenCalled();
  });

  it.each(PASS_SILENT_CODES.filter((c) => c !== '200'))("passes code '%s' silently with its data", async (code) => {
    const t = setup(() => json({ code, msg: 'note', message: 'note', data: { code } }));
    await expect(t.http.post('/x', {})).resolves.toEqual({ code });
    expect(t.warn).not.toHaveBeenCalled();
    expect(t.logout).not.toHaveBeenCalled();
  });

  it.each(LOGOUT_CODES)("code '%s' warns with the server message, logs out and raises", async (code) => {
    const t = setup(() => json({ code, msg: '登录状态已过期', message: '登录状态已过期' }, 401));
    const err = await t.http.post('/x', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(code);
    expect((err as ApiError).status).toBe(401);
    expect(wasNotified(err)).toBe(true);
    expect(t.warn).toHaveBeenCalledExactlyOnceWith('登录状态已过期');
    expect(t.logout).toHaveBeenCalledExactlyOnceWith('登录状态已过期');
    expect(t.warn.mock.invocationCallOrder[0]).toBeLessThan(t.logout.mock.invocationCallOrder[0]);
  });

  it("'036004' warns and stops without logging out", async () => {
    const t = setup(() => json({ code: '036004', msg: '该批次已在处理中' }));
    const err = await t.http.post('/x', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoppedError);
    expect(t.warn).toHaveBeenCalledExactlyOnceWith('该批次已在处理中');
    expect(t.logout).not.toHaveBeenCalled();
  });

  it("'20001' shows the server message, or the device-model default", async () => {
    const withMsg = setup(() => json({ code: '20001', msg: '型号不符：A100' }));
    await expect(withMsg.http.post('/x', {})).rejects.toMatchObject({ code: '20001', message: '型号不符：A100' });
    expect(withMsg.warn).toHaveBeenCalledWith('型号不符：A100');
    const bare = setup(() => json({ code: '20001', msg: '' }));
    await expect(bare.http.post('/x', {})).rejects.toMatchObject({ code: '20001', message: DEVICE_MODEL_MISMATCH_MESSAGE });
    expect(bare.warn).toHaveBeenCalledWith(DEVICE_MODEL_MISMATCH_MESSAGE);
    expect(bare.logout).not.toHaveBeenCalled();
  });

  it('any other code warns (message first, else msg) and raises', async () => {
    const both = setup(() => json({ code: 'A0400', msg: 'msg text', message: '手机号格式不正确', data: { field: 'phone' } }, 400));
    const err = await both.http.post('/x', {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'A0400', message: '手机号格式不正确', status: 400, data: { field: 'phone' } });
    expect(both.warn).toHaveBeenCalledExactlyOnceWith('手机号格式不正确');
    const msgOnly = setup(() => json({ code: 'B0001', msg: '系统繁忙' }, 500));
    await expect(msgOnly.http.post('/x', {})).rejects.toMatchObject({ code: 'B0001', message: '系统繁忙' });
    expect(msgOnly.warn).toHaveBeenCalledWith('系统繁忙');
    expect(msgOnly.logout).not.toHaveBeenCalled();
  });

  it('codes the caller shows itself raise without a warning (one message, not two); others still warn', async () => {
    const t = setup(() => json({ code: 'A0409', msg: '同一上级组织下已有同名组织' }, 409));
    const err = await t.http.gateway({ name: 'test.example.add' }, { shownByCaller: ['A0409', 'A0400'] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'A0409', message: '同一上级组织下已有同名组织' });
    expect(wasNotified(err)).toBe(true);
    expect(t.warn).not.toHaveBeenCalled();
    const other = setup(() => json({ code: 'A0301', msg: '无权限' }, 403));
    await expect(other.http.gateway({ name: 'test.example.add' }, { shownByCaller: ['A0409'] })).rejects.toMatchObject({ code: 'A0301' });
    expect(other.warn).toHaveBeenCalledExactlyOnceWith('无权限');
    // Log-out codes keep their handling.
    const out = setup(() => json({ code: 'A0230', msg: '登录状态已过期' }, 401));
    await expect(out.http.gateway({ name: 'x' }, { shownByCaller: ['A0230'] })).rejects.toMatchObject({ code: 'A0230' });
    expect(out.warn).toHaveBeenCalledOnce();
    expect(out.logout).toHaveBeenCalledOnce();
  });

  it('allData returns the whole answer whatever the code, without warning', async () => {
    const t = setup(() => json({ code: 'A0400', msg: 'bad', data: 1 }));
    await expect(t.http.post('/x', {}, { allData: true })).resolves.toMatchObject({ code: 'A0400', msg: 'bad', data: 1 });
    const ok = setup(() => json({ code: '200002', msg: '导出任务已创建', data: { taskId: 7 } }));
    await expect(ok.http.post('/x', {}, { allData: true })).resolves.toEqual({
      code: '200002',
      msg: '导出任务已创建',
      data: { taskId: 7 },
    });
    expect(t.warn).not.toHaveBeenCalled();
  });

  it('an answer without a code is returned unchanged (e.g. /health)', async () => {
    const t = setup(() => json({ status: 'ok', db: 'sqlite', version: '1.2.3' }));
    await expect(t.http.get('/health')).resolves.toEqual({ status: 'ok', db: 'sqlite', version: '1.2.3' });
    const arr = setup(() => json([1, 2, 3]));
    await expect(arr.http.get('/list')).resolves.toEqual([1, 2, 3]);
    expect(t.warn).not.toHaveBeenCalled();
  });

  it('exports and downloads are passed through untouched (raw Response, no catalogue)', async () => {
    const t = setup(
      () => new Response('xlsx-bytes', { status: 200, headers: { 'Content-Disposition': "attachment; filename*=UTF-8''a.xlsx" } }),
    );
    const res = await t.http.exportFile({ name: 'system.org.export', body: { q: 1 } });
    expect(res).toBeInstanceOf(Response);
    expect(await res.text()).toBe('xlsx-bytes');
    expect(t.sent[0].url).toBe(GATEWAY_PATHS.export);
    expect(t.sent[0].body).toMatchObject({ name: 'system.org.export', exportType: 3, body: { q: 1 } });
    const err = setup(() => json({ code: 'A0301', msg: '无权限' }, 403));
    const raw = await err.http.raw({ method: 'GET', path: '/file/1' });
    expect(raw.status).toBe(403);
    expect(err.warn).not.toHaveBeenCalled();
    expect(err.logout).not.toHaveBeenCalled();
  });

  it('network failure rejects with the response data, without warning or logging out', async () => {
    const down = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await down.http.post('/x', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('NETWORK');
    expect(down.warn).not.toHaveBeenCalled();
    expect(down.logout).not.toHaveBeenCalled();

    const proxy = setup(() => new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    const perr = await proxy.http.post('/x', {}).catch((e: unknown) => e);
    expect(perr).toMatchObject({ code: 'NETWORK', status: 502, data: '<html>502 Bad Gateway</html>' });
    expect(proxy.warn).not.toHaveBeenCalled();
  });

  it('times out after the configured time (30 s in the app)', async () => {
    const slow = setup(
      (s) =>
        new Promise<Response>((_, reject) => {
          s.init.signal?.addEventListener('abort', () => reject(s.init.signal?.reason));
        }),
    );
    await expect(slow.http.post('/x', {})).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('request shape', () => {
  it('sends the token as Authorization and an appKey header', async () => {
    const t = setup(() => json({ code: '200', data: null }));
    await t.http.post('/ben-api/v1/permission/getInfo', {});
    expect(t.sent[0].headers.Authorization).toBe('tok-1');
    expect(t.sent[0].headers.appKey).toBe('A1001000');
    await t.http.get('/uni-api/x', { a: 1 }, { appKey: 'A1001001' });
    expect(t.sent[1].headers.appKey).toBe('A1001001');
    expect(t.sent[1].url).toBe('/uni-api/x?a=1');
  });

  it('unified gateway: default mall module and business API, descriptor appKey as header', async () => {
    const t = setup(() => json({ code: '200', data: 1 }));
    await t.http.gateway({ name: 'goods.list', body: { pageNum: 1 } });
    expect(t.sent[0].url).toBe(GATEWAY_PATHS.request);
    expect(t.sent[0].body).toEqual({ appKey: 'A1001002', busiCode: 'A1001005', source: 'web', name: 'goods.list', body: { pageNum: 1 } });
    expect(t.sent[0].headers.appKey).toBe('A1001002');
    await t.http.publicGateway({ name: 'test.example.login', appKey: 'A1001000', busiCode: 'A1001000', body: {} });
    expect(t.sent[1].url).toBe(GATEWAY_PATHS.ignoreSecurity);
    expect(t.sent[1].headers.appKey).toBe('A1001000');
  });

  it('decodes answers with the channel decoder before the catalogue', async () => {
    const fetch = vi.fn(async () => json({ enc: 'x' }));
    const client = new ApiClient({ fetch, secure: false });
    const warn = vi.fn();
    const http = createHttp({
      send: (r) => client.send(r),
      decode: (j) => ((j as { enc?: string }).enc ? { code: '200', data: 'plain' } : j),
      hooks: { warn, logout: vi.fn() },
    });
    await expect(http.post('/ben-api/x', {})).resolves.toBe('plain');
  });
});
