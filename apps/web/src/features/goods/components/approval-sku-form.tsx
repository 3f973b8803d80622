import { approvalOps, skuApplyFields, type ApprovalDetail } from '@merchant/contracts/goods/approval';
import { specValueSchema, STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { App, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { APPROVAL_LIST_PATH, approvalPath, toCents, yuanSchema } from './approval-parts.tsx';

interface Values {
  goodsId: number | undefined;
  specValues: { name: string; value: string }[];
  barcode: string;
  basePrice: number | null;
  storageStyle: number;
}

const f = skuApplyFields;
const specShape = specValueSchema.shape;

/** SKU申请 form: an existing SPU, the new SKU's spec values, barcode, sale price and storage style. */
export function ApprovalSkuForm({ initial }: { initial?: ApprovalDetail }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState<'' | 'draft' | 'submit'>('');
  const [keyword, setKeyword] = useState('');
  const { allowLeave } = useLeaveGuard(dirty && !saving);
  const goods = useQuery({
    queryKey: ['goods', 'approval-goods', keyword],
    queryFn: () => call(approvalOps.goodsOptions, { keyword }),
    placeholderData: (prev) => prev,
  });

  useEffect(() => {
    const s = initial?.sku;
    if (s) form.setFieldsValue({ ...s, basePrice: s.basePrice / 100 });
  }, [initial, form]);

  const options = [
    ...(initial?.sku && !goods.data?.some((g) => g.id === initial.sku!.goodsId)
      ? [{ value: initial.sku.goodsId, label: `${initial.sku.goodsName}（${initial.sku.goodsCode}）` }]
      : []),
    ...(goods.data ?? []).map((g) => ({
      value: g.id,
      label: `${g.name}（${g.goodsCode}）${g.categoryPath ? ` · ${g.categoryPath}` : ''}`,
    })),
  ];

  const save = async (submit: boolean) => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(submit ? 'submit' : 'draft');
    try {
      let state = await call(approvalOps.save, {
        kind: 2 as const,
        ...(initial ? { approvalCode: initial.approvalCode, version: initial.version } : {}),
        goodsId: v.goodsId!,
        specValues: v.specValues ?? [],
        barcode: v.barcode,
        basePrice: toCents(v.basePrice),
        storageStyle: v.storageStyle,
      });
      if (submit) state = await call(approvalOps.submit, { approvalCode: state.approvalCode, version: state.version });
      message.success(submit ? `已提交审核，申请单号 ${state.approvalCode}` : `草稿已保存，申请单号 ${state.approvalCode}`);
      setDirty(false);
      allowLeave();
      await queryClient.invalidateQueries({ queryKey: ['goods', 'approvals'] });
      await queryClient.invalidateQueries({ queryKey: ['goods', 'approval', state.approvalCode] });
      navigate(approvalPath(state.approvalCode));
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving('');
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ storageStyle: 1, specValues: [{ name: '', value: '' }] }}
      onValuesChange={() => setDirty(true)}
      aria-label="SKU申请"
      scrollToFirstError
    >
      <Card
        variant="borderless"
        title={initial ? '编辑SKU申请' : 'SKU申请'}
        extra={initial ? <Typography.Text type="secondary">申请单号 {initial.approvalCode}</Typography.Text> : null}
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item label="所属商品" name="goodsId" required rules={[zodRule(f.goodsId)]}>
              <Select
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                placeholder="输入商品名称或编码搜索"
                options={options}
                loading={goods.isFetching}
                notFoundContent={goods.isFetching ? '搜索中…' : '没有找到商品'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="SKU条码" name="barcode" required rules={[zodRule(f.barcode)]}>
              <Input maxLength={13} placeholder="如 6921168593576" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="SKU规格" required extra="最多3项，如 口味 = 白桃">
              <Form.List name="specValues">
                {(fields, { add, remove }) => (
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    {fields.map((field) => (
                      <Space key={field.key} align="baseline">
                        <Form.Item name={[field.name, 'name']} rules={[zodRule(specShape.name)]} noStyle={false}>
                          <Input placeholder="规格名，如 口味" maxLength={10} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'value']} rules={[zodRule(specShape.value)]}>
                          <Input placeholder="规格值，如 白桃" maxLength={20} />
                        </Form.Item>
                        <MinusCircleOutlined aria-label="删除规格" onClick={() => remove(field.name)} />
                      </Space>
                    ))}
                    {fields.length < 3 && (
                      <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })}>
                        添加规格
                      </Button>
                    )}
                  </Space>
                )}
              </Form.List>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="销售价（元）" name="basePrice" required rules={[zodRule(yuanSchema(f.basePrice))]}>
              <InputNumber min={0} precision={2} style={{ width: '100%' }} prefix="¥" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="储存方式" name="storageStyle" required rules={[zodRule(f.storageStyle)]}>
              <Radio.Group optionType="button" options={Object.entries(STORAGE_STYLES).map(([v, l]) => ({ value: Number(v), label: l }))} />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button
            type="primary"
            loading={saving === 'submit'}
            disabled={Boolean(saving)}
            onClick={() => modal.confirm({ title: '确认提交审核？', onOk: () => save(true) })}
          >
            提交审核
          </Button>
          <Button loading={saving === 'draft'} disabled={Boolean(saving)} onClick={() => void save(false)}>
            保存草稿
          </Button>
          <Button onClick={() => navigate(initial ? approvalPath(initial.approvalCode) : APPROVAL_LIST_PATH)}>取消</Button>
        </Space>
      </Card>
    </Form>
  );
}
