import { adjustmentCancelInput, adjustmentOps, type AdjustmentRow } from '@merchant/contracts/price/price-adjustment';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';

const cancelReasonRule = zodRule(adjustmentCancelInput.shape.cancelReason);

type Order = Pick<AdjustmentRow, 'orderNo' | 'version' | 'status' | 'effectiveMode'>;

/**
 * The state changes of an order, each confirmed first (提交 applies a 立即 order at once; 删除 and 取消 cannot be
 * undone; 取消 asks for its reason). `after` runs once the server agreed (e.g. leave a deleted order's page).
 */
export function useAdjustmentActions() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [form] = Form.useForm<{ cancelReason: string }>();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['price'] });

  const submit = (o: Order, after?: () => void) =>
    modal.confirm({
      title: `确认提交调价单 ${o.orderNo}？`,
      content:
        o.effectiveMode === 'now'
          ? '立即生效：价格将马上改为新价格，并推送到相关智能柜。'
          : '定时生效：到生效时间后自动改价并推送到相关智能柜；生效前可以取消。',
      okText: '提交',
      onOk: async () => {
        const s = await call(adjustmentOps.submit, { orderNo: o.orderNo, version: o.version });
        message.success(s.status === 3 ? '调价已生效' : '调价单已提交，待生效');
        await reload();
        after?.();
      },
    });

  const remove = (o: Order, after?: () => void) =>
    modal.confirm({
      title: `确认删除草稿 ${o.orderNo}？`,
      content: '删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(adjustmentOps.delete, { orderNo: o.orderNo, version: o.version });
        message.success('调价单已删除');
        await reload();
        after?.();
      },
    });

  const cancel = (o: Order) => {
    form.resetFields();
    setCancelling(o);
  };

  const cancelModal = cancelling ? (
    <FormModal<{ cancelReason: string }, unknown>
      form={form}
      name="adjustment-cancel"
      title={`取消调价单 ${cancelling.orderNo}`}
      okText="确认取消"
      width={520}
      initialValues={{ cancelReason: '' }}
      onSubmit={(v) =>
        call(adjustmentOps.cancel, { orderNo: cancelling.orderNo, version: cancelling.version, cancelReason: v.cancelReason })
      }
      onSaved={() => {
        message.success('调价单已取消');
        setCancelling(null);
        void reload();
      }}
      onClose={() => setCancelling(null)}
    >
      <p style={{ color: 'rgba(0,0,0,0.65)' }}>{cancelling.status === 2 ? '取消后该调价单不会生效，' : ''}取消后不可恢复。</p>
      <Form.Item label="取消原因" name="cancelReason" required rules={[cancelReasonRule]}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  ) : null;

  return { submit, remove, cancel, cancelModal };
}
