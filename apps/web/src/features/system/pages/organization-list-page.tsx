import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Form, Input, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { organizationOps, type OrgNode } from '@merchant/contracts/system/organization';
import { formatDateTime } from '../../../shared/format/date.ts';
import { DeleteAction, LockableAction } from '../../../shared/ui/row-actions.tsx';
import { ExportButton } from '../../../platform/list/export-button.tsx';
import '../../../platform/list/query-list.css';
import { LIST_TABLE_STICKY, useListLayout } from '../../../platform/list/column-settings.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { call } from '../../../platform/call.ts';
import { systemKeys } from '../query-keys.ts';
import {
  deleteBlocker,
  filterOrgTree,
  findOrgNode,
  parentIds,
  STRUCTURE_TYPE_COLORS,
  structureTypeName,
  withoutEmptyChildren,
} from '../org-tree.ts';
import { OrgFormModal, type OrgFormTarget } from '../components/org-form-modal.tsx';
import { OrgDetailDrawer } from '../components/org-detail-drawer.tsx';

/**
 * 组织管理: the organisation tree as a tree table, with detail, add child, edit and delete. The tree
 * starts at the signed-in account's active organisation (the server's admin scope); that top node is
 * managed from above unless it is the merchant's root.
 */
export default function OrganizationListPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const tree = useQuery({ queryKey: systemKeys.orgTree, queryFn: () => call(organizationOps.tree) });
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [formTarget, setFormTarget] = useState<OrgFormTarget | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [searchForm] = Form.useForm<{ keyword?: string }>();

  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const shown = useMemo(() => withoutEmptyChildren(filterOrgTree(nodes, keyword)), [nodes, keyword]);
  const allParents = useMemo(() => parentIds(shown), [shown]);
  // Everything is expanded until the user folds something (and after each search).
  const expandedKeys = expanded ?? allParents;
  const root = nodes[0];

  const remove = useMutation({
    mutationFn: (id: number) => call(organizationOps.delete, { id: id }),
    onSuccess: async () => {
      message.success('组织已删除');
      await qc.invalidateQueries({ queryKey: systemKeys.all });
    },
  });

  const columns: ListColumn<OrgNode>[] = [
    {
      key: 'name',
      title: '组织名称',
      dataIndex: 'name',
      width: 280,
      render: (name, r) => (
        <Typography.Link onClick={() => setDetailId(r.id)} style={{ fontWeight: r.parentId === null ? 600 : undefined }}>
          {String(name)}
        </Typography.Link>
      ),
    },
    {
      key: 'structureType',
      title: '组织类型',
      dataIndex: 'structureType',
      width: 120,
      render: (t) => <Tag color={STRUCTURE_TYPE_COLORS[t as number]}>{structureTypeName(t as number)}</Tag>,
    },
    { key: 'accountCount', title: '账号数', dataIndex: 'accountCount', width: 100, align: 'right' },
    { key: 'roleCount', title: '角色数', dataIndex: 'roleCount', width: 100, align: 'right' },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 80, align: 'right' },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 180, render: (t) => formatDateTime(t as number) },
    {
      key: 'actions',
      title: '操作',
      width: 260,
      fixed: 'right',
      render: (_v, r) => {
        const blocker = deleteBlocker(r);
        const locked = r.manageable ? null : (r.manageNote ?? '没有权限修改该组织');
        return (
          <Space size={0} className="row-actions">
            <Button type="link" size="small" onClick={() => setDetailId(r.id)}>
              详情
            </Button>
            <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'add', parentId: r.id })}>
              新增下级
            </Button>
            <LockableAction locked={locked} onClick={() => setFormTarget({ mode: 'edit', node: r })}>
              编辑
            </LockableAction>
            <DeleteAction
              blocker={blocker}
              title={`删除组织“${r.name}”？`}
              description={
                <div style={{ maxWidth: 260 }}>
                  {r.roleCount > 0 ? `该组织下的 ${r.roleCount} 个角色将一并删除，` : ''}关联的站点将解除归属，删除后不可恢复。
                </div>
              }
              loading={remove.isPending}
              onConfirm={() => remove.mutateAsync(r.id)}
            />
          </Space>
        );
      },
    },
  ];
  const layout = useListLayout('system.organization-list', columns);

  const openEdit = (id: number) => {
    const node = findOrgNode(nodes, id);
    if (node) setFormTarget({ mode: 'edit', node });
  };

  return (
    <div className="query-list">
      <Card className="query-list-search" variant="borderless">
        <Form
          form={searchForm}
          onFinish={(v) => {
            setKeyword(v.keyword ?? '');
            setExpanded(null);
          }}
          labelCol={{ flex: '80px' }}
        >
          <Row gutter={[24, 16]}>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="keyword" label="组织名称" style={{ marginBottom: 0 }}>
                <Input allowClear placeholder="请输入组织名称" maxLength={30} />
              </Form.Item>
            </Col>
            <Col flex="auto" className="query-list-actions">
              <Space>
                <Button
                  onClick={() => {
                    searchForm.resetFields();
                    setKeyword('');
                    setExpanded(null);
                  }}
                >
                  重置
                </Button>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  查询
                </Button>
              </Space>
            </Col>
          </Row>
        </Form>
      </Card>

      <Card className="query-list-table" variant="borderless">
        <div className="query-list-head">
          <div className="query-list-title">
            组织架构
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400, marginLeft: 8 }}>
              {tree.data ? `共 ${nodes.length ? countNodes(nodes) : 0} 个组织` : ''}
            </Typography.Text>
          </div>
          <Space size={8} wrap>
            <Button onClick={() => setExpanded(expandedKeys.length ? [] : allParents)}>
              {expandedKeys.length ? '全部折叠' : '全部展开'}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!root}
              onClick={() => root && setFormTarget({ mode: 'add', parentId: root.id })}
            >
              新增组织
            </Button>
            <ExportButton
              operation={organizationOps.tree}
              exportName="组织架构"
              // The tree as the table shows it: the name filter goes along (the tree itself is unpaged).
              body={() => (keyword ? { keyword } : {})}
              disabled={shown.length === 0}
              disabledReason={tree.data ? '没有可导出的组织' : undefined}
            />
            <Tooltip title="刷新">
              <Button aria-label="刷新" icon={<ReloadOutlined />} onClick={() => void tree.refetch()} />
            </Tooltip>
            {layout.densityButton}
            {layout.settingsButton}
          </Space>
        </div>
        <Table<OrgNode>
          rowKey="id"
          size={layout.size}
          components={layout.components}
          loading={tree.isFetching}
          dataSource={shown}
          pagination={false}
          expandable={{
            expandedRowKeys: expandedKeys,
            onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
            indentSize: 24,
          }}
          locale={{
            emptyText: tree.isLoading ? (
              <div style={{ height: 120 }} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? '没有名称匹配的组织' : '暂无组织'} />
            ),
          }}
          columns={layout.tableColumns}
          scroll={{ x: layout.scrollX }}
          sticky={LIST_TABLE_STICKY}
        />
      </Card>

      <OrgFormModal target={formTarget} tree={nodes} onClose={() => setFormTarget(null)} />
      <OrgDetailDrawer
        orgId={detailId}
        onClose={() => setDetailId(null)}
        onAddChild={(id) => setFormTarget({ mode: 'add', parentId: id })}
        onEdit={openEdit}
      />
    </div>
  );
}

function countNodes(nodes: OrgNode[]): number {
  return nodes.reduce((n, x) => n + 1 + countNodes(x.children ?? []), 0);
}
