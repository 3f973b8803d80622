import { CODES, GATEWAY_PATHS } from '@merchant/contracts';
import { type ResourceResponse, sessionOps, type UserInfo } from '@merchant/contracts/permission/session';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, lastSmsCode, op, startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';

const MIN = 60_000;

describe.each(DIALECTS)('sign-in and sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const login = (userName: string, password: string) => op(t.anon, signInOps.loginPassword.name, { userName, password }, { public: true });
  const sendCode = (phone: string, purpose = 'login') =>
    t.anon.envelope({ method: 'POST', path: GATEWAY_PATHS.verifyCode, body: { phone, purpose } });
  const getInfo = (c: TestApp['anon']) => c.envelope<UserInfo>({ method: 'POST', path: GATEWAY_PATHS.getInfo, body: {} });
  const resources = (c: TestApp['anon'], query: Record<string, string | number> = {}) =>
    c.envelope<ResourceResponse>({
      method: 'GET',
      path: GATEWAY_PATHS.resourceFetch,
      query: { appKey: 'A1001000', clientType: 'web', ...query },
    });

  it('answers /health with the database kind and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { accept: 'application/json' } });
    expect(res.json()).toEqual({ status: 'ok', db: dialect, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('signs in with a password and returns an opaque token', async () => {
    const res = await login('admin', TEST_PASSWORD);
    expect(res.code).toBe('200');
    const data = res.data as { token: string; expiresAt: number };
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.expiresAt).toBe(t.clock.now() + 12 * 60 * MIN);
    const stored = await t.db.db.selectFrom('session').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(data.token); // only the hash is stored
    const log = await t.db.db.selectFrom('login_log').selectAll().where('success', '=', 1).execute();
    expect(log).toHaveLength(1);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const wrong = await login('admin', 'Wrong12345');
    const unknown = await login('nobody', 'Wrong12345');
    expect(wrong.code).toBe(CODES.loginFailed);
    expect(unknown.code).toBe(CODES.loginFailed);
    expect(wrong.msg).toBe('账号或密码错误');
    expect(unknown.msg).toBe(wrong.msg);
  });

  it('refuses bad input with a clear message naming the field, and writes nothing', async () => {
    const res = await op(t.anon, signInOps.loginPassword.name, { userName: '', password: 'x' }, { public: true });
    expect(res.code).toBe(CODES.badInput);
    expect(res.msg).toContain('请输入账号');
    expect(res.msg).toContain('userName');
    expect(await t.db.db.selectFrom('login_log').selectAll().execute()).toHaveLength(0);
  });

  it('locks an account for 15 minutes after 5 failures in 15 minutes', async () => {
    for (let i = 0; i < 4; i++) expect((await login('operator', 'Wrong12345')).code).toBe(CODES.loginFailed);
    const fifth = await login('operator', 'Wrong12345');
    expect(fifth.code).toBe(CODES.accountLocked);
    expect(fifth.msg).toContain('15分钟');
    // even the right password is refused while locked, by name or by phone
    expect((await login('operator', TEST_PASSWORD)).code).toBe(CODES.accountLocked);
    expect((await login('13800000002', TEST_PASSWORD)).code).toBe(CODES.accountLocked);
    t.clock.advance(14 * MIN);
    expect((await login('operator', TEST_PASSWORD)).code).toBe(CODES.accountLocked);
    t.clock.advance(1 * MIN + 1);
    expect((await login('operator', TEST_PASSWORD)).code).toBe('200');
  });

  it('does not lock for failures spread over more than 15 minutes, and locks unknown names alike', async () => {
    for (let i = 0; i < 4; i++) await login('finance', 'Wrong12345');
    t.clock.advance(16 * MIN);
    expect((await login('finance', 'Wrong12345')).code).toBe(CODES.loginFailed);
    for (let i = 0; i < 4; i++) await login('ghost-user', 'Wrong12345');
    expect((await login('ghost-user', 'Wrong12345')).code).toBe(CODES.accountLocked);
  });

  it('issues verify codes with the 60 s, 10 per day, 5 minute and 5 tries limits', async () => {
    const phone = '13800000002';
    expect((await sendCode(phone)).code).toBe('200');
    const code = await lastSmsCode(t.db, phone);
    expect(code).toMatch(/^\d{6}$/);
    const again = await sendCode(phone);
    expect(again.code).toBe(CODES.verifyCodeTooFrequent);
    expect(again.msg).toMatch(/\d+秒后再试/);
    // expiry: 5 minutes
    t.clock.advance(5 * MIN);
    expect((await op(t.anon, signInOps.loginSms.name, { phone, code }, { public: true })).msg).toBe('验证码已过期，请重新获取');
    // five wrong tries end the code
    expect((await sendCode(phone)).code).toBe('200');
    const fresh = await lastSmsCode(t.db, phone);
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect((await op(t.anon, signInOps.loginSms.name, { phone, code: wrong }, { public: true })).msg).toContain('验证码错误');
    }
    expect((await op(t.anon, signInOps.loginSms.name, { phone, code: wrong }, { public: true })).msg).toBe(
      '验证码错误次数过多，请重新获取',
    );
    expect((await op(t.anon, signInOps.loginSms.name, { phone, code: fresh }, { public: true })).code).toBe(CODES.verifyCodeInvalid);
    // ten per phone per day
    for (let i = 2; i < 10; i++) {
      t.clock.advance(MIN);
      expect((await sendCode(phone)).code).toBe('200');
    }
    t.clock.advance(MIN);
    const eleventh = await sendCode(phone);
    expect(eleventh.code).toBe(CODES.verifyCodeTooFrequent);
    expect(eleventh.msg).toContain('今日');
  });

  it('answers a code request for an unknown phone the same way but sends nothing', async () => {
    const res = await sendCode('13912345678');
    expect(res.code).toBe('200');
    expect(await t.db.db.selectFrom('sms_outbox').selectAll().execute()).toHaveLength(0);
    expect((await sendCode('12345')).code).toBe(CODES.badInput);
  });

  it('signs in with an SMS code, once', async () => {
    await sendCode('13800000004');
    const code = await lastSmsCode(t.db, '13800000004');
    const res = await op(t.anon, signInOps.loginSms.name, { phone: '13800000004', code }, { public: true });
    expect(res.code).toBe('200');
    const info = await getInfo(t.as((res.data as { token: string }).token));
    expect(info.data?.userName).toBe('finance');
    expect((await op(t.anon, signInOps.loginSms.name, { phone: '13800000004', code }, { public: true })).code).toBe(
      CODES.verifyCodeInvalid,
    );
  });

  it('registers a new merchant with its first admin, isolated from the demo merchant', async () => {
    const phone = '13700000001';
    await sendCode(phone, 'register');
    const code = await lastSmsCode(t.db, phone);
    const weak = await op(
      t.anon,
      signInOps.register.name,
      { merchantName: '新商户', userName: 'newboss', phone, code, password: 'abcdefgh' },
      { public: true },
    );
    expect(weak.code).toBe(CODES.badInput);
    expect(weak.msg).toContain('密码须包含数字');
    expect(await t.db.db.selectFrom('merchant').selectAll().execute()).toHaveLength(1);
    const taken = await op(
      t.anon,
      signInOps.register.name,
      { merchantName: '新商户', userName: 'admin', phone, code, password: 'Abcdef123' },
      { public: true },
    );
    expect(taken.code).toBe(CODES.conflict);
    const res = await op(
      t.anon,
      signInOps.register.name,
      { merchantName: '新商户', userName: 'newboss', phone, code, password: 'Abcdef123' },
      { public: true },
    );
    expect(res.code).toBe('200');
    const boss = await t.signIn('newboss', 'Abcdef123');
    const info = await getInfo(boss);
    const admin = await getInfo(await t.signIn('admin'));
    expect(info.data?.loginOrgRole.merchantId).not.toBe(admin.data?.loginOrgRole.merchantId);
    expect(info.data?.loginOrgRole.bisMerchantName).toBe('新商户');
    const res2 = await resources(boss);
    expect(res2.data?.selectTreeList.map((n) => n.orgName)).toEqual(['新商户']);
    // the demo merchant's organisations are refused
    const demoRoot = admin.data!.loginOrgRole.rootOrgId;
    expect((await resources(boss, { organizationId: demoRoot })).code).toBe(CODES.membershipRevoked);
  });

  it('resets a password with a code and ends the old sessions', async () => {
    const old = await t.signIn('operator');
    await sendCode('13800000002', 'reset');
    const code = await lastSmsCode(t.db, '13800000002');
    t.clock.advance(1000);
    const res = await op(t.anon, signInOps.resetPassword.name, { phone: '13800000002', code, password: 'NewPass123' }, { public: true });
    expect(res.code).toBe('200');
    const after = await getInfo(old);
    expect(after.code).toBe(CODES.passwordChanged);
    expect((await login('operator', TEST_PASSWORD)).code).toBe(CODES.loginFailed);
    expect((await login('operator', 'NewPass123')).code).toBe('200');
  });

  it('ends a session after 30 idle minutes, and after 12 hours however active', async () => {
    const c = await t.signIn('admin');
    t.clock.advance(29 * MIN);
    expect((await getInfo(c)).code).toBe('200');
    t.clock.advance(30 * MIN);
    const idle = await getInfo(c);
    expect(idle.code).toBe(CODES.sessionInvalid);
    const d = await t.signIn('admin');
    for (let i = 0; i < 12 * 3 - 1; i++) {
      t.clock.advance(20 * MIN);
      expect((await getInfo(d)).code).toBe('200');
    }
    t.clock.advance(20 * MIN);
    expect((await getInfo(d)).code).toBe(CODES.sessionInvalid);
  });

  it('logs out: the token stops working', async () => {
    const c = await t.signIn('admin');
    expect((await op(c, signInOps.logout.name)).code).toBe('200');
    expect((await getInfo(c)).code).toBe(CODES.sessionInvalid);
    expect((await getInfo(t.anon)).code).toBe(CODES.sessionInvalid);
  });

  it('ends the open sessions of a disabled account at the next request', async () => {
    const c = await t.signIn('finance');
    await t.db.db.updateTable('account').set({ status: 0 }).where('user_name', '=', 'finance').execute();
    const res = await getInfo(c);
    expect(res.code).toBe(CODES.accountDisabled);
    expect((await login('finance', TEST_PASSWORD)).code).toBe(CODES.accountDisabled);
  });

  it('returns the user info of spec §3', async () => {
    const owner = await getInfo(await t.signIn('owner'));
    expect(owner.data).toEqual({
      userName: 'owner',
      ability: { useSite: false },
      merchantAccountType: 1,
      loginOrgRole: {
        structureType: 1,
        rootOrgId: expect.any(Number),
        merchantId: expect.any(Number),
        bisMerchantId: expect.any(Number),
        bisMerchantName: '鲜速达智能零售有限公司',
        userId: expect.any(Number),
        merchantBusCode: 'A1001002',
      },
      timeZone: 'Asia/Shanghai',
    });
    const site = await getInfo(await t.signIn('site'));
    expect(site.data?.ability.useSite).toBe(true);
  });

  it('returns resources for the selected organisation and role and switches between them', async () => {
    const admin = await t.signIn('admin');
    const first = await resources(admin);
    expect(first.code).toBe('200');
    const r = first.data!;
    expect(r.selected.organizationName).toBe('总部');
    expect(r.selected.roleNames).toEqual(['管理员']);
    expect(r.selected.orgIdList).toEqual([r.selected.organizationId]);
    expect(r.selectTreeList).toHaveLength(1);
    expect(r.selectTreeList[0].orgName).toBe('总部');
    expect(r.selectTreeList[0].roleList.map((x) => x.roleName)).toEqual(['管理员', '运营']);
    expect(r.selectTreeList[0].orgList.map((x) => x.orgName)).toEqual(['华东大区']);
    expect(r.selectList.map((s) => s.organizationName)).toEqual(['总部', '华东大区']);
    const home = r.menuTreeList[0];
    expect(home).toMatchObject({ id: 1999, anchor: 'home', menuType: 2, routePath: '/website/home' });
    const folders = r.menuTreeList.filter((m) => m.menuType === 1);
    expect(folders.length).toBeGreaterThan(15);
    expect(folders.find((f) => f.id === 115)?.anchorList).toContain('organization-list');

    // switch role within 总部: 运营 sees no finance and no user management
    const opsRole = r.selectTreeList[0].roleList.find((x) => x.roleName === '运营')!;
    const ops = await resources(admin, { organizationId: r.selected.organizationId, roleIds: String(opsRole.roleId) });
    expect(ops.data?.selected.roleNames).toEqual(['运营']);
    const opsIds = ops.data!.menuTreeList.map((m) => m.id);
    expect(opsIds).not.toContain(106);
    expect(opsIds).not.toContain(115);
    expect(opsIds).toContain(102);

    // switch organisation
    const east = r.selectTreeList[0].orgList[0];
    const eastRes = await resources(admin, { organizationId: east.orgId, roleIds: String(east.roleList[0].roleId) });
    expect(eastRes.data?.selected).toMatchObject({ organizationName: '华东大区', orgIdList: [r.selected.organizationId, east.orgId] });
    // the session remembers the selection
    expect((await resources(admin)).data?.selected.organizationName).toBe('华东大区');
  });

  it('refuses an organisation or role the account does not hold', async () => {
    const admin = await t.signIn('admin');
    const r = (await resources(admin)).data!;
    const op1 = await t.signIn('operator');
    // operator does not hold 华东大区
    const east = r.selectTreeList[0].orgList[0];
    const refusedOrg = await resources(op1, { organizationId: east.orgId });
    expect(refusedOrg.code).toBe(CODES.membershipRevoked);
    // nor the admin role at 总部
    const adminRole = r.selectTreeList[0].roleList[0];
    const refusedRole = await resources(op1, { organizationId: r.selected.organizationId, roleIds: String(adminRole.roleId) });
    expect(refusedRole.code).toBe(CODES.membershipRevoked);
    expect((await resources(op1, { organizationId: 'abc' })).code).toBe(CODES.badInput);
    // and nothing changed: operator still on 运营
    expect((await resources(op1)).data?.selected.roleNames).toEqual(['运营']);
  });

  it('gives the cabinet owner the finance folder and the site operator the points folder', async () => {
    const owner = (await resources(await t.signIn('owner'))).data!;
    expect(owner.selected.roleNames).toEqual(['柜主']);
    expect(owner.menuTreeList.find((m) => m.id === 106)?.anchorList).toContain('finance-device-income');
    const site = (await resources(await t.signIn('site'))).data!;
    expect(site.menuTreeList.find((m) => m.id === 121)?.children.map((c) => c.name)).toContain('撤点管理');
    expect(site.menuTreeList.map((m) => m.id)).not.toContain(106);
  });

  it('lists channels and sites for the top-bar picker', async () => {
    const c = await t.signIn('site');
    const res = await op(c, sessionOps.channelList.name);
    expect(res.data).toMatchObject({ haveFlag: true });
    const data = res.data as { selectList: { code: string; name: string }[]; siteList: unknown[] };
    expect(data.selectList.map((x) => x.name)).toEqual(['智能柜', '批发商城', '线上零售', '本地生活']);
    expect(data.siteList).toHaveLength(5);
  });

  it('refuses unknown operations, a session operation without a token, and a malformed envelope', async () => {
    const admin = await t.signIn('admin');
    expect((await op(admin, 'nope.nothing')).code).toBe(CODES.notFound);
    expect((await op(t.anon, sessionOps.channelList.name)).code).toBe(CODES.sessionInvalid);
    expect((await op(admin, sessionOps.channelList.name, {}, { public: true })).code).toBe(CODES.sessionInvalid);
    const bad = await admin.envelope({ method: 'POST', path: GATEWAY_PATHS.request, body: { body: {} } });
    expect(bad.code).toBe(CODES.badInput);
    const notJson = await t.app.inject({
      method: 'POST',
      url: GATEWAY_PATHS.verifyCode,
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(notJson.json()).toMatchObject({ code: CODES.badInput, msg: '请求格式不正确' });
  });
});
