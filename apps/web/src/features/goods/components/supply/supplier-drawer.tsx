import { supplierFields, supplierOps, type SupplierRow } from '@merchant/contracts/goods/supplier';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { call, listLoader } from '../../../../platform/call.ts';
import { QueryList } from '../../../../platform/list/query-list.tsx';
import { RecordHistory } from '../../../../platform/record-history.tsx';
import { useLeaveGuard } from '../../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../../shared/format/date.ts';
import type { ListColumn } from '../../../../shared/ui/list/list-columns.ts';
import { zodRule } from '../../../../shared/ui/zod-rule.ts';
import { statusOptions, SUPPLY_KEY, SupplyStatusTag } from './supply-shared.tsx';

interface Values {
  name: string;
  contact: string;
  phone: string;
  remark?: string;
}

/** 新增 / 编辑供应商 (the phone comes masked; sent back unchanged, the server keeps the stored number). */
function SupplierForm({ editing, onClose }: { editing: SupplierRow | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  useLeaveGuard(dirty && !saving);
  const isNew = editing === 'new';
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (isNew) {
        const res = await call(supplierOps.create, { ...v, remark: v.remark ?? '' });
        message.success(`供应商已新增，编码 ${res.supplierCode}`);
      } else {
        await call(supplierOps.update, { ...v, remark: v.remark ?? '', supplierId: editing.supplierId, version: editing.version });
        message.success('供应商已保存');
      }
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: SUPPLY_KEY });
      onClose();
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={isNew ? '新增供应商' : '编辑供应商'}
      okText="保存"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={isNew ? {} : { name: editing.name, contact: editing.contact, phone: editing.phone, remark: editing.remark }}
        onValuesChange={() => setDirty(true)}
        aria-label={isNew ? '新增供应商' : '编辑供应商'}
      >
        <Form.Item label="供应商名称" name="name" required rules={[zodRule(supplierFields.name)]}>
          <Input maxLength={40} placeholder="如 华东食品供应链有限公司" />
        </Form.Item>
        <Form.Item label="联系人" name="contact" required rules={[zodRule(supplierFields.contact)]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          label="联系电话"
          name="phone"
          required
          rules={isNew ? [zodRule(supplierFields.phone)] : []}
          extra={isNew ? undefined : '号码已隐藏；不修改请保持原样，修改请输入完整号码'}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[zodRule(supplierFields.remark)]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A supplier's details and history. */
function SupplierDetail({ supplier, onClose }: { supplier: SupplierRow; onClose: () => void }) {
  return (
    <Modal open title={`供应商详情 · ${supplier.name}`} footer={null} onCancel={onClose} width={760} destroyOnHidden>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'code', label: '供应商编码', children: supplier.supplierCode },
            { key: 'status', label: '状态', children: <SupplyStatusTag status={supplier.status} /> },
            { key: 'contact', label: '联系人', children: supplier.contact },
            { key: 'phone', label: '联系电话', children: supplier.phone },
            { key: 'spuCount', label: '供应链商品数', children: supplier.spuCount },
            { key: 'createdAt', label: '创建时间', children: formatDateTime(supplier.createdAt) },
            { key: 'remark', label: '备注', children: supplier.remark || '--' },
          ]}
        />
        <RecordHistory
          operation={supplierOps.history}
          input={{ supplierId: supplier.supplierId }}
          queryKey={[...SUPPLY_KEY, 'supplier', supplier.supplierId]}
        />
      </Space>
    </Modal>
  );
}

/** 供应商管理: the suppliers of the merchant, inside the supply-goods-list page (the menu has no supplier page). */
export function SupplierDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<SupplierRow | 'new' | null>(null);
  const [viewing, setViewing] = useState<SupplierRow | null>(null);
  const changeStatus = (row: SupplierRow, status: number) =>
    modal.confirm({
      title: `确认${status === 1 ? '启用' : '停用'}供应商“${row.name}”？`,
      content: status === 2 ? '停用后不能在其下新增商品和SKU，也不能启用其SKU。' : undefined,
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(supplierOps.setStatus, { supplierId: row.supplierId, version: row.version, status });
        message.success(status === 1 ? '已启用' : '已停用');
        await queryClient.invalidateQueries({ queryKey: SUPPLY_KEY });
      },
    });
  const columns: ListColumn<SupplierRow>[] = [
    {
      key: 'supplierCode',
      title: '供应商编码',
      width: 130,
      sortable: true,
      render: (v, r) => (
        <Button type="link" size="small" onClick={() => setViewing(r)}>
          {String(v)}
        </Button>
      ),
    },
    { key: 'keyword', title: '关键词', hideInTable: true, search: { type: 'text', placeholder: '名称、编码或联系人', order: 0 } },
    { key: 'name', title: '供应商名称', width: 220, ellipsis: true },
    { key: 'contact', title: '联系人', width: 90 },
    { key: 'phone', title: '联系电话', width: 130 },
    { key: 'spuCount', title: '商品数', width: 80, align: 'right' },
    {
      key: 'status',
      title: '状态',
      width: 80,
      render: (v) => <SupplyStatusTag status={Number(v)} />,
      search: { type: 'select', options: statusOptions },
    },
    { key: 'createdAt', title: '创建时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 170,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(r)}>
            查看
          </Button>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            编辑
          </Button>
          {r.status === 1 ? (
            <Button type="link" size="small" danger onClick={() => changeStatus(r, 2)}>
              停用
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => changeStatus(r, 1)}>
              启用
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Drawer open={open} onClose={onClose} title="供应商管理" size={1000} destroyOnHidden>
      {open && (
        <QueryList<SupplierRow>
          queryKey={[...SUPPLY_KEY, 'supplier-list']}
          request={listLoader(supplierOps.list)}
          columns={columns}
          rowKey="supplierId"
          title="供应商列表"
          testId="supplier-list"
          exportable={{ operation: supplierOps.list }}
          toolbar={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增供应商
            </Button>
          }
        />
      )}
      {editing && <SupplierForm editing={editing} onClose={() => setEditing(null)} />}
      {viewing && <SupplierDetail supplier={viewing} onClose={() => setViewing(null)} />}
    </Drawer>
  );
}
