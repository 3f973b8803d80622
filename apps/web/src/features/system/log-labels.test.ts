import { describe, expect, it } from 'vitest';
import { operationResult } from '@merchant/contracts/system/operation-log';
import { describeUserAgent, loginFailureText, loginMethodLabel } from '@merchant/contracts/system/login-log';
import { RESULT_OPTIONS, successParam } from './log-labels.ts';
import { routes } from './routes.ts';

describe('log labels', () => {
  it('shows 200 as 成功 and anything else as its message', () => {
    expect(operationResult('200', '成功')).toEqual({ ok: true, text: '成功' });
    expect(operationResult('A0409', '该组织下还有账号，不能删除')).toEqual({ ok: false, text: '该组织下还有账号，不能删除' });
    expect(operationResult('A0301', '')).toEqual({ ok: false, text: '无权限' });
    expect(operationResult('X9', null)).toEqual({ ok: false, text: '失败（X9）' });
    expect(RESULT_OPTIONS[0]).toEqual({ value: '200', label: '成功' });
  });
  // Operation names come from the server with the rows (apps/server/src/modules/system/operation-log-labels.unit.test.ts).
  it('names login methods in Chinese', () => {
    expect(loginMethodLabel('password')).toBe('密码登录');
    expect(loginMethodLabel('sms')).toBe('验证码登录');
  });
  it('explains failed sign-ins in Chinese', () => {
    expect(loginFailureText('bad_credentials')).toBe('账号或密码错误');
    expect(loginFailureText('locked')).toBe('失败次数过多，账号已锁定');
    expect(loginFailureText('')).toBe('登录失败');
    expect(loginFailureText('其他原因')).toBe('其他原因');
  });
  it('turns the result choice into the boolean the server takes', () => {
    expect([successParam('true'), successParam('false'), successParam(undefined), successParam('x')]).toEqual([
      true,
      false,
      undefined,
      undefined,
    ]);
  });
  it('summarises user agents', () => {
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'),
    ).toBe('Chrome 131 · Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      ),
    ).toBe('Safari 17 · macOS');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47',
      ),
    ).toBe('微信 8 · iOS');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0')).toBe(
      'Edge 120 · Windows',
    );
    expect(describeUserAgent('node')).toBe('程序调用');
    expect(describeUserAgent('')).toBe('--');
  });
  it('registers both log pages under section 115', () => {
    expect(routes.filter((r) => r.path.endsWith('-log')).map((r) => [r.path, r.anchor, r.serverId])).toEqual([
      ['system/operation-log', 'operation-log', 115],
      ['system/login-log', 'login-log', 115],
    ]);
  });
});
