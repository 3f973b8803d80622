import { maxAboveCapacity, MIN_ABOVE_MAX, replenishSlotOps, type ReplenishSlotRow } from '@merchant/contracts/stock/replenish-slot';
import { stockQuantitySchema } from '@merchant/contracts/stock/stock-fields';
import { Descriptions, Form, InputNumber } from 'antd';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';

interface Values {
  minLevel: number | null;
  maxLevel: number | null;
}
const minRule = zodRule(stockQuantitySchema('补货线'));
const maxRule = zodRule(stockQuantitySchema('补满量'));

/** 设置 one slot's 补货线 / 补满量: 0 ≤ 补货线 ≤ 补满量 ≤ 容量 (the server checks the same). */
export function ReplenishSlotForm({ slot, onSaved, onClose }: { slot: ReplenishSlotRow; onSaved: () => void; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <FormModal<Values, ReplenishSlotRow>
      form={form}
      name="replenish-slot"
      title={`设置补货线：${slot.deviceCode} 货道${slot.slotNo}`}
      width={520}
      initialValues={{ minLevel: slot.minLevel, maxLevel: slot.maxLevel }}
      onSubmit={(v) =>
        call(replenishSlotOps.edit, {
          deviceCode: slot.deviceCode,
          slotNo: slot.slotNo,
          minLevel: Number(v.minLevel),
          maxLevel: Number(v.maxLevel),
          version: slot.version,
        })
      }
      onSaved={onSaved}
      onClose={onClose}
    >
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'sku', label: 'SKU', children: `${slot.skuName}（${slot.skuCode}）` },
          { key: 'capacity', label: '容量', children: slot.capacity },
          { key: 'par', label: '模板补货线', children: slot.parLevel },
          { key: 'available', label: '可用', children: slot.available },
        ]}
      />
      <Form.Item
        label="补货线"
        name="minLevel"
        required
        dependencies={['maxLevel']}
        extra="可用库存不高于补货线时需要补货"
        rules={[
          minRule,
          ({ getFieldValue }) => ({
            validator: async (_r, v: unknown) => {
              const max = getFieldValue('maxLevel') as number | null;
              if (v !== null && v !== undefined && max !== null && max !== undefined && Number(v) > Number(max))
                throw new Error(MIN_ABOVE_MAX);
            },
          }),
        ]}
      >
        <InputNumber min={0} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="补满量"
        name="maxLevel"
        required
        extra={`补货时补到的数量，不能超过货道容量${slot.capacity}`}
        rules={[
          maxRule,
          {
            validator: async (_r, v: unknown) => {
              if (v !== null && v !== undefined && Number(v) > slot.capacity) throw new Error(maxAboveCapacity(slot.capacity));
            },
          },
        ]}
      >
        <InputNumber min={0} precision={0} style={{ width: 200 }} />
      </Form.Item>
    </FormModal>
  );
}
