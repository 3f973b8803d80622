import {
  AFTER_SALE_TYPES,
  afterSaleCreateInput,
  afterSaleLineInput,
  afterSaleOps,
  REFUNDING_TYPES,
  type AfterSaleOrder,
  type AfterSaleType,
} from '@merchant/contracts/order/after-sale';
import { orderNoSubSchema } from '@merchant/contracts/order/order-fields';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Descriptions, Form, Input, InputNumber, Radio, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { centsToYuanValue, yuanToCents } from '../../../shared/format/money.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { afterSaleDetailPath, yuan } from './after-sale-parts.tsx';

type OrderLine = AfterSaleOrder['lines'][number];

const orderNoRule = zodRule(orderNoSubSchema);
const typeRule = zodRule(afterSaleCreateInput.shape.type);
const reasonRule = zodRule(afterSaleCreateInput.shape.reason);
const descriptionRule = zodRule(afterSaleCreateInput.shape.description);
const quantitySchema = afterSaleLineInput.shape.quantity;
const refundSchema = afterSaleLineInput.shape.refundAmount;

interface LineValues {
  picked?: boolean;
  quantity?: number | null;
  /** 元 */
  refund?: number | null;
}
interface Values {
  orderNoSub: string;
  type?: AfterSaleType;
  reason: string;
  description: string;
  /** By `l<lineNo>`. */
  lines: Record<string, LineValues>;
}

const lineKey = (l: Pick<OrderLine, 'lineNo'>) => `l${l.lineNo}`;
const isRefunding = (type: unknown) => (REFUNDING_TYPES as readonly unknown[]).includes(type);
/** A line's default refund: its unit price × the quantity, no more than what is left to refund on it (分). */
const defaultRefund = (l: OrderLine, quantity: number) => Math.min(l.unitPrice * quantity, l.maxRefund);
const normalised = (s: unknown) => (typeof s === 'string' ? s.trim().toUpperCase() : '');

/**
 * 新建售后工单 (the list's modal; opened for an order by after-sale-order?orderNoSub=): 查询 loads the order's lines with
 * what each may still take (可退数量, 可退金额); the type, the lines ticked with their quantity and — 仅退款 / 退货退款 — the
 * refund in 元 (sent in 分), the reason and the description are checked by the contract's rules before anything is
 * sent. A refusal was shown by the error catalogue (the server's message) and leaves the modal as it was; the new work
 * order's detail opens on success.
 */
