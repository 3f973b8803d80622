import { BATCH_ACTIVE, BATCH_TRANSITIONS, type BatchRowAction } from '@merchant/contracts/marketing/coupon-fields';
import { batchReasonInput, batchStepInput, couponBatchOps, type BatchRow } from '@merchant/contracts/marketing/coupon-batch';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { applyPath, COUPON_DETAIL_ANCHOR, COUPON_PROVIDE_ANCHOR, couponListPath, providePath } from '../coupon-paths.ts';
import { COUPON_KEY, useRefusal } from './coupon-parts.tsx';

const remarkRule = zodRule(batchStepInput.shape.remark);
const reasonRule = zodRule(batchReasonInput.shape.reason);

/** What the steps need of a batch: its code, the version it was read at, what it may do now, what it is. */
export type ActingBatch = Pick<BatchRow, 'batchCode' | 'name' | 'version' | 'actions' | 'status' | 'issuedCount'>;

/** The steps asked for in a modal: 审核通过 (an optional 审核意见), 驳回 and 停用 (a reason). */
type ModalStep = 'approve' | 'reject' | 'disable';
interface StepValues {
  remark?: string;
  reason?: string;
}
const STEP_TEXT: Record<ModalStep, { ok: string; done: string; field: string; note: (b: ActingBatch) => string }> = {
  approve: {
    ok: '确认通过',
    done: '已审核通过',
    field: '审核意见',
    note: () => '审核通过后批次立即生效，可以开始发券。',
  },
  reject: {
    ok: '确认驳回',
    done: '已驳回',
    field: '驳回原因',
    note: () => '驳回后批次退回创建人修改，修改后可再次提交审核。',
  },
  disable: {
    ok: '确认停用',
    done: '已停用',
    field: '停用原因',
    note: (b) => `停用后不能再发券；已发出的 ${b.issuedCount} 张券照常可用。`,
  },
};

/** One button of a batch: a step, a link to another page, or 删除. */
export interface BatchButton {
  key: string;
  label: string;
  /** A link (发券, 券明细, 编辑). */
  to?: string;
  onClick?: () => void;
  danger?: boolean;
  primary?: boolean;
}

/**
 * The steps of a batch, on the list and on its 详情: 编辑, 提交审核 (confirmed), 审核通过 (an optional 审核意见), 驳回 and
 * 停用 (a reason each), 启用 (confirmed), 删除 (confirmed) — each only where the row's `actions` (what this session
 * may do now) has it, each sent with the batch's code and the version it was read at — and the links 发券 (an
 * 已生效 batch, for a role with 发券) and 券明细 (for a role with 券明细). A refusal shows the server's words; on success
 * every coupon query reloads. `onRemoved` runs after a 删除 (the 详情 leaves the page).
 */
