import { deviceFields, deviceOps, type DeviceRow } from '@merchant/contracts/device/device';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';

interface Values {
  name: string;
  modelCode: string;
  firmware?: string;
  remark?: string;
}

/**
 * 新增设备 / 编辑设备 in a modal. Closing a changed form asks first (the modal's leave guard).
 * `onDone` gets the create answer (with the secret, shown once) or nothing after an edit.
 */
export function DeviceFormModal({
  open,
  device,
  onClose,
  onDone,
}: {
  open: boolean;
  device?: DeviceRow;
  onClose: () => void;
  onDone: (created?: { deviceCode: string; secret: string }) => void;
}) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  // leaving the page with a changed form asks first, like closing the modal does
  const { allowLeave } = useLeaveGuard(open && dirty);
  const models = useQuery({ queryKey: ['device', 'models'], queryFn: () => call(deviceOps.models), staleTime: Infinity });

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({ title: '放弃未保存的修改？', okText: '放弃', cancelText: '继续编辑', onOk: onClose });
  };
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = { name: v.name, modelCode: v.modelCode, firmware: v.firmware ?? '', remark: v.remark ?? '' };
      if (device) {
        await call(deviceOps.update, { ...body, deviceCode: device.deviceCode, version: device.version });
        allowLeave();
        onDone();
      } else {
        const created = await call(deviceOps.create, body);
        allowLeave();
        onDone(created);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={device ? '编辑设备' : '新增设备'}
      okText="保存"
      onOk={submit}
      confirmLoading={saving}
      onCancel={close}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<Values>
        form={form}
        name="device-form"
        onValuesChange={() => setDirty(true)}
        layout="vertical"
        preserve={false}
        initialValues={device ? { name: device.name, modelCode: device.modelCode, firmware: device.firmware, remark: device.remark } : {}}
      >
        <Form.Item name="name" label="设备名称" rules={[zodRule(deviceFields.name)]}>
          <Input maxLength={30} placeholder="如 漕河泾开发区A座1号柜" />
        </Form.Item>
        <Form.Item name="modelCode" label="柜型" rules={[zodRule(deviceFields.modelCode)]}>
          <Select
            placeholder="请选择柜型"
            loading={models.isLoading}
            options={(models.data ?? []).map((m) => ({
              value: m.code,
              label: `${m.name}（${m.doorCount}门 ${m.slotRows}×${m.slotCols} ${m.storageStyleName}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="firmware" label="固件版本" rules={[zodRule(deviceFields.firmware)]}>
          <Input maxLength={40} placeholder="选填，设备上报后自动更新" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[zodRule(deviceFields.remark)]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
