import { useMemo } from 'react';
import { Tag, Tooltip } from 'antd';
import { formatDateTime } from '../../../shared/format/date.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { describeUserAgent, loginFailureText, loginLogOps, loginMethodLabel, type LoginLogRow } from '@merchant/contracts/system/login-log';
import { listLoader } from '../../../platform/call.ts';
import { LOGIN_RESULT_OPTIONS, successParam } from '../log-labels.ts';
import { systemKeys } from '../query-keys.ts';

/** 登录日志: sign-in attempts with method, result and device. */
export default function LoginLogPage() {
  const columns = useMemo<ListColumn<LoginLogRow>[]>(
    () => [
      {
        key: 'createdAt',
        title: '登录时间',
        width: 170,
        render: (t) => formatDateTime(t as number),
        search: { type: 'dateRange', showTime: true, name: 'timeRange', label: '登录时间', order: 2 },
      },
      {
        key: 'userName',
        title: '登录账号',
        width: 140,
        search: { type: 'text', label: '账号', order: 0 },
        render: (v) => (v ? String(v) : '--'),
      },
      {
        key: 'method',
        title: '登录方式',
        width: 120,
        render: (v) => <Tag color={v === 'sms' ? 'geekblue' : 'default'}>{loginMethodLabel(String(v))}</Tag>,
      },
      {
        key: 'success',
        title: '登录结果',
        width: 220,
        search: { type: 'select', options: LOGIN_RESULT_OPTIONS, name: 'success', label: '登录结果', order: 1, toParam: successParam },
        render: (v, r) =>
          v ? (
            <Tag color="success">成功</Tag>
          ) : (
            <Tag color="error" style={{ whiteSpace: 'normal' }}>
              {loginFailureText(r.reason)}
            </Tag>
          ),
      },
      { key: 'ip', title: 'IP 地址', width: 140, render: (v) => (v ? String(v) : '--') },
      {
        key: 'userAgent',
        title: '登录设备',
        render: (v) => (
          <Tooltip title={v ? String(v) : undefined} placement="topLeft">
            <span>{describeUserAgent(v as string)}</span>
          </Tooltip>
        ),
      },
    ],
    [],
  );

  return (
    <QueryList<LoginLogRow>
      testId="login-log"
      title="登录日志"
      queryKey={systemKeys.loginLogs}
      rowKey="id"
      columns={columns}
      defaultPageSize={20}
      request={listLoader(loginLogOps.list)}
      exportable={{ operation: loginLogOps.list, exportName: '登录日志' }}
      emptyText="暂无登录记录"
    />
  );
}
