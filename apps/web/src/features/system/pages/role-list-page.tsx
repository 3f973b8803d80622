import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { roleOps, type RoleRow } from '@merchant/contracts/system/role';
import { formatDateTime } from '../../../shared/format/date.ts';
import { DeleteAction, LockableAction } from '../../../shared/ui/row-actions.tsx';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { pageLocally, type ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { call } from '../../../platform/call.ts';
import { systemKeys } from '../query-keys.ts';
import { useOrgTree } from '../components/org-options.ts';
import { roleHandlePath } from '../paths.ts';
import { roleDeleteBlocker } from '../role-helpers.ts';

/** 角色管理: roles per organisation, filtered by organisation and name. */
export default function RoleListPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const orgs = useOrgTree();

  const { mutateAsync: removeRole } = useMutation({
    mutationFn: (id: number) => call(roleOps.delete, { id: id }),
    onSuccess: async () => {
      message.success('角色已删除');
      await qc.invalidateQueries({ queryKey: systemKeys.all });
    },
  });

  const columns = useMemo<ListColumn<RoleRow>[]>(
    () => [
      {
        key: 'organizationId',
        title: '所属组织',
        hideInTable: true,
        search: { type: 'treeSelect', treeData: orgs.options, order: 0 },
      },
      {
        key: 'name',
        title: '角色名称',
        search: { type: 'text', maxLength: 20, order: 1 },
        render: (name, r) => (
          <Space size={4}>
            <a onClick={() => navigate(roleHandlePath('view', r.id, r.organizationName))}>{String(name)}</a>
            {r.isAdmin ? <Tag color="red">管理员</Tag> : null}
          </Space>
        ),
      },
      { key: 'organizationName', title: '所属组织' },
      { key: 'packageName', title: '套餐名称', render: (v) => (v ? <Tag>{String(v)}</Tag> : '--') },
      { key: 'accountCount', title: '账号数', align: 'right', width: 100 },
      { key: 'createdAt', title: '创建时间', width: 180, render: (t) => formatDateTime(t as number) },
      {
        key: 'actions',
        title: '操作',
        width: 200,
        fixed: 'right',
        render: (_v, r) => {
          const blocker = roleDeleteBlocker(r);
          const locked = r.manageable ? null : (r.manageNote ?? '没有权限修改该角色');
          return (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => navigate(roleHandlePath('view', r.id, r.organizationName))}>
                查看
              </Button>
              <LockableAction locked={locked} onClick={() => navigate(roleHandlePath('edit', r.id, r.organizationName))}>
                编辑
              </LockableAction>
              <DeleteAction
                blocker={blocker}
                title={`删除角色“${r.name}”？`}
                description="该角色的菜单权限将一并删除，删除后不可恢复。"
                onConfirm={() => removeRole(r.id)}
              />
            </Space>
          );
        },
      },
    ],
    [orgs.options, navigate, removeRole],
  );

  return (
    <QueryList<RoleRow>
      testId="role-list"
      title="角色列表"
      queryKey={systemKeys.roleList}
      rowKey="id"
      columns={columns}
      request={async ({ pageNum, pageSize, organizationId, name }) =>
        pageLocally(await call(roleOps.list, { organizationId: organizationId as number | undefined, name: name as string | undefined }), {
          pageNum,
          pageSize,
        })
      }
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(roleHandlePath('add'))}>
          新增角色
        </Button>
      }
      emptyText="暂无角色"
      exportable={{
        operation: roleOps.list,
        exportName: '角色列表',
        body: ({ organizationId, name }) => ({ organizationId, name }),
      }}
    />
  );
}
