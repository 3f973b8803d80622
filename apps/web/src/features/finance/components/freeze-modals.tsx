import type { PartyDetail } from '@merchant/contracts/finance/capital';
import { freezeInput, freezeOps, releaseInput, type FreezeRow } from '@merchant/contracts/finance/freeze';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input } from 'antd';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { yuanAmountSchema, yuanToCentsExact } from './amount.ts';
import { AmountWithin } from './amount-within.tsx';
import { exactYuan } from './finance-parts.tsx';

const amountRule = zodRule(yuanAmountSchema(freezeInput.shape.amount));
const freezeReasonRule = zodRule(freezeInput.shape.reason);
const releaseReasonRule = zodRule(releaseInput.shape.reason);

interface FreezeValues {
  amount?: number | string;
  reason?: string;
}

/**
 * 冻结资金 of an account: an amount in 元 (sent in cents; not more than 可用) and the reason. The amount moves from 可用
 * to 冻结 until it is released.
 */
export function FreezeModal({ party, onClose }: { party: PartyDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FreezeValues>();
  return (
    <FormModal<FreezeValues, FreezeRow>
      form={form}
      name="capital-freeze"
      title={`冻结资金：${party.name}（${party.partyCode}）`}
      okText="确认冻结"
      width={520}
      initialValues={{ reason: '' }}
      onSubmit={(v) =>
        call(freezeOps.freeze, { partyCode: party.partyCode, amount: yuanToCentsExact(v.amount) ?? 0, reason: v.reason ?? '' })
      }
      onSaved={(row) => {
        message.success(`已冻结 ${exactYuan(row.amount)} 元（冻结单 ${row.freezeNo}）`);
        void queryClient.invalidateQueries({ queryKey: ['finance'] });
        onClose();
      }}
      onClose={onClose}
    >
      <AmountWithin
        type="warning"
        max={party.available}
        balanceLabel="可用余额"
        maxLabel="可用余额"
        testId="freezable"
        description="冻结的金额从可用余额转入冻结，不能提现，解冻后退回可用余额。"
        label="冻结金额"
        rule={amountRule}
      />
      <Form.Item label="冻结原因" name="reason" required rules={[freezeReasonRule]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：订单纠纷处理中，暂扣相应款项" />
      </Form.Item>
    </FormModal>
  );
}

/** 解冻 of a freeze: the reason; the amount goes back to 可用. Sent with the version the row was read at. */
export function ReleaseModal({ row, onClose }: { row: FreezeRow; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <FormModal<{ reason?: string }, FreezeRow>
      form={form}
      name="capital-release"
      title={`解冻：冻结单 ${row.freezeNo}`}
      okText="确认解冻"
      width={520}
      initialValues={{ reason: '' }}
      onSubmit={(v) => call(freezeOps.release, { freezeNo: row.freezeNo, version: row.version, reason: v.reason ?? '' })}
      onSaved={() => {
        message.success(`冻结单 ${row.freezeNo} 已解冻，${exactYuan(row.amount)} 元退回可用余额`);
        void queryClient.invalidateQueries({ queryKey: ['finance'] });
        onClose();
      }}
      onClose={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`解冻后 ${exactYuan(row.amount)} 元退回 ${row.partyName} 的可用余额，不可撤销。`}
        description={`冻结原因：${row.reason || '--'}`}
      />
      <Form.Item label="解冻原因" name="reason" required rules={[releaseReasonRule]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：纠纷已处理完毕" />
      </Form.Item>
    </FormModal>
  );
}
