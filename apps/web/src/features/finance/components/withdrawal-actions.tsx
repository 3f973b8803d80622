import {
  WITHDRAWAL_ACTIONS,
  WITHDRAWAL_REVIEW_ANCHOR,
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalAction,
} from '@merchant/contracts/finance/finance-fields';
import { withdrawalOps, withdrawalRejectInput, withdrawalStepInput, type WithdrawalRow } from '@merchant/contracts/finance/withdrawal';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import type { RowAction } from '../../../shared/ui/row-actions.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { exactYuan } from './finance-parts.tsx';

const remarkRule = zodRule(withdrawalStepInput.shape.remark);
const reasonRule = zodRule(withdrawalRejectInput.shape.reason);

/** What the actions need of a withdrawal: its number, the version it was read at, what it may do, what it is. */
export type ActingWithdrawal = Pick<
  WithdrawalRow,
  'withdrawNo' | 'version' | 'actions' | 'amount' | 'cardText' | 'partyName' | 'partyCode'
>;

type Step = { row: ActingWithdrawal; action: WithdrawalAction };
interface StepValues {
  remark?: string;
  reason?: string;
}

/** What each step does to the money, told before it is confirmed. */
const NOTES: Record<WithdrawalAction, (w: ActingWithdrawal) => string> = {
  approve: (w) => `审核通过后提现单变为“待打款”，${exactYuan(w.amount)} 元仍在途，等待打款到银行卡。`,
  pay: (w) => `请确认 ${exactYuan(w.amount)} 元已打到 ${w.cardText || '收款银行卡'}。确认后资金离开支付通道，提现完成，不可撤销。`,
  reject: (w) => `驳回后 ${exactYuan(w.amount)} 元退回该账户的可用余额，提现单关闭，不可恢复。`,
};
const DONE: Record<WithdrawalAction, string> = { approve: '已审核通过', pay: '已确认打款', reject: '已驳回' };

/** The dialog's button: 确认审核通过, 确认驳回 — and 确认打款 itself, not 确认确认打款. */
const okTextOf = (label: string) => (label.startsWith('确认') ? label : `确认${label}`);

/**
 * The reviewer's steps on a withdrawal (the capital list's 提现记录 and an account's detail): 审核通过 and 确认打款 (an
 * optional 审核意见), 驳回 (驳回原因 required), each confirmed in a modal that says what happens to the money, sent with
 * the version the row was read at. A step shows only where the row's `actions` allow it and the role holds the review
 * permission (capital-withdraw-review). A refusal (the state moved, a stale version) was shown by the error catalogue
 * and leaves the modal open; on success the finance pages are reloaded. Also 日志: the withdrawal's history.
 */
export function useWithdrawalActions() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mayReview = useHasAnchor(WITHDRAWAL_REVIEW_ANCHOR);
  const [step, setStep] = useState<Step | null>(null);
  const [logOf, setLogOf] = useState<ActingWithdrawal | null>(null);
  const [form] = Form.useForm<StepValues>();

  const open = (row: ActingWithdrawal, action: WithdrawalAction) => {
    form.resetFields();
    setStep({ row, action });
  };

  /** The review buttons of a withdrawal: those its `actions` allow, and only for a reviewer. */
  const reviewButtonsOf = (w: ActingWithdrawal): RowAction[] =>
    WITHDRAWAL_ACTIONS.map((a) => ({
      key: a,
      label: WITHDRAWAL_TRANSITIONS[a].label,
      show: mayReview && w.actions.includes(a),
      danger: a === 'reject',
      onClick: () => open(w, a),
    }));
  /** A row's buttons: the review steps, then 日志. */
  const buttonsOf = (w: ActingWithdrawal): RowAction[] => [
    ...reviewButtonsOf(w),
    { key: 'log', label: '日志', onClick: () => setLogOf(w) },
  ];

  const submit = (s: Step, v: StepValues) => {
    const key = { withdrawNo: s.row.withdrawNo, version: s.row.version };
    if (s.action === 'approve') return call(withdrawalOps.approve, { ...key, remark: v.remark ?? '' });
    if (s.action === 'pay') return call(withdrawalOps.pay, { ...key, remark: v.remark ?? '' });
    return call(withdrawalOps.reject, { ...key, reason: v.reason ?? '' });
  };

  const stepModal = step ? (
    <FormModal<StepValues, unknown>
      form={form}
      name={`withdrawal-${step.action}`}
      title={`${WITHDRAWAL_TRANSITIONS[step.action].label}：提现单 ${step.row.withdrawNo}`}
      okText={okTextOf(WITHDRAWAL_TRANSITIONS[step.action].label)}
      width={520}
      initialValues={step.action === 'reject' ? { reason: '' } : { remark: '' }}
      onSubmit={(v) => submit(step, v)}
      onSaved={() => {
        message.success(`提现单 ${step.row.withdrawNo} ${DONE[step.action]}`);
        setStep(null);
        void queryClient.invalidateQueries({ queryKey: ['finance'] });
      }}
      onClose={() => setStep(null)}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'party', label: '资金账户', children: `${step.row.partyName}（${step.row.partyCode}）` },
          { key: 'amount', label: '提现金额', children: `${exactYuan(step.row.amount)} 元` },
          { key: 'card', label: '收款银行卡', children: step.row.cardText || '--' },
        ]}
      />
      <Alert
        type={step.action === 'approve' ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="withdrawal-step-note"
        title={NOTES[step.action](step.row)}
      />
      {step.action === 'reject' ? (
        <Form.Item label="驳回原因" name="reason" required rules={[reasonRule]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：收款银行卡户名与账户不一致" />
        </Form.Item>
      ) : (
        <Form.Item label="审核意见" name="remark" rules={[remarkRule]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="选填" />
        </Form.Item>
      )}
    </FormModal>
  ) : null;

  const logModal = logOf ? (
    <Modal open title={`提现日志：${logOf.withdrawNo}`} width={860} footer={null} onCancel={() => setLogOf(null)} destroyOnHidden>
      <RecordHistory
        operation={withdrawalOps.history}
        input={{ withdrawNo: logOf.withdrawNo }}
        queryKey={['finance', 'withdrawal', logOf.withdrawNo]}
      />
    </Modal>
  ) : null;

  return {
    mayReview,
    buttonsOf,
    reviewButtonsOf,
    modals: (
      <>
        {stepModal}
        {logModal}
      </>
    ),
  };
}
