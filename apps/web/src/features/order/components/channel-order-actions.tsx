import {
  cancelInput,
  cancelShipmentInput,
  CARRIERS,
  CHANNEL_ORDER_KINDS,
  CHANNEL_ORDER_OPS,
  shipInput,
  trackingNoSchema,
  type Carrier,
  type ChannelOrderAction,
  type ChannelOrderKind,
  type ChannelOrderRow,
} from '@merchant/contracts/order/channel-order';
import { PAY_REFUNDED } from '@merchant/contracts/order/order-fields';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import type { DocumentAction } from '../../../platform/document-detail.tsx';
import { FormModal } from '../../../platform/form-modal.tsx';
import { centsToYuan } from '../../../shared/format/money.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';

const carrierRule = zodRule(shipInput.shape.carrier);
const trackingNoRule = zodRule(shipInput.shape.trackingNo);
const cancelShipmentReasonRule = zodRule(cancelShipmentInput.shape.reason);
const cancelReasonRule = zodRule(cancelInput.shape.reason);
const carrierOptions = Object.entries(CARRIERS).map(([value, label]) => ({ value, label }));

/** What the actions need of an order (a list row or the detail): its code, the version it was read at, its state. */
export type ActingOrder = Pick<
  ChannelOrderRow,
  'orderNoSub' | 'version' | 'status' | 'paidAmount' | 'refundedAmount' | 'carrier' | 'trackingNo' | 'actions'
>;

interface LogisticsValues {
  carrier?: Carrier;
  trackingNo: string;
}

/** The staff actions' buttons, in this order (the row's / detail's `actions` say which are shown). */
const ACTION_LABELS: Record<ChannelOrderAction, string> = {
  ship: '发货',
  updateLogistics: '修改物流',
  cancelShipment: '取消发货',
  receive: '确认收货',
  cancel: '取消订单',
  refund: '退款',
};

/**
 * The staff actions on a channel's order (its list and its detail): 发货 and 修改物流 (物流公司 and 物流单号, the contract's
 * rules), 取消发货 and 取消订单 (each with its reason), 确认收货 and 退款 (a cancelled order's money that did not go back,
 * confirmed first). Each sends the version the order was read
 * at; a refusal (the state moved, a stale version) was shown by the error catalogue and leaves the modal open as it was.
 * On success the channel's list and details are reloaded.
 */
