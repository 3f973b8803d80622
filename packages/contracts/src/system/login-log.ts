import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf, timeRange } from '../core/paging.ts';

// 登录日志 (login-log): every sign-in attempt of the merchant's accounts. The words are shared by the page
// and its export.

export const LOGIN_METHOD_LABELS: Readonly<Record<string, string>> = { password: '密码登录', sms: '验证码登录' };

export function loginMethodLabel(method: string): string {
  return LOGIN_METHOD_LABELS[method] ?? method;
}

/** Chinese text of a failed sign-in's reason code (the login log stores codes). */
export const LOGIN_FAILURE_REASONS: Readonly<Record<string, string>> = {
  bad_credentials: '账号或密码错误',
  locked: '失败次数过多，账号已锁定',
  throttled: '登录尝试过于频繁，等待中',
  disabled: '账号已停用',
  code_invalid: '验证码错误或已过期',
};

export function loginFailureText(reason: string | null | undefined): string {
  const r = (reason ?? '').trim();
  if (!r) return '登录失败';
  return LOGIN_FAILURE_REASONS[r] ?? r;
}

/** A short "browser · system" description of a user agent string (登录设备). */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return '--';
  const s = ua;
  const browser =
    match(s, /Edg(?:e|A|iOS)?\/(\d+)/, 'Edge') ??
    match(s, /MicroMessenger\/(\d+)/, '微信') ??
    match(s, /(?:OPR|Opera)\/(\d+)/, 'Opera') ??
    match(s, /Firefox\/(\d+)/, 'Firefox') ??
    match(s, /(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/, 'Chrome') ??
    (/Safari\//.test(s) ? (match(s, /Version\/(\d+)/, 'Safari') ?? 'Safari') : null) ??
    (/node|undici|curl|axios|okhttp/i.test(s) ? '程序调用' : null);
  const os = /Windows/.test(s)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(s)
      ? 'iOS'
      : /Android/.test(s)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(s)
          ? 'macOS'
          : /Linux/.test(s)
            ? 'Linux'
            : null;
  const parts = [browser, os].filter(Boolean);
  return parts.length ? parts.join(' · ') : '其他';
}

function match(s: string, re: RegExp, name: string): string | null {
  const m = re.exec(s);
  return m ? `${name} ${m[1]}` : null;
}

export const loginLogListInput = listInput(
  {
    userName: z.string().trim().max(64, '账号不能超过64个字').optional(),
    success: z.boolean({ error: '登录结果只能是 是/否' }).optional(),
    timeRange,
  },
  ['createdAt'],
);

export const loginLogRowSchema = z.object({
  id: z.number(),
  userName: z.string(),
  /** password | sms. */
  method: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.number(),
});
export type LoginLogRow = z.infer<typeof loginLogRowSchema>;

export const loginLogOps = defineOperations(
  { anchor: 'login-log' },
  {
    list: {
      name: 'system.loginLog.list',
      label: '登录日志列表',
      input: loginLogListInput,
      output: pagedOf(loginLogRowSchema),
      exportable: true,
    },
  },
);
