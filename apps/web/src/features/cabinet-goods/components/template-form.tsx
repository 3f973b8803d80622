import {
  slotNoSchema,
  SLOT_CAPACITY_MAX,
  slotOrder,
  TEMPLATE_SLOTS_MAX,
  templateCreateInput,
  templateFields,
  templateOps,
  type TemplateDetail,
} from '@merchant/contracts/cabinet-goods/template';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useModelOptions } from './model-options.ts';

export interface SlotValue {
  slotNo: string;
  skuId?: number;
  capacity?: number;
  parLevel?: number;
}
export interface TemplateFormValues {
  name: string;
  modelCode?: string;
  remark?: string;
  slots: SlotValue[];
}

/** The next free slot of a model (layer by layer), '' when the model is full. */
export function nextFreeSlot(taken: string[], rows: number, cols: number): string {
  const used = new Set(taken);
  for (let l = 1; l <= rows; l++) for (let c = 1; c <= cols; c++) if (!used.has(`${l}-${c}`)) return `${l}-${c}`;
  return '';
}

/** What the form's values give the server, or the first problem (the same schema the server checks). */
export function checkTemplate(
  values: TemplateFormValues,
): { ok: true; value: ReturnType<typeof templateCreateInput.parse> } | { ok: false; message: string } {
  const r = templateCreateInput.safeParse({ ...values, slots: values.slots ?? [] });
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message ?? '模板填写有误' };
}

function SkuSelect({
  id,
  value,
  onChange,
  modelCode,
  initialLabel,
}: {
  id?: string;
  value?: number;
  onChange?: (v: number) => void;
  modelCode?: string;
  initialLabel?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['cabinet-goods', 'sku-options', modelCode ?? '', keyword],
    queryFn: () => call(templateOps.skuOptions, { keyword, modelCode }),
    enabled: Boolean(modelCode),
  });
  const options = (q.data ?? []).map((s) => ({
    value: s.skuId,
    label: `${s.skuName}（${s.storageStyleName}，¥${centsToYuan(s.basePrice)}）`,
  }));
  if (value && initialLabel && !options.some((o) => o.value === value)) options.unshift({ value, label: initialLabel });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={onChange}
      options={options}
      placeholder={modelCode ? '搜索商品名称、编码或条码' : '请先选择柜型'}
      disabled={!modelCode}
      loading={q.isFetching}
      style={{ width: '100%' }}
      aria-label="商品"
    />
  );
}

