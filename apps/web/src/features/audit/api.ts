import { http } from '../../platform/http-client.ts';
import type { PageParams, PageResult } from '../../shared/ui/list/list-columns.ts';

/** Log reads of user management (operation log and login log). */
export const AUDIT_OPS = {
  operationLogList: 'system.operationLog.list',
  loginLogList: 'system.loginLog.list',
} as const;

/** One operation-log entry: the stored codes, and the server's words for them (the page shows the words). */
export interface OperationLogRow {
  id: number;
  userName: string;
  organizationId: number | null;
  roleIds: string;
  /** Operation code (system.role.edit; an export: system.account.list#export). */
  operation: string;
  /** 编辑角色; 导出（账号列表）: from the operation's own definition. */
  operationLabel: string;
  anchor: string;
  clientAnchor: string;
  /** 角色管理: the page of the operation ('' for none, e.g. 退出登录). */
  pageName: string;
  /** Stored targets (organizationId=4;menuIds=1,2,3). */
  targetIds: string;
  /** The targets in words (组织：华东大区；菜单权限：12项). */
  targets: string;
  resultCode: string;
  resultMsg: string;
  ip: string;
  createdAt: number;
}

export interface LoginLogRow {
  id: number;
  userName: string;
  method: 'password' | 'sms' | string;
  success: boolean;
  reason: string | null;
  ip: string;
  userAgent: string;
  createdAt: number;
}

export const auditKeys = {
  operationLogs: ['audit', 'operation-log'] as const,
  loginLogs: ['audit', 'login-log'] as const,
};

export const auditApi = {
  operationLogs: (params: PageParams & { userName?: string; operation?: string; resultCode?: string; timeRange?: [number, number] }) =>
    http.gateway<PageResult<OperationLogRow>>({ name: AUDIT_OPS.operationLogList, body: params }),
  loginLogs: (params: PageParams & { userName?: string; success?: boolean; timeRange?: [number, number] }) =>
    http.gateway<PageResult<LoginLogRow>>({ name: AUDIT_OPS.loginLogList, body: params }),
};
