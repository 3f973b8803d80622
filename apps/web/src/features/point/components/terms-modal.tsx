import { pointOps, pointTermFields, type PointRow } from '@merchant/contracts/device/point';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { zodRule, type ParseableSchema } from '../../../shared/ui/zod-rule.ts';

interface Values {
  rentYuan: number;
  commissionPct: number;
  hours: [Dayjs, Dayjs];
  operatorId: number;
  remark?: string;
}

/** A rule on an amount typed with two decimals (元, %) checked by the contract's integer schema (分, 万分比). */
const inCents = (schema: ParseableSchema): ParseableSchema => ({
  safeParse: (v) => schema.safeParse(v === null || v === undefined || v === '' ? undefined : Math.round(Number(v) * 100)),
});

const fmt = (d: Dayjs) => d.format('HH:mm');
/** 24:00 cannot be picked: shown as 23:59 and kept as 24:00 when untouched. */
const toDay = (t: string) => dayjs(`2000-01-01 ${t === '24:00' ? '23:59' : t}`);

/** 编辑经营条件: monthly rent in 元, commission in %, business hours, operator (rules from the contract). */
export function TermsModal({ point, onClose, onDone }: { point: PointRow; onClose: () => void; onDone: () => void }) {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty);
  const operators = useQuery({ queryKey: ['point', 'operators'], queryFn: () => call(pointOps.operators), staleTime: 60_000 });

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({ title: '放弃未保存的修改？', okText: '放弃', cancelText: '继续编辑', onOk: onClose });
  };
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const close = fmt(v.hours[1]);
      await call(pointOps.updateTerms, {
        pointId: point.id,
        version: point.version,
        rentCents: Math.round(Number(v.rentYuan) * 100),
        commissionBp: Math.round(Number(v.commissionPct) * 100),
        openTime: fmt(v.hours[0]),
        closeTime: close === '23:59' && point.closeTime === '24:00' ? '24:00' : close,
        operatorId: v.operatorId,
        remark: v.remark ?? '',
      });
      message.success('经营条件已保存');
      allowLeave();
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`编辑点位经营 · ${point.name}`}
      okText="保存"
      onOk={submit}
      confirmLoading={saving}
      onCancel={close}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<Values>
        form={form}
        name="terms-form"
        layout="vertical"
        onValuesChange={() => setDirty(true)}
        initialValues={{
          rentYuan: point.rentCents / 100,
          commissionPct: point.commissionBp / 100,
          hours: [toDay(point.openTime), toDay(point.closeTime)],
          operatorId: point.operatorId || undefined,
          remark: point.remark,
        }}
      >
        <Form.Item name="rentYuan" label="月租金（元）" rules={[zodRule(inCents(pointTermFields.rentCents))]}>
          <InputNumber style={{ width: '100%' }} min={0} precision={2} step={100} placeholder="如 800.00" />
        </Form.Item>
        <Form.Item
          name="commissionPct"
          label="佣金比例（%）"
          tooltip="按销售额计，最多两位小数，保存为万分比"
          rules={[zodRule(inCents(pointTermFields.commissionBp))]}
        >
          <InputNumber style={{ width: '100%' }} min={0} max={100} precision={2} placeholder="如 12.50" />
        </Form.Item>
        <Form.Item name="hours" label="营业时间" rules={[{ required: true, message: '请选择营业时间' }]}>
          <TimePicker.RangePicker format="HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="operatorId" label="运营人员" rules={[zodRule(pointTermFields.operatorId)]}>
          <Select
            placeholder="请选择运营人员"
            loading={operators.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(operators.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Form.Item name="remark" label="经营备注" rules={[zodRule(pointTermFields.remark)]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
