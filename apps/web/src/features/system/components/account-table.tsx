import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Space, Tag, Tooltip } from 'antd';
import { DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { accountOps, type AccountRow } from '@merchant/contracts/system/account';
import { useSession } from '../../../platform/session-store.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { call, listLoader } from '../../../platform/call.ts';
import { systemKeys } from '../query-keys.ts';
import { ACCOUNT_STATUS_OPTIONS, accountStatusLabel, accountTypeLabel } from '../account-labels.ts';
import { accountHandlePath } from '../paths.ts';
import { AccountDetailDrawer } from './account-detail-drawer.tsx';
import { useOrgTree } from './org-options.ts';
import { ResetPasswordModal } from './reset-password-modal.tsx';
import './system.css';

/** The row actions of the account list, by the operation each calls. */
const ACCOUNT_ACTIONS = { enable: accountOps.enable, disable: accountOps.disable, remove: accountOps.delete } as const;

/**
 * The account list of user management. `compact` is the merchant-side, read-oriented view
 * (stock-management/account): fewer filters and columns, detail only, no changes.
 */
export function AccountTable({ compact = false }: { compact?: boolean }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const orgs = useOrgTree();
  const selfId = useSession((s) => s.userInfo?.loginOrgRole?.userId);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [resetFor, setResetFor] = useState<AccountRow | null>(null);

  const { mutateAsync: act } = useMutation({
    mutationFn: ({ kind, row }: { kind: 'enable' | 'disable' | 'remove'; row: AccountRow }) => call(ACCOUNT_ACTIONS[kind], { id: row.id }),
    onSuccess: async (_d, { kind, row }) => {
      message.success(`账号“${row.userName}”${kind === 'enable' ? '已启用' : kind === 'disable' ? '已停用，其登录会话已结束' : '已删除'}`);
      if (kind === 'remove') setDetailId((id) => (id === row.id ? null : id));
      await qc.invalidateQueries({ queryKey: systemKeys.all });
    },
  });

  const columns = useMemo<ListColumn<AccountRow>[]>(() => {
    const confirmToggle = (row: AccountRow) => {
      const enabling = row.status !== 1;
      modal.confirm({
        title: `${enabling ? '启用' : '停用'}账号“${row.userName}”？`,
        content: enabling ? '启用后该账号可以重新登录。' : '停用后该账号将无法登录，已登录的会话会立即结束（下一次操作时退出到登录页）。',
        okText: enabling ? '启用' : '停用',
        okButtonProps: { danger: !enabling },
        onOk: () => act({ kind: enabling ? 'enable' : 'disable', row }),
      });
    };
    const confirmDelete = (row: AccountRow) =>
      modal.confirm({
        title: `删除账号“${row.userName}”？`,
        content: '删除后该账号及其组织角色分配将被移除，已登录的会话随之失效，且不可恢复。',
        okText: '删除',
        okButtonProps: { danger: true },
        onOk: () => act({ kind: 'remove', row }),
      });

    return [
      {
        key: 'userName',
        title: '账号',
        width: 150,
        search: { type: 'text', maxLength: 32, inCompact: true },
        render: (v, r) => (
          <Space size={4}>
            <a onClick={() => setDetailId(r.id)}>{String(v)}</a>
            {r.merchantAccountType === 1 ? <Tag color="purple">柜主</Tag> : null}
          </Space>
        ),
      },
      {
        key: 'phone',
        title: '手机号',
        width: 130,
        search: {
          type: 'text',
          maxLength: 11,
          inCompact: true,
          rules: [{ pattern: /^\d{0,11}$/, message: '手机号只能是数字' }],
        },
      },
      {
        key: 'organizationId',
        title: '组织',
        hideInTable: true,
        search: { type: 'treeSelect', treeData: orgs.options, order: 10 },
      },
      {
        key: 'memberships',
        title: '组织 / 角色',
        render: (_v, r) =>
          r.memberships.length ? (
            <div className="account-tags">
              {r.memberships.map((m) => (
                <Tag key={`${m.organizationId}:${m.roleId}`} color="blue" variant="outlined">
                  {m.organizationName} / {m.roleName}
                </Tag>
              ))}
            </div>
          ) : (
            <span style={{ color: 'rgba(0,0,0,0.35)' }}>未分配</span>
          ),
      },
      { key: 'merchantAccountType', title: '账号类型', width: 100, render: (v) => accountTypeLabel(Number(v)) },
      {
        key: 'status',
        title: '状态',
        width: 90,
        search: { type: 'select', options: ACCOUNT_STATUS_OPTIONS, inCompact: true },
        render: (v) => <Tag color={v === 1 ? 'success' : 'error'}>{accountStatusLabel(Number(v))}</Tag>,
      },
      { key: 'createdAt', title: '创建时间', width: 170, sortable: true, render: (t) => formatDateTime(t as number) },
      {
        key: 'actions',
        title: '操作',
        width: compact ? 80 : 240,
        fixed: 'right',
        render: (_v, r) => {
          if (compact) {
            return (
              <Button type="link" size="small" onClick={() => setDetailId(r.id)}>
                详情
              </Button>
            );
          }
          const self = r.id === selfId;
          const enabled = r.status === 1;
          // The server's admin scope says whether this account may be changed by the signed-in one, and why not.
          const locked = !self && !r.manageable ? (r.manageNote ?? '没有权限操作该账号') : null;
          const toggleBlock = self ? `不能${enabled ? '停用' : '启用'}当前登录的账号` : locked;
          return (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setDetailId(r.id)}>
                详情
              </Button>
              <Tooltip title={locked}>
                <Button
                  type="link"
                  size="small"
                  disabled={!!locked}
                  onClick={() => navigate(accountHandlePath('edit', r.memberships[0]?.roleId ?? 0, r.id))}
                >
                  编辑
                </Button>
              </Tooltip>
              <Tooltip title={toggleBlock}>
                <Button type="link" size="small" danger={enabled} disabled={!!toggleBlock} onClick={() => confirmToggle(r)}>
                  {enabled ? '停用' : '启用'}
                </Button>
              </Tooltip>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    {
                      key: 'reset',
                      label: (
                        <Tooltip title={self ? '请在登录页通过“忘记密码”修改自己的密码' : locked} placement="left">
                          重置密码
                        </Tooltip>
                      ),
                      disabled: self || !!locked,
                    },
                    { type: 'divider' },
                    {
                      key: 'delete',
                      label: (
                        <Tooltip title={self ? '不能删除当前登录的账号' : locked} placement="left">
                          删除
                        </Tooltip>
                      ),
                      danger: true,
                      disabled: self || !!locked,
                    },
                  ],
                  onClick: ({ key }) => (key === 'reset' ? setResetFor(r) : confirmDelete(r)),
                }}
              >
                <Button type="link" size="small">
                  更多 <DownOutlined />
                </Button>
              </Dropdown>
            </Space>
          );
        },
      },
    ];
  }, [orgs.options, compact, selfId, navigate, modal, act]);

  return (
    <>
      <QueryList<AccountRow>
        testId={compact ? 'stock-account-list' : 'account-list'}
        compact={compact}
        title={compact ? '用户账号' : '账号列表'}
        queryKey={systemKeys.accountList}
        rowKey="id"
        columns={columns}
        request={listLoader(accountOps.list)}
        emptyText="暂无账号"
        exportable={{ operation: accountOps.list, exportName: compact ? '用户账号' : '账号列表' }}
        toolbar={
          compact ? null : (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(accountHandlePath('add'))}>
              新增账号
            </Button>
          )
        }
      />
      <AccountDetailDrawer
        accountId={detailId}
        onClose={() => setDetailId(null)}
        extra={
          compact || detailId === null
            ? null
            : (a) => {
                const locked = a.id !== selfId && !a.manageable ? (a.manageNote ?? '没有权限操作该账号') : null;
                return (
                  <Tooltip title={locked}>
                    <Button
                      type="primary"
                      icon={<EditOutlined />}
                      disabled={!!locked}
                      onClick={() => navigate(accountHandlePath('edit', 0, a.id))}
                    >
                      编辑
                    </Button>
                  </Tooltip>
                );
              }
        }
      />
      {compact ? null : <ResetPasswordModal account={resetFor} onClose={() => setResetFor(null)} />}
    </>
  );
}
