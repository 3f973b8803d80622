import { z } from 'zod';
import { CODES } from '../core/error-codes.ts';
import { defineOperations } from '../core/operation.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { timeRange } from '../core/paging.ts';

// 操作日志 (operation-log): every state-changing call and every export, in words. The words are shared by
// the page and its export: the sheet says what the page says.

/**
 * The suffix the operation log gives an export of a list (`system.account.list#export`). Operation names
 * themselves are not listed here: each operation's contract carries its own `label`, and the operation log
 * list answers them with its rows.
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

const text = (label: string) => z.string().trim().max(64, `${label}不能超过64个字`).optional();

/**
 * The log grows without bound: it pages by keyset (newest first by 操作时间, then id; `cursor` from the
 * previous answer), counting its total only on the first page.
 */
export const operationLogListInput = keysetInput(
  { userName: text('账号'), operation: text('操作'), resultCode: z.string().max(16).optional(), timeRange },
  ['createdAt'],
);

/** One operation-log entry: the stored codes, and the server's words for them (the page shows the words). */
export const operationLogRowSchema = z.object({
  id: z.number(),
  userName: z.string(),
  organizationId: z.number().nullable(),
  roleIds: z.string(),
  /** Operation code (system.role.edit; an export: system.account.list#export). */
  operation: z.string(),
  /** 编辑角色; 导出（账号列表）: from the operation's own contract. */
  operationLabel: z.string(),
  anchor: z.string(),
  clientAnchor: z.string(),
  /** 角色管理: the page of the operation ('' for none, e.g. 退出登录). */
  pageName: z.string(),
  /** Stored targets (organizationId=4;menuIds=1,2,3). */
  targetIds: z.string(),
  /** The targets in words (组织：华东大区；菜单权限：12项). */
  targets: z.string(),
  resultCode: z.string(),
  resultMsg: z.string(),
  ip: z.string(),
  createdAt: z.number(),
});
export type OperationLogRow = z.infer<typeof operationLogRowSchema>;

export const operationLogOps = defineOperations(
  { anchor: 'operation-log' },
  {
    list: {
      name: 'system.operationLog.list',
      label: '操作日志列表',
      input: operationLogListInput,
      output: keysetOf(operationLogRowSchema),
      exportable: true,
    },
  },
);
