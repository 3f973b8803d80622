import { cabinetOrderOps, type CabinetOrderDetail, type OrderLine } from '@merchant/contracts/order/cabinet-order';
import {
  correctInput,
  exceptionOrderOps,
  MAX_PICKED_QUANTITY,
  type Picking,
  type PickingSlot,
} from '@merchant/contracts/order/exception-order';
import { ORDER_ABNORMAL } from '@merchant/contracts/order/order-fields';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Result, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import {
  DocumentDetail,
  DocumentLines,
  DocumentLoading,
  DocumentNotFound,
  type DocumentAction,
} from '../../../platform/document-detail.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useExceptionClose } from '../components/exception-close.tsx';
import {
  EXCEPTION_LIST_PATH,
  ExceptionTag,
  openRecordPath,
  orderDetailPath,
  OrderStatusTag,
  PayStatusTag,
  yuan,
  orderLineColumns,
} from '../components/order-parts.tsx';

const remarkRule = zodRule(correctInput.shape.remark);
const money = { width: 120, align: 'right' as const };
const dash = (s: string) => s || '--';

interface Values {
  /** 数量 by slot number. */
  qty: Record<string, number | null>;
  remark: string;
}

/** The order's current quantity per slot: the prefill of 实际取走的商品. */
function quantitiesOf(lines: OrderLine[], slots: PickingSlot[]): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(slots.map((s) => [s.slotNo, 0]));
  for (const l of lines) if (l.slotNo in out) out[l.slotNo] += l.quantity;
  return out;
}

/** The slots with a quantity > 0, in the cabinet's order, priced at the door opening. */
function pickedOf(slots: PickingSlot[], qty: Record<string, number | null> | undefined) {
  return slots
    .map((s) => ({ slot: s, quantity: Number(qty?.[s.slotNo] ?? 0) || 0 }))
    .filter((p) => p.quantity > 0)
    .map((p) => ({ ...p, amount: p.slot.unitPrice * p.quantity }));
}

/** The order's header: what 订单详情 shows of it, as far as the check needs. */
function headerItems(order: CabinetOrderDetail) {
  return [
    { key: 'orderNoSub', label: '订单号', children: <Link to={orderDetailPath(order.orderNoSub)}>{order.orderNoSub}</Link> },
    {
      key: 'applyCode',
      label: '开门单号',
      children: order.applyCode ? <Link to={openRecordPath(order.applyCode)}>{order.applyCode}</Link> : '--',
    },
    { key: 'device', label: '设备', children: `${order.deviceCode}${order.deviceName ? `（${order.deviceName}）` : ''}` },
    { key: 'user', label: '用户', children: `${order.userId}${order.userPhone ? `（${order.userPhone}）` : ''}` },
    {
      key: 'excepType',
      label: '异常类型',
      children: order.excepType ? <ExceptionTag type={order.excepType} name={order.excepTypeName} /> : '--',
    },
    { key: 'status', label: '订单状态', children: <OrderStatusTag status={order.status} name={order.statusName} /> },
    { key: 'payStatus', label: '支付状态', children: <PayStatusTag status={order.payStatus} name={order.payStatusName} /> },
    {
      key: 'pricedAt',
      label: '定价时间',
      children: (
        <>
          {formatDateTime(order.pricedAt)}
          <Typography.Text type="secondary">（按开门时价格）</Typography.Text>
        </>
      ),
    },
    { key: 'payAmount', label: '应付金额', children: `${yuan(order.payAmount)} 元` },
  ];
}

