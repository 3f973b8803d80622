import type { OutputOf } from '@merchant/contracts';
import { collectionOps, ownerCreateInput, type OwnerCreateInput } from '@merchant/contracts/finance/collection';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';

/** A cabinet owner as the owner picker lists it (collection.owners, collection.createOwner). */
export type OwnerOption = OutputOf<typeof collectionOps.createOwner>;

const nameRule = zodRule(ownerCreateInput.shape.name);
const phoneRule = zodRule(ownerCreateInput.shape.phone);

interface Values {
  name?: string;
  phone?: string;
}

/**
 * 新增柜主, opened over the agreement form: a cabinet owner's name and mobile; the server opens the owner's account (one
 * per mobile) and answers it, which the agreement form then selects. A plain modal rather than a FormModal: the
 * agreement form under it already guards leaving the page (a router holds one such guard at a time); closing it typed
 * still asks first. A refusal (e.g. the mobile already belongs to an account of another kind) is shown by the http
 * client's catalogue and the form stays as it was.
 */
export function OwnerCreateModal({ onCreated, onClose }: { onCreated: (owner: OwnerOption) => void; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({ title: '放弃新增柜主？', okText: '放弃', cancelText: '继续编辑', onOk: onClose });
  };
  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    const input: OwnerCreateInput = { name: (v.name ?? '').trim(), phone: (v.phone ?? '').trim() };
    setSaving(true);
    try {
      const owner = await call(collectionOps.createOwner, input);
      message.success(`已新增柜主 ${owner.name}（${owner.partyCode}）`);
      onCreated(owner);
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
      title="新增柜主"
      width={440}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            保存柜主
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        name="collection-owner"
        layout="vertical"
        initialValues={{ name: '', phone: '' }}
        onValuesChange={() => setDirty(true)}
      >
        <Form.Item label="姓名" name="name" required rules={[nameRule]}>
          <Input maxLength={32} placeholder="柜主姓名" autoComplete="off" />
        </Form.Item>
        <Form.Item label="手机号" name="phone" required rules={[phoneRule]}>
          <Input maxLength={11} inputMode="numeric" placeholder="11位手机号，用于开立柜主的资金账户" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
