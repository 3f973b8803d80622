import { priceOptionOps, SKU_OPTIONS_MAX } from '@merchant/contracts/price/price-options';
import { adjustmentFields, adjustmentOps, MAX_ADJUSTMENT_LINES, type AdjustmentDetail } from '@merchant/contracts/price/price-adjustment';
import { PRICE_SCOPE_TARGETS, PRICE_SCOPES, setPriceSchema, type PriceScope } from '@merchant/contracts/price/price-fields';
import { MAX_QUOTE_ITEMS, priceSheetOps } from '@merchant/contracts/price/price-sheet';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Radio, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { pickerToInstant } from '../../../shared/format/date.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import { yuanSchema, zodRule } from '../../../shared/ui/zod-rule.ts';
import { EffectiveFields } from './effective-fields.tsx';
import { fromDetail, priceSpan, quoteItemOf, toAdjustmentInput, type AdjustmentFormValues, type FormSku } from './adjustment-model.ts';
import { adjustmentPath, PRICE_ADJUSTMENT_LIST } from './price-paths.ts';
import { TargetSelect } from './price-pickers.tsx';
import { SkuPickerModal } from './sku-picker-modal.tsx';

const priceRule = zodRule(yuanSchema(setPriceSchema()));
const reasonRule = zodRule(adjustmentFields.reason);

/** The form as antd holds it: the scheduled time as a picker value. */
type FormState = Omit<AdjustmentFormValues, 'effectiveAt'> & { effectiveAt: Dayjs | null };

/** Prefilled SKUs (?skuIds=…) read by id through price.options.skus (another merchant's or a deleted one is absent). */
function usePrefilledSkus(ids: number[]) {
  return useQuery({
    queryKey: ['price', 'prefill-skus', ids],
    enabled: ids.length > 0,
    queryFn: async (): Promise<FormSku[]> => {
      const rows = await call(priceOptionOps.skus, { skuIds: ids.slice(0, SKU_OPTIONS_MAX) });
      return rows.map((s) => ({ skuId: s.skuId, skuCode: s.skuCode, skuName: s.skuName, barcode: s.barcode }));
    },
  });
}

/**
 * 新建 / 编辑调价单: scope and targets, SKUs (picked in batches), a new price per SKU in 元 (every target gets it),
 * 立即 or 定时 with its time, and the reason. 保存草稿 saves; 保存并提交 asks first (立即: prices change and go to
 * the cabinets at once). Leaving a changed form asks first.
 */