export function useBatchActions(opts: { onRemoved?: () => void } = {}) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refusal = useRefusal();
  const mayProvide = useHasAnchor(COUPON_PROVIDE_ANCHOR);
  const mayCoupons = useHasAnchor(COUPON_DETAIL_ANCHOR);
  const [step, setStep] = useState<{ batch: ActingBatch; action: ModalStep } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [form] = Form.useForm<StepValues>();
  const reload = () => queryClient.invalidateQueries({ queryKey: COUPON_KEY });
  const keyOf = (b: ActingBatch) => ({ batchCode: b.batchCode, version: b.version });

  const confirmStep = (b: ActingBatch, action: 'submit' | 'enable') =>
    modal.confirm({
      title: `${BATCH_TRANSITIONS[action].label}：${b.name}（${b.batchCode}）？`,
      content: action === 'submit' ? '提交后等待审核，审核通过前不能发券，也不能再编辑。' : '启用后可以继续发券。',
      okText: action === 'submit' ? '提交' : '启用',
      onOk: async () => {
        try {
          await call(action === 'submit' ? couponBatchOps.submit : couponBatchOps.enable, { ...keyOf(b), remark: '' });
          message.success(`批次 ${b.batchCode} ${action === 'submit' ? '已提交审核' : '已启用'}`);
          await reload();
        } catch (err) {
          refusal(err);
        }
      },
    });

  const remove = async (b: ActingBatch) => {
    setRemoving(b.batchCode);
    try {
      await call(couponBatchOps.remove, keyOf(b));
      message.success(`批次 ${b.batchCode} 已删除`);
      await reload();
      opts.onRemoved?.();
    } catch (err) {
      refusal(err);
    } finally {
      setRemoving(null);
    }
  };
  /** 删除 asked in a dialog (the 详情's header has no room for a bubble). */
  const confirmRemove = (b: ActingBatch) =>
    modal.confirm({
      title: `删除批次 ${b.name}（${b.batchCode}）？`,
      content: '删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: () => remove(b),
    });

  const open = (batch: ActingBatch, action: ModalStep) => {
    form.resetFields();
    setStep({ batch, action });
  };

  /** The batch's buttons in order; 删除 last (its confirmation is the caller's: a bubble or a dialog). */
  const buttonsOf = (b: ActingBatch): BatchButton[] => {
    const may = (a: BatchRowAction) => b.actions.includes(a);
    const out: BatchButton[] = [];
    if (may('edit')) out.push({ key: 'edit', label: '编辑', to: applyPath('edit', b.batchCode) });
    if (may('submit')) out.push({ key: 'submit', label: '提交审核', primary: true, onClick: () => confirmStep(b, 'submit') });
    if (may('approve')) out.push({ key: 'approve', label: '审核通过', primary: true, onClick: () => open(b, 'approve') });
    if (may('reject')) out.push({ key: 'reject', label: '驳回', danger: true, onClick: () => open(b, 'reject') });
    if (may('disable')) out.push({ key: 'disable', label: '停用', danger: true, onClick: () => open(b, 'disable') });
    if (may('enable')) out.push({ key: 'enable', label: '启用', onClick: () => confirmStep(b, 'enable') });
    if (mayProvide && b.status === BATCH_ACTIVE) out.push({ key: 'provide', label: '发券', to: providePath(b.batchCode) });
    if (mayCoupons) out.push({ key: 'coupons', label: '券明细', to: couponListPath({ batchCode: b.batchCode }) });
    if (may('delete')) out.push({ key: 'delete', label: '删除', danger: true, onClick: () => confirmRemove(b) });
    return out;
  };

  /** A list row's link buttons; 删除 confirmed in a bubble. */
  const rowButtons = (b: ActingBatch) => (
    <Space size={0} wrap>
      {buttonsOf(b).map((x) => {
        if (x.to)
          return (
            <Link key={x.key} to={x.to} style={{ padding: '0 7px', whiteSpace: 'nowrap' }}>
              {x.label}
            </Link>
          );
        if (x.key === 'delete')
          return (
            <Popconfirm
              key={x.key}
              title={`删除批次 ${b.batchCode}？`}
              description="删除后不可恢复。"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(b)}
            >
              <Button type="link" size="small" danger loading={removing === b.batchCode}>
                删除
              </Button>
            </Popconfirm>
          );
        return (
          <Button key={x.key} type="link" size="small" danger={x.danger} onClick={x.onClick}>
            {x.label}
          </Button>
        );
      })}
    </Space>
  );

  /** The 详情 header's buttons (DocumentDetail actions). */
  const headerButtons = (b: ActingBatch) =>
    buttonsOf(b).map((x) => ({
      key: x.key,
      label: x.label,
      show: true,
      type: x.primary ? ('primary' as const) : undefined,
      danger: x.danger,
      loading: x.key === 'delete' && removing === b.batchCode,
      onClick: x.to ? () => navigate(x.to!) : x.onClick!,
    }));

  const submitStep = async (s: NonNullable<typeof step>, v: StepValues) => {
    const key = keyOf(s.batch);
    try {
      if (s.action === 'approve') return await call(couponBatchOps.approve, { ...key, remark: (v.remark ?? '').trim() });
      const reason = (v.reason ?? '').trim();
      if (s.action === 'reject') return await call(couponBatchOps.reject, { ...key, reason });
      return await call(couponBatchOps.disable, { ...key, reason });
    } catch (err) {
      refusal(err);
      throw err; // the modal stays open
    }
  };

  const modals = step ? (
    <FormModal<StepValues, unknown>
      form={form}
      name={`coupon-batch-${step.action}`}
      title={`${BATCH_TRANSITIONS[step.action].label}：${step.batch.name}（${step.batch.batchCode}）`}
      okText={STEP_TEXT[step.action].ok}
      width={520}
      initialValues={step.action === 'approve' ? { remark: '' } : { reason: '' }}
      onSubmit={(v) => submitStep(step, v)}
      onSaved={() => {
        message.success(`批次 ${step.batch.batchCode} ${STEP_TEXT[step.action].done}`);
        setStep(null);
        void reload();
      }}
      onClose={() => setStep(null)}
    >
      <Alert
        type={step.action === 'approve' ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        title={STEP_TEXT[step.action].note(step.batch)}
      />
      {step.action === 'approve' ? (
        <Form.Item label={STEP_TEXT.approve.field} name="remark" rules={[remarkRule]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="选填" />
        </Form.Item>
      ) : (
        <Form.Item label={STEP_TEXT[step.action].field} name="reason" required rules={[reasonRule]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="2-200个字" />
        </Form.Item>
      )}
    </FormModal>
  ) : null;

  return { buttonsOf, rowButtons, headerButtons, modals };
}
