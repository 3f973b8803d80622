import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

describe('API documentation', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp('sqlite');
  });
  afterEach(async () => {
    await t.close();
  });

  it('lists every gateway operation with its input schema at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } } }> };
    const names = Object.keys(doc.paths).map((p) => p.replace('/gateway/', ''));
    expect(names).toEqual(expect.arrayContaining(['permission.login.password', 'system.loginLog.list', 'system.operationLog.list']));
    const login = doc.paths['/gateway/permission.login.password'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(login.properties)).toEqual(['userName', 'password']);
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('is off in production mode unless asked for', async () => {
    const prod = await startTestApp('sqlite', { apiDocs: false });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
