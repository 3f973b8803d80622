import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Select, TreeSelect } from 'antd';
import { organizationOps, type OrgNode } from '@merchant/contracts/system/organization';
import { call } from '../../../platform/call.ts';
import { systemKeys } from '../query-keys.ts';
import { orgRules } from '../form-rules.ts';
import { fieldErrorOf, FORM_SAVE, isShownByCaller, ORG_FIELD_HINTS } from '../server-errors.ts';
import { childStructureType, findOrgNode, STRUCTURE_TYPE_OPTIONS, structureTypeName, toOrgOptions } from '../org-tree.ts';

/** What the modal is doing: adding a child under `parentId`, or editing `node`. */
export type OrgFormTarget = { mode: 'add'; parentId: number } | { mode: 'edit'; node: OrgNode };

interface Values {
  parentId?: number;
  name: string;
  structureType?: number;
  sort: number;
}

/** Add a child organisation or edit one (name and sort; the place in the tree stays). */
export function OrgFormModal({ target, tree, onClose }: { target: OrgFormTarget | null; tree: OrgNode[]; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const parentId = Form.useWatch('parentId', form);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'add') {
      const parent = findOrgNode(tree, target.parentId);
      form.setFieldsValue({
        parentId: target.parentId,
        name: '',
        structureType: childStructureType(parent?.structureType),
        sort: (parent?.children?.length ?? 0) + 1,
      });
    } else {
      form.setFieldsValue({ name: target.node.name, sort: target.node.sort });
    }
  }, [target, tree, form]);

  const save = useMutation({
    mutationFn: async (v: Values) => {
      if (target?.mode === 'edit')
        return call(organizationOps.edit, { id: target.node.id, name: v.name.trim(), sort: v.sort ?? 0 }, FORM_SAVE);
      return call(
        organizationOps.add,
        { parentId: v.parentId!, name: v.name.trim(), structureType: v.structureType, sort: v.sort ?? 0 },
        FORM_SAVE,
      );
    },
    onSuccess: async () => {
      message.success(target?.mode === 'edit' ? '组织已保存' : '组织已新增');
      await qc.invalidateQueries({ queryKey: systemKeys.all });
      onClose();
    },
    // The save asks the http client not to toast a refusal (FORM_SAVE): it is shown once, under
    // its field (同名组织 under 组织名称), else as a warning here.
    onError: (err) => {
      const field = fieldErrorOf(err, ORG_FIELD_HINTS);
      if (field) form.setFields([field as { name: keyof Values; errors: string[] }]);
      else if (isShownByCaller(err, FORM_SAVE)) message.warning(err.message);
    },
  });

  const editing = target?.mode === 'edit' ? target.node : null;
  const parentName = editing
    ? editing.parentId === null
      ? '无（根组织）'
      : (findOrgNode(tree, editing.parentId)?.name ?? '--')
    : undefined;

  return (
    <Modal
      open={!!target}
      title={editing ? `编辑组织：${editing.name}` : '新增下级组织'}
      okText="保存"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      width={520}
    >
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: 'auto' }}
        onFinish={(v) => save.mutate(v)}
        style={{ marginTop: 16 }}
      >
        {editing ? (
          <>
            <Form.Item label="上级组织">{parentName}</Form.Item>
            <Form.Item label="组织类型">{structureTypeName(editing.structureType)}</Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="parentId" label="上级组织" rules={orgRules.parentId}>
              <TreeSelect
                treeData={toOrgOptions(tree)}
                treeDefaultExpandAll
                showSearch={{ treeNodeFilterProp: 'title' }}
                placeholder="请选择上级组织"
                onChange={(id: number) => form.setFieldValue('structureType', childStructureType(findOrgNode(tree, id)?.structureType))}
              />
            </Form.Item>
            <Form.Item name="structureType" label="组织类型" extra={parentId ? '默认为上级组织的下一级' : undefined}>
              <Select options={STRUCTURE_TYPE_OPTIONS} placeholder="请选择组织类型" />
            </Form.Item>
          </>
        )}
        <Form.Item name="name" label="组织名称" rules={orgRules.name} validateFirst>
          <Input placeholder="2-30个字，如 上海运营中心" maxLength={30} showCount />
        </Form.Item>
        <Form.Item name="sort" label="排序" rules={orgRules.sort} extra="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
