import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Descriptions, Drawer, Empty, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { ApartmentOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../shared/format/date.ts';
import { organizationOps, type OrgRow } from '@merchant/contracts/system/organization';
import type { RoleRow } from '@merchant/contracts/system/role';
import { call } from '../../../platform/call.ts';
import { systemKeys } from '../query-keys.ts';
import { STRUCTURE_TYPE_COLORS, structureTypeName } from '../org-tree.ts';
import { roleHandlePath } from '../paths.ts';
import './system.css';

/** Organisation detail: place in the tree, counts, its roles and its child organisations. */
export function OrgDetailDrawer({
  orgId,
  onClose,
  onAddChild,
  onEdit,
}: {
  orgId: number | null;
  onClose: () => void;
  onAddChild: (id: number) => void;
  onEdit: (id: number) => void;
}) {
  const navigate = useNavigate();
  const open = orgId !== null;
  const detail = useQuery({
    queryKey: systemKeys.orgDetail(orgId ?? 0),
    queryFn: () => call(organizationOps.detail, { id: orgId! }),
    enabled: open,
  });
  const children = useQuery({
    queryKey: systemKeys.orgChildren(orgId ?? 0),
    queryFn: () => call(organizationOps.children, { id: orgId! }),
    enabled: open,
  });
  const d = detail.data;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={640}
      title={
        <Space>
          <ApartmentOutlined />
          组织详情
        </Space>
      }
      extra={
        d ? (
          <Space>
            <Button icon={<PlusOutlined />} onClick={() => onAddChild(d.id)}>
              新增下级
            </Button>
            <Tooltip title={d.manageable ? null : d.manageNote}>
              <Button type="primary" icon={<EditOutlined />} disabled={!d.manageable} onClick={() => onEdit(d.id)}>
                编辑
              </Button>
            </Tooltip>
          </Space>
        ) : null
      }
    >
      {detail.isLoading ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : !d ? (
        <Empty description="未找到该组织" />
      ) : (
        <div data-testid="org-detail">
          <Breadcrumb style={{ marginBottom: 16 }} items={[...d.path, d.name].map((name, i) => ({ key: i, title: name }))} />
          <Descriptions
            bordered
            size="small"
            column={2}
            styles={{ label: { width: 110 } }}
            items={[
              { key: 'name', label: '组织名称', children: d.name },
              {
                key: 'type',
                label: '组织类型',
                children: <Tag color={STRUCTURE_TYPE_COLORS[d.structureType]}>{structureTypeName(d.structureType)}</Tag>,
              },
              // Above the active organisation nothing is shown (the admin scope): no parent name there.
              { key: 'parent', label: '上级组织', children: d.parentName ?? (d.parentId === null ? '无（根组织）' : '--') },
              { key: 'sort', label: '排序', children: d.sort },
              { key: 'path', label: '组织路径', span: 2, children: [...d.path, d.name].join(' / ') },
              { key: 'accounts', label: '账号数', children: d.accountCount },
              { key: 'children', label: '下级组织数', children: d.childCount },
              { key: 'roles', label: '角色数', children: d.roles.length },
              { key: 'created', label: '创建时间', children: formatDateTime(d.createdAt) },
            ]}
          />

          <div className="drawer-section-head">
            <Typography.Title level={5} style={{ margin: 0 }}>
              组织角色
            </Typography.Title>
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => navigate(roleHandlePath('add', d.id, d.name))}>
              在此组织新增角色
            </Button>
          </div>
          <Table<RoleRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.roles}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该组织暂无角色" /> }}
            columns={[
              {
                key: 'name',
                title: '角色名称',
                dataIndex: 'name',
                render: (name: string, r) => (
                  <Space size={4}>
                    {name}
                    {r.isAdmin ? <Tag color="red">管理员</Tag> : null}
                  </Space>
                ),
              },
              { key: 'packageName', title: '套餐', dataIndex: 'packageName' },
              { key: 'accountCount', title: '账号数', dataIndex: 'accountCount', align: 'right', render: (n: unknown) => Number(n ?? 0) },
              { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', render: (t: number) => formatDateTime(t) },
            ]}
          />

          <div className="drawer-section-head">
            <Typography.Title level={5} style={{ margin: 0 }}>
              下级组织
            </Typography.Title>
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => onAddChild(d.id)}>
              新增下级组织
            </Button>
          </div>
          <Table<OrgRow>
            rowKey="id"
            size="small"
            pagination={false}
            loading={children.isLoading}
            dataSource={children.data ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无下级组织" /> }}
            columns={[
              { key: 'name', title: '组织名称', dataIndex: 'name' },
              {
                key: 'structureType',
                title: '组织类型',
                dataIndex: 'structureType',
                render: (t: number) => <Tag color={STRUCTURE_TYPE_COLORS[t]}>{structureTypeName(t)}</Tag>,
              },
              { key: 'sort', title: '排序', dataIndex: 'sort', align: 'right' },
              { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', render: (t: number) => formatDateTime(t) },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
