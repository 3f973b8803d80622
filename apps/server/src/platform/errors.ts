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

// ---------------------------------------------------------------- unique violations

/**
 * A unique index (or constraint) and the clear message its violation answers. The database is the
 * last word on every uniqueness / one-at-a-time rule (docs/decisions.md): the service may check
 * first for a friendly early answer, but the insert or update runs inside `guardUnique`, which
 * turns the violation a concurrent request hits into the same message.
 */
export interface UniqueKey {
  /** Index or constraint name — what PostgreSQL reports (`err.constraint`). */
  index: string;
  /** Table and indexed columns — what SQLite reports ("UNIQUE constraint failed: t.a, t.b"). */
  table: string;
  columns: readonly string[];
  /** The refusal (A0409); a function when the message needs a fresh look at the data. */
  message: string | (() => string | Promise<string>);
}

/** What a unique violation names: PostgreSQL the constraint, SQLite the table's columns. */
export interface UniqueViolation {
  constraint?: string;
  table?: string;
  columns?: string[];
}

/** The violated unique index of a database error (SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY, PostgreSQL 23505), else undefined. */
export function uniqueViolation(err: unknown): UniqueViolation | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; constraint?: unknown; table?: unknown; message?: unknown };
  if (e.code === '23505') {
    return {
      constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
      table: typeof e.table === 'string' ? e.table : undefined,
    };
  }
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const m = /constraint failed: (.+)$/.exec(String(e.message ?? ''));
    const cols = m ? m[1].split(',').map((c) => c.trim()) : [];
    const table = cols[0]?.includes('.') ? cols[0].split('.')[0] : undefined;
    return { table, columns: cols.map((c) => c.slice(c.indexOf('.') + 1)) };
  }
  return undefined;
}

/** Whether a violation is of this key (by name on PostgreSQL, by table and columns on SQLite). */
export function violates(v: UniqueViolation, key: Pick<UniqueKey, 'index' | 'table' | 'columns'>): boolean {
  if (v.constraint !== undefined) return v.constraint === key.index;
  return (
    v.table === key.table &&
    v.columns !== undefined &&
    v.columns.length === key.columns.length &&
    key.columns.every((c) => v.columns!.includes(c))
  );
}

/** The answer to a unique violation no service named: still a clear 409, never a 500. */
export const GENERIC_DUPLICATE_MESSAGE = '数据已存在（与已有记录重复），请刷新后检查再试';

/**
 * Runs a write (an insert, an update, or a whole transaction holding them) and turns a violation of
 * one of `keys` into A0409 with that key's message. Any other error passes unchanged (a unique
 * violation of an unnamed index is answered by the error handler with the generic message).
 */
export async function guardUnique<T>(write: () => Promise<T>, ...keys: UniqueKey[]): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const v = uniqueViolation(err);
    const key = v && keys.find((k) => violates(v, k));
    if (!key) throw err;
    throw conflict(typeof key.message === 'function' ? await key.message() : key.message);
  }
}

/** A row that refers to one deleted meanwhile, or a delete of a row still referred to (a check-then-write race). */
export const GENERIC_REFERENCE_MESSAGE = '关联的数据已被删除或仍在使用，请刷新后重试';

/** Whether a database error is a foreign-key violation (SQLite SQLITE_CONSTRAINT_FOREIGNKEY, PostgreSQL 23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = err && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * An error as the client should hear it: AppErrors as they are; a unique or foreign-key violation
 * that no service turned into its own message as a generic clear 409 — never a 500.
 */
export function asAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (uniqueViolation(err)) return conflict(GENERIC_DUPLICATE_MESSAGE);
  if (isForeignKeyViolation(err)) return conflict(GENERIC_REFERENCE_MESSAGE);
  return undefined;
}
