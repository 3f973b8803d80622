import { ApiError, CODES } from '@merchant/contracts';

/** Which form field a refusal is about, by the words of the server's Chinese message. */
export type FieldHints = Array<[RegExp, string]>;

/**
 * A server refusal (bad input or conflict) as a field error, so the message also stands under the
 * field it is about; null when it is about no field of the form (the toast is enough).
 */
export function fieldErrorOf(err: unknown, hints: FieldHints): { name: string; errors: string[] } | null {
  if (!(err instanceof ApiError) || (err.code !== CODES.conflict && err.code !== CODES.badInput)) return null;
  const hit = hints.find(([re]) => re.test(err.message));
  return hit ? { name: hit[1], errors: [err.message] } : null;
}

export const ORG_FIELD_HINTS: FieldHints = [[/同名组织|组织名称/, 'name']];
export const ROLE_FIELD_HINTS: FieldHints = [[/同名角色|角色名称/, 'name']];
export const ACCOUNT_FIELD_HINTS: FieldHints = [
  [/账号已存在|账号长度|账号只能/, 'userName'],
  [/手机号/, 'phone'],
  [/密码/, 'password'],
  [/memberships|组织角色|管理员角色|不属于所选组织/, 'memberships'],
];

/** An error whose code the call asked to show itself (`shownByCaller`): the page must show it. */
export function isShownByCaller(err: unknown, opts: { shownByCaller: readonly string[] }): err is ApiError {
  return err instanceof ApiError && opts.shownByCaller.includes(err.code);
}

/** A detail page shows 不存在 itself (no toast on top). */
export const DETAIL = { shownByCaller: [CODES.notFound] } as const;
/** A form shows a refusal under its field, or once as a toast of its own (never both). */
export const FORM_SAVE = { shownByCaller: [CODES.conflict, CODES.badInput] } as const;
