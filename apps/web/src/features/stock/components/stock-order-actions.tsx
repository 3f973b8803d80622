import { stockOrderCancelInput, type StockOrderRow } from '@merchant/contracts/stock/stock-order';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useStockOrderBook } from './stock-order-book.tsx';

const cancelReasonRule = zodRule(stockOrderCancelInput.shape.cancelReason);

type Order = Pick<StockOrderRow, 'orderCode' | 'version' | 'orderType' | 'orderTypeName' | 'totalQuantity' | 'lineCount' | 'locationName'>;

/** What 确认 does, in words (入库 adds stock, 退货 takes it out). */
export const confirmLabel = (o: Pick<Order, 'orderType'>) => (o.orderType === 'return' ? '确认退货' : '确认入库');

/**
 * The state changes of an order, each asked first: 确认 moves stock at once and cannot be undone (a confirmed order is
 * never cancelled); 取消 asks for its reason.
 */
export function useStockOrderActions() {
  const { message, modal } = App.useApp();
  const book = useStockOrderBook();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [form] = Form.useForm<{ cancelReason: string }>();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['stock-order'] });

  const confirm = (o: Order) =>
    modal.confirm({
      title: `${confirmLabel(o)}：${o.orderTypeName} ${o.orderCode}？`,
      content:
        o.orderType === 'return'
          ? `确认后将从${o.locationName || book.locationName}扣减 ${o.lineCount} 个商品共 ${o.totalQuantity} 件，库存不足时整单不会确认。确认后不能取消。`
          : `确认后 ${o.lineCount} 个商品共 ${o.totalQuantity} 件将计入${o.locationName || book.locationName}。确认后不能取消，如需冲回请新建退货单。`,
      okText: confirmLabel(o),
      onOk: async () => {
        try {
          await call(book.ops.confirm, { orderCode: o.orderCode, version: o.version });
          message.success(o.orderType === 'return' ? '退货单已确认，库存已扣减' : '入库单已确认，库存已增加');
        } catch {
          // the catalogue showed the reason (e.g. 库存不足)
        }
        await reload();
      },
    });

  const cancel = (o: Order) => {
    form.resetFields();
    setCancelling(o);
  };

  const cancelModal = cancelling ? (
    <FormModal<{ cancelReason: string }, unknown>
      form={form}
      name="stock-order-cancel"
      title={`取消${cancelling.orderTypeName} ${cancelling.orderCode}`}
      okText="确认取消"
      width={520}
      initialValues={{ cancelReason: '' }}
      onSubmit={(v) =>
        call(book.ops.cancel, { orderCode: cancelling.orderCode, version: cancelling.version, cancelReason: v.cancelReason })
      }
      onSaved={() => {
        message.success(`${cancelling.orderTypeName}已取消`);
        setCancelling(null);
        void reload();
      }}
      onClose={() => setCancelling(null)}
    >
      <p style={{ color: 'rgba(0,0,0,0.65)' }}>取消后该单据不会影响库存，且不可恢复。</p>
      <Form.Item label="取消原因" name="cancelReason" required rules={[cancelReasonRule]}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  ) : null;

  return { confirm, cancel, cancelModal };
}
