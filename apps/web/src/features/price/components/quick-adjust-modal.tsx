import { adjustmentFields, adjustmentOps, type EffectiveMode } from '@merchant/contracts/price/price-adjustment';
import { PRICE_SCOPES, setPriceSchema, type PriceScope } from '@merchant/contracts/price/price-fields';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { pickerToInstant } from '../../../shared/format/date.ts';
import { yuanSchema, zodRule } from '../../../shared/ui/zod-rule.ts';
import { EffectiveFields } from './effective-fields.tsx';
import { toAdjustmentInput } from './adjustment-model.ts';
import { adjustmentPath } from './price-paths.ts';
import { yuanText } from './price-parts.tsx';

const priceRule = zodRule(yuanSchema(setPriceSchema()));
const reasonRule = zodRule(adjustmentFields.reason);

/** A SKU on a price sheet, as the batch adjust needs it. */
export interface SheetSku {
  skuId: number;
  skuCode: string;
  skuName: string;
  /** Its price on the target now (分). */
  currentPrice: number | null;
}

interface Values {
  prices: Record<string, number | null>;
  effectiveMode: EffectiveMode;
  effectiveAt: Dayjs | null;
  reason: string;
}

/**
 * 批量调价 from a price sheet: the ticked SKUs on one target (a cabinet, a channel, a store) get new prices through an
 * adjustment order created and submitted in one call (price.adjustment.quick) — 立即 or 定时, with its reason. Asks
 * before it submits; a changed form asks before it closes.
 */
export function QuickAdjustModal({
  scopeType,
  scopeKey,
  targetName,
  skus,
  onDone,
  onClose,
}: {
  scopeType: PriceScope;
  scopeKey: string;
  targetName: string;
  skus: SheetSku[];
  onDone: () => void;
  onClose: () => void;
}) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty && !saving);
  const mode = Form.useWatch('effectiveMode', form) ?? 'now';

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({ title: '放弃未保存的调价？', okText: '放弃', cancelText: '继续编辑', onOk: onClose });
  };
  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    modal.confirm({
      title: `确认调整 ${skus.length} 个商品在“${targetName}”的${PRICE_SCOPES[scopeType]}？`,
      content:
        v.effectiveMode === 'now' ? '立即生效：价格马上改变并推送到相关智能柜。' : '定时生效：到时间后自动改价；生效前可在调价单中取消。',
      okText: '提交调价',
      onOk: async () => {
        setSaving(true);
        try {
          const input = toAdjustmentInput(
            {
              scopeType,
              scopeKeys: [scopeKey],
              prices: v.prices,
              effectiveMode: v.effectiveMode,
              effectiveAt: v.effectiveAt ? pickerToInstant(v.effectiveAt) : null,
              reason: v.reason,
            },
            skus,
          );
          const s = await call(adjustmentOps.quick, input);
          allowLeave();
          await queryClient.invalidateQueries({ queryKey: ['price'] });
          message.success({
            content: (
              <span>
                {s.status === 3 ? '调价已生效' : '调价单已提交，待生效'}：
                <Button type="link" size="small" onClick={() => navigate(adjustmentPath(s.orderNo))}>
                  {s.orderNo}
                </Button>
              </span>
            ),
          });
          onDone();
        } catch {
          // the catalogue showed the reason
        } finally {
          setSaving(false);
        }
      },
    });
  };

  return (
    <Modal
      open
      title={`批量调价：${targetName}`}
      width={820}
      onCancel={close}
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            提交调价
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="quick-adjust"
        layout="vertical"
        initialValues={{ prices: {}, effectiveMode: 'now', effectiveAt: null, reason: '' }}
        onValuesChange={() => setDirty(true)}
      >
        <Table<SheetSku>
          rowKey="skuId"
          size="small"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={skus}
          columns={[
            { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 120 },
            { key: 'skuName', title: 'SKU名称', dataIndex: 'skuName', ellipsis: true },
            { key: 'current', title: '当前价（元）', width: 120, align: 'right', render: (_v, s) => yuanText(s.currentPrice) },
            {
              key: 'price',
              title: '新价格（元）',
              width: 170,
              align: 'right',
              render: (_v, s) => (
                <Form.Item name={['prices', String(s.skuId)]} rules={[priceRule]} style={{ margin: 0 }}>
                  <InputNumber min={0.01} precision={2} style={{ width: 130 }} aria-label={`${s.skuName}新价格`} />
                </Form.Item>
              ),
            },
          ]}
        />
        <Space size={24} align="start" style={{ marginTop: 16 }} wrap>
          <EffectiveFields mode={mode} />
        </Space>
        <Form.Item label="调价原因" name="reason" required rules={[reasonRule]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：节假日促销、成本上涨" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