export function AfterSaleCreateModal({ initialOrderNoSub = '', onClose }: { initialOrderNoSub?: string; onClose: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [searched, setSearched] = useState(() => {
    const p = orderNoSubSchema.safeParse(initialOrderNoSub);
    return p.success ? p.data : '';
  });
  const q = useQuery({
    queryKey: ['after-sale', 'order-lines', searched],
    queryFn: () => call(afterSaleOps.orderLines, { orderNoSub: searched }),
    enabled: !!searched,
    retry: false,
    gcTime: 0,
    // a refused 提交 leaves the modal as it was: no refetch behind the user's back
    refetchOnWindowFocus: false,
  });
  const order = q.data ?? null;
  const orderNoSub = Form.useWatch('orderNoSub', form) as string | undefined;
  const type = Form.useWatch('type', form) as AfterSaleType | undefined;
  const lines = Form.useWatch('lines', form) as Values['lines'] | undefined;
  // the order shown is the one of the number in the field: a changed number asks for 查询 again
  const shown = order && normalised(orderNoSub ?? initialOrderNoSub) === order.orderNoSub ? order : null;
  const refunding = isRefunding(type);

  // an order (re)loaded: its lines start unticked, at what is left to take
  useEffect(() => {
    if (!order) return;
    form.setFieldValue(
      'lines',
      Object.fromEntries(order.lines.map((l) => [lineKey(l), { picked: false, quantity: l.maxQuantity || null, refund: null }])),
    );
    if (!order.refundable && isRefunding(form.getFieldValue('type'))) form.setFieldValue('type', undefined);
  }, [order, form]);

  const search = async () => {
    try {
      await form.validateFields(['orderNoSub']);
    } catch {
      return; // the field shows what is wrong
    }
    const p = orderNoSubSchema.safeParse(form.getFieldValue('orderNoSub'));
    if (!p.success) return;
    if (p.data === searched) void q.refetch();
    else setSearched(p.data);
  };

  /** Ticking a line or changing its quantity sets its refund to the default (price × quantity, capped). */
  const onLineChange = (l: OrderLine, patch: LineValues) => {
    const cur: LineValues = { ...(form.getFieldValue(['lines', lineKey(l)]) as LineValues | undefined), ...patch };
    const q = Number(cur.quantity) || 0;
    form.setFieldValue(['lines', lineKey(l)], { ...cur, refund: cur.picked && q > 0 ? centsToYuanValue(defaultRefund(l, q)) : null });
  };

  const submit = async (v: Values) => {
    if (!shown) {
      message.warning('请先查询订单');
      throw new Error('no order');
    }
    const picked = shown.lines.filter((l) => v.lines?.[lineKey(l)]?.picked);
    const input = {
      orderNoSub: shown.orderNoSub,
      type: v.type,
      reason: v.reason,
      description: v.description,
      lines: picked.map((l) => {
        const lv = v.lines[lineKey(l)];
        return { lineNo: l.lineNo, quantity: lv.quantity ?? undefined, refundAmount: isRefunding(v.type) ? yuanToCents(lv.refund) : 0 };
      }),
    };
    const checked = afterSaleCreateInput.safeParse(input);
    if (!checked.success) {
      message.warning(checked.error.issues[0]?.message ?? '售后内容不正确');
      throw new Error('invalid');
    }
    return call(afterSaleOps.create, checked.data);
  };

  const lineRules = (l: OrderLine) => ({
    quantity: [
      {
        validator: async (_r: unknown, value: unknown) => {
          if (!form.getFieldValue(['lines', lineKey(l), 'picked'])) return;
          const r = quantitySchema.safeParse(value ?? undefined);
          if (!r.success) throw new Error(r.error.issues[0]?.message ?? '数量不正确');
          if (r.data > l.maxQuantity) throw new Error(`最多可退 ${l.maxQuantity} 件`);
        },
      },
    ],
    refund: [
      {
        validator: async (_r: unknown, value: unknown) => {
          if (!form.getFieldValue(['lines', lineKey(l), 'picked']) || !isRefunding(form.getFieldValue('type'))) return;
          const cents = yuanToCents(value);
          if (cents === undefined || cents <= 0) throw new Error('请输入退款金额');
          const r = refundSchema.safeParse(cents);
          if (!r.success) throw new Error(r.error.issues[0]?.message ?? '退款金额不正确');
          if (cents > l.maxRefund) throw new Error(`最多可退 ${yuan(l.maxRefund)} 元`);
        },
      },
    ],
  });

  const totalRefund = refunding
    ? (shown?.lines ?? []).reduce((s, l) => {
        const lv = lines?.[lineKey(l)];
        return s + (lv?.picked ? (yuanToCents(lv.refund) ?? 0) : 0);
      }, 0)
    : 0;

  return (
    <FormModal<Values, { workNumber: string }>
      form={form}
      name="after-sale-create"
      title="新建售后工单"
      okText="提交"
      width={980}
      initialValues={{ orderNoSub: initialOrderNoSub, type: undefined, reason: '', description: '', lines: {} }}
      onSubmit={submit}
      onSaved={(s) => {
        message.success(`售后工单 ${s.workNumber} 已创建`);
        onClose();
        void queryClient.invalidateQueries({ queryKey: ['after-sale'] });
        void navigate(afterSaleDetailPath(s.workNumber));
      }}
      onClose={onClose}
    >
      <Form.Item label="订单号" required>
        <Space.Compact style={{ width: 420 }}>
          <Form.Item name="orderNoSub" noStyle rules={[orderNoRule]}>
            <Input maxLength={24} placeholder="请输入订单号" aria-label="订单号" onPressEnter={() => void search()} />
          </Form.Item>
          <Button type="primary" loading={q.isFetching} onClick={() => void search()}>
            查询
          </Button>
        </Space.Compact>
      </Form.Item>
      {shown ? (
        <>
          <Descriptions
            size="small"
            column={3}
            style={{ marginBottom: 12 }}
            data-testid="after-sale-order"
            items={[
              { key: 'channel', label: '渠道', children: shown.channelName },
              { key: 'status', label: '订单状态', children: shown.statusName },
              { key: 'pay', label: '支付状态', children: shown.payStatusName },
              { key: 'paid', label: '实付金额', children: `${yuan(shown.paidAmount)} 元` },
              { key: 'refunded', label: '已退金额', children: `${yuan(shown.refundedAmount)} 元` },
            ]}
          />
          {shown.refundable ? null : (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} title="该订单未支付，不能申请仅退款或退货退款" />
          )}
        </>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="after-sale-order-hint">
          输入订单号并查询，选择要售后的商品。
        </Typography.Paragraph>
      )}
      <Form.Item label="售后类型" name="type" required rules={[typeRule]}>
        <Radio.Group
          options={(Object.keys(AFTER_SALE_TYPES) as AfterSaleType[]).map((t) => ({
            value: t,
            label: AFTER_SALE_TYPES[t],
            disabled: !!shown && !shown.refundable && isRefunding(t),
          }))}
        />
      </Form.Item>
      {shown ? (
        <Form.Item label={type === 'complaint' ? '涉及商品（选填）' : '售后商品'} required={type !== 'complaint'}>
          <Table<OrderLine>
            rowKey="lineNo"
            size="small"
            pagination={false}
            dataSource={shown.lines}
            data-testid="after-sale-order-lines"
            scroll={{ y: 360 }}
            columns={[
              {
                key: 'picked',
                title: '选择',
                width: 56,
                render: (_v, l) => (
                  <Form.Item name={['lines', lineKey(l), 'picked']} valuePropName="checked" noStyle>
                    <Checkbox
                      disabled={l.maxQuantity <= 0}
                      aria-label={`选择第${l.lineNo}行`}
                      onChange={(e) => onLineChange(l, { picked: e.target.checked })}
                    />
                  </Form.Item>
                ),
              },
              { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 110 },
              { key: 'skuName', title: '商品名称', dataIndex: 'skuName' },
              { key: 'quantity', title: '购买数量', dataIndex: 'quantity', width: 80, align: 'right' },
              { key: 'unitPrice', title: '单价（元）', dataIndex: 'unitPrice', width: 90, align: 'right', render: yuan },
              { key: 'maxQuantity', title: '可退数量', dataIndex: 'maxQuantity', width: 80, align: 'right' },
              { key: 'maxRefund', title: '可退金额（元）', dataIndex: 'maxRefund', width: 110, align: 'right', render: yuan },
              {
                key: 'afterQuantity',
                title: '售后数量',
                width: 120,
                render: (_v, l) => (
                  <Form.Item
                    name={['lines', lineKey(l), 'quantity']}
                    rules={lineRules(l).quantity}
                    dependencies={[['lines', lineKey(l), 'picked']]}
                    style={{ margin: 0 }}
                  >
                    <InputNumber
                      min={1}
                      max={l.maxQuantity}
                      precision={0}
                      disabled={!lines?.[lineKey(l)]?.picked}
                      aria-label={`第${l.lineNo}行售后数量`}
                      onChange={(q) => onLineChange(l, { quantity: q })}
                    />
                  </Form.Item>
                ),
              },
              ...(refunding
                ? [
                    {
                      key: 'refund',
                      title: '退款金额（元）',
                      width: 150,
                      render: (_v: unknown, l: OrderLine) => (
                        <Form.Item
                          name={['lines', lineKey(l), 'refund']}
                          rules={lineRules(l).refund}
                          dependencies={[['lines', lineKey(l), 'picked'], 'type']}
                          style={{ margin: 0 }}
                        >
                          <InputNumber
                            min={0}
                            max={centsToYuanValue(l.maxRefund)}
                            precision={2}
                            disabled={!lines?.[lineKey(l)]?.picked}
                            aria-label={`第${l.lineNo}行退款金额`}
                          />
                        </Form.Item>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {refunding ? (
            <div style={{ marginTop: 8 }} data-testid="after-sale-refund-total">
              退款合计：<b>¥{yuan(totalRefund)}</b>
              <Typography.Text type="secondary">（完成时经支付渠道原路退回）</Typography.Text>
            </div>
          ) : null}
        </Form.Item>
      ) : null}
      <Form.Item label="申请原因" name="reason" required rules={[reasonRule]}>
        <Input.TextArea rows={2} maxLength={200} showCount placeholder="如：商品破损" />
      </Form.Item>
      <Form.Item label="问题描述" name="description" rules={[descriptionRule]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="选填，用户反馈的详细情况" />
      </Form.Item>
    </FormModal>
  );
}