export function useChannelOrderActions(kind: ChannelOrderKind) {
  const ops = CHANNEL_ORDER_OPS[kind];
  const { ships } = CHANNEL_ORDER_KINDS[kind];
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [logistics, setLogistics] = useState<{ order: ActingOrder; update: boolean } | null>(null);
  const [reasoning, setReasoning] = useState<{ order: ActingOrder; op: 'cancelShipment' | 'cancel' } | null>(null);
  const [logisticsForm] = Form.useForm<LogisticsValues>();
  const [reasonForm] = Form.useForm<{ reason: string }>();
  // the prefix covers the channel's list, its details and their 操作记录
  const reload = () => queryClient.invalidateQueries({ queryKey: ['order', 'channel', kind] });

  const openLogistics = (order: ActingOrder, update: boolean) => {
    logisticsForm.resetFields();
    setLogistics({ order, update });
  };
  const openReason = (order: ActingOrder, op: 'cancelShipment' | 'cancel') => {
    reasonForm.resetFields();
    setReasoning({ order, op });
  };
  const receive = (o: ActingOrder) =>
    modal.confirm({
      title: `确认订单 ${o.orderNoSub} 已收货？`,
      content: '确认后订单完成，不可撤销。',
      okText: '确认收货',
      onOk: async () => {
        await call(ops.receive, { orderNoSub: o.orderNoSub, version: o.version });
        message.success(`订单 ${o.orderNoSub} 已确认收货`);
        await reload();
      },
    });

  const refund = (o: ActingOrder) =>
    modal.confirm({
      title: `退回订单 ${o.orderNoSub} 的款项？`,
      content: `取消时未能退回的 ${centsToYuan(o.paidAmount - o.refundedAmount)} 元将再次通过支付渠道原路退回用户，发起后不可撤销。`,
      okText: '确认退款',
      onOk: async () => {
        const s = await call(ops.refund, { orderNoSub: o.orderNoSub, version: o.version });
        if (s.payStatus === PAY_REFUNDED) message.success(`订单 ${o.orderNoSub} 的款项已退回`);
        else message.warning(`订单 ${o.orderNoSub} 的退款未完成，详见订单日志`);
        await reload();
      },
    });

  const run: Record<ChannelOrderAction, (o: ActingOrder) => unknown> = {
    ship: (o) => openLogistics(o, false),
    updateLogistics: (o) => openLogistics(o, true),
    cancelShipment: (o) => openReason(o, 'cancelShipment'),
    receive,
    cancel: (o) => openReason(o, 'cancel'),
    refund,
  };

  /** The buttons of an order: those its `actions` allow (for a list row's 操作 and the detail's header). */
  const buttonsOf = (o: ActingOrder): DocumentAction[] =>
    (Object.keys(ACTION_LABELS) as ChannelOrderAction[]).map((a) => ({
      key: a,
      label: ACTION_LABELS[a],
      show: o.actions.includes(a),
      type: a === 'ship' ? 'primary' : undefined,
      danger: a === 'cancel' || a === 'cancelShipment',
      onClick: () => run[a](o),
    }));

  const logisticsModal = logistics ? (
    <FormModal<LogisticsValues, unknown>
      form={logisticsForm}
      name="channel-order-ship"
      title={`${logistics.update ? '修改物流信息' : '发货'} ${logistics.order.orderNoSub}`}
      okText={logistics.update ? '保存' : '确认发货'}
      width={520}
      initialValues={
        logistics.update
          ? { carrier: (logistics.order.carrier || undefined) as Carrier | undefined, trackingNo: logistics.order.trackingNo }
          : { carrier: undefined, trackingNo: '' }
      }
      onSubmit={(v) => {
        const input = {
          orderNoSub: logistics.order.orderNoSub,
          version: logistics.order.version,
          carrier: v.carrier as Carrier,
          trackingNo: trackingNoSchema.parse(v.trackingNo),
        };
        return call(logistics.update ? ops.updateLogistics : ops.ship, input);
      }}
      onSaved={() => {
        message.success(logistics.update ? '物流信息已更新' : `订单 ${logistics.order.orderNoSub} 已发货`);
        setLogistics(null);
        void reload();
      }}
      onClose={() => setLogistics(null)}
    >
      {logistics.update ? null : <p style={{ color: 'rgba(0,0,0,0.65)' }}>发货后，锁定的商品从{ships}按销售出库，订单变为“已发货”。</p>}
      <Form.Item label="物流公司" name="carrier" required rules={[carrierRule]}>
        <Select options={carrierOptions} placeholder="请选择物流公司" showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
      <Form.Item label="物流单号" name="trackingNo" required rules={[trackingNoRule]}>
        <Input maxLength={40} placeholder="请输入物流单号" />
      </Form.Item>
    </FormModal>
  ) : null;

  const reasonModal = reasoning ? (
    <FormModal<{ reason: string }, unknown>
      form={reasonForm}
      name={reasoning.op === 'cancel' ? 'channel-order-cancel' : 'channel-order-cancel-shipment'}
      title={`${reasoning.op === 'cancel' ? '取消订单' : '取消发货'} ${reasoning.order.orderNoSub}`}
      okText={reasoning.op === 'cancel' ? '确认取消订单' : '确认取消发货'}
      width={520}
      initialValues={{ reason: '' }}
      onSubmit={(v) => {
        const input = { orderNoSub: reasoning.order.orderNoSub, version: reasoning.order.version, reason: v.reason };
        return call(reasoning.op === 'cancel' ? ops.cancel : ops.cancelShipment, input);
      }}
      onSaved={() => {
        const o = reasoning.order;
        message.success(
          reasoning.op === 'cancelShipment'
            ? `订单 ${o.orderNoSub} 已取消发货，退回待发货`
            : `订单 ${o.orderNoSub} 已取消${o.paidAmount > 0 ? '，已付款项原路退回' : ''}`,
        );
        setReasoning(null);
        void reload();
      }}
      onClose={() => setReasoning(null)}
    >
      <p style={{ color: 'rgba(0,0,0,0.65)' }} data-testid="channel-order-reason-note">
        {reasoning.op === 'cancelShipment'
          ? `订单退回“待发货”，商品退回${ships}并重新锁定。`
          : `取消后锁定的库存释放，订单变为“已取消”，不可恢复。${
              reasoning.order.paidAmount > 0
                ? `已付的 ${centsToYuan(reasoning.order.paidAmount)} 元将通过支付渠道原路退回给用户。`
                : '订单尚未付款，不涉及退款。'
            }`}
      </p>
      <Form.Item
        label={reasoning.op === 'cancel' ? '取消原因' : '取消发货原因'}
        name="reason"
        required
        rules={[reasoning.op === 'cancel' ? cancelReasonRule : cancelShipmentReasonRule]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  ) : null;

  return {
    buttonsOf,
    modals: (
      <>
        {logisticsModal}
        {reasonModal}
      </>
    ),
  };
}