/** The template form (add-scene-page, edit-scene-page): name, model, remark and the slot table. */
export function TemplateForm({
  initial,
  onSaved,
  locked,
}: {
  initial?: TemplateDetail;
  onSaved: (templateCode: string) => void;
  /** Why the model cannot change (applied already), or undefined. */
  locked?: string;
}) {
  const [form] = Form.useForm<TemplateFormValues>();
  const { message } = App.useApp();
  const { models, options } = useModelOptions();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty);
  const modelCode = Form.useWatch('modelCode', form);
  const model = models.find((m) => m.code === modelCode);
  const labels = new Map(
    (initial?.slots ?? []).map((s) => [s.skuId, `${s.skuName}（${s.storageStyleName}，¥${centsToYuan(s.basePrice)}）`]),
  );

  const save = async () => {
    const values = await form.validateFields();
    const checked = checkTemplate(values);
    if (!checked.ok) {
      message.error(checked.message);
      return;
    }
    setSaving(true);
    try {
      const r = initial
        ? await call(templateOps.edit, { ...checked.value, templateCode: initial.templateCode, version: initial.version })
        : await call(templateOps.add, checked.value);
      message.success(initial ? '模板已保存' : '模板已创建');
      setDirty(false);
      allowLeave();
      onSaved(r.templateCode);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<TemplateFormValues>
      form={form}
      layout="vertical"
      initialValues={
        initial
          ? {
              name: initial.name,
              modelCode: initial.modelCode,
              remark: initial.remark,
              slots: initial.slots.map((s) => ({ slotNo: s.slotNo, skuId: s.skuId, capacity: s.capacity, parLevel: s.parLevel })),
            }
          : { slots: [] }
      }
      onValuesChange={() => setDirty(true)}
    >
      <Card variant="borderless" title="基本信息">
        <Space size={16} wrap align="start">
          <Form.Item name="name" label="模板名称" rules={[zodRule(templateFields.name)]} style={{ width: 300 }}>
            <Input maxLength={30} placeholder="如 写字楼常温零食模板" />
          </Form.Item>
          <Form.Item name="modelCode" label="柜型" rules={[zodRule(templateFields.modelCode)]} style={{ width: 320 }} extra={locked}>
            <Select options={options} placeholder="请选择柜型" disabled={Boolean(locked)} aria-label="柜型" />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[zodRule(templateFields.remark)]} style={{ width: 360 }}>
            <Input maxLength={200} />
          </Form.Item>
        </Space>
      </Card>
      <Card
        variant="borderless"
        style={{ marginTop: 16 }}
        title="货道配置"
        extra={
          model ? (
            <Typography.Text type="secondary">
              {model.name}：{model.slotRows}层×{model.slotCols}列，{model.storageStyleName}温区
              {model.storageStyle === 2 ? '（可放冷藏、常温商品）' : model.storageStyle === 1 ? '（只放常温商品）' : '（只放冷冻商品）'}
            </Typography.Text>
          ) : null
        }
      >
        <Form.List name="slots">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={fields}
                locale={{ emptyText: '还没有货道，点「添加货道」' }}
                columns={[
                  {
                    title: '货道（层-列）',
                    width: 140,
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'slotNo']} rules={[zodRule(slotNoSchema)]} style={{ margin: 0 }}>
                        <Input placeholder="1-1" aria-label="货道" />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '商品',
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'skuId']} rules={[{ required: true, message: '请选择商品' }]} style={{ margin: 0 }}>
                        <SkuSelect
                          modelCode={modelCode}
                          initialLabel={labels.get(form.getFieldValue(['slots', f.name, 'skuId']) as number)}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '容量',
                    width: 120,
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'capacity']} rules={[{ required: true, message: '请输入容量' }]} style={{ margin: 0 }}>
                        <InputNumber min={1} max={SLOT_CAPACITY_MAX} precision={0} aria-label="容量" />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '标准库存',
                    width: 120,
                    render: (_v, f) => (
                      <Form.Item
                        name={[f.name, 'parLevel']}
                        dependencies={[['slots', f.name, 'capacity']]}
                        rules={[
                          { required: true, message: '请输入标准库存' },
                          ({ getFieldValue }) => ({
                            validator: async (_r, v: number | undefined) => {
                              const cap = getFieldValue(['slots', f.name, 'capacity']) as number | undefined;
                              if (v !== undefined && cap !== undefined && v > cap) throw new Error(`标准库存不能超过容量${cap}`);
                            },
                          }),
                        ]}
                        style={{ margin: 0 }}
                      >
                        <InputNumber min={1} max={SLOT_CAPACITY_MAX} precision={0} aria-label="标准库存" />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '操作',
                    width: 70,
                    render: (_v, f) => (
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除货道" onClick={() => remove(f.name)} />
                    ),
                  },
                ]}
              />
              <Button
                style={{ marginTop: 12 }}
                icon={<PlusOutlined />}
                disabled={!model || fields.length >= TEMPLATE_SLOTS_MAX}
                onClick={() => {
                  const taken = ((form.getFieldValue('slots') as SlotValue[] | undefined) ?? []).map((s) => s.slotNo);
                  const slotNo = model ? nextFreeSlot(taken, model.slotRows, model.slotCols) : '';
                  if (!slotNo) message.warning('该柜型的货道已全部配置');
                  else add({ slotNo, capacity: 10, parLevel: 8 });
                }}
              >
                添加货道
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          保存模板
        </Button>
        <Typography.Text type="secondary">保存后可在模板详情中「应用到设备」。</Typography.Text>
      </Space>
    </Form>
  );
}

export const sortSlots = (slots: SlotValue[]) => [...slots].sort((a, b) => slotOrder(a.slotNo, b.slotNo));
