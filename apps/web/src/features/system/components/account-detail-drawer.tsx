import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { accountOps, SYSTEM_PHONE_KINDS, type AccountDetail, type Membership } from '@merchant/contracts/system/account';
import { hasAnchor } from '../../../platform/permission.ts';
import { useSession } from '../../../platform/session-store.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { MaskedPhone } from '../../../shared/ui/masked-phone.tsx';
import { call } from '../../../platform/call.ts';
import { systemKeys } from '../query-keys.ts';
import { DETAIL } from '../server-errors.ts';
import { accountStatusLabel, accountTypeLabel, dataScopeLabel } from '../account-labels.ts';

/** Account detail (description list and memberships); `extra` holds the caller's actions (given the loaded account). */
export function AccountDetailDrawer({
  accountId,
  onClose,
  extra,
}: {
  accountId: number | null;
  onClose: () => void;
  extra?: ReactNode | ((account: AccountDetail) => ReactNode);
}) {
  const open = accountId !== null;
  const q = useQuery({
    queryKey: systemKeys.accountDetail(accountId ?? 0),
    queryFn: () => call(accountOps.detail, { id: accountId! }, DETAIL),
    enabled: open,
  });
  const a = q.data;
  // the server sends the phone masked; 账号管理 (the page that edits accounts) may reveal it, logged
  const menuTree = useSession((s) => s.menuTree);
  const canReveal = useMemo(() => hasAnchor(menuTree, SYSTEM_PHONE_KINDS.account.anchor), [menuTree]);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={600}
      title={
        <Space>
          <UserOutlined />
          账号详情
        </Space>
      }
      extra={a ? (typeof extra === 'function' ? extra(a) : extra) : null}
    >
      {q.isLoading ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : !a ? (
        <Empty description="未找到该账号" />
      ) : (
        <div data-testid="account-detail">
          <Descriptions
            bordered
            size="small"
            column={2}
            styles={{ label: { width: 110 } }}
            items={[
              { key: 'userName', label: '账号', children: a.userName },
              {
                key: 'phone',
                label: '手机号',
                children: (
                  <MaskedPhone
                    key={a.id}
                    value={a.phone}
                    canReveal={canReveal}
                    reveal={() => call(accountOps.phoneReveal, { kind: 'account', id: a.id }).then((r) => r.phone)}
                  />
                ),
              },
              {
                key: 'status',
                label: '状态',
                children: <Tag color={a.status === 1 ? 'success' : 'error'}>{accountStatusLabel(a.status)}</Tag>,
              },
              { key: 'type', label: '账号类型', children: accountTypeLabel(a.merchantAccountType) },
              { key: 'scope', label: '数据范围', children: dataScopeLabel(a.useSite) },
              { key: 'count', label: '组织角色数', children: a.memberships.length },
              { key: 'created', label: '创建时间', children: formatDateTime(a.createdAt) },
              { key: 'updated', label: '更新时间', children: formatDateTime(a.updatedAt) },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            组织与角色
          </Typography.Title>
          <Table<Membership>
            rowKey={(m) => `${m.organizationId}:${m.roleId}`}
            size="small"
            pagination={false}
            dataSource={a.memberships}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未分配组织角色" /> }}
            columns={[
              { key: 'organizationName', title: '组织', dataIndex: 'organizationName' },
              { key: 'roleName', title: '角色', dataIndex: 'roleName', render: (n: string) => <Tag color="blue">{n}</Tag> },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