function CommodityView({ picking }: { picking: Picking }) {
  const { order, slots, actions } = picking;
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty);
  const initialQty = useMemo(() => quantitiesOf(order.lines, slots), [order.lines, slots]);
  const qty = Form.useWatch('qty', form) as Values['qty'] | undefined;
  const picked = pickedOf(slots, qty ?? initialQty);
  const totalCount = picked.reduce((s, p) => s + p.quantity, 0);
  const totalAmount = picked.reduce((s, p) => s + p.amount, 0);
  const canCorrect = actions.includes('correct');
  const canClose = actions.includes('close');
  const handled = order.status !== ORDER_ABNORMAL;

  const done = () => {
    allowLeave();
    void queryClient.invalidateQueries({ queryKey: ['order'] });
    void navigate(orderDetailPath(order.orderNoSub));
  };
  const { close, closeModal } = useExceptionClose(done);

  const confirmCorrect = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    const lines = pickedOf(slots, v.qty);
    if (!lines.length) {
      message.warning('没有填写实际取走的商品：用户未取走商品的，请使用“关闭订单”');
      return;
    }
    const input = {
      orderNoSub: order.orderNoSub,
      version: order.version,
      lines: lines.map((l) => ({ slotNo: l.slot.slotNo, quantity: l.quantity })),
      remark: v.remark,
    };
    const checked = correctInput.safeParse(input);
    if (!checked.success) {
      message.warning(checked.error.issues[0]?.message ?? '核对内容不正确');
      return;
    }
    const amount = lines.reduce((s, l) => s + l.amount, 0);
    modal.confirm({
      title: `确认按以下商品核对订单 ${order.orderNoSub}？`,
      width: 560,
      okText: '确认核对',
      content: (
        <div data-testid="correct-summary">
          <Table
            rowKey={(l) => l.slot.slotNo}
            size="small"
            pagination={false}
            dataSource={lines}
            columns={[
              { key: 'slotNo', title: '货道', width: 60, render: (_v, l) => l.slot.slotNo },
              { key: 'skuName', title: '商品', render: (_v, l) => l.slot.skuName },
              { key: 'quantity', title: '数量', width: 60, align: 'right', render: (_v, l) => l.quantity },
              { key: 'amount', title: '小计（元）', width: 90, align: 'right', render: (_v, l) => yuan(l.amount) },
            ]}
          />
          <p style={{ marginTop: 12 }}>
            共 {lines.reduce((s, l) => s + l.quantity, 0)} 件，将按开门时价格向用户收取 <b>¥{yuan(amount)}</b>。
          </p>
        </div>
      ),
      onOk: async () => {
        setSaving(true);
        try {
          const s = await call(exceptionOrderOps.correct, checked.data);
          if (s.status === ORDER_ABNORMAL)
            message.warning(`订单已核对，应付 ¥${yuan(s.payAmount)}，但扣款未成功（${s.payStatusName}），订单仍为异常`);
          else message.success(`订单已核对：应付 ¥${yuan(s.payAmount)}，${s.statusName}（${s.payStatusName}）`);
          done();
        } catch {
          // the catalogue showed the reason (库存不足, 该记录已被他人修改…); the page stays as it was
        } finally {
          setSaving(false);
        }
      },
    });
  };

  const headerActions: DocumentAction[] = [
    {
      key: 'close',
      label: '关闭订单',
      show: canClose,
      danger: true,
      onClick: () => close({ orderNoSub: order.orderNoSub, version: order.version }),
    },
  ];

  return (
    <DocumentDetail
      title={`商品核对 ${order.orderNoSub}`}
      titleTestId="commodity-title"
      status={<OrderStatusTag status={order.status} name={order.statusName} />}
      actions={headerActions}
      notices={
        <>
          {handled ? (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="commodity-handled"
              title={`该异常订单已处理（${order.statusName}），无需再核对`}
              action={<Link to={orderDetailPath(order.orderNoSub)}>查看订单详情</Link>}
            />
          ) : null}
          {order.excepType ? (
            <Alert
              type={handled ? 'info' : 'error'}
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="commodity-exception"
              title={`异常原因：${order.excepTypeName || order.excepType}`}
              description={order.excepReason || undefined}
            />
          ) : null}
        </>
      }
      items={headerItems(order)}
      history={{
        operation: cabinetOrderOps.history,
        input: { orderNoSub: order.orderNoSub },
        queryKey: ['order', 'cabinet-order', 'detail', order.orderNoSub],
      }}
      modals={closeModal}
    >
      <DocumentLines<OrderLine>
        title="识别结果"
        testId="commodity-recognised"
        rows={order.lines}
        rowKey="lineNo"
        columns={[...orderLineColumns]}
      />
      {canCorrect ? (
        <Card variant="borderless" title="实际取走的商品">
          <Typography.Paragraph type="secondary">
            按监控或现场核实，填写用户从各货道实际取走的数量（已按识别结果预填）。确认后按开门时价格重新计价，货道库存按差额出入库，并向用户扣款。
          </Typography.Paragraph>
          <Form<Values>
            form={form}
            name="commodity-form"
            layout="vertical"
            initialValues={{ qty: initialQty, remark: '' }}
            onValuesChange={() => setDirty(true)}
          >
            <Table<PickingSlot>
              rowKey="slotNo"
              size="small"
              pagination={false}
              dataSource={slots}
              data-testid="commodity-slots"
              locale={{ emptyText: '该设备没有商品配置' }}
              scroll={{ y: 480 }}
              columns={[
                { key: 'slotNo', title: '货道', dataIndex: 'slotNo', width: 80 },
                { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 130 },
                { key: 'skuName', title: '商品名称', dataIndex: 'skuName' },
                { key: 'unitPrice', title: '单价（元）', dataIndex: 'unitPrice', ...money, render: yuan },
                { key: 'priceLayerName', title: '价格来源', dataIndex: 'priceLayerName', width: 110, render: (v: string) => dash(v) },
                {
                  key: 'available',
                  title: '可用库存',
                  dataIndex: 'available',
                  width: 90,
                  align: 'right',
                  render: (v: number, s) =>
                    Number(qty?.[s.slotNo] ?? 0) > v ? (
                      <Typography.Text type="danger" data-testid="over-available">
                        {v}（不足）
                      </Typography.Text>
                    ) : (
                      v
                    ),
                },
                {
                  key: 'quantity',
                  title: '数量',
                  width: 120,
                  render: (_v, s) => (
                    <Form.Item name={['qty', s.slotNo]} noStyle>
                      <InputNumber min={0} max={MAX_PICKED_QUANTITY} precision={0} aria-label={`货道${s.slotNo}数量`} />
                    </Form.Item>
                  ),
                },
              ]}
            />
            <div style={{ margin: '16px 0', fontSize: 15 }} data-testid="commodity-total">
              合计：<b>{totalCount}</b> 件，应付金额 <b>¥{yuan(totalAmount)}</b>
              <Typography.Text type="secondary">（按开门时价格）</Typography.Text>
            </div>
            <Form.Item label="核对说明" name="remark" required rules={[remarkRule]} style={{ maxWidth: 720 }}>
              <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：查看监控，用户取走货道A2的冰红茶1瓶" />
            </Form.Item>
            <Space>
              <Button type="primary" loading={saving} onClick={() => void confirmCorrect()}>
                确认核对
              </Button>
              {canClose ? (
                <Button danger onClick={() => close({ orderNoSub: order.orderNoSub, version: order.version })}>
                  关闭订单
                </Button>
              ) : null}
              <Button onClick={() => void navigate(EXCEPTION_LIST_PATH)}>返回异常订单</Button>
            </Space>
          </Form>
        </Card>
      ) : null}
    </DocumentDetail>
  );
}

/** commodityDetail?orderNoSub= — 商品核对 of an abnormal order: what was really taken, re-priced at the door opening. */
export default function CommodityDetailPage() {
  const [search] = useSearchParams();
  const orderNoSub = (search.get('orderNoSub') ?? '').trim();
  const q = useQuery({
    queryKey: ['order', 'exception', 'picking', orderNoSub],
    queryFn: () => call(exceptionOrderOps.picking, { orderNoSub }),
    enabled: !!orderNoSub,
    retry: false,
    // a refused 核对 leaves the page as it was: no refetch behind the user's back
    refetchOnWindowFocus: false,
  });
  if (!orderNoSub) return <Result status="warning" title="未指定订单" extra={<Link to={EXCEPTION_LIST_PATH}>返回异常订单</Link>} />;
  if (q.isLoading) return <DocumentLoading />;
  if (!q.data) return <DocumentNotFound title="找不到该订单" back={{ to: EXCEPTION_LIST_PATH, label: '返回异常订单' }} />;
  return <CommodityView picking={q.data} />;
}
