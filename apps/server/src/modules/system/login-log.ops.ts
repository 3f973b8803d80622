import {
  describeUserAgent,
  LOGIN_METHOD_LABELS,
  loginFailureText,
  loginLogListInput,
  loginLogOps,
} from '@merchant/contracts/system/login-log';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import { listLoginLogs, loginLogExportQuery, type LoginLogExportRow as Row } from './login-log.service.ts';

export const loginLogList = implement(loginLogOps.list, {
  handler: (ctx, input) => listLoginLogs(ctx, input),
  export: queryExport(loginLogListInput, {
    query: (ctx, i) => loginLogExportQuery(ctx, i),
    filterLabels: { success: '登录成功', timeRange: '登录时间' },
    columns: [
      { header: '登录时间', key: 'createdAt', type: 'time' },
      { header: '登录账号', key: 'userName' },
      { header: '登录方式', key: 'method', type: 'enum', labels: LOGIN_METHOD_LABELS },
      { header: '登录结果', key: 'result', value: (r: Row) => (Number(r.success) === 1 ? '成功' : '失败') },
      { header: '失败原因', key: 'reason', value: (r: Row) => (Number(r.success) === 1 ? '' : loginFailureText(r.reason)), width: 24 },
      { header: 'IP 地址', key: 'ip' },
      { header: '登录设备', key: 'device', value: (r: Row) => describeUserAgent(r.userAgent), width: 20 },
      { header: '设备信息（User-Agent）', key: 'userAgent', width: 50 },
    ],
  }),
});
