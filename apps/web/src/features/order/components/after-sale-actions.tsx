import {
  AFTER_SALE_ACTIONS,
  AFTER_SALE_TRANSITIONS,
  AFTER_SALE_TYPES,
  afterSaleCompleteInput,
  afterSaleOps,
  afterSaleRejectInput,
  afterSaleStepInput,
  REFUNDING_TYPES,
  RETURNING_TYPES,
  type AfterSaleAction,
  type AfterSaleRow,
  type AfterSaleType,
} from '@merchant/contracts/order/after-sale';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import type { DocumentAction } from '../../../platform/document-detail.tsx';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { yuan } from './after-sale-parts.tsx';

const acceptRemarkRule = zodRule(afterSaleStepInput.shape.remark);
const completeRemarkRule = zodRule(afterSaleCompleteInput.shape.remark);
const rejectReasonRule = zodRule(afterSaleRejectInput.shape.reason);

/** What the actions need of a work order (a list row or the detail): its number, the version it was read at, its state. */
export type ActingWork = Pick<AfterSaleRow, 'workNumber' | 'version' | 'type' | 'refundAmount' | 'actions'> & {
  /** Where returned goods go back (the detail knows it; '' when unknown). */
  returnLocationName?: string;
};

const isRefunding = (type: string) => (REFUNDING_TYPES as readonly string[]).includes(type);
const isReturning = (type: string) => (RETURNING_TYPES as readonly string[]).includes(type);

/** What 完成 does besides closing the work order, told before it is confirmed. */
export function completeNote(w: Pick<ActingWork, 'type' | 'refundAmount' | 'returnLocationName'>): string {
  const parts: string[] = [];
  if (isRefunding(w.type)) parts.push(`退款 ${yuan(w.refundAmount)} 元将通过支付渠道原路退回给用户。`);
  if (isReturning(w.type))
    parts.push(
      `${AFTER_SALE_TYPES[w.type as AfterSaleType]}的商品将经库存流水退回入库${w.returnLocationName ? `（${w.returnLocationName}）` : ''}。`,
    );
  if (!parts.length) parts.push('完成后工单关闭，不涉及退款与退货。');
  return parts.join('');
}

type Step = { work: ActingWork; action: AfterSaleAction };
interface StepValues {
  remark?: string;
  reason?: string;
}

/**
 * The staff actions on a work order (its list and its detail): 受理 (an optional 处理说明), 完成 (处理结果 required; a
 * refund goes back through the payment channel, returned goods back into stock) and 驳回 (驳回原因 required), each with
 * the contract's rules and the version the work order was read at. A refusal (the state moved, a stale version, the
 * payment channel's answer) was shown by the error catalogue and leaves the modal open as it was; on success the work
 * orders and the orders are reloaded.
 */
export function useAfterSaleActions() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step | null>(null);
  const [form] = Form.useForm<StepValues>();
  // the prefixes cover the list, the details and their 操作记录, and the orders whose refunds changed
  const reload = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['after-sale'] }), queryClient.invalidateQueries({ queryKey: ['order'] })]);

  const open = (work: ActingWork, action: AfterSaleAction) => {
    form.resetFields();
    setStep({ work, action });
  };

  /** The buttons of a work order: those its `actions` allow (for a list row's 操作 and the detail's header). */
  const buttonsOf = (w: ActingWork): DocumentAction[] =>
    AFTER_SALE_ACTIONS.map((a) => ({
      key: a,
      label: AFTER_SALE_TRANSITIONS[a].label,
      show: w.actions.includes(a),
      type: a === 'reject' ? undefined : 'primary',
      danger: a === 'reject',
      onClick: () => open(w, a),
    }));

  const submit = (s: Step, v: StepValues) => {
    const key = { workNumber: s.work.workNumber, version: s.work.version };
    if (s.action === 'accept') return call(afterSaleOps.accept, { ...key, remark: v.remark ?? '' });
    if (s.action === 'complete') return call(afterSaleOps.complete, { ...key, remark: v.remark ?? '' });
    return call(afterSaleOps.reject, { ...key, reason: v.reason ?? '' });
  };
  const done: Record<AfterSaleAction, (w: ActingWork) => string> = {
    accept: (w) => `售后工单 ${w.workNumber} 已受理`,
    complete: (w) => `售后工单 ${w.workNumber} 已完成${isRefunding(w.type) ? '，退款已提交支付渠道' : ''}`,
    reject: (w) => `售后工单 ${w.workNumber} 已驳回`,
  };

  const modal = step ? (
    <FormModal<StepValues, unknown>
      form={form}
      name={`after-sale-${step.action}`}
      title={`${AFTER_SALE_TRANSITIONS[step.action].label}售后工单 ${step.work.workNumber}`}
      okText={`确认${AFTER_SALE_TRANSITIONS[step.action].label}`}
      width={520}
      initialValues={step.action === 'reject' ? { reason: '' } : { remark: '' }}
      onSubmit={(v) => submit(step, v)}
      onSaved={() => {
        message.success(done[step.action](step.work));
        setStep(null);
        void reload();
      }}
      onClose={() => setStep(null)}
    >
      {step.action === 'accept' ? (
        <>
          <p style={{ color: 'rgba(0,0,0,0.65)' }}>受理后工单变为“处理中”，由你跟进处理。</p>
          <Form.Item label="处理说明" name="remark" rules={[acceptRemarkRule]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="选填，如：已联系用户核实" />
          </Form.Item>
        </>
      ) : null}
      {step.action === 'complete' ? (
        <>
          <p style={{ color: 'rgba(0,0,0,0.65)' }} data-testid="after-sale-complete-note">
            {completeNote(step.work)}
          </p>
          <Form.Item label="处理结果" name="remark" required rules={[completeRemarkRule]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：已核实商品破损，同意退款" />
          </Form.Item>
        </>
      ) : null}
      {step.action === 'reject' ? (
        <>
          <p style={{ color: 'rgba(0,0,0,0.65)' }}>驳回后工单关闭，不退款、不退货，不可恢复。</p>
          <Form.Item label="驳回原因" name="reason" required rules={[rejectReasonRule]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：商品已超过售后期限" />
          </Form.Item>
        </>
      ) : null}
    </FormModal>
  ) : null;

  return { buttonsOf, modals: modal };
}
