import {
  REPLENISH_FILL_TO,
  REPLENISH_SOURCES,
  REPLENISH_TRIGGERS,
  replenishRuleAddInput,
  replenishRuleFields,
  replenishRuleOps,
  type ReplenishRuleRow,
} from '@merchant/contracts/stock/replenish-rule';
import { Form, Input, InputNumber, Radio } from 'antd';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodFormRule, zodRule } from '../../../shared/ui/zod-rule.ts';
import { FrontWarehouseSelect, ReplenishDeviceSelect } from './replenish-parts.tsx';

export interface RuleValues {
  name: string;
  triggerMode: string;
  triggerPercent: number | null;
  fillTo: string;
  minLot: number | null;
  sourceKind: string;
  frontWarehouseId?: number;
  deviceCodes: string[];
  remark: string;
}
const radios = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** 新增 / 编辑 a 补货规则: when a slot needs stock, what to fill it to, the smallest lot, the source, the cabinets. */
export function ReplenishRuleForm({
  editing,
  onSaved,
  onClose,
}: {
  editing: ReplenishRuleRow | null;
  onSaved: (r: ReplenishRuleRow) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RuleValues>();
  const triggerMode = Form.useWatch('triggerMode', form);
  const sourceKind = Form.useWatch('sourceKind', form);
  const initial: RuleValues = editing
    ? {
        name: editing.name,
        triggerMode: editing.triggerMode,
        triggerPercent: editing.triggerPercent || null,
        fillTo: editing.fillTo,
        minLot: editing.minLot,
        sourceKind: editing.sourceKind,
        frontWarehouseId: editing.frontWarehouseId || undefined,
        deviceCodes: editing.deviceCodes,
        remark: editing.remark,
      }
    : { name: '', triggerMode: 'min', triggerPercent: null, fillTo: 'max', minLot: 1, sourceKind: 'hub', deviceCodes: [], remark: '' };
  return (
    <FormModal<RuleValues, ReplenishRuleRow>
      form={form}
      name="replenish-rule"
      title={editing ? `编辑补货规则：${editing.name}` : '新增补货规则'}
      width={640}
      initialValues={initial}
      onSubmit={(v) => {
        const body = {
          ...v,
          triggerPercent: v.triggerMode === 'percent' ? Number(v.triggerPercent ?? 0) : 0,
          minLot: Number(v.minLot ?? 0),
          frontWarehouseId: v.sourceKind === 'front' ? Number(v.frontWarehouseId ?? 0) : 0,
        };
        return editing
          ? call(replenishRuleOps.edit, { ...body, id: editing.id, version: editing.version })
          : call(replenishRuleOps.add, body);
      }}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item label="规则名称" name="name" required rules={[zodRule(replenishRuleFields.name)]}>
        <Input maxLength={30} placeholder="如：工作日补货" />
      </Form.Item>
      <Form.Item label="触发条件" name="triggerMode" required>
        <Radio.Group options={radios(REPLENISH_TRIGGERS)} />
      </Form.Item>
      {triggerMode === 'percent' ? (
        <Form.Item
          label="触发百分比"
          name="triggerPercent"
          required
          extra="可用库存不高于货道容量的这个百分比时补货"
          rules={[zodRule(replenishRuleFields.triggerPercent), zodFormRule(replenishRuleAddInput, 'triggerPercent')]}
        >
          <InputNumber min={1} max={99} precision={0} suffix="%" style={{ width: 160 }} />
        </Form.Item>
      ) : null}
      <Form.Item label="补货目标" name="fillTo" required>
        <Radio.Group options={radios(REPLENISH_FILL_TO)} />
      </Form.Item>
      <Form.Item label="最小补货量" name="minLot" extra="需要补的数量少于它的货道本次不补" rules={[zodRule(replenishRuleFields.minLot)]}>
        <InputNumber min={0} max={999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="货源" name="sourceKind" required>
        <Radio.Group options={radios(REPLENISH_SOURCES)} />
      </Form.Item>
      {sourceKind === 'front' ? (
        <Form.Item label="前置仓" name="frontWarehouseId" required rules={[zodFormRule(replenishRuleAddInput, 'frontWarehouseId')]}>
          <FrontWarehouseSelect />
        </Form.Item>
      ) : null}
      <Form.Item label="覆盖设备" name="deviceCodes" extra="不选即全部设备">
        <ReplenishDeviceSelect mode="multiple" placeholder="全部设备" />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[zodRule(replenishRuleFields.remark)]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}
