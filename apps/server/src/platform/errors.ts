import { CODES } from '@merchant/contracts';

/** A refusal with a catalogue code (contracts/error-codes.ts) and a clear Chinese message. */
export class AppError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  readonly data?: unknown;
  constructor(code: string, message: string, httpStatus = 400, data?: unknown) {
    super(message);
    this.code = code;
    this.httpStatus = httpStatus;
    this.data = data;
  }
}

export const badInput = (message: string, data?: unknown) => new AppError(CODES.badInput, message, 400, data);
export const notFound = (what = '数据') => new AppError(CODES.notFound, `${what}不存在`, 404);
export const forbidden = (message = '没有权限执行该操作') => new AppError(CODES.forbidden, message, 403);
export const conflict = (message: string) => new AppError(CODES.conflict, message, 409);
export const sessionInvalid = (message = '登录已失效，请重新登录') => new AppError(CODES.sessionInvalid, message, 401);
