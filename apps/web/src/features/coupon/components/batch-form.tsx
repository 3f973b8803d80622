import {
  COUPON_TYPES,
  GOODS_SCOPES,
  MAX_BATCH_STOCK,
  MAX_PER_USER,
  MAX_VALID_DAYS,
  VALID_TYPES,
} from '@merchant/contracts/marketing/coupon-fields';
import { batchShape, couponBatchOps, type BatchRow } from '@merchant/contracts/marketing/coupon-batch';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Space, Switch, Typography } from 'antd';
import type { FormRule } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { yuanSchema, zodRule, type ParseableSchema } from '../../../shared/ui/zod-rule.ts';
import { applyPath, pathOf } from '../coupon-paths.ts';
import {
  crossIssues,
  discountToPercent,
  formFieldOf,
  fromRow,
  NEW_BATCH,
  previewRule,
  toBatchFields,
  type BatchFormValues,
} from './batch-form-model.ts';
import { badInputField, COUPON_KEY, FORM_SAVE, useRefusal } from './coupon-parts.tsx';
import { CitySelect, SkuSelect, type ScopeSku } from './scope-selects.tsx';

const shape = batchShape.shape;
const nameRule = zodRule(shape.name);
const remarkRule = zodRule(shape.remark);
const totalStockRule = zodRule(shape.totalStock);
const perUserLimitRule = zodRule(shape.perUserLimit);
const validDaysRule = zodRule(shape.validDays);
const cityRule = zodRule(shape.cityNames);
const skuRule = zodRule(shape.skuIds);
const yuanRule = (s: ParseableSchema) => zodRule(yuanSchema(s));
const thresholdRule = yuanRule(shape.thresholdAmount);
const reduceRule = yuanRule(shape.reduceAmount);
const maxDiscountRule = yuanRule(shape.maxDiscount);
/** 折扣 typed in 折 (1–9.9), checked as the % the contract takes. */
const discountRule = zodRule({ safeParse: (v: unknown) => shape.discountPercent.safeParse(discountToPercent(v)) });

/** The contract's rules between fields, shown under `field` (checked on the whole form as the server checks it). */
const crossRule =
  (field: keyof BatchFormValues) =>
  (form: { getFieldsValue: (all: true) => unknown }): Exclude<FormRule, (...args: never[]) => unknown> => ({
    validator: async () => {
      const issue = crossIssues(form.getFieldsValue(true) as BatchFormValues).find((i) => i.field === field);
      if (issue) throw new Error(issue.message);
    },
  });

const options = <K extends string>(labels: Record<K, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label: label as string }));
const TYPE_OPTIONS = options(COUPON_TYPES);
const VALID_OPTIONS = options(VALID_TYPES);
const SCOPE_OPTIONS = options(GOODS_SCOPES);

const yuanInput = (label: string) => (
  <InputNumber min={0} precision={2} step={1} style={{ width: '100%' }} placeholder="单位：元" aria-label={label} />
);

