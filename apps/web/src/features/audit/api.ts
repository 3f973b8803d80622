import { http } from '../../platform/http-client.ts';
import type { PageParams, PageResult } from '../../shared/ui/list/list-columns.ts';

/** Log reads of user management (operation log and login log). */
export const AUDIT_OPS = {
  operationLogList: 'system.operationLog.list',
  loginLogList: 'system.loginLog.list',
} as const;

export interface OperationLogRow {
  id: number;
  userName: string;
  organizationId: number | null;
  roleIds: string;
  operation: string;
  anchor: string;
  clientAnchor: string;
  targetIds: string;
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
