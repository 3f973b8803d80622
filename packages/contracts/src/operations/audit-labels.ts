import { CODES } from '../error-codes.ts';
import { AUTH_OPS } from './auth.ts';
import { EXPORT_OPS } from './export.ts';
import { MERCHANT_OPS } from './merchant.ts';
import { SYSTEM_OPS } from './system.ts';

// The words of the 操作日志 and 登录日志 pages, shared by the pages and their exports: the sheet says
// what the page says.

/** Chinese names of the logged (changing) operations; unknown names are shown as they are. */
export const OPERATION_LABELS: Readonly<Record<string, string>> = {
  [SYSTEM_OPS.orgAdd]: '新增组织',
  [SYSTEM_OPS.orgEdit]: '编辑组织',
  [SYSTEM_OPS.orgDelete]: '删除组织',
  [SYSTEM_OPS.roleAdd]: '新增角色',
  [SYSTEM_OPS.roleEdit]: '编辑角色',
  [SYSTEM_OPS.roleDelete]: '删除角色',
  [SYSTEM_OPS.accountAdd]: '新增账号',
  [SYSTEM_OPS.accountEdit]: '编辑账号',
  [SYSTEM_OPS.accountDelete]: '删除账号',
  [SYSTEM_OPS.accountEnable]: '启用账号',
  [SYSTEM_OPS.accountDisable]: '停用账号',
  [SYSTEM_OPS.accountResetPassword]: '重置密码',
  [SYSTEM_OPS.phoneReveal]: '查看完整手机号',
  [MERCHANT_OPS.phoneReveal]: '查看完整手机号',
  [AUTH_OPS.register]: '商户注册',
  [AUTH_OPS.resetPassword]: '找回密码',
  [AUTH_OPS.logout]: '退出登录',
  [EXPORT_OPS.taskDelete]: '删除导出文件',
  [EXPORT_OPS.taskRetry]: '重试导出',
};

/** The suffix the operation log gives an export of a list (`system.account.list#export`). */
export const EXPORT_OPERATION_SUFFIX = '#export';

/** An operation's Chinese name; an export reads 导出（<list>）; unknown names are shown as they are. */
export function operationLabel(name: string, listNames: Readonly<Record<string, string>> = {}): string {
  if (name.endsWith(EXPORT_OPERATION_SUFFIX)) {
    const list = name.slice(0, -EXPORT_OPERATION_SUFFIX.length);
    return `导出（${listNames[list] ?? OPERATION_LABELS[list] ?? list}）`;
  }
  return OPERATION_LABELS[name] ?? name;
}

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
