import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, UserOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../shared/format/date.ts';
import { maskPhone } from '../../../shared/format/phone.ts';
import { accountApi, systemKeys, type AccountDetail, type Membership } from '../api.ts';
import { accountStatusLabel, accountTypeLabel, dataScopeLabel } from '../account-labels.ts';

function PhoneText({ phone }: { phone: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Space size={4}>
      <span>{shown ? phone : maskPhone(phone)}</span>
      <Button
        type="link"
        size="small"
        aria-label={shown ? '隐藏手机号' : '显示手机号'}
        icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        onClick={() => setShown(!shown)}
      />
    </Space>
  );
}

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
  const q = useQuery({ queryKey: systemKeys.accountDetail(accountId ?? 0), queryFn: () => accountApi.detail(accountId!), enabled: open });
  const a = q.data;
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
              { key: 'phone', label: '手机号', children: <PhoneText key={a.id} phone={a.phone} /> },
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
