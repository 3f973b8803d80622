import {
  ApiError,
  DEVICE_MODEL_MISMATCH_CODE,
  DEVICE_MODEL_MISMATCH_MESSAGE,
  LOGOUT_CODES,
  PASS_SILENT_CODES,
  WARN_STOP_CODE,
} from '@merchant/contracts';

/** What the catalogue does besides returning or raising: warn, and log out. */
export interface CatalogueHooks {
  warn: (text: string) => void;
  logout: (reason: string) => void;
}

export interface CatalogueOptions {
  /** Return the whole envelope instead of `data` (spec §8 "allData"), whatever the code. */
  allData?: boolean;
  /**
   * Codes whose message the caller shows itself — under the form field it is about, or as the page
   * (a record that does not exist): no warning toast for them, so a refusal is reported once. The
   * error is raised as usual (and counts as shown). Log-out and stop codes keep their handling.
   */
  shownByCaller?: readonly string[];
}

/** Raised for '036004': the warning is shown and the caller's work stops; nothing else should be shown. */
export class StoppedError extends ApiError {
  constructor(code: string, message: string, status: number, data?: unknown) {
    super(code, message, status, data);
    this.name = 'StoppedError';
  }
}

const notified = new WeakSet<object>();
/** True when the catalogue already showed a warning for this error (avoid a second toast). */
export function wasNotified(err: unknown): boolean {
  return typeof err === 'object' && err !== null && notified.has(err);
}
function markNotified<E extends object>(err: E): E {
  notified.add(err);
  return err;
}

const passSilent = new Set<string>(PASS_SILENT_CODES);
const logoutCodes = new Set<string>(LOGOUT_CODES);

interface EnvelopeLike {
  code?: unknown;
  msg?: unknown;
  message?: unknown;
  data?: unknown;
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/**
 * Spec §8, applied to a parsed (and decoded) JSON answer:
 * - allData: the whole answer, unchanged;
 * - no code: the answer unchanged;
 * - '200'/200, '601', '200002', '200003', '600002', '098106', '20020': `data`, silently;
 * - 'A0230', '110001', '110052', '110008': warn with the server message, log out, raise;
 * - '036004': warn and stop (a StoppedError the UI ignores);
 * - '20001': warn with the message or the device-model default, raise;
 * - anything else: warn (message or msg), raise — without the warning for the codes the caller
 *   shows itself (`shownByCaller`).
 */
export function applyCatalogue<T>(json: unknown, status: number, opts: CatalogueOptions, hooks: CatalogueHooks): T {
  if (opts.allData) return json as T;
  if (typeof json !== 'object' || json === null || !('code' in json)) return json as T;
  const env = json as EnvelopeLike;
  if (env.code === undefined || env.code === null || env.code === '') return json as T;
  const code = String(env.code);
  if (passSilent.has(code)) return env.data as T;

  const serverText = text(env.message) ?? text(env.msg);
  if (logoutCodes.has(code)) {
    const reason = serverText ?? '登录状态已失效，请重新登录';
    hooks.warn(reason);
    hooks.logout(reason);
    throw markNotified(new ApiError(code, reason, status, env.data));
  }
  if (code === WARN_STOP_CODE) {
    const reason = serverText ?? '操作未完成';
    hooks.warn(reason);
    throw markNotified(new StoppedError(code, reason, status, env.data));
  }
  if (code === DEVICE_MODEL_MISMATCH_CODE) {
    const reason = serverText ?? DEVICE_MODEL_MISMATCH_MESSAGE;
    hooks.warn(reason);
    throw markNotified(new ApiError(code, reason, status, env.data));
  }
  const reason = serverText ?? '请求失败';
  if (!opts.shownByCaller?.includes(code)) hooks.warn(reason);
  throw markNotified(new ApiError(code, reason, status, env.data));
}
