import { withdrawalFields, withdrawalOps } from '@merchant/contracts/device/point-withdrawal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, App, Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { businessToday, dateToPicker, pickerToDate } from '../../../shared/format/date.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { WITHDRAWAL_LIST, withdrawalDetailPath } from '../routes.ts';

/** The contract's date rule on the picked day ('YYYY-MM-DD'). */
const plannedRule = {
  validator: (rule: unknown, v: Dayjs | null) =>
    zodRule(withdrawalFields.plannedDate).validator!(rule as never, pickerToDate(v) ?? '', () => undefined),
};

interface Values {
  pointId?: number;
  reason: string;
  plannedDate: Dayjs | null;
}

/**
 * back-point-add (新增撤点申请): a point that is 营业中 or 暂停营业 and has no open application, the reason and the
 * planned date. ?pointId= preselects the point (the 申请撤点 button of point-detail).
 */
export default function WithdrawalAddPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty);
  const points = useQuery({ queryKey: ['withdrawal', 'points'], queryFn: () => call(withdrawalOps.pointOptions) });
  const pointId = Form.useWatch('pointId', form);
  const point = points.data?.find((p) => p.id === pointId);
  const preset = Number(search.get('pointId') ?? 0) || undefined;
  const today = businessToday();

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await call(withdrawalOps.create, { pointId: v.pointId!, reason: v.reason, plannedDate: pickerToDate(v.plannedDate) ?? '' });
      allowLeave();
      message.success(`撤点申请 ${r.applyCode} 已提交，等待审核`);
      await queryClient.invalidateQueries({ queryKey: ['withdrawal'] });
      void navigate(withdrawalDetailPath(r.applyCode));
    } catch {
      // the error catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="borderless" title="新增撤点申请">
      <Form<Values>
        form={form}
        name="withdrawal-form"
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{ pointId: preset, plannedDate: dateToPicker(today) }}
        onValuesChange={() => setDirty(true)}
      >
        <Form.Item
          label="点位"
          name="pointId"
          required
          rules={[zodRule(withdrawalFields.pointId)]}
          extra="营业中或暂停营业、且没有未结束撤点申请的点位"
        >
          <Select
            placeholder="请选择要撤的点位"
            loading={points.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent="暂无可申请撤点的点位"
            options={(points.data ?? []).map((p) => ({
              value: p.id,
              label: `${p.pointCode} ${p.name}（${p.statusName}，绑定${p.deviceCount}台）`,
            }))}
          />
        </Form.Item>
        {point ? (
          <Alert
            style={{ marginBottom: 16 }}
            type={point.deviceCount > 0 ? 'warning' : 'info'}
            showIcon
            title={
              point.deviceCount > 0
                ? `该点位绑定着${point.deviceCount}台设备：审核通过后执行撤点时将全部解绑，点位变为已撤点`
                : '该点位没有绑定设备：审核通过后执行撤点，点位变为已撤点'
            }
          />
        ) : null}
        <Form.Item label="计划撤点日期" name="plannedDate" required rules={[plannedRule]} extra="当天或之后由审核通过的申请执行撤点">
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => (pickerToDate(d) ?? '') < today} />
        </Form.Item>
        <Form.Item label="撤点原因" name="reason" required rules={[zodRule(withdrawalFields.reason)]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：物业收回场地，要求月底前撤柜" />
        </Form.Item>
        <Space>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            提交申请
          </Button>
          <Button onClick={() => void navigate(WITHDRAWAL_LIST)}>取消</Button>
        </Space>
      </Form>
    </Card>
  );
}
