import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODES } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

describe('web hosting, /health and rate limits', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>商户管理系统</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestApp('sqlite', { webDist: dist, rateLimitMax: 5 });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers /health as JSON for tools and as the SPA for a browser, varying on Accept', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/health', headers: { accept: 'application/json' } });
    expect(json.json()).toMatchObject({ status: 'ok', db: 'sqlite' });
    expect(json.headers.vary).toContain('Accept');
    expect(json.headers['cache-control']).toBe('no-store');
    const html = await t.app.inject({ method: 'GET', url: '/health', headers: { accept: 'text/html' } });
    expect(html.body).toContain('商户管理系统');
    expect(html.headers['cache-control']).toBe('no-cache');
  });

  it('serves the app at the address the server prints, with or without a query (spec §2: / redirects to /website/home)', async () => {
    for (const url of ['/', '/?a=1', '/?from=%E9%A6%96%E9%A1%B5']) {
      for (const accept of ['text/html,application/xhtml+xml', '*/*']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept } });
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('商户管理系统');
      }
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('serves files, falls back to the SPA for client routes, and 404s unknown files and API paths', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'late.js'), 'late');
    expect((await t.app.inject({ method: 'GET', url: '/assets/late.js' })).body).toBe('late'); // rebuilt dist, no restart
    const spa = await t.app.inject({ method: 'GET', url: '/website/system/account-list', headers: { accept: 'text/html' } });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<title>');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/uni-api/nothing' });
    expect(api.json()).toMatchObject({ code: CODES.notFound, msg: '接口不存在' });
  });

  it('does not count the web app’s files against the rate limit, but limits the API', async () => {
    for (let i = 0; i < 12; i++) expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const codes = [];
    for (let i = 0; i < 8; i++)
      codes.push((await t.app.inject({ method: 'GET', url: '/uni-api/permission/resource/v2/fetch' })).json().code);
    expect(codes).toContain(CODES.tooManyRequests);
  });
});
