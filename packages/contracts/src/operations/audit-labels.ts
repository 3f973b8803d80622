import { CODES } from '../core/error-codes.ts';

// The words of the 操作日志 and 登录日志 pages, shared by the pages and their exports: the sheet says
// what the page says.

/**
 * The suffix the operation log gives an export of a list (`system.account.list#export`). Operation names
 * themselves are not listed here: each operation's definition carries its own (the server's `label`), and the
 * operation log list answers them with its rows.
 */
export const EXPORT_OPERATION_SUFFIX = '#export';

/** Names of the result codes the 结果 filter offers. */
export const RESULT_LABELS: Readonly<Record<string, string>> = {
  [CODES.ok]: '成功',
  [CODES.badInput]: '参数错误',
  [CODES.forbidden]: '无权限',
  [CODES.notFound]: '不存在',
  [CODES.conflict]: '冲突',
  [CODES.serverError]: '服务器错误',
};

/** An operation's result as the page shows it: 成功 (green), else its message (red). */
export function operationResult(code: string, msg: string | null | undefined): { ok: boolean; text: string } {
  if (code === CODES.ok) return { ok: true, text: '成功' };
  return { ok: false, text: (msg ?? '').trim() || RESULT_LABELS[code] || `失败（${code}）` };
}

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
