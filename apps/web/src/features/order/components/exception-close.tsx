import { closeInput, exceptionOrderOps, type ExceptionOrderState } from '@merchant/contracts/order/exception-order';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';

const reasonRule = zodRule(closeInput.shape.reason);

/** What 关闭 needs of an order: its code and the version it was read at. */
export interface ClosingOrder {
  orderNoSub: string;
  version: number;
}

/**
 * 关闭订单 of an abnormal order (异常订单 list and 商品核对): asked first with its 关闭原因 (the contract's rule), then
 * `close` with the version the order was read at. A refusal (state moved, stale version) was shown by the error
 * catalogue and leaves the modal open as it was. A plain modal, no leave guard of its own: the 商品核对 page's guard is
 * the router's one blocker.
 */
export function useExceptionClose(onClosed: (state: ExceptionOrderState) => void) {
  const { message } = App.useApp();
  const [closing, setClosing] = useState<ClosingOrder | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const close = (o: ClosingOrder) => {
    form.resetFields();
    setClosing(o);
  };
  const submit = async () => {
    if (!closing) return;
    let v: { reason: string };
    try {
      v = await form.validateFields();
    } catch {
      return; // the field shows what is wrong
    }
    setSaving(true);
    try {
      const state = await call(exceptionOrderOps.close, { orderNoSub: closing.orderNoSub, version: closing.version, reason: v.reason });
      message.success(`订单 ${closing.orderNoSub} 已关闭，不向用户收款`);
      setClosing(null);
      onClosed(state);
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  const closeModal = closing ? (
    <Modal
      open
      title={`关闭异常订单 ${closing.orderNoSub}`}
      width={520}
      onCancel={() => setClosing(null)}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => setClosing(null)}>取消</Button>
          <Button type="primary" danger loading={saving} onClick={() => void submit()}>
            确认关闭
          </Button>
        </Space>
      }
    >
      <p style={{ color: 'rgba(0,0,0,0.65)' }}>关闭后不向用户收款，订单变为“已取消”，不可恢复。用户确实取走了商品的，请用“商品核对”。</p>
      <Form form={form} name="exception-close" layout="vertical" initialValues={{ reason: '' }}>
        <Form.Item label="关闭原因" name="reason" required rules={[reasonRule]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：核对监控，用户未取走商品" />
        </Form.Item>
      </Form>
    </Modal>
  ) : null;

  return { close, closeModal };
}
