import { activationFields, activationOps, ACTIVATION_MAX_DEVICES } from '@merchant/contracts/device/device-activation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { ACTIVATION_LIST, activationDetailPath } from '../routes.ts';

interface Values {
  contractId?: number;
  deviceCodes: string[];
  remark?: string;
}

/**
 * application-add: pick a 智能柜投放合同 in force and the 未激活 devices to activate against it. The server checks
 * that every device's model is the contract's cabinet model (else 20001 with its message) and that the contract
 * has cabinets left; the page shows the same facts beforehand.
 */
export default function ActivationAddPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty);
  const contracts = useQuery({ queryKey: ['device', 'activation', 'contracts'], queryFn: () => call(activationOps.contractOptions) });
  const devices = useQuery({ queryKey: ['device', 'activation', 'devices'], queryFn: () => call(activationOps.deviceOptions, {}) });
  const contractId = Form.useWatch('contractId', form);
  const picked = Form.useWatch('deviceCodes', form) ?? [];
  const contract = contracts.data?.find((c) => c.id === contractId);
  const mismatched = contract
    ? picked.filter((code) => devices.data?.find((d) => d.deviceCode === code)?.modelCode !== contract.modelCode)
    : [];

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await call(activationOps.create, { contractId: v.contractId!, deviceCodes: v.deviceCodes, remark: v.remark ?? '' });
      allowLeave();
      message.success(`激活申请 ${r.applyCode} 已提交，等待审核`);
      await queryClient.invalidateQueries({ queryKey: ['device'] });
      void navigate(activationDetailPath(r.applyCode));
    } catch {
      // the error catalogue showed the reason (20001: the server's message or the spec's default)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="borderless" title="新增激活申请">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{ deviceCodes: [] }}
        onValuesChange={() => setDirty(true)}
      >
        <Form.Item
          label="合同"
          name="contractId"
          required
          rules={[zodRule(activationFields.contractId)]}
          extra="只列出生效中的智能柜投放合同；设备型号须与合同柜型一致"
        >
          <Select
            placeholder="请选择智能柜投放合同"
            loading={contracts.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent="暂无生效中的智能柜投放合同，请先在合同管理中新增"
            options={(contracts.data ?? []).map((c) => ({
              value: c.id,
              label: `${c.contractNo} ${c.name}（${c.modelName}，已激活${c.cabinetActivated}/${c.cabinetCount}台）`,
            }))}
          />
        </Form.Item>
        {contract ? (
          <Alert
            style={{ marginBottom: 16 }}
            type={contract.cabinetActivated >= contract.cabinetCount ? 'warning' : 'info'}
            showIcon
            title={`合同柜型：${contract.modelName}；覆盖${contract.cabinetCount}台，已激活${contract.cabinetActivated}台，剩余${Math.max(contract.cabinetCount - contract.cabinetActivated, 0)}台；${contract.statusName}，${contract.endDate}到期`}
          />
        ) : null}
        <Form.Item
          label="设备"
          name="deviceCodes"
          required
          rules={[zodRule(activationFields.deviceCodes)]}
          extra={`未激活且不在其他待审核申请中的设备，一次最多${ACTIVATION_MAX_DEVICES}台`}
        >
          <Select
            mode="multiple"
            placeholder="请选择要激活的设备"
            loading={devices.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent="暂无未激活的设备"
            options={(devices.data ?? []).map((d) => ({ value: d.deviceCode, label: `${d.deviceCode} ${d.name}（${d.modelName}）` }))}
          />
        </Form.Item>
        {mismatched.length > 0 ? (
          <Typography.Paragraph type="warning">{mismatched.join('、')} 的型号与合同柜型不一致，提交将被拒绝。</Typography.Paragraph>
        ) : null}
        <Form.Item label="申请说明" name="remark" rules={[zodRule(activationFields.remark)]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：点位、安装调试情况" />
        </Form.Item>
        <Space>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            提交申请
          </Button>
          <Button onClick={() => void navigate(ACTIVATION_LIST)}>取消</Button>
        </Space>
      </Form>
    </Card>
  );
}
