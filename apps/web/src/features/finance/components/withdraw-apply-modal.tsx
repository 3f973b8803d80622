import type { PartyDetail } from '@merchant/contracts/finance/capital';
import { bankCardOps } from '@merchant/contracts/finance/bank-card';
import { withdrawalApplyInput, withdrawalOps, type WithdrawalApplyInput } from '@merchant/contracts/finance/withdrawal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Select, Skeleton, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { capitalCardPath } from '../finance-paths.ts';
import { yuanAmountSchema, yuanToCentsExact } from './amount.ts';
import { AmountWithin } from './amount-within.tsx';
import { exactYuan } from './finance-parts.tsx';

const amountRule = zodRule(yuanAmountSchema(withdrawalApplyInput.shape.amount));
const cardRule = zodRule(withdrawalApplyInput.shape.cardId);
const remarkRule = zodRule(withdrawalApplyInput.shape.remark);

interface Values {
  /** 元 as typed. */
  amount?: number | string;
  cardId?: number;
  remark?: string;
}

/** The cache key of an account's bank cards. */
export const cardsKey = (partyCode: string) => ['finance', 'cards', partyCode] as const;

/**
 * 申请提现 of an account: an amount in 元 (sent in cents, checked by the contract's rule and against 可提现), one of
 * the account's bank cards (the default one chosen; none bound: a link to bind one), a remark. The amount moves to
 * 在途 at once; the withdrawal waits for review.
 */
export function WithdrawApplyModal({ party, onClose }: { party: PartyDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const cards = useQuery({
    queryKey: cardsKey(party.partyCode),
    queryFn: () => call(bankCardOps.list, { partyCode: party.partyCode }),
  });
  const defaultCard = cards.data?.find((c) => c.isDefault) ?? (cards.data?.length === 1 ? cards.data[0] : undefined);
  // the cards arrive after the form opens: the default one is chosen unless a card was picked already
  useEffect(() => {
    if (defaultCard && form.getFieldValue('cardId') === undefined) form.setFieldsValue({ cardId: defaultCard.id });
  }, [defaultCard, form]);

  const submit = (v: Values) => {
    const input: WithdrawalApplyInput = {
      partyCode: party.partyCode,
      amount: yuanToCentsExact(v.amount) ?? 0,
      cardId: Number(v.cardId),
      remark: (v.remark ?? '').trim(),
    };
    return call(withdrawalOps.apply, input);
  };

  return (
    <FormModal<Values, Awaited<ReturnType<typeof submit>>>
      form={form}
      name="withdraw-apply"
      title={`申请提现：${party.name}（${party.partyCode}）`}
      okText="提交申请"
      width={560}
      initialValues={{ remark: '' }}
      onSubmit={submit}
      onSaved={(row) => {
        message.success(`提现申请 ${row.withdrawNo} 已提交，${exactYuan(row.amount)} 元转入在途，等待审核`);
        void queryClient.invalidateQueries({ queryKey: ['finance'] });
        onClose();
      }}
      onClose={onClose}
    >
      <AmountWithin
        type="info"
        max={party.withdrawable}
        balanceLabel="可提现"
        maxLabel="可提现余额"
        testId="withdrawable"
        description="提交后金额即时从可用余额转入在途，审核通过并确认打款后到账；驳回则退回可用余额。"
        label="提现金额"
        rule={amountRule}
      />
      {cards.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : cards.data && cards.data.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="withdraw-no-card"
          title={
            <span>
              该账户还没有绑定银行卡，无法提现。<Link to={capitalCardPath(party.partyCode)}>去绑定银行卡</Link>
            </span>
          }
        />
      ) : null}
      <Form.Item label="收款银行卡" name="cardId" required rules={[cardRule]}>
        <Select
          placeholder="请选择银行卡"
          disabled={!cards.data?.length}
          options={(cards.data ?? []).map((c) => ({
            value: c.id,
            label: (
              <Space>
                {`${c.bankName} ${c.cardNo} ${c.holderName}`}
                {c.isDefault ? <Tag color="blue">默认</Tag> : null}
              </Space>
            ),
            title: `${c.bankName} ${c.cardNo}`,
          }))}
        />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[remarkRule]}>
        <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填" />
      </Form.Item>
    </FormModal>
  );
}
