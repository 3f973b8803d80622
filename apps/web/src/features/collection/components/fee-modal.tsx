import { collectionOps, feeInput, type CollectionSetting, type FeeInput } from '@merchant/contracts/finance/collection';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input } from 'antd';
import { call } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { COLLECTION_KEY, SETTING_KEY } from './collection-parts.tsx';
import { bpPercent, percentSchema, percentToBp } from './percent.ts';

const FEE_LABEL = '平台手续费率';
const feeRule = zodRule(percentSchema(feeInput.shape.feeBp, FEE_LABEL));
const reasonRule = zodRule(feeInput.shape.reason);

interface Values {
  /** % as typed. */
  feePercent?: string;
  reason?: string;
}

/**
 * 调整费率: the new platform fee rate in % (two decimals, at most 20 %: the contract's rule) and the reason; the new rate
 * only splits the payments made after it (已分账的订单不变), which the modal says and the confirmation repeats. Sends
 * basis points with the setting's version.
 */
export function FeeModal({ setting, onClose }: { setting: CollectionSetting; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();

  const submit = async (v: Values) => {
    const input: FeeInput = { feeBp: percentToBp(v.feePercent) ?? 0, version: setting.version, reason: (v.reason ?? '').trim() };
    await new Promise<void>((resolve, reject) => {
      modal.confirm({
        title: `将平台手续费率由 ${bpPercent(setting.feeBp)} 调整为 ${bpPercent(input.feeBp)}？`,
        content: '之后的收款按新费率分账；已分账的订单不变。',
        okText: '确认调整',
        cancelText: '再想想',
        onOk: () => resolve(),
        onCancel: () => reject(new Error('cancelled')),
      });
    });
    return call(collectionOps.setFee, input);
  };

  return (
    <FormModal<Values, CollectionSetting>
      form={form}
      name="collection-fee"
      title="调整平台手续费率"
      okText="保存"
      width={520}
      initialValues={{ feePercent: '', reason: '' }}
      onSubmit={submit}
      onSaved={(saved) => {
        queryClient.setQueryData(SETTING_KEY, saved);
        void queryClient.invalidateQueries({ queryKey: COLLECTION_KEY });
        message.success(`平台手续费率已调整为 ${bpPercent(saved.feeBp)}`);
        onClose();
      }}
      onClose={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="fee-notice"
        title={`当前费率 ${bpPercent(setting.feeBp)}。新费率只用于之后的收款，已分账的订单不变。`}
      />
      <Form.Item label="新费率（%）" name="feePercent" required rules={[feeRule]} extra="0–20%，精确到0.01%">
        <Input inputMode="decimal" maxLength={6} suffix="%" placeholder="如 0.60" autoComplete="off" />
      </Form.Item>
      <Form.Item label="调整原因" name="reason" required rules={[reasonRule]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="2–200字，记入日志" />
      </Form.Item>
    </FormModal>
  );
}