export function AdjustmentForm({
  draft,
  prefill,
}: {
  draft?: AdjustmentDetail;
  prefill?: { scopeType?: PriceScope; scopeKeys: string[]; skuIds: number[] };
}) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormState>();
  const read = useMemo(() => (draft ? fromDetail(draft) : null), [draft]);
  const [skus, setSkus] = useState<FormSku[]>(() => read?.skus ?? []);
  const prefilled = usePrefilledSkus(draft ? [] : (prefill?.skuIds ?? []));
  const [prefillTaken, setPrefillTaken] = useState(false);
  if (!prefillTaken && prefilled.data) {
    setPrefillTaken(true);
    setSkus((now) => [...now, ...prefilled.data.filter((p) => !now.some((s) => s.skuId === p.skuId))]);
  }
  const [picking, setPicking] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty && !saving);

  const initial: FormState = read
    ? { ...read.values, effectiveAt: read.values.effectiveAt ? dayjs(read.values.effectiveAt) : null }
    : {
        scopeType: prefill?.scopeType ?? 'cabinet',
        scopeKeys: prefill?.scopeKeys ?? [],
        prices: {},
        effectiveMode: 'now',
        effectiveAt: null,
        reason: '',
      };
  const scopeType = (Form.useWatch('scopeType', form) ?? initial.scopeType) as PriceScope;
  const scopeKeys = (Form.useWatch('scopeKeys', form) ?? initial.scopeKeys) as string[];
  const effectiveMode = Form.useWatch('effectiveMode', form) ?? initial.effectiveMode;

  // The current prices on the chosen targets (the resolver's answer), for 当前价.
  const items = useMemo(
    () => skus.flatMap((s) => scopeKeys.map((k) => quoteItemOf(scopeType, k, s.skuId))).slice(0, MAX_QUOTE_ITEMS),
    [skus, scopeKeys, scopeType],
  );
  const quote = useQuery({
    queryKey: ['price', 'quote', items],
    enabled: items.length > 0,
    queryFn: () => call(priceSheetOps.quote, { items }),
  });
  const currentOf = (skuId: number) => {
    const span = priceSpan((quote.data ?? []).filter((q) => q.skuId === skuId).map((q) => q.priceCents));
    if (!span) return '--';
    return span.min === span.max ? centsToYuan(span.min) : `${centsToYuan(span.min)} ~ ${centsToYuan(span.max)}`;
  };

  const values = (): AdjustmentFormValues => {
    const v = form.getFieldsValue(true) as FormState;
    return { ...v, effectiveAt: v.effectiveAt ? pickerToInstant(v.effectiveAt) : null };
  };

  const save = async (): Promise<{ orderNo: string; version: number } | null> => {
    try {
      await form.validateFields();
    } catch {
      return null;
    }
    if (skus.length === 0) {
      message.error('请添加调价商品');
      return null;
    }
    const input = toAdjustmentInput(values(), skus);
    if (input.lines.length > MAX_ADJUSTMENT_LINES) {
      message.error(`一张调价单最多${MAX_ADJUSTMENT_LINES}行（商品数 × 调价对象数），请分多张调价`);
      return null;
    }
    return call(adjustmentOps.save, { ...input, ...(draft ? { orderNo: draft.orderNo, version: draft.version } : {}) });
  };

  const finish = async (orderNo: string, text: string) => {
    message.success(text);
    setDirty(false);
    allowLeave();
    await queryClient.invalidateQueries({ queryKey: ['price'] });
    navigate(adjustmentPath(orderNo), { replace: true }); // the form is done: its tab becomes the order's
  };

  const saveDraft = async () => {
    setSaving(true);
    try {
      const s = await save();
      if (s) await finish(s.orderNo, '调价单已保存为草稿');
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  const saveAndSubmit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const now = form.getFieldValue('effectiveMode') === 'now';
    modal.confirm({
      title: '确认提交调价单？',
      content: now
        ? `立即生效：${skus.length} 个商品在 ${scopeKeys.length} 个${PRICE_SCOPE_TARGETS[scopeType]}上的价格将马上改为新价格，并推送到相关智能柜。提交后不能再编辑。`
        : '定时生效：到生效时间后自动改价并推送到相关智能柜；生效前可以取消。提交后不能再编辑。',
      okText: '提交',
      onOk: async () => {
        setSaving(true);
        try {
          const s = await save();
          if (!s) return;
          const done = await call(adjustmentOps.submit, { orderNo: s.orderNo, version: s.version });
          await finish(s.orderNo, done.status === 3 ? '调价已生效' : '调价单已提交，待生效');
        } catch {
          // the catalogue showed the reason
        } finally {
          setSaving(false);
        }
      },
    });
  };

  const removeSku = (skuId: number) => {
    setSkus((now) => now.filter((s) => s.skuId !== skuId));
    setDirty(true);
  };

  return (
    <Form<FormState>
      form={form}
      layout="vertical"
      name="adjustment-form"
      initialValues={initial}
      onValuesChange={(changed: Partial<FormState>) => {
        setDirty(true);
        if ('scopeType' in changed) form.setFieldValue('scopeKeys', []);
      }}
      aria-label="调价单"
      scrollToFirstError
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          variant="borderless"
          title={<span data-testid="adjustment-title">{draft ? `编辑调价单 ${draft.orderNo}` : '新建调价单'}</span>}
        >
          <Form.Item label="调价范围" name="scopeType" required>
            <Radio.Group optionType="button" options={Object.entries(PRICE_SCOPES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item
            label={`调价对象（${PRICE_SCOPE_TARGETS[scopeType]}）`}
            name="scopeKeys"
            required
            rules={[{ required: true, type: 'array', min: 1, message: `请选择${PRICE_SCOPE_TARGETS[scopeType]}` }]}
            style={{ maxWidth: 720 }}
          >
            <TargetSelect scopeType={scopeType} />
          </Form.Item>
        </Card>
        <Card
          variant="borderless"
          title="调价商品"
          extra={
            <Space>
              <Typography.Text type="secondary">所选调价对象使用同一新价格</Typography.Text>
              <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
                添加商品
              </Button>
            </Space>
          }
        >
          {read?.mixed.length ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title="部分商品在不同调价对象上的新价格不同；保存后将统一为表中的新价格"
            />
          ) : null}
          <Table<FormSku>
            rowKey="skuId"
            size="small"
            pagination={false}
            dataSource={skus}
            loading={prefilled.isLoading}
            locale={{ emptyText: '请添加调价商品' }}
            data-testid="adjustment-lines"
            columns={[
              { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 120 },
              { key: 'skuName', title: 'SKU名称', dataIndex: 'skuName' },
              { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150 },
              {
                key: 'current',
                title: '当前价（元）',
                width: 150,
                align: 'right',
                render: (_v, s) => (quote.isFetching && !quote.data ? '…' : currentOf(s.skuId)),
              },
              {
                key: 'price',
                title: '新价格（元）',
                width: 180,
                align: 'right',
                render: (_v, s) => (
                  <Form.Item name={['prices', String(s.skuId)]} rules={[priceRule]} style={{ margin: 0 }}>
                    <InputNumber min={0.01} precision={2} style={{ width: 140 }} aria-label={`${s.skuName}新价格`} />
                  </Form.Item>
                ),
              },
              {
                key: 'actions',
                title: '操作',
                width: 80,
                render: (_v, s) => (
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => removeSku(s.skuId)}
                    aria-label={`移除${s.skuName}`}
                  />
                ),
              },
            ]}
          />
        </Card>
        <Card variant="borderless" title="生效设置">
          <EffectiveFields
            mode={effectiveMode}
            extra="提交时须晚于当前时间至少15秒；到时间后自动生效"
            timeItemStyle={{ maxWidth: 320 }}
            pickerStyle={{ width: '100%' }}
          />
          <Form.Item label="调价原因" name="reason" required rules={[reasonRule]} style={{ maxWidth: 720 }}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：节假日促销、成本上涨" />
          </Form.Item>
          <Space>
            <Button type="primary" loading={saving} onClick={() => void saveAndSubmit()}>
              保存并提交
            </Button>
            <Button loading={saving} onClick={() => void saveDraft()}>
              保存草稿
            </Button>
            <Button onClick={() => navigate(draft ? adjustmentPath(draft.orderNo) : PRICE_ADJUSTMENT_LIST)}>取消</Button>
          </Space>
        </Card>
      </Space>
      <SkuPickerModal
        open={picking}
        channelCode={scopeType === 'channel1' && scopeKeys[0] ? scopeKeys[0] : undefined}
        onClose={() => setPicking(false)}
        onPick={(picked) => {
          setSkus((now) => [...now, ...picked.filter((p) => !now.some((s) => s.skuId === p.skuId))]);
          setDirty(true);
          setPicking(false);
        }}
      />
    </Form>
  );
}
