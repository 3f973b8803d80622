import { roleOps } from '@merchant/contracts/system/role';
import { storeOps } from '@merchant/contracts/merchant/store';
import { loginLogOps } from '@merchant/contracts/system/login-log';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CODES, GATEWAY_PATHS } from '@merchant/contracts';
import { FILE_PATHS } from '@merchant/contracts/file/upload';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validStore } from '../../test/store-data.ts';
import { DIALECTS, startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { classifyTarget, foldPath } from './request-target.ts';

interface RawAnswer {
  status: number;
  body: string;
  json?: { code?: string };
}

/**
 * Sends exactly these bytes (inject() would normalise the target): the request line as given, a
 * token and a plain JSON body.
 */
function rawRequest(port: number, method: string, target: string, token: string, body?: unknown): Promise<RawAnswer> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const head = [
    `${method} ${target} HTTP/1.1`,
    'Host: localhost',
    `Authorization: ${token}`,
    'Accept: application/json',
    ...(body === undefined ? [] : ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(payload)}`]),
    'Connection: close',
  ];
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.end(`${head.join('\r\n')}\r\n\r\n${payload}`));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const headers = text.slice(0, split);
      let rawBody = text.slice(split + 4);
      if (/transfer-encoding: chunked/i.test(headers)) {
        let out = '';
        for (let rest = rawBody; ;) {
          const eol = rest.indexOf('\r\n');
          const size = parseInt(rest.slice(0, eol), 16);
          if (!size) break;
          out += rest.slice(eol + 2, eol + 2 + size);
          rest = rest.slice(eol + 2 + size + 2);
        }
        rawBody = out;
      }
      let json: RawAnswer['json'];
      try {
        json = JSON.parse(rawBody) as RawAnswer['json'];
      } catch {
        json = undefined;
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: rawBody, json });
    });
  });
}

const pct = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** Every spelling of a /ben-api path we could think of that a router, a proxy or a decoder might take for it. */
function spellings(path: string): string[] {
  const rest = path.slice('/ben-api'.length); // '/api/uniter/…'
  const lastSlash = path.lastIndexOf('/');
  const [dir, last] = [path.slice(0, lastSlash), path.slice(lastSlash + 1)];
  return [
    // percent-encoded letters of the prefix, upper and lower hex, single and double encoding
    `/%62en-api${rest}`,
    `/%42en-api${rest}`,
    `/b%65n-api${rest}`,
    `/ben%2Dapi${rest}`,
    `/ben%2dapi${rest}`,
    `/ben-ap%69${rest}`,
    `/%2562en-api${rest}`,
    `/%252562en-api${rest}`,
    `/ben%252Dapi${rest}`,
    path
      .split('')
      .map((c) => (c === '/' ? c : pct(c)))
      .join(''),
    `/${'ben-api'.split('').map(pct).join('')}${rest}`,
    // encoded characters after the prefix and at the end
    `${dir}/${pct(last[0])}${last.slice(1)}`,
    `${dir}/${last.slice(0, -1)}${pct(last.at(-1)!)}`,
    `/ben-api${rest.replace(/\//g, '%2F')}`,
    `/ben-api%2F${rest.slice(1)}`,
    `/ben-api%2f${rest.slice(1)}`,
    `%2Fben-api${rest}`,
    `${path}%20`,
    `${path}%00`,
    `${path}%2F`,
    `${path}%2f`,
    `${path}%09`,
    `${path}%3B`,
    `${path}%3F`,
    `${path}%23`,
    `${path}%2E`,
    `${path}%C0%AF`,
    // case
    `/BEN-API${rest}`,
    `/Ben-Api${rest}`,
    `/ben-API${rest}`,
    path.toUpperCase(),
    `/ben-api${rest.toUpperCase()}`,
    // slashes
    `//ben-api${rest}`,
    `///ben-api${rest}`,
    `/ben-api/${rest}`,
    `${dir}//${last}`,
    `${path}/`,
    `${path}//`,
    `/ben-api\\${rest.slice(1)}`,
    `${dir}\\${last}`,
    // dot segments, plain and encoded
    `/./ben-api${rest}`,
    `/ben-api/.${rest}`,
    `${path}/.`,
    `/x/../ben-api${rest}`,
    `/ben-api/x/..${rest}`,
    `${dir}/x/../${last}`,
    `${path}/../${last}`,
    `/%2e/ben-api${rest}`,
    `/ben-api/%2e${rest}`,
    `/ben-api/%2E%2E/ben-api${rest}`,
    `/x/%2e%2e/ben-api${rest}`,
    `${path}.`,
    `${path}..`,
    // path parameters
    `${path};`,
    `${path};a=1`,
    `/ben-api;a=1${rest}`,
    `${dir};x/${last}`,
    `/ben-api/;${rest.slice(1)}`,
    // fragments
    `${path}#`,
    `${path}#x`,
    `${path}#/x`,
    // absolute form (proxies), any scheme case, with a port, another host
    `http://localhost${path}`,
    `HTTP://LOCALHOST${path}`,
    `https://evil.example${path}`,
    `http://localhost:80${path}`,
    `http://localhost/%62en-api${rest}`,
    `http://user@localhost${path}`,
    // protocol-relative
    `//localhost${path}`,
  ];
}

describe.each(DIALECTS)('path normalisation: no way around the secure channel (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let port: number;

  beforeAll(async () => {
    // A built web app, as under npm start (npm test builds the real one; this test must not depend on it).
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>商户管理系统</title>');
    t = await startTestApp(dialect, { webDist });
    token = (await t.signIn('admin')).token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  const counts = async () => {
    const n = async (table: 'session' | 'operation_log' | 'login_log' | 'store' | 'export_task' | 'role') =>
      Number(
        (
          await t.db.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const open = await t.db.db.selectFrom('session').select('id').where('revoked_at', 'is', null).execute();
    return {
      sessions: await n('session'),
      openSessions: open.length,
      operationLog: await n('operation_log'),
      loginLog: await n('login_log'),
      stores: await n('store'),
      exports: await n('export_task'),
      roles: await n('role'),
    };
  };

  const cases: Array<{ label: string; method: 'POST' | 'GET'; path: string; query?: string; body?: unknown }> = [
    { label: 'the gateway (log out)', method: 'POST', path: GATEWAY_PATHS.request, body: { name: signInOps.logout.name, body: {} } },
    {
      label: 'the gateway (add a role)',
      method: 'POST',
      path: GATEWAY_PATHS.request,
      body: { name: roleOps.add.name, body: { organizationId: 1, name: '绕过通道角色', packageName: '标准版', menuIds: [] } },
    },
    {
      label: 'password login',
      method: 'POST',
      path: GATEWAY_PATHS.ignoreSecurity,
      body: { name: signInOps.loginPassword.name, body: { userName: 'admin', password: TEST_PASSWORD } },
    },
    { label: 'a REST alias (create store)', method: 'POST', path: storeOps.create.rest!.path, body: validStore },
    { label: 'getInfo', method: 'POST', path: GATEWAY_PATHS.getInfo, body: {} },
    {
      label: 'an export',
      method: 'POST',
      path: GATEWAY_PATHS.export,
      body: { name: loginLogOps.list.name, body: {}, exportName: '登录日志' },
    },
    { label: 'a file download', method: 'GET', path: FILE_PATHS.download, query: '?id=1' },
  ];

  it.each(cases)('refuses every spelling of $label sent in plain JSON, and runs nothing', async ({ method, path, query = '', body }) => {
    const before = await counts();
    // control: the plain path itself is refused by the channel
    expect((await rawRequest(port, method, path + query, token, body)).json?.code).toBe(CODES.secureChannel);
    const answers: string[] = [];
    for (const target of spellings(path)) {
      const res = await rawRequest(port, method, target + query, token, body);
      const refused =
        (res.status === 400 && res.json?.code === CODES.secureChannel) ||
        (res.status === 404 && res.json?.code === CODES.notFound) ||
        // a target Node's HTTP parser itself refuses (not origin-, absolute- or authority-form): never reaches the app
        (res.status === 400 && res.body === '{"error":"Bad Request","message":"Client Error","statusCode":400}' && !target.startsWith('/'));
      if (!refused) answers.push(`${target} -> ${res.status} ${res.body.slice(0, 80)}`);
    }
    expect(answers).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('HEAD and other methods on /ben-api paths are refused too', async () => {
    for (const method of ['HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const res = await rawRequest(port, method, `${FILE_PATHS.download}?id=1`, token, method === 'HEAD' ? undefined : {});
      expect(res.status, method).toBeGreaterThanOrEqual(400);
      if (method !== 'HEAD') expect([CODES.secureChannel, CODES.notFound]).toContain(res.json?.code);
    }
  });

  it('still serves the sealed request and the web app’s own percent-encoded deep links', async () => {
    const admin = t.as(token);
    expect((await admin.envelope({ method: 'POST', path: GATEWAY_PATHS.getInfo, body: {} })).code).toBe('200');
    // the SPA's deep link (percent-encoded Chinese) is the app, not a channel refusal
    const deep = await fetch(`http://127.0.0.1:${port}/website/role-management-add/add/1/%E6%80%BB%E9%83%A8`, {
      headers: { accept: 'text/html' },
    });
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>商户管理系统</title>');
  });
});

describe('classifyTarget', () => {
  it('reads a target as loosely as any decoder would', () => {
    expect(foldPath('/%2562en-api//x/./y/../z;p=1')).toBe('/ben-api/x/z');
    expect(foldPath('\\BEN-API\\a')).toBe('/ben-api/a');
    expect(classifyTarget('/ben-api/api/uniter/v1/url/request?x=%25')).toEqual({ area: 'secure', plain: true });
    expect(classifyTarget('/permissionApi/permission/user/getVerifyCode/v2')).toEqual({ area: 'api', plain: true });
    expect(classifyTarget('/permissionapi/permission/user/getVerifyCode/v2')).toEqual({ area: 'api', plain: false });
    expect(classifyTarget('/docs/static/swagger-ui.css')).toEqual({ area: 'api', plain: true });
    expect(classifyTarget('/%74rack/tracking/batch/upload')).toEqual({ area: 'api', plain: false });
    expect(classifyTarget('http://h/uni-api/x')).toEqual({ area: 'api', plain: false });
    expect(classifyTarget('/website/%E6%80%BB%E9%83%A8?a=1')).toEqual({ area: 'web', plain: true });
    expect(classifyTarget('/')).toEqual({ area: 'web', plain: true });
  });
});
