import { categoryNameSchema, categoryOps, MAX_CATEGORY_LEVEL } from '@merchant/contracts/goods/category';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Form, Input, InputNumber, Modal, Space, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { PlusOutlined } from '@ant-design/icons';
import { call } from '../../../platform/call.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useCategoryTree } from './category-tree.ts';

interface Node {
  id: number;
  parentId: number;
  level: number;
  name: string;
  sort: number;
  version: number;
  productCount: number;
  children: Node[];
}

type Editing = { mode: 'create'; parent: Node | null } | { mode: 'rename'; node: Node };

const LEVEL = ['', '一级', '二级', '三级'];

/**
 * 分类管理: the three-level category tree with each category's product count; a role holding
 * 'standard-product-edit' adds, renames (with the version) and deletes (after a confirmation; the server
 * refuses a category that still has children, products or goods).
 */
export function CategoryDrawer({ open, onClose, canEdit }: { open: boolean; onClose: () => void; canEdit: boolean }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useCategoryTree();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string; sort: number }>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['goods'] });

  const openEditor = (e: Editing) => {
    setEditing(e);
    form.setFieldsValue(e.mode === 'rename' ? { name: e.node.name, sort: e.node.sort } : { name: '', sort: 0 });
  };

  const save = async () => {
    if (!editing) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (editing.mode === 'create') {
        await call(categoryOps.create, { parentId: editing.parent?.id ?? 0, name: v.name, sort: v.sort ?? 0 });
        message.success('分类已新增');
      } else {
        const res = await call(categoryOps.update, { id: editing.node.id, name: v.name, sort: v.sort ?? 0, version: editing.node.version });
        message.success(res.changes.length ? '分类已修改' : '没有修改');
      }
      setEditing(null);
      await refresh();
    } catch {
      // the catalogue showed the reason (a stale version too: the tree is reloaded)
      await refresh();
    } finally {
      setSaving(false);
    }
  };

  const remove = (n: Node) =>
    modal.confirm({
      title: `确认删除分类“${n.name}”？`,
      content: '只有没有下级分类、标准商品和商品的分类可以删除，删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(categoryOps.delete, { id: n.id, version: n.version });
          message.success('分类已删除');
        } finally {
          await refresh();
        }
      },
    });

  const toData = (nodes: Node[]): DataNode[] =>
    nodes.map((n) => ({
      key: n.id,
      title: (
        <Space size={8} className="category-node" data-testid={`category-${n.name}`}>
          <span>{n.name}</span>
          <Typography.Text type="secondary">（{n.productCount}）</Typography.Text>
          {canEdit && (
            <span onClick={(e) => e.stopPropagation()}>
              {n.level < MAX_CATEGORY_LEVEL && (
                <Button type="link" size="small" onClick={() => openEditor({ mode: 'create', parent: n })}>
                  新增下级
                </Button>
              )}
              <Button type="link" size="small" onClick={() => openEditor({ mode: 'rename', node: n })}>
                编辑
              </Button>
              {n.children.length === 0 && n.productCount === 0 && (
                <Button type="link" size="small" danger onClick={() => remove(n)}>
                  删除
                </Button>
              )}
            </span>
          )}
        </Space>
      ),
      children: toData(n.children),
    }));

  const roots = (tree.data ?? []) as unknown as Node[];
  return (
    <Drawer
      title="分类管理"
      open={open}
      onClose={onClose}
      size={640}
      extra={
        canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor({ mode: 'create', parent: null })}>
            新增一级分类
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">
        商品分类最多三级，商品挂在第三级分类上；括号内为分类（含下级）中的标准商品数。{canEdit ? '' : '当前角色只能查看分类。'}
      </Typography.Paragraph>
      {tree.isLoading ? (
        <Spin />
      ) : roots.length === 0 ? (
        <Empty description="还没有商品分类" />
      ) : (
        <Tree blockNode selectable={false} defaultExpandedKeys={roots.map((r) => r.id)} treeData={toData(roots)} />
      )}
      <Modal
        title={
          editing?.mode === 'rename'
            ? `编辑分类“${editing.node.name}”`
            : editing?.parent
              ? `在“${editing.parent.name}”下新增${LEVEL[editing.parent.level + 1]}分类`
              : '新增一级分类'
        }
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="分类名称" name="name" required rules={[zodRule(categoryNameSchema)]}>
            <Input maxLength={20} showCount placeholder="如 饮用水" />
          </Form.Item>
          <Form.Item label="排序" name="sort" extra="数字小的排在前面">
            <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
