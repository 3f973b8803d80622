import { CODES } from '@merchant/contracts';
import { operationLogOps } from '@merchant/contracts/system/operation-log';
import { loginLogOps } from '@merchant/contracts/system/login-log';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('API documentation (%s)', (dialect) => {
  let t: TestApp;
  let adminToken: string;
  beforeEach(async () => {
    t = await startTestApp(dialect);
    adminToken = (await t.signIn('admin')).token;
  });
  afterEach(async () => {
    await t.close();
  });

  it('lists every gateway operation with its input and output schemas at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json', headers: { authorization: adminToken } });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<
        string,
        { post: { requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } } }
      >;
    };
    const names = Object.keys(doc.paths).map((p) => p.replace('/gateway/', ''));
    expect(names).toEqual(expect.arrayContaining([signInOps.loginPassword.name, loginLogOps.list.name, operationLogOps.list.name]));
    const login = doc.paths[`/gateway/${signInOps.loginPassword.name}`].post.requestBody.content['application/json'].schema;
    expect(Object.keys(login.properties)).toEqual(['userName', 'password']);
    // The answer's shape comes from the contract's output schema: data of a sign-in is the token and its expiry.
    const answer = (
      doc.paths[`/gateway/${signInOps.loginPassword.name}`].post as unknown as {
        responses: {
          '200': { content: { 'application/json': { schema: { properties: { data: { properties: Record<string, unknown> } } } } } };
        };
      }
    ).responses['200'].content['application/json'].schema.properties.data;
    expect(Object.keys(answer.properties)).toEqual(['token', 'expiresAt']);
    const list = (
      doc.paths[`/gateway/${loginLogOps.list.name}`].post as unknown as {
        responses: {
          '200': { content: { 'application/json': { schema: { properties: { data: { properties: Record<string, unknown> } } } } } };
        };
      }
    ).responses['200'].content['application/json'].schema.properties.data;
    expect(Object.keys(list.properties)).toEqual(['list', 'total', 'pageNum', 'pageSize']);
    const ui = await t.app.inject({ method: 'GET', url: '/docs/', headers: { authorization: adminToken } });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('by default (also under npm start) serves only a session whose active role is an admin role', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe('admin');
    for (const url of ['/docs/json', '/docs/yaml', '/docs/', '/docs', '/docs/static/index.html', '/docs/static/swagger-ui.css']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().code).toBe(CODES.sessionInvalid);
      expect(anonymous.body).not.toContain(signInOps.loginPassword.name);
    }
    // operator's role is not an admin role
    const operator = await t.signIn('operator');
    const refused = await t.app.inject({ method: 'GET', url: '/docs/json', headers: { authorization: operator.token } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: CODES.forbidden, msg: '接口文档仅对管理员开放' });
    // admin, but with a non-admin role active (总部·运营): refused too
    const held = await t.db.db
      .selectFrom('membership')
      .innerJoin('role', 'role.id', 'membership.role_id')
      .innerJoin('account', 'account.id', 'membership.account_id')
      .select(['membership.account_id', 'membership.role_id', 'membership.organization_id'])
      .where('account.user_name', '=', 'admin')
      .where('role.is_admin', '=', 0)
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('session')
      .set({ role_ids: String(held.role_id), organization_id: held.organization_id })
      .where('revoked_at', 'is', null)
      .where('account_id', '=', held.account_id)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/docs/json', headers: { authorization: adminToken } })).statusCode).toBe(403);
  });
});

// Each test starts its own app with another setting.
describe.each(DIALECTS)('API documentation by configuration (%s)', (dialect) => {
  it('is public only when explicitly opened, and can be switched off', async () => {
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'public' }).apiDocs).toBe('public');
    const open = await startTestApp(dialect, { apiDocs: 'public' });
    try {
      expect((await open.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('is off in production mode unless asked for', async () => {
    const prod = await startTestApp(dialect, { apiDocs: 'off' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
      const { token } = await prod.signIn('admin');
      expect((await prod.app.inject({ method: 'GET', url: '/docs/json', headers: { authorization: token } })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
