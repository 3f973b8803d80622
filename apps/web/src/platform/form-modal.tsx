import { App, Button, Form, Modal, Space, type FormInstance, type FormProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useLeaveGuard } from './use-leave-guard.ts';

/**
 * A form in a modal that saves once (新增 / 编辑 of a record): the fields are the caller's, the shell is this.
 * A changed form asks before it is closed (放弃未保存的修改？) or the page is left (useLeaveGuard); 保存 checks the
 * fields, then `onSubmit` calls the server; its answer goes to `onSaved` (after the leave guard lets go). A refused
 * call changes nothing here: the error catalogue has shown the reason and the form stays open as it was.
 */
export function FormModal<Values, Saved>({
  form,
  name,
  title,
  okText = '保存',
  width = 720,
  initialValues,
  onSubmit,
  onSaved,
  onClose,
  children,
}: {
  form: FormInstance<Values>;
  /** The form's name: the fields' ids are `<name>_<field>`. */
  name: string;
  title: ReactNode;
  okText?: string;
  width?: number;
  initialValues: FormProps<Values>['initialValues'];
  onSubmit: (values: Values) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { modal } = App.useApp();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty);

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({ title: '放弃未保存的修改？', okText: '放弃', cancelText: '继续编辑', onOk: onClose });
  };
  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    setSaving(true);
    try {
      const saved = await onSubmit(v);
      allowLeave();
      onSaved(saved);
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={close}
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {okText}
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      <Form<Values> form={form} name={name} layout="vertical" onValuesChange={() => setDirty(true)} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
