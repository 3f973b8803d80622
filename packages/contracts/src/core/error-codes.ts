/**
 * Response codes (spec §8). The client's behaviour per code is fixed by the spec;
 * the server picks codes from this catalogue only.
 */
export const CODES = {
  ok: '200',
  /** Pass-silent codes of spec §8. EXPORT_QUEUED: a large export became a task. */
  exportQueued: '200002',
  /** Session missing, expired or revoked: the client logs out. */
  sessionInvalid: 'A0230',
  /** Account disabled: the client logs out. */
  accountDisabled: '110001',
  /** Password changed elsewhere: the client logs out. */
  passwordChanged: '110052',
  /** Organisation or role no longer held: the client logs out. */
  membershipRevoked: '110008',
  /** Warn and stop. */
  warnStop: '036004',
  /** Device model mismatch on activation. */
  deviceModelMismatch: '20001',
  badInput: 'A0400',
  loginFailed: 'A0210',
  accountLocked: 'A0211',
  verifyCodeInvalid: 'A0240',
  verifyCodeTooFrequent: 'A0241',
  forbidden: 'A0301',
  notFound: 'A0404',
  conflict: 'A0409',
  tooManyRequests: 'A0429',
  secureChannel: 'A0340',
  serverError: 'B0001',
} as const;

export type Code = (typeof CODES)[keyof typeof CODES];

/** Codes the client passes silently (spec §8). */
export const PASS_SILENT_CODES = ['200', '601', '200002', '200003', '600002', '098106', '20020'] as const;
/** Codes that show the server message and log the user out (spec §8). */
export const LOGOUT_CODES = ['A0230', '110001', '110052', '110008'] as const;
export const WARN_STOP_CODE = '036004';
export const DEVICE_MODEL_MISMATCH_CODE = '20001';
export const DEVICE_MODEL_MISMATCH_MESSAGE = '合同柜型与设备型号需一致才能激活设备';
