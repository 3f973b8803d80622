import { bankCardAddInput, bankCardOps, BANKS, type BankCard, type BankCardAddInput } from '@merchant/contracts/finance/bank-card';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Select } from 'antd';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';

const bankRule = zodRule(bankCardAddInput.shape.bankCode);
const holderRule = zodRule(bankCardAddInput.shape.holderName);
const cardNoRule = zodRule(bankCardAddInput.shape.cardNo);

interface Values {
  bankCode?: string;
  holderName?: string;
  cardNo?: string;
  isDefault?: boolean;
}

/** The banks a card may belong to (bank.list); the contract's list while it loads or if it fails. */
function useBanks() {
  const q = useQuery({ queryKey: ['finance', 'banks'], queryFn: () => call(bankCardOps.banks, {}), staleTime: 10 * 60_000 });
  const banks = q.data?.length ? q.data : Object.entries(BANKS).map(([code, name]) => ({ code, name }));
  return { loading: q.isLoading, options: banks.map((b) => ({ value: b.code, label: b.name })) };
}

/**
 * 绑定银行卡 of an account: 开户银行 (from the bank list), 持卡人, 卡号 (12–19 digits passing the Luhn check — a typo is
 * refused here, before anything is sent), 设为默认 (the first card is the default anyway).
 */
export function BankCardAddModal({ partyCode, firstCard, onClose }: { partyCode: string; firstCard: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const banks = useBanks();

  const submit = (v: Values) => {
    const input: BankCardAddInput = {
      partyCode,
      bankCode: (v.bankCode ?? '') as BankCardAddInput['bankCode'],
      holderName: (v.holderName ?? '').trim(),
      cardNo: (v.cardNo ?? '').replace(/[\s-]/g, ''),
      isDefault: firstCard || !!v.isDefault,
    };
    return call(bankCardOps.add, input);
  };

  return (
    <FormModal<Values, BankCard>
      form={form}
      name="bank-card-add"
      title="绑定银行卡"
      okText="绑定"
      width={520}
      initialValues={{ isDefault: firstCard }}
      onSubmit={submit}
      onSaved={(card) => {
        message.success(`已绑定 ${card.bankName} ${card.cardNo}`);
        void queryClient.invalidateQueries({ queryKey: ['finance'] });
        onClose();
      }}
      onClose={onClose}
    >
      <Form.Item label="开户银行" name="bankCode" required rules={[bankRule]}>
        <Select placeholder="请选择开户银行" loading={banks.loading} showSearch={{ optionFilterProp: 'label' }} options={banks.options} />
      </Form.Item>
      <Form.Item label="持卡人" name="holderName" required rules={[holderRule]}>
        <Input maxLength={40} placeholder="与银行开户名一致" />
      </Form.Item>
      <Form.Item label="银行卡号" name="cardNo" required rules={[cardNoRule]} validateTrigger="onBlur">
        <Input maxLength={23} inputMode="numeric" placeholder="12–19位数字，可带空格" autoComplete="off" />
      </Form.Item>
      <Form.Item name="isDefault" valuePropName="checked">
        <Checkbox disabled={firstCard}>{firstCard ? '第一张卡自动设为默认' : '设为默认银行卡'}</Checkbox>
      </Form.Item>
    </FormModal>
  );
}