/** The live rule text (规则预览) as the form stands. */
function RulePreview() {
  const form = Form.useFormInstance<BatchFormValues>();
  const v = {
    couponType: Form.useWatch('couponType', form) ?? 'full_reduce',
    thresholdAmount: Form.useWatch('thresholdAmount', form),
    reduceAmount: Form.useWatch('reduceAmount', form),
    discount: Form.useWatch('discount', form),
    maxDiscount: Form.useWatch('maxDiscount', form),
  };
  const text = previewRule(v);
  return (
    <Alert
      type={text ? 'success' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="rule-preview"
      title={text ? `规则预览：${text}` : '规则预览：填写优惠内容后显示'}
    />
  );
}

/**
 * 新增 / 编辑 a batch (coupon-apply/add, coupon-apply/edit/:groupCode): 批次名称; 券类型 and the amounts it takes (满减:
 * 使用门槛 and 优惠金额; 无门槛: 优惠金额; 折扣: 折扣 in 折, an optional 门槛 and 最高优惠) in 元, with the rule in words as
 * it is typed; 有效期 (a fixed range, or N days from receipt); 发行总量 and 每人限领; 适用商品 (all, or SKUs searched and
 * picked) and 适用城市 (none: every city); 可叠加, 全额退款退券; 备注. Each field is checked by the contract's own rule
 * and the rules between fields as the server checks them; a field the server still refuses shows its words under it.
 * 保存 keeps the batch a draft (an edit sends its version) and opens its 详情; 保存并提交审核 submits it too. Leaving a
 * changed form asks first.
 */
export function BatchForm({ row }: { row?: BatchRow }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refusal = useRefusal();
  const [form] = Form.useForm<BatchFormValues>();
  const initial = useMemo(() => (row ? fromRow(row) : NEW_BATCH), [row]);
  const [known, setKnown] = useState(() => new Map<number, ScopeSku>((row?.skus ?? []).map((s) => [s.skuId, s])));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState<'save' | 'submit' | null>(null);
  const { allowLeave } = useLeaveGuard(dirty && !saving);
  const couponType = Form.useWatch('couponType', form) ?? initial.couponType;
  const validType = Form.useWatch('validType', form) ?? initial.validType;
  const goodsScope = Form.useWatch('goodsScope', form) ?? initial.goodsScope;
  const maySubmit = !row || row.actions.includes('submit');

  const save = async (andSubmit: boolean) => {
    try {
      await form.validateFields();
    } catch {
      return; // the fields say what is wrong
    }
    const fields = toBatchFields(form.getFieldsValue(true) as BatchFormValues);
    setSaving(andSubmit ? 'submit' : 'save');
    let saved: BatchRow;
    try {
      saved = row
        ? await call(couponBatchOps.update, { ...fields, batchCode: row.batchCode, version: row.version }, FORM_SAVE)
        : await call(couponBatchOps.create, fields, FORM_SAVE);
    } catch (err) {
      setSaving(null);
      const bad = badInputField(err);
      const field = bad ? formFieldOf(bad.field) : null;
      if (bad && field) {
        form.setFields([{ name: field, errors: [bad.message] }]);
        form.scrollToField(field);
      } else if (bad) message.warning((err as Error).message);
      else refusal(err);
      return;
    }
    setDirty(false);
    allowLeave();
    let note = row ? '批次已保存' : `批次 ${saved.batchCode} 已保存为草稿`;
    if (andSubmit) {
      try {
        await call(couponBatchOps.submit, { batchCode: saved.batchCode, version: saved.version, remark: '' });
        note = `批次 ${saved.batchCode} 已保存并提交审核`;
      } catch (err) {
        refusal(err);
        note = `批次 ${saved.batchCode} 已保存，但未能提交审核`;
      }
    }
    message.success(note);
    setSaving(null);
    navigate(applyPath('view', saved.batchCode), { replace: true });
    void queryClient.invalidateQueries({ queryKey: COUPON_KEY });
  };

  return (
    <Form<BatchFormValues>
      form={form}
      name="coupon-batch"
      layout="vertical"
      initialValues={initial}
      onValuesChange={() => setDirty(true)}
      scrollToFirstError
      data-testid="coupon-batch-form"
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" title={row ? `编辑优惠券 ${row.batchCode}` : '新增优惠券'}>
          {row?.status === 3 && row.rejectReason ? (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`驳回原因：${row.rejectReason}`} />
          ) : null}
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label="批次名称" required rules={[nameRule]} validateFirst>
                <Input maxLength={40} showCount placeholder="如：双十一满100减20" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="couponType" label="券类型" required>
                <Radio.Group options={TYPE_OPTIONS} optionType="button" buttonStyle="solid" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={24}>
            {couponType === 'discount' ? (
              <Col xs={24} md={8}>
                <Form.Item
                  name="discount"
                  label="折扣"
                  required
                  rules={[discountRule, crossRule('discount')]}
                  validateFirst
                  extra="1–9.9折，如 8.5 表示按原价的85%支付"
                >
                  <InputNumber min={1} max={9.9} precision={1} step={0.5} style={{ width: '100%' }} suffix="折" aria-label="折扣" />
                </Form.Item>
              </Col>
            ) : null}
            {couponType !== 'no_threshold' ? (
              <Col xs={24} md={8}>
                <Form.Item
                  name="thresholdAmount"
                  label="使用门槛（元）"
                  required={couponType === 'full_reduce'}
                  rules={[thresholdRule, crossRule('thresholdAmount')]}
                  validateFirst
                  extra={couponType === 'discount' ? '选填：订单满该金额才可用，不填即无门槛' : '订单满该金额才可用'}
                >
                  {yuanInput('使用门槛（元）')}
                </Form.Item>
              </Col>
            ) : null}
            {couponType !== 'discount' ? (
              <Col xs={24} md={8}>
                <Form.Item
                  name="reduceAmount"
                  label="优惠金额（元）"
                  required
                  rules={[reduceRule, crossRule('reduceAmount')]}
                  validateFirst
                  dependencies={['thresholdAmount']}
                >
                  {yuanInput('优惠金额（元）')}
                </Form.Item>
              </Col>
            ) : (
              <Col xs={24} md={8}>
                <Form.Item
                  name="maxDiscount"
                  label="最高优惠（元）"
                  rules={[maxDiscountRule]}
                  extra="选填：一单最多减免的金额，不填即不封顶"
                >
                  {yuanInput('最高优惠（元）')}
                </Form.Item>
              </Col>
            )}
          </Row>
          <RulePreview />
        </Card>

        <Card variant="borderless" title="有效期与数量">
          <Row gutter={24}>
            <Col xs={24} md={8}>
              <Form.Item name="validType" label="有效期" required>
                <Radio.Group options={VALID_OPTIONS} />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              {validType === 'range' ? (
                <Form.Item name="validRange" label="有效时间" required rules={[crossRule('validRange')]}>
                  <DatePicker.RangePicker
                    showTime={{ defaultValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
                    format="YYYY-MM-DD HH:mm:ss"
                    placeholder={['生效时间', '失效时间']}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              ) : (
                <Form.Item
                  name="validDays"
                  label="有效天数"
                  required
                  rules={[validDaysRule, crossRule('validDays')]}
                  validateFirst
                  extra="自领取当天起算"
                >
                  <InputNumber min={1} max={MAX_VALID_DAYS} precision={0} suffix="天" style={{ width: 200 }} aria-label="有效天数" />
                </Form.Item>
              )}
            </Col>
          </Row>
          <Row gutter={24}>
            <Col xs={24} md={8}>
              <Form.Item name="totalStock" label="发行总量" required rules={[totalStockRule]} validateFirst>
                <InputNumber min={1} max={MAX_BATCH_STOCK} precision={0} suffix="张" style={{ width: '100%' }} aria-label="发行总量" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="perUserLimit"
                label="每人限领"
                required
                rules={[perUserLimitRule, crossRule('perUserLimit')]}
                validateFirst
                dependencies={['totalStock']}
              >
                <InputNumber min={1} max={MAX_PER_USER} precision={0} suffix="张" style={{ width: '100%' }} aria-label="每人限领" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card variant="borderless" title="使用范围">
          <Form.Item name="goodsScope" label="适用商品" required>
            <Radio.Group options={SCOPE_OPTIONS} />
          </Form.Item>
          {goodsScope === 'skus' ? (
            <Form.Item
              name="skuIds"
              label="指定商品"
              required
              rules={[skuRule, crossRule('skuIds')]}
              validateFirst
              style={{ maxWidth: 720 }}
            >
              <SkuSelect
                known={known}
                onPicked={(skus) =>
                  setKnown((now) => {
                    const next = new Map(now);
                    for (const s of skus) next.set(s.skuId, s);
                    return next;
                  })
                }
              />
            </Form.Item>
          ) : null}
          <Form.Item name="cityNames" label="适用城市" rules={[cityRule]} extra="不选即全部城市" style={{ maxWidth: 720 }}>
            <CitySelect />
          </Form.Item>
          <Row gutter={24}>
            <Col xs={24} md={8}>
              <Form.Item name="stackable" label="可与其他优惠叠加" valuePropName="checked">
                <Switch checkedChildren="可叠加" unCheckedChildren="不叠加" aria-label="可叠加" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="refundReturn" label="全额退款退券" valuePropName="checked" extra="订单全额退款后，券在有效期内退回用户">
                <Switch checkedChildren="退券" unCheckedChildren="不退" aria-label="全额退款退券" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="remark" label="备注" rules={[remarkRule]} style={{ maxWidth: 720 }}>
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        </Card>

        <Space>
          <Button type="primary" loading={saving === 'save'} disabled={saving === 'submit'} onClick={() => void save(false)}>
            保存
          </Button>
          {maySubmit ? (
            <Button loading={saving === 'submit'} disabled={saving === 'save'} onClick={() => void save(true)}>
              保存并提交审核
            </Button>
          ) : null}
          <Button onClick={() => navigate(row ? applyPath('view', row.batchCode) : pathOf('batch'))}>返回</Button>
          <Typography.Text type="secondary">保存后为草稿，提交审核并通过后才能发券</Typography.Text>
        </Space>
      </Space>
    </Form>
  );
}
