import { CODES } from '@merchant/contracts';
import { RESULT_LABELS } from '@merchant/contracts/system/operation-log';

// The labels themselves live in contracts (the log exports use them too); these are the search-form options.
// Operation names are not here: the server answers each entry's name with the list (from the operation's own
// definition), and the 操作 search matches names as well as codes.

/** Options of the 结果 search field (exact result codes). */
export const RESULT_OPTIONS = Object.entries(RESULT_LABELS).map(([value, label]) => ({
  value,
  label: value === CODES.ok ? label : `${label}（${value}）`,
}));

export const LOGIN_RESULT_OPTIONS = [
  { value: 'true', label: '成功' },
  { value: 'false', label: '失败' },
];

/** The 登录结果 form value ('true' / 'false') as the boolean the server takes. */
export function successParam(v: unknown): boolean | undefined {
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  return undefined;
}
